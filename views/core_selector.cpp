#include "views/core_selector.hpp"

#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/title_bar.hpp"

#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>

#include <algorithm>

namespace memlens {

namespace {
constexpr int kPathRole = Qt::UserRole;
constexpr int kScopeRole = Qt::UserRole + 1;

// One word per entry: the badge beside says the whole verdict of the scope on show, the tooltip of each.
QString verdictWord(PlanVerdict verdict)
{
    switch (verdict) {
    case PlanVerdict::Fits: return CoreSelector::tr("fits");
    case PlanVerdict::Overflow:
    case PlanVerdict::OverflowDespiteSuccess: return CoreSelector::tr("overflows");
    case PlanVerdict::FailedWithinCapacity: return CoreSelector::tr("failed");
    case PlanVerdict::NotDecided: return CoreSelector::tr("not decided");
    case PlanVerdict::NotPlanned: break;
    }
    return CoreSelector::tr("not planned");
}
} // namespace

CoreSelector::CoreSelector(KernelCores* cores, PlanSession* session, QWidget* parent)
    : QComboBox(parent)
    , cores_(cores)
    , session_(session)
{
    setObjectName(QStringLiteral("titleCoreCombo"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("Core and scope on show: the cube core (aic: cbuf is L1, cc is L0C) and the vector core "
                  "(aiv: ub is the Unified Buffer) of the kernel's folder"));
    setVisible(false);
    connect(cores_, &KernelCores::changed, this, &CoreSelector::rebuild);
    connect(session_, &PlanSession::scopeChanged, this, &CoreSelector::showCurrent);
    connect(this, &QComboBox::activated, this, [this](int index) {
        if (!rebuilding_ && index >= 0)
            emit chosen(itemData(index, kPathRole).toString(), itemData(index, kScopeRole).toInt());
    });
}

QString CoreSelector::entryName(const QString& core, const std::string& scope)
{
    return QStringLiteral("%1 \u00b7 %2").arg(core, QString::fromStdString(scope));
}

QSize CoreSelector::minimumSizeHint() const
{
    int text = 0;
    for (int i = 0; i < count(); ++i)
        text = std::max(text, fontMetrics().horizontalAdvance(itemText(i).section(QStringLiteral(" \u2014 "), 0, 0)));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QSize contents(text + iconSize().width() + 4, fontMetrics().height());
    return style()
        ->sizeFromContents(QStyle::CT_ComboBox, &option, contents, this)
        .expandedTo(QComboBox::minimumSizeHint());
}

void CoreSelector::rebuild()
{
    const QSignalBlocker blocker(this);
    rebuilding_ = true;
    clear();
    for (const KernelCores::Core& core : cores_->cores()) {
        if (!core.document)
            continue;
        for (std::size_t s = 0; s < core.document->dump.scopes.size(); ++s) {
            const ScopePlan& scope = core.document->dump.scopes[s];
            const PlanAnalysis& analysis = core.document->analyses[s];
            const PlanVerdict verdict = verdictOf(scope, analysis);
            addItem(TitleBar::verdictIcon(verdict),
                QStringLiteral("%1 \u2014 %2").arg(entryName(core.name, scope.scope), verdictWord(verdict)));
            const int at = count() - 1;
            setItemData(at, core.path, kPathRole);
            setItemData(at, static_cast<int>(s), kScopeRole);
            setItemData(at, verdictText(scope, analysis), Qt::ToolTipRole);
        }
    }
    rebuilding_ = false;
    updateGeometry();
    setVisible(cores_->cores().size() > 1);
    showCurrent();
}

void CoreSelector::showCurrent()
{
    const QSignalBlocker blocker(this);
    for (int i = 0; i < count(); ++i)
        if (itemData(i, kPathRole).toString() == cores_->current()
            && itemData(i, kScopeRole).toInt() == session_->scopeIndex()) {
            setCurrentIndex(i);
            return;
        }
    setCurrentIndex(-1);
}

} // namespace memlens
