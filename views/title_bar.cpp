#include "views/title_bar.hpp"

#include "core/analysis/capacity.hpp"
#include "core/analysis/plan_requirement.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/text/byte_size.hpp"
#include "views/elided_label.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QAbstractItemView>
#include <QComboBox>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QSignalBlocker>
#include <QStringList>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace memlens {

QColor TitleBar::verdictColor(PlanVerdict verdict)
{
    switch (verdict) {
    case PlanVerdict::Fits: return style::fits();
    case PlanVerdict::Overflow: return style::alarm();
    case PlanVerdict::OverflowDespiteSuccess: return style::overflowDespiteSuccess();
    case PlanVerdict::FailedWithinCapacity: return style::failedWithinCapacity(); // failed for another reason?
    case PlanVerdict::NotPlanned:
    case PlanVerdict::NotDecided: break; // no verdict
    }
    return style::unknownVerdict();
}

namespace {

QIcon dotIcon(const QColor& color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(QRectF(1, 1, 10, 10));
    return QIcon(pixmap);
}

template <typename Label = QLabel> Label* dimLabel(QWidget* parent)
{
    auto* label = new Label(parent);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, secondaryText(palette));
    label->setPalette(palette);
    return label;
}

} // namespace

QIcon TitleBar::verdictIcon(PlanVerdict verdict) { return dotIcon(verdictColor(verdict)); }

TitleBar::TitleBar(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , kernel_(new ElidedLabel(this))
    , file_(dimLabel<ElidedLabel>(this))
    , scopeCombo_(new QComboBox(this))
    , status_(new QLabel(this))
    , error_(new QLabel(this))
    , capacityCaption_(dimLabel(this))
    , capacity_(new QLabel(this))
    , capacityEdit_(new QLineEdit(this))
    , capacityReset_(new QToolButton(this))
    , capacityError_(new QLabel(this))
    , peak_(new ElidedLabel(this))
    , notesToggle_(new QToolButton(this))
    , notesSummary_(new ElidedLabel(this))
    , notesFull_(new QWidget(this))
    , holes_(new QLabel(this))
    , plannerCheck_(new QLabel(this))
    , overlaps_(new QLabel(this))
    , overlapsLine_(new ElidedLabel(this))
    , siblingWarning_(new ElidedLabel(this))
{
    setObjectName(QStringLiteral("titleBar"));
    setupHeading();
    setupFacts();
    setupNotes();
    layOut();
    connectControls();
    refreshScopes();
    refresh();
}

void TitleBar::setupHeading()
{

    kernel_->setObjectName(QStringLiteral("titleKernel"));
    QFont kernelFont = kernel_->font();
    kernelFont.setPointSizeF(kernelFont.pointSizeF() * 1.4);
    kernelFont.setBold(true);
    kernel_->setFont(kernelFont);
    kernel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    kernel_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred); // as wide as it is, down to a few pixels
    file_->setObjectName(QStringLiteral("titleFile"));
    file_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The file name gives way first in a narrow window, in the middle (its folder and name stay);
    // its tooltip keeps the whole path.
    // Ignored: it takes the room the others leave (the kernel's name keeps its own until the file has none).
    file_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    file_->setMinimumWidth(60);

    scopeCaption_ = dimLabel(this);
    scopeCaption_->setText(tr("Scope"));
    scopeCaption_->setBuddy(scopeCombo_);
    scopeCombo_->setObjectName(QStringLiteral("titleScopeCombo"));
    scopeCombo_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // The scope and its verdict are never cut: the file name and the kernel's name give way first.
    scopeCombo_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    scopeCombo_->setToolTip(tr("Memory scope on show: ub (Unified Buffer), cbuf (L1), cc (L0C), ..."));

    status_->setObjectName(QStringLiteral("titleStatus"));
    status_->setAlignment(Qt::AlignCenter);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    error_->setObjectName(QStringLiteral("titleError"));
    error_->setWordWrap(true);
    error_->setTextFormat(Qt::PlainText);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    error_->setCursor(Qt::IBeamCursor);
    error_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    error_->setStyleSheet(
        QStringLiteral("#titleError { background: %1; border: 1px solid %2;"
                       " border-left: 4px solid %3; border-radius: 3px; padding: 5px 8px; }")
            .arg(style::css(style::errorBoxFill()), style::css(style::errorBoxBorder()), style::css(style::alarm())));
    error_->setToolTip(tr("The compiler's error text (select to copy)"));
}

