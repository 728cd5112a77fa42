#include "views/table/block_filter_proxy.hpp"

#include "views/plan_session.hpp"
#include "views/table/block_table_model.hpp"

#include <algorithm>

namespace memlens {

BlockFilterProxy::BlockFilterProxy(PlanSession* session, QObject* parent)
    : QSortFilterProxyModel(parent)
    , session_(session)
{
    setSortRole(BlockTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
    connect(session_, &PlanSession::cursorChanged, this, [this] {
        if (liveAtCursorOnly_)
            refilter();
    });
    connect(session_, &PlanSession::highlightChanged, this, &BlockFilterProxy::onHighlightChanged);
}

bool BlockFilterProxy::lineFilterActive() const { return !session_->highlightedLine().isEmpty(); }

void BlockFilterProxy::onHighlightChanged()
{
    const bool wasActive = !onLine_.empty();
    onLine_.clear();
    if (const ScopePlan* plan = session_->scope(); plan && lineFilterActive()) {
        onLine_.assign(plan->blocks.size(), 0);
        for (const int block : session_->highlightedBlocks())
            if (block >= 0 && static_cast<std::size_t>(block) < onLine_.size())
                onLine_[static_cast<std::size_t>(block)] = 1;
    }
    // A highlight from elsewhere (the diagnosis) filters nothing: no refilter when none was on.
    if (wasActive || !onLine_.empty())
        refilter();
}

bool BlockFilterProxy::waitingForCursor() const { return liveAtCursorOnly_ && !filterOp(); }

std::optional<std::int64_t> BlockFilterProxy::filterOp() const { return session_->opOnShow(); }

bool BlockFilterProxy::filteringAtPeak() const { return liveAtCursorOnly_ && !session_->cursorOp() && filterOp(); }

void BlockFilterProxy::setFilterText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == filterText_)
        return;
    filterText_ = trimmed;
    foldedFilterText_ = trimmed.toCaseFolded();
    refilter();
}

void BlockFilterProxy::setOverCapacityOnly(bool on)
{
    if (on == overCapacityOnly_)
        return;
    overCapacityOnly_ = on;
    refilter();
}

void BlockFilterProxy::setLiveAtCursorOnly(bool on)
{
    if (on == liveAtCursorOnly_)
        return;
    liveAtCursorOnly_ = on;
    refilter();
}

void BlockFilterProxy::refilter()
{
    // One layout change, not a removal or insertion per run of rows: a filter that
    // leaves every fourth row of 120k is tens of thousands of runs, each one a
    // signal the view and its header handle in time proportional to the rows. The
    // rows are then filtered and sorted again in one pass (lessThan compares ranks).
    invalidate();
    emit filtersChanged();
}

int BlockFilterProxy::rowOfBlock(int blockIndex) const
{
    const auto* model = qobject_cast<const BlockTableModel*>(sourceModel());
    if (!model)
        return -1;
    const int sourceRow = model->rowOfBlock(blockIndex);
    if (sourceRow < 0)
        return -1;
    return mapFromSource(model->index(sourceRow, 0)).row();
}

int BlockFilterProxy::blockIndexAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    const QVariant value = index(row, 0).data(BlockTableModel::BlockIndexRole);
    return value.isValid() ? value.toInt() : -1;
}

void BlockFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    rank_.clear();
    rankColumn_ = -1;
    if (model) {
        // Before the base class re-sorts after the change: the ranks describe the old rows.
        const auto forget = [this] { rank_.clear(); };
        connect(model, &QAbstractItemModel::modelAboutToBeReset, this, forget);
        connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this, forget);
        connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this, forget);
        connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this, forget);
        connect(model, &QAbstractItemModel::dataChanged, this, forget);
    }
    QSortFilterProxyModel::setSourceModel(model);
}

bool BlockFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const auto* model = static_cast<const BlockTableModel*>(sourceModel());
    if (lineFilterActive()) {
        // A grouped row shows when any of its blocks is on the line.
        const std::vector<int>& blocks = model->rowBlocks(sourceRow);
        if (std::none_of(blocks.begin(), blocks.end(), [this](int block) { return isOnLine(block); }))
            return false;
    }
    if (overCapacityOnly_ && model->rowOvershoot(sourceRow) == 0)
        return false;
    if (liveAtCursorOnly_) {
        if (const auto op = filterOp()) {
            if (*op < model->rowLifeStart(sourceRow) || *op > model->rowLifeEnd(sourceRow))
                return false;
        }
    }
    if (!foldedFilterText_.isEmpty() && !model->searchKey(sourceRow).contains(foldedFilterText_))
        return false;
    return true;
}

