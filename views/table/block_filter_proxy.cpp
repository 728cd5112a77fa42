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

bool BlockFilterProxy::waitingForCursor() const { return liveAtCursorOnly_ && !session_->cursorOp(); }

void BlockFilterProxy::setFilterText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == filterText_)
        return;
    filterText_ = trimmed;
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
    invalidateFilter();
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

bool BlockFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (lineFilterActive()) {
        // A grouped row shows when any of its blocks is on the line.
        const auto* model = static_cast<const BlockTableModel*>(sourceModel());
        const std::vector<int>& blocks = model->rowBlocks(sourceRow);
        if (std::none_of(blocks.begin(), blocks.end(), [this](int block) { return isOnLine(block); }))
            return false;
    }
    if (overCapacityOnly_ && !index.data(BlockTableModel::OverCapacityRole).toBool())
        return false;
    if (liveAtCursorOnly_) {
        if (const auto op = session_->cursorOp()) {
            const qlonglong start = index.data(BlockTableModel::LifeStartRole).toLongLong();
            const qlonglong end = index.data(BlockTableModel::LifeEndRole).toLongLong();
            if (*op < start || *op > end)
                return false;
        }
    }
    if (!filterText_.isEmpty()
        && !index.data(BlockTableModel::FilterTextRole).toString().contains(filterText_, Qt::CaseInsensitive))
        return false;
    return true;
}

bool BlockFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString) {
        const int text = QString::compare(a.toString(), b.toString(), sortCaseSensitivity());
        if (text != 0)
            return text < 0;
    } else {
        const QPartialOrdering order = QVariant::compare(a, b);
        if (order == QPartialOrdering::Less)
            return true;
        if (order == QPartialOrdering::Greater)
            return false;
    }
    // Ties keep file order, so a sort is stable and reproducible.
    return left.data(BlockTableModel::BlockIndexRole).toInt() < right.data(BlockTableModel::BlockIndexRole).toInt();
}

} // namespace memlens