void TitleBar::setupFacts()
{
    capacityCaption_->setText(tr("Capacity"));
    capacity_->setObjectName(QStringLiteral("titleCapacity"));
    capacity_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    capacityEdit_->setObjectName(QStringLiteral("titleCapacityEdit"));
    capacityEdit_->setPlaceholderText(tr("set, e.g. 192K"));
    capacityEdit_->setToolTip(
        tr("Capacity of this scope in bytes, or with K, KB, KiB, M, MB, MiB (powers of 1024). Enter applies."));
    capacityEdit_->setClearButtonEnabled(true);
    capacityEdit_->setMaximumWidth(
        capacityEdit_->fontMetrics().horizontalAdvance(QStringLiteral("0000000000000")) + 30);
    capacityReset_->setObjectName(QStringLiteral("titleCapacityReset"));
    capacityReset_->setText(tr("Auto"));
    capacityReset_->setToolTip(tr("Go back to the automatic capacity (error message, IR target, or the default)"));
    capacityError_->setObjectName(QStringLiteral("titleCapacityError"));
    capacityError_->setStyleSheet(QStringLiteral("color: %1;").arg(style::css(style::alarm())));
    capacityError_->setVisible(false);
    peak_->setObjectName(QStringLiteral("titlePeak"));
    peak_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    peak_->setElideMode(Qt::ElideRight); // one line; the tooltip has it whole
    holes_->setObjectName(QStringLiteral("titleHoles"));
    holes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    holes_->setWordWrap(true);
    holes_->setToolTip(tr("Holes: addresses below the highest live address that no live block uses, space lost to "
                          "placement.\nDemand: too much is alive at once (keep fewer or smaller buffers live).\n"
                          "Placement: what is alive fits, but not where it was put (another placement strategy, "
                          "e.g. the kernel option plan_memory_strategy, may fit)."));
    overlaps_->setObjectName(QStringLiteral("titleOverlaps"));
    overlaps_->setWordWrap(true);
    overlaps_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The warning in full and folded to one line look the same.
    const QString overlapsStyle = QStringLiteral("color: %1; font-weight: 600;").arg(style::css(style::alarm()));
    overlaps_->setStyleSheet(overlapsStyle);
    overlaps_->setVisible(false);
    overlapsLine_->setObjectName(QStringLiteral("titleOverlapsLine"));
    overlapsLine_->setElideMode(Qt::ElideRight);
    overlapsLine_->setStyleSheet(overlapsStyle);
    overlapsLine_->setVisible(false);
    siblingWarning_->setObjectName(QStringLiteral("titleSiblingWarning"));
    siblingWarning_->setElideMode(Qt::ElideRight);
    siblingWarning_->setTextFormat(Qt::PlainText);
    siblingWarning_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    siblingWarning_->setStyleSheet(
        QStringLiteral("#titleSiblingWarning { color: %1; font-weight: 600; }").arg(style::warningOutline().name()));
    siblingWarning_->setVisible(false);
}

void TitleBar::setupNotes()
{
    notesToggle_->setObjectName(QStringLiteral("titleNotesToggle"));
    notesToggle_->setAutoRaise(true);
    notesToggle_->setArrowType(Qt::RightArrow);
    notesSummary_->setObjectName(QStringLiteral("titleNotesSummary"));
    notesSummary_->setElideMode(Qt::ElideRight);
    auto* fullLayout = new QVBoxLayout(notesFull_);
    fullLayout->setContentsMargins(0, 0, 0, 0);
    fullLayout->setSpacing(4);
    fullLayout->addWidget(holes_);
    fullLayout->addWidget(plannerCheck_);
    fullLayout->addWidget(error_);
    plannerCheck_->setObjectName(QStringLiteral("titlePlannerCheck"));
    plannerCheck_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    plannerCheck_->setWordWrap(true);
    plannerCheck_->setTextFormat(Qt::PlainText);
}