namespace {

// The old comparison, on values taken once: text ignoring case, numbers as numbers.
bool sortValueLess(const QVariant& a, const QVariant& b, Qt::CaseSensitivity cs, bool& tie)
{
    tie = false;
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString) {
        const int text = QString::compare(a.toString(), b.toString(), cs);
        tie = text == 0;
        return text < 0;
    }
    if (a.typeId() == QMetaType::LongLong && b.typeId() == QMetaType::LongLong) {
        tie = a.toLongLong() == b.toLongLong();
        return a.toLongLong() < b.toLongLong();
    }
    if (a.typeId() == QMetaType::ULongLong && b.typeId() == QMetaType::ULongLong) {
        tie = a.toULongLong() == b.toULongLong();
        return a.toULongLong() < b.toULongLong();
    }
    const QPartialOrdering order = QVariant::compare(a, b);
    tie = order != QPartialOrdering::Less && order != QPartialOrdering::Greater;
    return order == QPartialOrdering::Less;
}

// Sorts `order` (source rows) by key, ties in file order (the row's block index).
template <class Key>
void sortRows(std::vector<int>& order, const std::vector<Key>& keys, const std::vector<int>& blockOfRow)
{
    std::sort(order.begin(), order.end(), [&](int l, int r) {
        const Key& a = keys[static_cast<std::size_t>(l)];
        const Key& b = keys[static_cast<std::size_t>(r)];
        if (a < b)
            return true;
        if (b < a)
            return false;
        return blockOfRow[static_cast<std::size_t>(l)] < blockOfRow[static_cast<std::size_t>(r)];
    });
}

} // namespace

void BlockFilterProxy::rankRows(int column) const
{
    const QAbstractItemModel* model = sourceModel();
    const int rows = model->rowCount();
    std::vector<QVariant> values(static_cast<std::size_t>(rows));
    std::vector<int> blockOfRow(static_cast<std::size_t>(rows));
    bool allLong = true;
    bool allULong = true;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model->index(row, column);
        QVariant& value = values[static_cast<std::size_t>(row)];
        value = index.data(sortRole());
        blockOfRow[static_cast<std::size_t>(row)] = index.data(BlockTableModel::BlockIndexRole).toInt();
        allLong = allLong && value.typeId() == QMetaType::LongLong;
        allULong = allULong && value.typeId() == QMetaType::ULongLong;
    }
    std::vector<int> order(static_cast<std::size_t>(rows));
    for (int row = 0; row < rows; ++row)
        order[static_cast<std::size_t>(row)] = row;
    if (allLong || allULong) {
        std::vector<qulonglong> unsignedKeys;
        std::vector<qlonglong> signedKeys;
        for (const QVariant& value : values) {
            if (allLong)
                signedKeys.push_back(value.toLongLong());
            else
                unsignedKeys.push_back(value.toULongLong());
        }
        if (allLong)
            sortRows(order, signedKeys, blockOfRow);
        else
            sortRows(order, unsignedKeys, blockOfRow);
    } else {
        // Text (compared ignoring case as the view asks) or a mix: the general comparison.
        const Qt::CaseSensitivity cs = sortCaseSensitivity();
        std::sort(order.begin(), order.end(), [&](int l, int r) {
            bool tie = false;
            const bool less
                = sortValueLess(values[static_cast<std::size_t>(l)], values[static_cast<std::size_t>(r)], cs, tie);
            if (!tie)
                return less;
            return blockOfRow[static_cast<std::size_t>(l)] < blockOfRow[static_cast<std::size_t>(r)];
        });
    }
    rank_.assign(static_cast<std::size_t>(rows), 0);
    for (int position = 0; position < rows; ++position)
        rank_[static_cast<std::size_t>(order[static_cast<std::size_t>(position)])] = position;
    rankColumn_ = column;
}

bool BlockFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // rank_ is emptied before any change of the rows (setSourceModel's connections).
    if (rankColumn_ != left.column() || static_cast<std::size_t>(std::max(left.row(), right.row())) >= rank_.size())
        rankRows(left.column());
    return rank_[static_cast<std::size_t>(left.row())] < rank_[static_cast<std::size_t>(right.row())];
}

} // namespace memlens
