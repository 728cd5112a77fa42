#include "views/table/block_table_panel.hpp"

#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/view_text.hpp"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens {

BlockTablePanel::BlockTablePanel(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , model_(new BlockTableModel(session, this))
    , proxy_(new BlockFilterProxy(session, this))
    , filterEdit_(new QLineEdit(this))
    , overCapacityOnlyBox_(new QCheckBox(tr("Over capacity only"), this))
    , liveAtCursorBox_(new QCheckBox(tr("Live at cursor only"), this))
    , groupCopiesBox_(new QCheckBox(tr("Group copies"), this))
    , groupStoragesBox_(new QCheckBox(tr("Group in place"), this))
    , countLabel_(new QLabel(this))
    , lineChip_(new QFrame(this))
    , lineChipLabel_(new QLabel(lineChip_))
    , lineChipClear_(new QToolButton(lineChip_))
    , table_(new QTableView(this))
{
    setObjectName(QStringLiteral("blockTableView"));
    proxy_->setSourceModel(model_);
    setupFilterControls();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    addFilterRows(layout);
    layout->addLayout(lineChipRow());
    layout->addWidget(table_, 1);
    setupTable();
    connectControls();
    fitColumns();
    updateCountLabel();
    updateLineChip();
    selectFromSession(false);
}

void BlockTablePanel::setupFilterControls()
{
    filterEdit_->setObjectName(QStringLiteral("blockFilterEdit"));
    filterEdit_->setPlaceholderText(tr("Filter by name, type or location"));
    filterEdit_->setClearButtonEnabled(true);
    filterEdit_->setToolTip(tr("Case-insensitive text in the buffer name, its type or its source location"));
    overCapacityOnlyBox_->setToolTip(tr("Show only blocks that end above the scope's capacity"));
    liveAtCursorBox_->setToolTip(tr("Show only blocks whose Life covers the op under the time cursor"));
    groupCopiesBox_->setToolTip(tr("One row per buffer, its copies (multi-buffering) together"));
    groupStoragesBox_->setObjectName(QStringLiteral("groupStoragesBox"));
    groupStoragesBox_->setToolTip(tr("One row per storage: buffers the compiler merged in place "
                                     "(identical offset, size and Life) together"));
    countLabel_->setObjectName(QStringLiteral("blockCountLabel"));
    countLabel_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    countLabel_->setTextInteractionFlags(Qt::NoTextInteraction);
    {
        QPalette palette = countLabel_->palette();
        palette.setColor(QPalette::WindowText, secondaryText(palette));
        countLabel_->setPalette(palette);
    }
}

void BlockTablePanel::addFilterRows(QVBoxLayout* layout)
{
    // Two rows: the dock is often narrow, and a squeezed filter box is useless.
    auto* search = new QHBoxLayout;
    search->setContentsMargins(0, 0, 0, 0);
    search->setSpacing(12);
    search->addWidget(filterEdit_, 1);
    search->addWidget(countLabel_);
    // The count may say a lot ("live at op 19, the peak ..."): it gives way before the dock widens.
    countLabel_->setMinimumWidth(60);
    // Filters in one column, grouping in the other: a row of four would make the dock 550 px wide.
    auto* toggles = new QGridLayout;
    toggles->setContentsMargins(0, 0, 0, 0);
    toggles->setHorizontalSpacing(16);
    toggles->setVerticalSpacing(2);
    toggles->addWidget(overCapacityOnlyBox_, 0, 0);
    toggles->addWidget(liveAtCursorBox_, 1, 0);
    toggles->addWidget(groupCopiesBox_, 0, 1);
    toggles->addWidget(groupStoragesBox_, 1, 1);
    toggles->setColumnStretch(2, 1);
    layout->addLayout(search);
    layout->addLayout(toggles);
}

QHBoxLayout* BlockTablePanel::lineChipRow()
{
    // The chip: which source line filters the table, and a button to stop it.
    lineChip_->setObjectName(QStringLiteral("lineFilterChip"));
    lineChip_->setAutoFillBackground(true);
    lineChip_->setFrameShape(QFrame::StyledPanel);
    {
        QPalette palette = lineChip_->palette();
        QColor tint = palette.color(QPalette::Highlight);
        tint.setAlpha(48);
        palette.setColor(QPalette::Window, tint);
        lineChip_->setPalette(palette);
    }
    lineChipLabel_->setObjectName(QStringLiteral("lineFilterChipLabel"));
    lineChipClear_->setObjectName(QStringLiteral("lineFilterChipClear"));
    lineChipClear_->setText(QStringLiteral("\u2715"));
    lineChipClear_->setAutoRaise(true);
    lineChipClear_->setToolTip(tr("Show every block again (Esc)"));
    auto* chipLayout = new QHBoxLayout(lineChip_);
    chipLayout->setContentsMargins(8, 1, 2, 1);
    chipLayout->setSpacing(4);
    chipLayout->addWidget(lineChipLabel_);
    chipLayout->addWidget(lineChipClear_);
    auto* chipRow = new QHBoxLayout;
    chipRow->setContentsMargins(0, 0, 0, 0);
    chipRow->addWidget(lineChip_);
    chipRow->addStretch(1);
    lineChip_->hide();
    connect(lineChipClear_, &QToolButton::clicked, this, &BlockTablePanel::clearLineFilter);
    return chipRow;
}

void BlockTablePanel::setupTable()
{
    // Know about resets, filtering and sorting before the view and its selection
    // model react to them (they connect in setModel below), and resynchronise after
    // they have: a row hidden by a filter or a reset must not clear the session's
    // selection, and the row of the selected block is selected again afterwards.
    const auto changing = [this] { modelChanging(); };
    const auto changed = [this] { modelChanged(); };
    connect(proxy_, &QAbstractItemModel::modelAboutToBeReset, this, changing);
    connect(proxy_, &QAbstractItemModel::layoutAboutToBeChanged, this, changing);
    connect(proxy_, &QAbstractItemModel::rowsAboutToBeRemoved, this, changing);
    connect(proxy_, &QAbstractItemModel::rowsAboutToBeInserted, this, changing);

    table_->setObjectName(QStringLiteral("blockTable"));
    table_->setModel(proxy_);
    connect(proxy_, &QAbstractItemModel::modelReset, this, changed);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, changed);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, changed);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, changed);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Tab moves to the next pane, as everywhere in the window; the arrows move within the table.
    table_->setTabKeyNavigation(false);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideLeft); // keep the end: a location's line number, a range's end
    table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table_->horizontalHeader()->setSortIndicator(BlockTableModel::IdColumn, Qt::AscendingOrder);
    // What overflows first, after the name: the size and how far over, then the Life (a narrow dock shows them).
    table_->horizontalHeader()->moveSection(table_->horizontalHeader()->visualIndex(BlockTableModel::SizeColumn), 2);
    table_->horizontalHeader()->moveSection(
        table_->horizontalHeader()->visualIndex(BlockTableModel::OverCapacityColumn), 3);
    table_->setSortingEnabled(true);
    table_->setCornerButtonEnabled(false);
    // Connected after the view's own sorting, so it sees the rows in their new order.
    connect(table_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &BlockTablePanel::onSortChanged);

    auto* copy = new QAction(tr("Copy row"), table_);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, [this] {
        const QString text = selectedRowsAsText();
        if (!text.isEmpty())
            QApplication::clipboard()->setText(text);
    });
    table_->addAction(copy);
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void BlockTablePanel::connectControls()
{
    connect(filterEdit_, &QLineEdit::textChanged, proxy_, &BlockFilterProxy::setFilterText);
    connect(overCapacityOnlyBox_, &QCheckBox::toggled, proxy_, &BlockFilterProxy::setOverCapacityOnly);
    connect(liveAtCursorBox_, &QCheckBox::toggled, proxy_, &BlockFilterProxy::setLiveAtCursorOnly);
    connect(groupCopiesBox_, &QCheckBox::toggled, model_, &BlockTableModel::setGroupCopies);
    connect(groupStoragesBox_, &QCheckBox::toggled, model_, &BlockTableModel::setGroupStorages);
    // One grouping at a time: the boxes follow the model.
    connect(model_, &BlockTableModel::groupingChanged, this, [this] {
        const QSignalBlocker copies(groupCopiesBox_);
        const QSignalBlocker storages(groupStoragesBox_);
        groupCopiesBox_->setChecked(model_->groupCopies());
        groupStoragesBox_->setChecked(model_->groupStorages());
        session_->setSelectionSpansBuffer(model_->groupCopies()); // a row of copies is the whole buffer
    });
    connect(proxy_, &BlockFilterProxy::filtersChanged, this, &BlockTablePanel::updateCountLabel);
    // The chart dims what the filter hides: a filter is also a way to find blocks.
    connect(proxy_, &BlockFilterProxy::filtersChanged, this, &BlockTablePanel::publishFilteredOut);
    connect(model_, &QAbstractItemModel::modelReset, this, &BlockTablePanel::publishFilteredOut);
    connect(session_, &PlanSession::cursorChanged, this, &BlockTablePanel::updateCountLabel);
    // "Over capacity only" is a look at one plan: another dump does not open faded out (a reload keeps it).
    connect(session_, &PlanSession::documentChanged, this, [this] {
        const PlanDocument* document = session_->document();
        const std::string file = document ? document->dump.file : std::string();
        if (file != shownFile_)
            overCapacityOnlyBox_->setChecked(false);
        shownFile_ = file;
        updateCountLabel();
    });
    connect(session_, &PlanSession::highlightChanged, this, &BlockTablePanel::updateLineChip);
    connect(model_, &QAbstractItemModel::modelReset, this, &BlockTablePanel::fitColumns);

    connect(
        table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BlockTablePanel::onSelectionChanged);
    connect(table_, &QAbstractItemView::activated, this, &BlockTablePanel::onActivated);
    connect(session_, &PlanSession::selectedBlockChanged, this, [this] { selectFromSession(true); });
}