void TitleBar::layOut()
{
    auto* top = new QHBoxLayout;
    top->setSpacing(10);
    top->addWidget(kernel_);
    top->addWidget(file_, 1, Qt::AlignBottom);
    top->addWidget(scopeCaption_);
    top->addWidget(scopeCombo_);
    top->addWidget(status_);

    auto* separator = new QFrame(this);
    separator->setFrameShape(QFrame::VLine);
    separator->setFrameShadow(QFrame::Sunken);

    auto* facts = new QHBoxLayout;
    facts->setSpacing(8);
    facts->addWidget(capacityCaption_);
    facts->addWidget(capacity_);
    facts->addWidget(capacityEdit_);
    facts->addWidget(capacityReset_);
    facts->addWidget(capacityError_);
    facts->addSpacing(6);
    facts->addWidget(separator);
    facts->addSpacing(6);
    facts->addWidget(peak_, 1);

    notesFull_->setVisible(false);
    // One toggle before them all: the overlaps first (a damaged plan), then the holes and the error.
    auto* notesColumn = new QVBoxLayout;
    notesColumn->setSpacing(4);
    notesColumn->addWidget(overlaps_);
    notesColumn->addWidget(overlapsLine_);
    notesColumn->addWidget(notesSummary_);
    notesColumn->addWidget(notesFull_);
    auto* notesLine = new QHBoxLayout;
    notesLine->setSpacing(4);
    notesLine->addWidget(notesToggle_, 0, Qt::AlignTop);
    notesLine->addLayout(notesColumn, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 4);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addLayout(facts);
    layout->addWidget(siblingWarning_);
    layout->addLayout(notesLine);
}

void TitleBar::connectControls()
{
    connect(scopeCombo_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!updatingScopes_ && index >= 0)
            session_->setScopeIndex(index);
    });
    connect(notesToggle_, &QToolButton::clicked, this, [this] { setNotesExpanded(!notesExpanded_); });
    connect(capacityEdit_, &QLineEdit::returnPressed, this, &TitleBar::applyCapacityEdit);
    connect(capacityEdit_, &QLineEdit::textChanged, this, [this] { showCapacityError({}); });
    connect(capacityReset_, &QToolButton::clicked, this, &TitleBar::resetCapacity);
    connect(session_, &PlanSession::documentChanged, this, [this] {
        refreshScopes();
        refresh();
    });
    connect(session_, &PlanSession::scopeChanged, this, [this] {
        capacityEdit_->clear(); // what was typed was for the scope before
        refresh();
    });
}

void TitleBar::setKernelText(const QString& text)
{
    // Elided to the bar's width (a kernel name may be 60,000 characters); the tooltip has it whole.
    kernel_->setFullText(text);
    kernel_->setToolTip(text);
}

void TitleBar::setKernelFolder(const QString& kernels, const QString& note)
{
    folderKernels_ = kernels;
    folderNote_ = note;
    refresh();
}

void TitleBar::setVersionText(const QString& text)
{
    versionText_ = text;
    refresh();
}

bool TitleBar::errorVisible() const
{
    // On show in full, or as the start of the folded line.
    return !error_->text().isEmpty() && (notesExpanded_ ? !notesFull_->isHidden() : !notesSummary_->isHidden());
}

void TitleBar::insertBeforeScope(QWidget* widget)
{
    auto* top = static_cast<QBoxLayout*>(layout()->itemAt(0)->layout());
    top->insertWidget(top->indexOf(scopeCaption_), widget);
}

void TitleBar::setScopeSelectorVisible(bool visible)
{
    scopeCaption_->setVisible(visible);
    scopeCombo_->setVisible(visible);
}

void TitleBar::refreshScopes()
{
    const QSignalBlocker blocker(scopeCombo_);
    updatingScopes_ = true;
    scopeCombo_->clear();
    if (const PlanDocument* document = session_->document()) {
        for (std::size_t i = 0; i < document->dump.scopes.size(); ++i) {
            const ScopePlan& scope = document->dump.scopes[i];
            const PlanAnalysis& analysis = document->analyses[i];
            scopeCombo_->addItem(dotIcon(verdictColor(verdictOf(scope, analysis))),
                QStringLiteral("%1 \u2014 %2").arg(toQString(scope.scope), shortVerdictText(scope, analysis)));
            scopeCombo_->setItemData(static_cast<int>(i), verdictText(scope, analysis), Qt::ToolTipRole);
        }
    }
    scopeCombo_->setCurrentIndex(session_->scopeIndex());
    // The list as wide as its longest entry.
    scopeCombo_->view()->setMinimumWidth(
        scopeCombo_->view()->sizeHintForColumn(0) + 2 * scopeCombo_->iconSize().width());
    updatingScopes_ = false;
}

