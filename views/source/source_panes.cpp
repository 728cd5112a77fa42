#include "views/source/source_panes.hpp"

#include "core/plan_document.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_text_view.hpp"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <functional>

namespace memlens {

namespace {

QString toQ(const std::string& text) { return QString::fromStdString(text); }

QString fileNameOf(const QString& path)
{
    const qsizetype slash = std::max(path.lastIndexOf(u'/'), path.lastIndexOf(u'\\'));
    return slash < 0 ? path : path.mid(slash + 1);
}

const QString kSelectHint = QStringLiteral("Select a block to see the IR line and the Python line that allocated it");
const QString kOpenHint = QStringLiteral(
    "Open a memory plan dump, then select a block to see the IR line and the Python line that allocated it");
const QString kArrow = QStringLiteral(" \u2190 ");

// The core's note, as a sentence.
QString noLineInfoText()
{
    QString text = QString::fromUtf8(kNoLineInfoNote);
    text[0] = text[0].toUpper();
    return text + QLatin1Char('.');
}

QString dimColor(bool dark) { return dark ? QStringLiteral("#8b939c") : QStringLiteral("#7a828c"); }

bool isDark(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

QString hex(const QColor& color) { return color.name(QColor::HexRgb); }

// A label that elides its text in the middle to fit its width; the full text
// stays in the tooltip.
class ElidedLabel : public QLabel {
public:
    explicit ElidedLabel(QWidget* parent)
        : QLabel(parent)
    {
        setTextFormat(Qt::PlainText);
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    void setFullText(const QString& text)
    {
        full_ = text;
        updateElided();
    }
    const QString& fullText() const { return full_; }
    QSize minimumSizeHint() const override { return {24, QLabel::minimumSizeHint().height()}; }
    QSize sizeHint() const override
    {
        return {fontMetrics().horizontalAdvance(full_) + 8, QLabel::sizeHint().height()};
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        updateElided();
    }

private:
    void updateElided() { setText(fontMetrics().elidedText(full_, Qt::ElideMiddle, std::max(0, width() - 2))); }
    QString full_;
};

} // namespace

// ---------------------------------------------------------------------------

struct SourcePanes::Pane {
    QFrame* root = nullptr;
    QFrame* header = nullptr;
    QLabel* badge = nullptr;
    ElidedLabel* path = nullptr;
    QLabel* line = nullptr;
    QLabel* sub = nullptr; // the Python call chain / the IR candidates
    QStackedWidget* stack = nullptr;
    SourceTextView* view = nullptr;
    QWidget* messagePage = nullptr;
    QLabel* icon = nullptr;
    QLabel* title = nullptr;
    QLabel* detail = nullptr;
    QPushButton* button = nullptr;
    QString headerText;
    QString messageText;
    QString subText;
    std::function<void()> headerChanged; // the owner lines the two headers up
    QColor titleColor;
    QColor hintColor;

    void setTitleColor(const QColor& color)
    {
        QPalette palette = title->palette();
        palette.setColor(QPalette::WindowText, color);
        title->setPalette(palette);
    }

    bool showingCode() const { return stack->currentWidget() == view; }

    void setHeader(const QString& fullPath, const QString& tooltip, const QString& lineText)
    {
        path->setFullText(fullPath);
        path->setToolTip(tooltip.isEmpty() ? fullPath : tooltip);
        line->setText(lineText);
        line->setVisible(!lineText.isEmpty());
        if (fullPath.isEmpty())
            headerText.clear();
        else
            headerText = lineText.isEmpty() ? fullPath : fullPath + QStringLiteral(" \u2014 ") + lineText;
    }

    void setSub(const QString& plain, const QString& rich = {})
    {
        subText = plain;
        sub->setText(rich.isEmpty() ? plain.toHtmlEscaped() : rich);
        sub->setToolTip(plain);
        sub->setVisible(!plain.isEmpty());
        if (headerChanged)
            headerChanged();
    }

    void showCode()
    {
        messageText.clear();
        stack->setCurrentWidget(view);
    }

    void showMessage(
        const QString& titleText, const QString& detailText, QStyle::StandardPixmap pixmap, bool withButton)
    {
        title->setText(titleText);
        detail->setText(detailText);
        detail->setVisible(!detailText.isEmpty());
        const QIcon standard = pixmap == QStyle::SP_CustomBase ? QIcon() : root->style()->standardIcon(pixmap);
        icon->setPixmap(standard.isNull() ? QPixmap() : standard.pixmap(32, 32));
        icon->setVisible(!standard.isNull());
        button->setVisible(withButton);
        setTitleColor(titleColor);
        messageText = detailText.isEmpty() ? titleText : titleText + u'\n' + detailText;
        view->setHighlightedLines(0);
        stack->setCurrentWidget(messagePage);
    }

    void showHint(const QString& hint)
    {
        setHeader({}, {}, {});
        setSub({});
        showMessage(hint, {}, QStyle::SP_CustomBase, false);
        setTitleColor(hintColor);
    }
};

struct SourcePanes::PythonLoad {
    QString key;
    QString original;
    QString local;
    bool found = false;
    ReadResult read;
    qint64 modified = 0;
    qint64 size = -1;
    std::vector<std::string> tried;
    std::string note;
};

namespace {

std::unique_ptr<SourcePanes::Pane> makePane(QWidget* parent, const QString& badgeText, const QColor& badgeColor,
    SourceTextView::Language language, const QString& buttonText)
{
    auto pane = std::make_unique<SourcePanes::Pane>();
    const QPalette palette = parent->palette();
    const bool dark = isDark(palette);
    const QColor border = dark ? QColor(0x3a, 0x3d, 0x42) : QColor(0xd5, 0xd9, 0xde);
    const QColor headerBackground = dark ? QColor(0x2b, 0x2d, 0x31) : QColor(0xf0, 0xf2, 0xf5);

    pane->root = new QFrame(parent);
    pane->root->setObjectName(QStringLiteral("sourcePane"));
    pane->root->setStyleSheet(QStringLiteral("QFrame#sourcePane { border: 1px solid %1; }").arg(hex(border)));
    auto* rootLayout = new QVBoxLayout(pane->root);
    rootLayout->setContentsMargins(1, 1, 1, 1);
    rootLayout->setSpacing(0);

    // Header: badge, path (elided in the middle), line chip.
    pane->header = new QFrame(pane->root);
    pane->header->setObjectName(QStringLiteral("sourcePaneHeader"));
    pane->header->setStyleSheet(
        QStringLiteral("QFrame#sourcePaneHeader { background: %1; border: none; border-bottom: 1px solid %2; }")
            .arg(hex(headerBackground), hex(border)));
    auto* headerLayout = new QVBoxLayout(pane->header);
    headerLayout->setContentsMargins(8, 5, 8, 5);
    headerLayout->setSpacing(3);
    auto* titleRow = new QHBoxLayout;
    titleRow->setSpacing(8);
    headerLayout->addLayout(titleRow);

    pane->badge = new QLabel(badgeText, pane->header);
    pane->badge->setObjectName(QStringLiteral("sourcePaneBadge"));
    pane->badge->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: white; border-radius: 3px; padding: 1px 6px;"
                       " font-weight: 600; }")
            .arg(hex(badgeColor)));
    titleRow->addWidget(pane->badge);

    pane->path = new ElidedLabel(pane->header);
    pane->path->setObjectName(QStringLiteral("sourcePanePath"));
    titleRow->addWidget(pane->path, 1);

    pane->line = new QLabel(pane->header);
    pane->line->setObjectName(QStringLiteral("sourcePaneLine"));
    const QColor chip = SourceTextView::strongLineColor(dark);
    const QColor chipBorder = dark ? QColor(0xf2, 0xb1, 0x34) : QColor(0xe8, 0x9b, 0x00);
    pane->line->setStyleSheet(QStringLiteral("QLabel { background: %1; border: 1px solid %2; border-radius: 3px;"
                                             " padding: 0px 6px; font-weight: 600; }")
                                  .arg(hex(chip), hex(chipBorder)));
    pane->line->setVisible(false);
    titleRow->addWidget(pane->line);

    pane->sub = new QLabel(pane->header);
    pane->sub->setObjectName(QStringLiteral("sourcePaneSub"));
    pane->sub->setTextFormat(Qt::RichText);
    pane->sub->setWordWrap(true);
    pane->sub->setTextInteractionFlags(Qt::TextSelectableByMouse);
    {
        QFont small = pane->sub->font();
        small.setPointSizeF(small.pointSizeF() * 0.92);
        pane->sub->setFont(small);
    }
    pane->sub->setVisible(false);
    headerLayout->addWidget(pane->sub);
    headerLayout->addStretch(1); // a header made taller to match the other one keeps its rows at the top
    rootLayout->addWidget(pane->header);

    // Body: the code, or a message.
    pane->stack = new QStackedWidget(pane->root);
    pane->view = new SourceTextView(pane->stack);
    pane->view->setLanguage(language);
    pane->stack->addWidget(pane->view);

    pane->messagePage = new QWidget(pane->stack);
    pane->messagePage->setAutoFillBackground(true);
    {
        QPalette pagePalette = pane->messagePage->palette();
        pagePalette.setColor(QPalette::Window, palette.color(QPalette::Base));
        pane->messagePage->setPalette(pagePalette);
    }
    auto* messageLayout = new QVBoxLayout(pane->messagePage);
    messageLayout->setContentsMargins(24, 24, 24, 24);
    messageLayout->setSpacing(10);
    messageLayout->addStretch(1);
    pane->icon = new QLabel(pane->messagePage);
    pane->icon->setAlignment(Qt::AlignCenter);
    messageLayout->addWidget(pane->icon);
    pane->title = new QLabel(pane->messagePage);
    pane->title->setObjectName(QStringLiteral("sourcePaneMessage"));
    pane->title->setAlignment(Qt::AlignCenter);
    pane->title->setWordWrap(true);
    pane->title->setTextFormat(Qt::PlainText);
    pane->title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    {
        pane->titleColor = dark ? QColor(0xd0, 0xd4, 0xd9) : QColor(0x3c, 0x42, 0x4a);
        pane->hintColor = dark ? QColor(0x8b, 0x93, 0x9c) : QColor(0x8a, 0x91, 0x9a);
        QFont font = pane->title->font();
        font.setPointSizeF(font.pointSizeF() * 1.08);
        pane->title->setFont(font);
    }
    messageLayout->addWidget(pane->title);
    pane->detail = new QLabel(pane->messagePage);
    pane->detail->setObjectName(QStringLiteral("sourcePaneDetail"));
    pane->detail->setAlignment(Qt::AlignCenter);
    pane->detail->setWordWrap(true);
    pane->detail->setTextFormat(Qt::PlainText);
    pane->detail->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    {
        QPalette detailPalette = pane->detail->palette();
        detailPalette.setColor(QPalette::WindowText, dark ? QColor(0xa0, 0xa6, 0xae) : QColor(0x5f, 0x66, 0x70));
        pane->detail->setPalette(detailPalette);
    }
    messageLayout->addWidget(pane->detail);
    pane->button = new QPushButton(buttonText, pane->messagePage);
    pane->button->setVisible(false);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addStretch(1);
    buttonRow->addWidget(pane->button);
    buttonRow->addStretch(1);
    messageLayout->addLayout(buttonRow);
    messageLayout->addStretch(2);
    pane->stack->addWidget(pane->messagePage);
    rootLayout->addWidget(pane->stack, 1);
    return pane;
}

// The call chain as plain text and as rich text (library frames dimmed, the primary frame bold).
std::pair<QString, QString> describeChain(const BlockSource& source, bool dark)
{
    const bool interesting = source.pythonFrames.size() > 1
        || std::any_of(source.chain.begin(), source.chain.end(), [](const SourceFrame& f) { return f.library; });
    if (!interesting || source.chain.empty())
        return {};
    QStringList plain;
    QStringList rich;
    QString previous;
    const QString dim = dimColor(dark);
    for (const SourceFrame& frame : source.chain) {
        const QString text = toQ(formatFrame(frame));
        if (text == previous)
            continue;
        previous = text;
        plain << text;
        const bool primary = source.python && frame == *source.python;
        QString html = text.toHtmlEscaped();
        if (frame.library)
            html = QStringLiteral("<span style=\"color:%1\">%2</span>").arg(dim, html);
        else if (primary)
            html = QStringLiteral("<b>%1</b>").arg(html);
        rich << html;
    }
    const QString label = QStringLiteral("<span style=\"color:%1\">call chain&nbsp;&nbsp;</span>").arg(dim);
    return {plain.join(kArrow), label + rich.join(kArrow.toHtmlEscaped())};
}

} // namespace

// ---------------------------------------------------------------------------

SourcePanes::SourcePanes(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , splitter_(new QSplitter(Qt::Horizontal, this))
    , reader_([](const std::string& path) { return readTextFile(path); })
{
    setObjectName(QStringLiteral("sourcePanes"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    splitter_->setChildrenCollapsible(false);
    splitter_->setHandleWidth(6);
    layout->addWidget(splitter_);

    ir_ = makePane(this, tr("IR"), QColor(0x5b, 0x6b, 0xc0), SourceTextView::Language::Mlir, tr("Open IR\u2026"));
    python_
        = makePane(this, tr("Python"), QColor(0x30, 0x72, 0xa8), SourceTextView::Language::Python, tr("Locate\u2026"));
    ir_->view->setObjectName(QStringLiteral("irView"));
    python_->view->setObjectName(QStringLiteral("pythonView"));
    ir_->button->setObjectName(QStringLiteral("openIrButton"));
    python_->button->setObjectName(QStringLiteral("locateButton"));
    splitter_->addWidget(ir_->root);
    splitter_->addWidget(python_->root);
    splitter_->setStretchFactor(0, 1);
    splitter_->setStretchFactor(1, 1);

    connect(splitter_, &QSplitter::splitterMoved, this, [this] { syncHeaderHeights(); });
    ir_->headerChanged = [this] { syncHeaderHeights(); };
    python_->headerChanged = [this] { syncHeaderHeights(); };

    connect(ir_->button, &QPushButton::clicked, this, &SourcePanes::openIrRequested);
    connect(python_->button, &QPushButton::clicked, this, &SourcePanes::locatePythonFile);
    connect(ir_->view, &SourceTextView::lineActivated, this, &SourcePanes::onIrLineActivated);
    connect(python_->view, &SourceTextView::lineActivated, this, &SourcePanes::onPythonLineActivated);

    if (session_) {
        connect(session_, &PlanSession::documentChanged, this, &SourcePanes::onDocumentChanged);
        connect(session_, &PlanSession::scopeChanged, this, &SourcePanes::refresh);
        connect(session_, &PlanSession::selectedBlockChanged, this, &SourcePanes::refresh);
    }
    onDocumentChanged();
}

SourcePanes::~SourcePanes()
{
    // Reads are bounded (readTextFile checks type and size); let those on
    // their way end before the panes go, so no result is delivered to a dead object.
    for (QFuture<void>& future : pending_)
        future.waitForFinished();
}

SourceTextView* SourcePanes::irView() const { return ir_->view; }
SourceTextView* SourcePanes::pythonView() const { return python_->view; }
QString SourcePanes::irHeaderText() const { return ir_->headerText; }
QString SourcePanes::pythonHeaderText() const { return python_->headerText; }
QString SourcePanes::chainText() const { return python_->subText; }
int SourcePanes::irHighlightedLine() const { return ir_->showingCode() ? ir_->view->strongLine() : 0; }
int SourcePanes::pythonHighlightedLine() const { return python_->showingCode() ? python_->view->strongLine() : 0; }
QString SourcePanes::irMessageText() const { return ir_->showingCode() ? QString() : ir_->messageText; }
QString SourcePanes::pythonMessageText() const { return python_->showingCode() ? QString() : python_->messageText; }
bool SourcePanes::isShowingIrCode() const { return ir_->showingCode(); }
bool SourcePanes::isShowingPythonCode() const { return python_->showingCode(); }
QPushButton* SourcePanes::openIrButton() const { return ir_->button; }

void SourcePanes::setOpenIrOffered(bool offered)
{
    openIrOffered_ = offered;
    refresh();
}
QPushButton* SourcePanes::locateButton() const { return python_->button; }

void SourcePanes::syncHeaderHeights()
{
    // Both headers as tall as the taller one, so the two code views start at the same height.
    int height = 0;
    for (Pane* pane : {ir_.get(), python_.get()}) {
        if (!pane)
            return;
        pane->header->setMinimumHeight(0);
        const int width = pane->header->width();
        const int wanted = pane->header->hasHeightForWidth() && width > 0 ? pane->header->heightForWidth(width)
                                                                          : pane->header->sizeHint().height();
        height = std::max(height, wanted);
    }
    ir_->header->setMinimumHeight(height);
    python_->header->setMinimumHeight(height);
}

void SourcePanes::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    syncHeaderHeights();
}

void SourcePanes::setFileReader(FileReader reader)
{
    reader_ = reader ? std::move(reader) : FileReader([](const std::string& path) { return readTextFile(path); });
}

void SourcePanes::onDocumentChanged()
{
    const PlanDocument* document = session_ ? session_->document() : nullptr;
    finder_ = document ? document->finder : nullptr;
    notFound_.clear(); // a reload may bring substitutions or source folders
    shownDocument_ = nullptr;
    shownScope_ = shownBlock_ = -2;
    mapsDocument_ = nullptr;
    mapsScope_ = -2;
    refresh();
}

void SourcePanes::rebuildMaps()
{
    const PlanDocument* document = session_->document();
    const int scopeIndex = session_->scopeIndex();
    if (document == mapsDocument_ && scopeIndex == mapsScope_)
        return;
    mapsDocument_ = document;
    mapsScope_ = scopeIndex;
    irLineBlocks_.clear();
    pythonLineBlocks_.clear();
    pythonLinesByFile_.clear();
    irAllocLines_.clear();
    const ScopePlan* scope = session_->scope();
    if (!document || !scope)
        return;
    auto add = [](std::vector<int>& blocks, int block) {
        if (blocks.empty() || blocks.back() != block)
            blocks.push_back(block);
    };
    for (std::size_t i = 0; i < scope->blocks.size(); ++i) {
        const BlockSource* source = document->sourceOf(static_cast<std::size_t>(scopeIndex), scope->blocks[i]);
        if (!source)
            continue;
        const int block = static_cast<int>(i);
        for (int line : source->irLines)
            add(irLineBlocks_[line], block);
        for (const SourceFrame& frame : source->pythonFrames) {
            add(pythonLineBlocks_[{frame.file, frame.line}], block);
            pythonLinesByFile_[frame.file].push_back(frame.line);
        }
    }
    for (const auto& [line, blocks] : irLineBlocks_)
        irAllocLines_.push_back(line);
    std::sort(irAllocLines_.begin(), irAllocLines_.end());
}

void SourcePanes::showHint(const QString& text)
{
    ir_->showHint(text);
    python_->showHint(text);
}

void SourcePanes::refresh()
{
    const PlanDocument* document = session_ ? session_->document() : nullptr;
    const int scope = session_ ? session_->scopeIndex() : -1;
    const int block = session_ ? session_->selectedBlock() : -1;
    if (document == shownDocument_ && scope == shownScope_ && block == shownBlock_ && document)
        return;
    shownDocument_ = document;
    shownScope_ = scope;
    shownBlock_ = block;

    if (!document) {
        ++pythonJob_;
        reading_ = false;
        pythonOriginal_.clear();
        pythonKey_.clear();
        showHint(kOpenHint);
        emit pythonShown();
        return;
    }
    rebuildMaps();
    const Block* selected = session_->selectedBlockPtr();
    const BlockSource* source = selected ? document->sourceOf(static_cast<std::size_t>(scope), *selected) : nullptr;
    showIr(document, source, selected != nullptr);
    if (!selected) {
        ++pythonJob_;
        reading_ = false;
        pythonOriginal_.clear();
        pythonKey_.clear();
        python_->showHint(kSelectHint);
        emit pythonShown();
        return;
    }
    showPython(document, source);
}

void SourcePanes::showIr(const PlanDocument* document, const BlockSource* source, bool blockSelected)
{
    Pane& pane = *ir_;
    if (!document->ir) {
        pane.setHeader({}, {}, {});
        pane.setSub({});
        const QString note
            = document->irNote.empty() ? tr("No IR file was found beside the dump.") : toQ(document->irNote);
        pane.showMessage(tr("No IR loaded"), note, QStyle::SP_MessageBoxInformation, openIrOffered_);
        return;
    }
    if (!source) {
        if (blockSelected) {
            pane.setHeader({}, {}, {});
            pane.setSub({});
            pane.showMessage(tr("No source information for this block"), {}, QStyle::SP_MessageBoxInformation, false);
        } else {
            pane.showHint(kSelectHint);
        }
        return;
    }
    const QString irPath = QDir::cleanPath(toQ(document->irFile.empty() ? document->ir->path() : document->irFile));
    if (!source->ir) {
        pane.setHeader(irPath, {}, {});
        pane.setSub({});
        pane.showMessage(tr("No IR line for this block"), toQ(source->note), QStyle::SP_MessageBoxInformation, false);
        return;
    }
    if (source->ir->file != document->ir->path()) {
        pane.setHeader(toQ(source->ir->file), {}, tr("line %1").arg(source->ir->line));
        pane.setSub({});
        pane.showMessage(tr("The block's IR line is in another file"),
            tr("%1:%2 is not in the loaded IR (%3).").arg(toQ(source->ir->file)).arg(source->ir->line).arg(irPath),
            QStyle::SP_MessageBoxWarning, true);
        return;
    }

    SourceTextView* view = pane.view;
    if (shownIr_.get() != static_cast<const void*>(document->ir.get())) {
        view->setSourceText(toQ(document->ir->text()));
        shownIr_ = document->ir;
    }
    view->setMarkedLines(irAllocLines_);
    const int line = source->ir->line;
    view->setHighlightedLines(line, source->irLines);
    view->centerOnLine(line);
    pane.setHeader(irPath, irPath, tr("line %1").arg(line));
    // The dump's name of the buffer: the IR on show names it differently (%alloc_4 is %row_sum).
    const QString dim = dimColor(view->isDarkTheme());
    QString sub;
    QString rich;
    if (const ScopePlan* scope = session_->scope(); scope && session_->selectedBlockPtr()) {
        const QString name = toQ(scope->bufferOf(*session_->selectedBlockPtr()).ssaName);
        sub = tr("dump buffer %1").arg(name);
        rich = QStringLiteral("<span style=\"color:%1\">%2&nbsp;&nbsp;</span><b>%3</b>")
                   .arg(dim, tr("dump buffer").toHtmlEscaped(), name.toHtmlEscaped());
    }
    if (source->irLines.size() > 1) {
        QStringList lines;
        for (int candidate : source->irLines)
            lines << QString::number(candidate);
        const QString candidates = tr("%1 candidate lines: %2 (line %3 is the best match)")
                                       .arg(source->irLines.size())
                                       .arg(lines.join(QStringLiteral(", ")))
                                       .arg(line);
        const QString separator = sub.isEmpty() ? QString() : QStringLiteral("  \u00b7  ");
        sub += separator + candidates;
        rich += separator + QStringLiteral("<span style=\"color:%1\">%2</span>").arg(dim, candidates.toHtmlEscaped());
    }
    pane.setSub(sub, rich);
    pane.showCode();
}

void SourcePanes::showPython(const PlanDocument* document, const BlockSource* source)
{
    Pane& pane = *python_;
    if (!source || !source->python) {
        ++pythonJob_;
        reading_ = false;
        pythonOriginal_.clear();
        pythonKey_.clear();
        pane.setHeader({}, {}, {});
        const auto [plain, rich]
            = source ? describeChain(*source, python_->view->isDarkTheme()) : std::pair<QString, QString>();
        pane.setSub(plain, rich);
        QString why = source ? toQ(source->note) : QString();
        if (document->lineInfo == LineInfo::Missing) // the block's own note stays, below the reason and the remedy
            why = noLineInfoText() + (why.isEmpty() ? QString() : QStringLiteral("\n") + why);
        if (why.isEmpty())
            why = tr("The block's location names no Python file.");
        pane.showMessage(tr("No Python location for this block"), why, QStyle::SP_MessageBoxInformation, false);
        emit pythonShown();
        return;
    }
    requestPython(document, *source);
}

bool SourcePanes::cachedText(const QString& localPath, QString* text) const
{
    const auto it = textCache_.constFind(localPath);
    if (it == textCache_.constEnd())
        return false;
    // Still the same file on disk? (a stat; the read itself stays off the GUI thread)
    const QFileInfo info(localPath);
    if (!info.exists() || info.size() != it->size || info.lastModified().toMSecsSinceEpoch() != it->modified)
        return false;
    *text = it->text;
    return true;
}

void SourcePanes::requestPython(const PlanDocument* document, const BlockSource& source)
{
    const SourceFrame& frame = *source.python;
    pythonFrame_ = frame;
    pythonOriginal_ = toQ(frame.file);
    pythonOtherLines_.clear();
    for (const SourceFrame& other : source.pythonFrames)
        if (other.file == frame.file && other.line != frame.line)
            pythonOtherLines_.push_back(other.line);
    const auto [plain, rich] = describeChain(source, python_->view->isDarkTheme());
    pythonChainPlain_ = plain;
    pythonChainRich_ = rich;

    QString local = toQ(source.pythonLocalPath);
    if (local.isEmpty())
        local = located_.value(pythonOriginal_);
    pythonKey_ = local.isEmpty() ? QStringLiteral("?") + pythonOriginal_ : local;
    const int job = ++pythonJob_;

    if (local.isEmpty()) {
        if (const auto it = notFound_.constFind(pythonOriginal_); it != notFound_.constEnd()) {
            reading_ = false;
            showPythonNotFound(it->first, it->second);
            emit pythonShown();
            return;
        }
    } else {
        QString text;
        if (cachedText(local, &text)) {
            reading_ = false;
            showPythonText(local, text);
            emit pythonShown();
            return;
        }
    }

    reading_ = true;
    // After a moment, say that the file is on its way (a quick read never shows this).
    QTimer::singleShot(300, this, [this, job] {
        if (reading_ && job == pythonJob_) {
            python_->setHeader(pythonOriginal_, {}, tr("line %1").arg(pythonFrame_.line));
            python_->showMessage(
                tr("Reading %1\u2026").arg(fileNameOf(pythonOriginal_)), {}, QStyle::SP_CustomBase, false);
        }
    });
    if (inFlight_.contains(pythonKey_))
        return; // the read on its way serves this request too

    inFlight_.insert(pythonKey_, job);
    PythonLoad request;
    request.key = pythonKey_;
    request.original = pythonOriginal_;
    request.local = local;
    auto finder = document->finder;
    FileReader reader = reader_;
    QFuture<PythonLoad> future = QtConcurrent::run([request, finder, reader]() mutable {
        PythonLoad load = std::move(request);
        if (load.local.isEmpty() && finder) {
            const FindResult found = finder->find(load.original.toStdString());
            for (const auto& tried : found.tried)
                load.tried.push_back(tried.string());
            load.note = found.note;
            if (found.found)
                load.local = QString::fromStdString(found.found->string());
        }
        if (load.local.isEmpty())
            return load;
        load.found = true;
        const QFileInfo info(load.local);
        load.modified = info.lastModified().toMSecsSinceEpoch();
        load.size = info.size();
        load.read = reader(load.local.toStdString());
        return load;
    });
    future.then(this, [this](PythonLoad load) { finishPythonLoad(load); });
    pending_.removeIf([](const QFuture<void>& f) { return f.isFinished(); });
    pending_.append(QFuture<void>(future));
}

void SourcePanes::finishPythonLoad(const PythonLoad& load)
{
    inFlight_.remove(load.key);
    if (load.found && load.read.ok())
        textCache_.insert(load.local, CachedText{QString::fromStdString(load.read.text), load.modified, load.size});
    if (!load.found)
        notFound_.insert(load.original, {load.tried, load.note});
    // A newer selection wants another file: keep the text for later, show nothing.
    if (!reading_ || load.key != pythonKey_)
        return;
    reading_ = false;
    if (!load.found)
        showPythonNotFound(load.tried, load.note);
    else if (!load.read.ok()) {
        python_->setHeader(load.local, {}, tr("line %1").arg(pythonFrame_.line));
        python_->setSub(pythonChainPlain_, pythonChainRich_);
        python_->showMessage(tr("Cannot read %1").arg(fileNameOf(load.local)), toQ(load.read.error),
            QStyle::SP_MessageBoxWarning, false);
    } else {
        showPythonText(load.local, textCache_.value(load.local).text);
    }
    emit pythonShown();
}

void SourcePanes::showPythonText(const QString& localPath, const QString& text)
{
    Pane& pane = *python_;
    SourceTextView* view = pane.view;
    view->setSourceText(text);
    const int line = pythonFrame_.line;
    const int lines = view->lineCount();
    if (const auto it = pythonLinesByFile_.find(pythonFrame_.file); it != pythonLinesByFile_.end())
        view->setMarkedLines(it->second);
    else
        view->setMarkedLines({});
    QString tooltip = localPath;
    if (localPath != pythonOriginal_)
        tooltip += tr("\nnamed %1 in the IR").arg(pythonOriginal_);
    if (line >= 1 && line <= lines) {
        view->setHighlightedLines(line, pythonOtherLines_);
        view->centerOnLine(line);
        pane.setHeader(localPath, tooltip, tr("line %1").arg(line));
    } else {
        view->setHighlightedLines(0, pythonOtherLines_);
        pane.setHeader(localPath, tooltip, tr("line %1 (past the end: the file has %2 lines)").arg(line).arg(lines));
    }
    pane.setSub(pythonChainPlain_, pythonChainRich_);
    pane.showCode();
}

void SourcePanes::showPythonNotFound(const std::vector<std::string>& tried, const std::string& note)
{
    Pane& pane = *python_;
    pane.setHeader(pythonOriginal_, pythonOriginal_, tr("line %1").arg(pythonFrame_.line));
    pane.setSub(pythonChainPlain_, pythonChainRich_);
    QString detail
        = tr("The IR names %1 (line %2), which is not on this machine.").arg(pythonOriginal_).arg(pythonFrame_.line);
    if (!tried.empty()) {
        detail += u'\n' + tr("Tried:");
        for (const auto& path : tried)
            detail += QStringLiteral("\n") + toQ(path);
    }
    if (!note.empty())
        detail += u'\n' + toQ(note);
    pane.showMessage(tr("%1 not found").arg(fileNameOf(pythonOriginal_)), detail, QStyle::SP_MessageBoxWarning, true);
}

void SourcePanes::locatePythonFile()
{
    if (pythonOriginal_.isEmpty())
        return;
    QString startDir;
    if (const PlanDocument* document = session_ ? session_->document() : nullptr)
        startDir = QFileInfo(toQ(document->dump.file)).absolutePath();
    const QString name = fileNameOf(pythonOriginal_);
    const QString chosen = QFileDialog::getOpenFileName(
        this, tr("Locate %1").arg(name), startDir, tr("%1 (%1);;Python files (*.py);;All files (*)").arg(name));
    if (!chosen.isEmpty())
        acceptLocatedFile(chosen);
}

void SourcePanes::acceptLocatedFile(const QString& localPath)
{
    if (pythonOriginal_.isEmpty() || localPath.isEmpty())
        return;
    const QString original = pythonOriginal_;
    located_.insert(original, localPath);
    notFound_.remove(original);
    // Show the answer at once; the owner stores a substitution and may reload.
    shownBlock_ = -2;
    refresh();
    emit fileLocated(original, localPath);
}

void SourcePanes::onIrLineActivated(int line)
{
    if (!session_ || !ir_->showingCode())
        return;
    rebuildMaps();
    const auto it = irLineBlocks_.find(line);
    session_->setHighlightedBlocks(it == irLineBlocks_.end() ? std::vector<int>() : it->second);
}

void SourcePanes::onPythonLineActivated(int line)
{
    if (!session_ || !python_->showingCode() || pythonOriginal_.isEmpty())
        return;
    rebuildMaps();
    const auto it = pythonLineBlocks_.find({pythonFrame_.file, line});
    session_->setHighlightedBlocks(it == pythonLineBlocks_.end() ? std::vector<int>() : it->second);
}

} // namespace memlens