bool BlockTablePanel::sortsLargestFirst(int column)
{
    return column == BlockTableModel::SizeColumn || column == BlockTableModel::OverCapacityColumn
        || column == BlockTableModel::CopiesColumn;
}

void BlockTablePanel::onSortChanged(int column, Qt::SortOrder order)
{
    QHeaderView* header = table_->horizontalHeader();
    if (column != sortedColumn_) {
        sortedColumn_ = column;
        // The first click on a size asks for the largest: those are what overflow.
        if (sortsLargestFirst(column) && order == Qt::AscendingOrder) {
            header->setSortIndicator(column, Qt::DescendingOrder);
            return;
        }
    }
    // A new order is read from its top (the selected row, when there is one, is scrolled to as the rows move).
    if (!table_->selectionModel()->hasSelection())
        table_->scrollToTop();
}

void BlockTablePanel::clearLineFilter()
{
    if (proxy_->lineFilterActive())
        session_->setHighlightedBlocks({});
}

// Esc reaches here when the table or the filter box had nothing to do with it.
void BlockTablePanel::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier && proxy_->lineFilterActive()) {
        clearLineFilter();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void BlockTablePanel::updateLineChip()
{
    const bool on = proxy_->lineFilterActive();
    if (on) {
        const auto blocks = static_cast<int>(session_->highlightedBlocks().size());
        lineChipLabel_->setText(
            tr("%1: %2 %3").arg(session_->highlightedLine()).arg(blocks).arg(blocks == 1 ? tr("block") : tr("blocks")));
    }
    lineChip_->setVisible(on);
}

QString BlockTablePanel::countText() const { return countLabel_->text(); }

void BlockTablePanel::updateCountLabel()
{
    if (!session_->scope()) {
        countLabel_->setText(tr("No plan loaded"));
        return;
    }
    const int total = model_->rowCount();
    QString text = tr("%1 of %2 %3").arg(proxy_->rowCount()).arg(total).arg(model_->rowNoun(total));
    if (proxy_->waitingForCursor())
        text += tr(" \u00b7 no time cursor");
    else if (proxy_->filteringAtPeak())
        text += tr(" \u00b7 live at op %1, the peak (no time cursor)").arg(*proxy_->filterOp())
            + liveBytesAtCursorText();
    else if (proxy_->liveAtCursorOnly() && session_->cursorOp())
        text += tr(" \u00b7 live at op %1").arg(*session_->cursorOp()) + liveBytesAtCursorText();
    // An empty table says why.
    if (proxy_->overCapacityOnly() && session_->analysis() && session_->analysis()->overCapacityBlocks.empty())
        text += tr(" \u00b7 none ends above the capacity");
    countLabel_->setText(text);
}

// Bytes live at the cursor, counted once however many in-place buffers share them.
QString BlockTablePanel::liveBytesAtCursorText() const
{
    const PlanAnalysis* analysis = session_->analysis();
    const auto op = proxy_->filterOp();
    if (!analysis || !op)
        return {};
    return tr(": %1").arg(bytesText(analysis->liveBytesAt(*op)));
}

void BlockTablePanel::modelChanging() { ++modelChanging_; }

void BlockTablePanel::modelChanged()
{
    modelChanging_ = std::max(0, modelChanging_ - 1);
    if (modelChanging_ == 0) {
        selectFromSession(true);
        updateCountLabel();
    }
}

void BlockTablePanel::onSelectionChanged()
{
    if (syncing_ || modelChanging_ > 0)
        return;
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    const int block = rows.isEmpty() ? -1 : proxy_->blockIndexAt(rows.front().row());
    // A grouped row stands for every copy (or buffer in place): keep the session's block when it is one of them.
    if (block >= 0 && model_->rowOfBlock(session_->selectedBlock()) == model_->rowOfBlock(block))
        return;
    session_->selectBlock(block);
}

void BlockTablePanel::onActivated(const QModelIndex& index)
{
    const int block = proxy_->blockIndexAt(index.row());
    if (block < 0)
        return;
    if (model_->rowOfBlock(session_->selectedBlock()) != model_->rowOfBlock(block))
        session_->selectBlock(block);
    emit blockActivated(session_->selectedBlock());
}

void BlockTablePanel::selectFromSession(bool scroll)
{
    QItemSelectionModel* selection = table_->selectionModel();
    const QScopedValueRollback guard(syncing_, true);
    const int row = proxy_->rowOfBlock(session_->selectedBlock());
    if (row < 0) {
        if (selection->hasSelection())
            selection->clearSelection();
        return;
    }
    const int column = std::max(0, selection->currentIndex().column());
    const QModelIndex index = proxy_->index(row, column);
    if (!selection->isRowSelected(row) || selection->selectedRows().size() != 1
        || selection->currentIndex().row() != row)
        selection->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (scroll)
        table_->scrollTo(index);
}

void BlockTablePanel::fitColumns()
{
    // Widths from the header and a sample of the rows: resizing to every row's
    // contents is slow for large plans.
    QString key;
    if (const PlanDocument* document = session_->document(); document && session_->scope())
        key = QString::fromStdString(document->dump.file + '\n' + session_->scope()->scope)
            + (model_->groupCopies()          ? QStringLiteral("\ngrouped")
                    : model_->groupStorages() ? QStringLiteral("\nin place")
                                              : QString());
    // Keep the user's widths across a capacity change or a reload of the same plan.
    if (!key.isEmpty() && key == fittedFor_)
        return;
    fittedFor_ = key;
    QHeaderView* header = table_->horizontalHeader();
    const QFontMetrics cells = table_->fontMetrics();
    const QFontMetrics headers = header->fontMetrics();
    const int padding = 2 * cells.horizontalAdvance(QLatin1Char('M'));
    const int sample = std::min(model_->rowCount(), 400);
    for (int column = 0; column < BlockTableModel::ColumnCount - 1; ++column) {
        int width = headers.horizontalAdvance(model_->headerData(column, Qt::Horizontal).toString()) + padding
            + header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header);
        for (int row = 0; row < sample; ++row)
            width = std::max(width, cells.horizontalAdvance(model_->index(row, column).data().toString()) + padding);
        int limit = 22 * cells.horizontalAdvance(QLatin1Char('0'));
        if (column == BlockTableModel::BufferColumn || column == BlockTableModel::AddressColumn
            || column == BlockTableModel::OffsetColumn)
            limit = 30 * cells.horizontalAdvance(QLatin1Char('0'));
        header->resizeSection(column, std::min(width, limit));
    }
}