void TitleBar::refresh()
{
    const PlanDocument* document = session_->document();
    const ScopePlan* scope = session_->scope();
    const PlanAnalysis* analysis = session_->analysis();
    {
        const QSignalBlocker blocker(scopeCombo_);
        if (scopeCombo_->currentIndex() != session_->scopeIndex())
            scopeCombo_->setCurrentIndex(session_->scopeIndex());
    }
    scopeCombo_->setEnabled(document != nullptr);

    QStringList warnings = document ? documentWarnings(*document) : QStringList();
    if (document && !folderNote_.isEmpty())
        warnings.prepend(folderNote_);
    siblingWarning_->setFullText(warnings.join(QStringLiteral("  ")));
    // A paragraph, so that the tooltip wraps instead of running off the screen.
    siblingWarning_->setToolTip(warnings.isEmpty()
            ? QString()
            : QStringLiteral("<p>%1</p>").arg(warnings.join(QStringLiteral("<br>")).toHtmlEscaped()));
    siblingWarning_->setVisible(!warnings.isEmpty());
    setKernelText(document ? (folderKernels_.isEmpty() ? kernelLine(*document) : folderKernels_) : tr("No dump open"));
    const QString line = document ? fileLine(*document, versionText_) : QString();
    file_->setFullText(line);
    // Cut short, the line keeps what tells two dumps apart: the file under its folder.
    file_->setKeyText(document
            ? toQString(dumpDisplayName(document->copyOf.empty() ? document->dump.file : document->copyOf))
            : QString());
    // Room for the folder at least ("block16384/…"): what differs between two compiles of a kernel.
    const QString key = file_->keyText();
    const qsizetype slash = key.lastIndexOf(QLatin1Char('/'));
    // At most a short folder's room: a long folder name must not widen the smallest window.
    const int folderWidth
        = slash > 0 ? file_->fontMetrics().horizontalAdvance(key.left(slash + 1) + QChar(0x2026)) + 6 : 0;
    file_->setMinimumWidth(std::min(folderWidth, 60));
    // The whole line (cut short in a narrow window) and the file's path.
    file_->setToolTip(document
            ? line + QLatin1Char('\n') + toQString(document->copyOf.empty() ? document->dump.file : document->copyOf)
            : QString());

    const bool haveScope = scope && analysis;
    status_->setVisible(haveScope);
    capacityCaption_->setVisible(haveScope);
    capacity_->setVisible(haveScope);
    capacityEdit_->setVisible(haveScope);
    capacityReset_->setVisible(haveScope);
    peak_->setVisible(haveScope);
    if (!haveScope) {
        status_->clear();
        capacity_->clear();
        peak_->setFullText(QString());
        error_->clear();
        showCapacityError({});
        refreshStorageFacts();
        return;
    }

    // The badge says it short (a long one pushed the window past 1024 px); its tooltip says it whole.
    status_->setText(shortVerdictText(*scope, *analysis));
    status_->setStyleSheet(QStringLiteral("#titleStatus { background: %1; color: white; font-weight: 600;"
                                          " border-radius: 10px; padding: 3px 10px; }")
                               .arg(verdictColor(verdictOf(*scope, *analysis)).name()));
    status_->setToolTip(verdictTip(*document, *scope, *analysis));

    error_->setText(toQString(scope->error));

    const CapacityLabel capacity = capacityLabel(analysis->capacity);
    capacity_->setText(capacity.shortText);
    // A guessed capacity must not pass for a known one: said in the warning colour.
    capacity_->setStyleSheet(capacity.guessed
            ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(style::warningOutline().name())
            : QString());
    capacity_->setToolTip(capacity.tip);
    capacityReset_->setEnabled(analysis->capacity.source == CapacitySource::Setting);

    const PlanRequirement requirement = planRequirement(*scope, *analysis);
    peak_->setFullText(peakLine(*scope, *analysis, requirement));
    peak_->setToolTip(peakTip(*scope, *analysis, requirement));
    refreshStorageFacts();
}

