#include "views/compare/compare_view.hpp"

#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/compare/diff_table_model.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_pane.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QShowEvent>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace memlens {

namespace {

// The side badges: A and B keep these colours wherever they are named.

QString badge(bool isA)
{
    return QStringLiteral("<span style=\"background:%1; color:white;\"><b>&nbsp;%2&nbsp;</b></span>")
        .arg(style::css(isA ? style::compareSideA() : style::compareSideB()),
            isA ? QStringLiteral("A") : QStringLiteral("B"));
}

QString plainText(const QString& html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText().simplified();
}

int firstBlockOf(const ScopePlan* plan, int buffer)
{
    if (!plan || buffer < 0)
        return -1;
    for (std::size_t i = 0; i < plan->blocks.size(); ++i)
        if (plan->blocks[i].bufferIndex == buffer)
            return static_cast<int>(i);
    return -1;
}

} // namespace

CompareView::CompareView(QWidget* parent)
    : QWidget(parent)
    , sessionA_(new PlanSession(this))
    , sessionB_(new PlanSession(this))
{
    setObjectName(QStringLiteral("compareView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    auto* top = new QHBoxLayout;
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    scopeCombo_ = new QComboBox(this);
    scopeCombo_->setToolTip(tr("Memory scope"));
    top->addWidget(summary_, 1);
    top->addWidget(scopeCombo_);
    layout->addLayout(top);

    auto* charts = new QWidget(this);
    auto* chartsLayout = new QVBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->setSpacing(2);
    auto* chartSplit = new QSplitter(Qt::Vertical, charts);
    chartSplit->addWidget(buildSide(true));
    chartSplit->addWidget(buildSide(false));
    chartSplit->setChildrenCollapsible(false);
    chartsLayout->addWidget(chartSplit);

    buildDiffTable();

    auto* upper = upper_ = new QSplitter(Qt::Horizontal, this);
    upper->addWidget(charts);
    upper->addWidget(table_);
    upper->setStretchFactor(0, 3);
    upper->setStretchFactor(1, 2);
    upper->setChildrenCollapsible(false);

    QSplitter* lower = buildSources();

    auto* outer = outer_ = new QSplitter(Qt::Vertical, this);
    outer->addWidget(upper);
    outer->addWidget(lower);
    outer->setStretchFactor(0, 3);
    outer->setStretchFactor(1, 1);
    outer->setChildrenCollapsible(false);
    layout->addWidget(outer, 1);

    connectSides();
    refreshHeaders();
}

CompareView::~CompareView() = default;

void CompareView::buildDiffTable()
{
    model_ = new DiffTableModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(DiffTableModel::SortRole);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("diffTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(DiffTableModel::BufferColumn, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CompareView::onTableSelection);
}

QSplitter* CompareView::buildSources()
{
    // Both sides' sources, A left and B right, each with its IR | Python.
    auto* lower = new QSplitter(Qt::Horizontal, this);
    for (bool isA : {true, false}) {
        auto* box = new QWidget(lower);
        auto* boxLayout = new QVBoxLayout(box);
        boxLayout->setContentsMargins(0, 0, 0, 0);
        boxLayout->setSpacing(2);
        auto* header = new QLabel(box);
        header->setTextFormat(Qt::RichText);
        auto* panes = new SourcePanes(isA ? sessionA_ : sessionB_, box);
        panes->setOpenIrOffered(false); // the compare view shows two loaded plans; it opens no IR
        // Two sides of IR and Python leave no room for a third pane each: the compile logs'
        // late IR is read in the main window.
        panes->setLateIrOffered(false);
        // The IR lines are what differ (a type, a shape): they get the room.
        panes->splitter()->setStretchFactor(0, 2);
        boxLayout->addWidget(header);
        boxLayout->addWidget(panes, 1);
        (isA ? sourceHeaderA_ : sourceHeaderB_) = header;
        (isA ? sourcesA_ : sourcesB_) = panes;
        lower->addWidget(box);
    }
    lower->setChildrenCollapsible(false);
    return lower;
}

void CompareView::connectSides()
{
    connect(scopeCombo_, &QComboBox::activated, this,
        [this](int index) { applyScope(scopeCombo_->itemData(index).toInt()); });
    connect(sessionA_, &PlanSession::selectedBlockChanged, this, [this](int block) { onBlockSelected(true, block); });
    connect(sessionB_, &PlanSession::selectedBlockChanged, this, [this](int block) { onBlockSelected(false, block); });
    // One time cursor: the op sequences of two compiles of a kernel line up.
    connect(
        sessionA_, &PlanSession::cursorChanged, sessionB_, [this] { sessionB_->setCursorOp(sessionA_->cursorOp()); });
    connect(
        sessionB_, &PlanSession::cursorChanged, sessionA_, [this] { sessionA_->setCursorOp(sessionB_->cursorOp()); });
    // One scale: a zoom or pan of either chart moves the other.
    connect(chartA_, &BlockChartWidget::dataWindowChanged, this,
        [this](const DataWindow& window) { followWindow(chartA_, chartB_, window); });
    connect(chartB_, &BlockChartWidget::dataWindowChanged, this,
        [this](const DataWindow& window) { followWindow(chartB_, chartA_, window); });
}

void CompareView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (sized_) {
        if (preselectPending_)
            preselectOverCapacity();
        return;
    }
    sized_ = true;
    // First show: the charts get most of the width, the table enough for its
    // first columns; the sources under a third of the height (two files side by side each).
    upper_->setSizes({width() * 58 / 100, width() * 42 / 100});
    outer_->setSizes({height() * 70 / 100, height() * 30 / 100});
    if (preselectPending_)
        preselectOverCapacity();
}

QWidget* CompareView::buildSide(bool isA)
{
    auto* side = new QWidget(this);
    auto* layout = new QVBoxLayout(side);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* header = new QLabel(side);
    header->setTextFormat(Qt::RichText);
    header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* chart = new BlockChartWidget(isA ? sessionA_ : sessionB_, side);
    chart->setObjectName(isA ? QStringLiteral("chartA") : QStringLiteral("chartB"));
    chart->setMinimumHeight(140);
    layout->addWidget(header);
    layout->addWidget(chart, 1);
    (isA ? headerA_ : headerB_) = header;
    (isA ? chartA_ : chartB_) = chart;
    return side;
}

void CompareView::followWindow(BlockChartWidget* from, BlockChartWidget* to, const DataWindow& window)
{
    if (followingWindow_)
        return;
    followingWindow_ = true;
    // Both fit the same extent: a fit is a fit on both (clamping a copied window could round it).
    if (from->mapping().isFit())
        to->fitToPlan();
    else
        to->setViewWindow(window);
    followingWindow_ = false;
}

DataWindow CompareView::sharedExtent(
    const ScopePlan* a, const PlanAnalysis* analysisA, const ScopePlan* b, const PlanAnalysis* analysisB)
{
    double first = std::numeric_limits<double>::max();
    double end = std::numeric_limits<double>::lowest();
    double top = 0.0;
    for (const auto& [plan, analysis] : {std::pair{a, analysisA}, std::pair{b, analysisB}}) {
        if (!plan || !analysis)
            continue;
        top = std::max(top, static_cast<double>(analysis->capacity.bytes));
        for (const Block& block : plan->blocks) {
            first = std::min(first, static_cast<double>(block.start));
            end = std::max(end, static_cast<double>(block.end) + 1.0);
            top = std::max(top, static_cast<double>(block.addressEnd()));
        }
    }
    if (first > end) {
        first = 0.0;
        end = 1.0;
    }
    return DataWindow{first, end, 0.0, top};
}

void CompareView::setComparison(Comparison comparison)
{
    comparison_ = std::move(comparison);
    scope_ = -1;
    selectedPair_ = -1;
    syncing_ = true;
    sessionA_->setDocument(comparison_.a);
    sessionB_->setDocument(comparison_.b);
    syncing_ = false;

    scopeCombo_->clear();
    int preferred = -1;
    if (comparison_.diff) {
        for (std::size_t i = 0; i < comparison_.diff->scopes.size(); ++i) {
            const ScopeDiff& scope = comparison_.diff->scopes[i];
            scopeCombo_->addItem(toQString(scope.scope), static_cast<int>(i));
            // The first scope where B overflows, else the first.
            const bool overflowsB = scope.b >= 0 && comparison_.b->analyses[static_cast<std::size_t>(scope.b)].overflow;
            if (preferred < 0 && overflowsB)
                preferred = static_cast<int>(i);
        }
        if (preferred < 0 && !comparison_.diff->scopes.empty())
            preferred = 0;
    }
    scopeCombo_->setVisible(scopeCombo_->count() > 1);
    summary_->setText(comparison_.summary.toHtmlEscaped());
    applyScope(preferred);
    // Selecting zooms a chart to a block too thin to see: wait until the charts have their size.
    preselectPending_ = !isVisible();
    if (!preselectPending_)
        preselectOverCapacity();
}

void CompareView::setPreferredBuffer(const QString& scope, const QString& ssaName, bool onB)
{
    preferred_ = PreferredBuffer{scope, ssaName, onB};
}

int CompareView::preferredPair() const
{
    PlanSession* session = preferred_ && preferred_->onB ? sessionB_ : sessionA_;
    const ScopePlan* plan = session->scope();
    if (!preferred_ || !plan || !model_->scopeDiff() || QString::fromStdString(plan->scope) != preferred_->scope)
        return -1;
    for (std::size_t i = 0; i < plan->buffers.size(); ++i)
        if (QString::fromStdString(plan->buffers[i].ssaName) == preferred_->ssaName)
            return preferred_->onB ? model_->scopeDiff()->pairOfB(static_cast<int>(i))
                                   : model_->scopeDiff()->pairOfA(static_cast<int>(i));
    return -1;
}

void CompareView::preselectOverCapacity()
{
    preselectPending_ = false;
    selectFirstPair();
    // A comparison opens on both plans whole, on one scale, with the capacity line: selecting a
    // block too thin to see zooms a chart to it, which is for a pick by hand, not for the start.
    chartA_->fitToPlan();
    chartB_->fitToPlan();
}

void CompareView::selectFirstPair()
{
    // The buffer selected in the main window, where this comparison has it.
    if (const int pair = preferredPair(); pair >= 0) {
        selectPair(pair);
        return;
    }
    // Start on the first buffer over capacity (B's, else A's: what a fix removed), with its sources on show.
    for (PlanSession* session : {sessionB_, sessionA_}) {
        const PlanAnalysis* analysis = session->analysis();
        if (!analysis || analysis->overCapacityBlocks.empty() || !model_->scopeDiff())
            continue;
        const int buffer
            = session->scope()->blocks[static_cast<std::size_t>(analysis->overCapacityBlocks.front())].bufferIndex;
        selectPair(session == sessionB_ ? model_->scopeDiff()->pairOfB(buffer) : model_->scopeDiff()->pairOfA(buffer));
        break;
    }
}

bool CompareView::showScope(const QString& scope)
{
    for (int i = 0; i < scopeCombo_->count(); ++i)
        if (scopeCombo_->itemText(i) == scope) {
            applyScope(scopeCombo_->itemData(i).toInt());
            return true;
        }
    return false;
}

// B's buffers in the colours of the A buffers they match; added ones in colours after A's.
std::vector<int> CompareView::coloursOfB(const ScopeDiff& diff, const ScopePlan& a, const ScopePlan& b)
{
    std::vector<int> ids(b.buffers.size());
    int next = 0;
    for (const Buffer& buffer : a.buffers)
        next = std::max(next, buffer.id + 1);
    for (const BufferPair& pair : diff.pairs) {
        if (pair.b < 0 || static_cast<std::size_t>(pair.b) >= ids.size())
            continue;
        ids[static_cast<std::size_t>(pair.b)] = pair.a >= 0 && static_cast<std::size_t>(pair.a) < a.buffers.size()
            ? a.buffers[static_cast<std::size_t>(pair.a)].id
            : next++;
    }
    return ids;
}

void CompareView::applyScope(int scope)
{
    scope_ = scope;
    selectedPair_ = -1;
    const ScopeDiff* diff
        = comparison_.diff && scope >= 0 ? &comparison_.diff->scopes[static_cast<std::size_t>(scope)] : nullptr;
    if (const int at = scopeCombo_->findData(scope); at >= 0)
        scopeCombo_->setCurrentIndex(at);
    syncing_ = true;
    // A side without this scope shows nothing rather than another scope.
    if (diff && diff->a >= 0) {
        if (!sessionA_->document())
            sessionA_->setDocument(comparison_.a);
        sessionA_->setScopeIndex(diff->a);
    } else {
        sessionA_->clear();
    }
    if (diff && diff->b >= 0) {
        if (!sessionB_->document())
            sessionB_->setDocument(comparison_.b);
        sessionB_->setScopeIndex(diff->b);
    } else {
        sessionB_->clear();
    }
    sessionA_->selectBlock(-1);
    sessionB_->selectBlock(-1);
    const DataWindow extent
        = sharedExtent(sessionA_->scope(), sessionA_->analysis(), sessionB_->scope(), sessionB_->analysis());
    chartA_->setFitExtent(extent);
    chartB_->setFitExtent(extent);
    chartB_->setColourIds(diff && sessionA_->scope() && sessionB_->scope()
            ? coloursOfB(*diff, *sessionA_->scope(), *sessionB_->scope())
            : std::vector<int>());
    syncing_ = false;
    model_->setScope(comparison_.a, comparison_.b, comparison_.diff, scope);
    table_->resizeColumnsToContents();
    refreshHeaders();
}

void CompareView::refreshHeaders()
{
    auto sideText = [this](bool isA) {
        const auto& document = isA ? comparison_.a : comparison_.b;
        const QString label = isA ? comparison_.labelA : comparison_.labelB;
        if (!document)
            return badge(isA) + QStringLiteral(" ") + tr("nothing to compare");
        QString text = badge(isA) + QStringLiteral(" <b>") + label.toHtmlEscaped() + QStringLiteral("</b>");
        PlanSession* session = isA ? sessionA_ : sessionB_;
        const PlanAnalysis* analysis = session->analysis();
        const ScopeDiff* diff
            = comparison_.diff && scope_ >= 0 ? &comparison_.diff->scopes[static_cast<std::size_t>(scope_)] : nullptr;
        if (!analysis || !diff || (isA ? diff->a : diff->b) < 0)
            return text + QStringLiteral(" \u00b7 ") + tr("no scope %1").arg(diff ? toQString(diff->scope) : QString());
        if (!analysis->planned)
            return text + QStringLiteral(" \u00b7 ")
                + tr("not planned \u00b7 demand %1").arg(bytesText(analysis->peakLiveBytes));
        const QString verdict = analysis->overflow ? QStringLiteral("<span style=\"color:%1;\"><b>%2</b></span>")
                                                         .arg(style::css(style::compareOverflows()), tr("overflows"))
                                                   : tr("fits");
        return text + QStringLiteral(" \u00b7 ") + verdict + QStringLiteral(" \u00b7 ")
            + tr("peak %1 of %2 (%3)")
                  .arg(bytesText(analysis->peakAddressBytes), bytesText(analysis->capacity.bytes),
                      toQString(formatPercent(analysis->peakAddressBytes, analysis->capacity.bytes)));
    };
    headerA_->setText(sideText(true));
    headerB_->setText(sideText(false));
    headerA_->setToolTip(comparison_.a ? toQString(comparison_.a->dump.file) : QString());
    headerB_->setToolTip(comparison_.b ? toQString(comparison_.b->dump.file) : QString());
    sourceHeaderA_->setText(badge(true) + QStringLiteral(" ") + comparison_.labelA.toHtmlEscaped());
    sourceHeaderB_->setText(badge(false) + QStringLiteral(" ") + comparison_.labelB.toHtmlEscaped());
}

QString CompareView::headerTextA() const { return plainText(headerA_->text()); }
QString CompareView::headerTextB() const { return plainText(headerB_->text()); }
QString CompareView::summaryText() const { return summary_->text(); }

void CompareView::selectPair(int pair)
{
    const BufferPair* row = model_->pairAt(pair);
    selectedPair_ = row ? pair : -1;
    syncing_ = true;
    const ScopeDiff* diff = model_->scopeDiff();
    sessionA_->selectBlock(row && diff ? firstBlockOf(sessionA_->scope(), row->a) : -1);
    sessionB_->selectBlock(row && diff ? firstBlockOf(sessionB_->scope(), row->b) : -1);
    // One Python line for both sides: shown once (A's), B's IR takes its room.
    sourcesB_->pythonPane()->setVisible(!(row && model_->samePython(pair)));
    // A type that differs is pointed at on each side's IR line, scrolled into view.
    const Buffer* a = row ? model_->bufferA(pair) : nullptr;
    const Buffer* b = row ? model_->bufferB(pair) : nullptr;
    const bool typesDiffer = a && b && bufferTypeText(*a) != bufferTypeText(*b);
    sourcesA_->irView()->setEmphasis(typesDiffer ? bufferTypeText(*a) : QString());
    sourcesB_->irView()->setEmphasis(typesDiffer ? bufferTypeText(*b) : QString());
    const QModelIndex at = proxy_->mapFromSource(model_->index(selectedPair_, 0));
    if (at.isValid()) {
        table_->selectionModel()->select(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        table_->scrollTo(at);
    } else {
        table_->clearSelection();
    }
    syncing_ = false;
    emit pairSelected(selectedPair_);
}

void CompareView::onTableSelection()
{
    if (syncing_)
        return;
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    selectPair(rows.isEmpty() ? -1 : proxy_->mapToSource(rows.front()).row());
}

void CompareView::onBlockSelected(bool fromA, int block)
{
    if (syncing_)
        return;
    const ScopeDiff* diff = model_->scopeDiff();
    PlanSession* session = fromA ? sessionA_ : sessionB_;
    const ScopePlan* plan = session->scope();
    if (!diff || !plan || block < 0 || block >= static_cast<int>(plan->blocks.size())) {
        selectPair(-1);
        return;
    }
    const int buffer = plan->blocks[static_cast<std::size_t>(block)].bufferIndex;
    const int pair = fromA ? diff->pairOfA(buffer) : diff->pairOfB(buffer);
    // Keep the copy the user clicked on its own side.
    selectPair(pair);
    syncing_ = true;
    session->selectBlock(block);
    syncing_ = false;
}

} // namespace memlens