QString BlockTablePanel::selectedRowsAsText() const
{
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    QStringList header;
    for (int column = 0; column < proxy_->columnCount(); ++column)
        header << proxy_->headerData(column, Qt::Horizontal).toString();
    QStringList lines{header.join(QLatin1Char('\t'))};
    for (const QModelIndex& row : rows) {
        QStringList cells;
        for (int column = 0; column < proxy_->columnCount(); ++column)
            cells << proxy_->index(row.row(), column).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void BlockTablePanel::publishFilteredOut()
{
    const ScopePlan* plan = session_->scope();
    const bool filtering = !proxy_->filterText().isEmpty() || proxy_->overCapacityOnly()
        || (proxy_->liveAtCursorOnly() && !proxy_->waitingForCursor()) || proxy_->lineFilterActive();
    std::vector<bool> hidden;
    if (plan && filtering) {
        hidden.resize(plan->blocks.size());
        for (std::size_t i = 0; i < hidden.size(); ++i)
            // A grouped row shown for the line's copy does not show its other copies' blocks.
            hidden[i] = proxy_->rowOfBlock(static_cast<int>(i)) < 0
                || (proxy_->lineFilterActive() && !proxy_->isOnLine(static_cast<int>(i)));
    }
    session_->setFilteredOut(std::move(hidden));
}

} // namespace memlens