void TitleBar::refreshStorageFacts()
{
    const ScopePlan* scope = session_->scope();
    const PlanAnalysis* analysis = session_->analysis();
    holes_->setText(scope && analysis ? holesLine(*analysis) : QString());
    // Whether the what-ifs can be re-planned: memlens's own plan of the planner's IR is this dump.
    const PlanDocument* document = session_->document();
    const PlannerCheck* check = document ? document->plannerCheck.get() : nullptr;
    plannerCheck_->setText(check ? toQString(check->summary()) : QString());
    plannerCheck_->setToolTip(check ? toQString(check->details()) : QString());
    const QString warning = scope && analysis ? overlapsLine(*scope, *analysis, kOverlapsShown) : QString();
    overlaps_->setText(warning);
    overlapsLine_->setFullText(warning);
    // A paragraph, so that the tooltip wraps the pairs instead of running off the screen.
    overlapsLine_->setToolTip(warning.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(warning.toHtmlEscaped()));
    refreshNotes();
}

void TitleBar::setNotesExpanded(bool expanded)
{
    notesExpanded_ = expanded;
    refreshNotes();
}

void TitleBar::refreshNotes()
{
    const QString error = error_->text();
    const QString holes = holes_->text();
    const QString check = plannerCheck_->text();
    const bool overlaps = !overlaps_->text().isEmpty();
    const bool any = !error.isEmpty() || !holes.isEmpty() || !check.isEmpty() || overlaps;
    notesToggle_->setVisible(any);
    notesToggle_->setArrowType(notesExpanded_ ? Qt::DownArrow : Qt::RightArrow);
    notesToggle_->setToolTip(notesExpanded_
            ? tr("Fold the overlaps, the holes line and the error text into one line each")
            : tr("Show the overlaps, the holes line and the error text in full"));
    overlaps_->setVisible(overlaps && notesExpanded_);
    overlapsLine_->setVisible(overlaps && !notesExpanded_);
    error_->setVisible(!error.isEmpty());
    holes_->setVisible(!holes.isEmpty());
    plannerCheck_->setVisible(!check.isEmpty());
    notesFull_->setVisible(any && notesExpanded_);
    QStringList parts;
    if (!error.isEmpty())
        parts << error;
    if (!holes.isEmpty())
        parts << holes;
    if (!check.isEmpty())
        parts << check;
    notesSummary_->setFullText(parts.join(QStringLiteral("  \u00b7  ")));
    notesSummary_->setToolTip(parts.join(QStringLiteral("\n\n")));
    notesSummary_->setVisible(any && !notesExpanded_);
    // Folded, the error keeps its colour: it is the compiler's own word on this scope.
    notesSummary_->setStyleSheet(error.isEmpty()
            ? QString()
            : QStringLiteral("#titleNotesSummary { color: %1; border-left: 4px solid %2; padding-left: 6px; }")
                  .arg(style::css(style::alarmDark()), style::css(style::alarm())));
}

void TitleBar::showCapacityError(const QString& message)
{
    capacityError_->setText(message);
    capacityError_->setVisible(!message.isEmpty());
    capacityEdit_->setStyleSheet(message.isEmpty()
            ? QString()
            : QStringLiteral("QLineEdit { border: 1px solid %1; }").arg(style::css(style::alarm())));
}

bool TitleBar::applyCapacityEdit()
{
    const ScopePlan* scope = session_->scope();
    if (!scope)
        return false;
    const QString text = capacityEdit_->text().trimmed();
    if (text.isEmpty())
        return false;
    const std::optional<std::uint64_t> bytes = parseByteSize(text.toStdString());
    if (!bytes) {
        showCapacityError(tr("not a size: use bytes, or K/KB/KiB, M/MB/MiB"));
        return false;
    }
    if (*bytes == 0) {
        showCapacityError(tr("the capacity must be more than 0"));
        return false;
    }
    showCapacityError({});
    capacityEdit_->clear();
    emit capacityEdited(toQString(scope->scope), static_cast<quint64>(*bytes));
    return true;
}

void TitleBar::resetCapacity()
{
    const ScopePlan* scope = session_->scope();
    if (!scope)
        return;
    capacityEdit_->clear();
    showCapacityError({});
    emit capacityEdited(toQString(scope->scope), std::nullopt);
}

} // namespace memlens
