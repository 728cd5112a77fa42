#pragma once
// Filtering and numeric sorting for the details table: a text filter over
// buffer name, type and location; "over capacity only"; "live at cursor only"
// (follows the session's time cursor); and, while the session's highlight comes
// from a source line, that line's blocks only. Sorts on BlockTableModel::SortRole.
#include <QSortFilterProxyModel>

#include <QString>
#include <cstdint>
#include <optional>

#include <vector>

namespace memlens {

class PlanSession;

class BlockFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BlockFilterProxy(PlanSession* session, QObject* parent = nullptr);

    QString filterText() const { return filterText_; }
    bool overCapacityOnly() const { return overCapacityOnly_; }
    bool liveAtCursorOnly() const { return liveAtCursorOnly_; }
    // True while only the blocks of a clicked source line show (PlanSession::highlightedLine()).
    bool lineFilterActive() const;
    // Whether `blockIndex` is one of the highlighted line's blocks (false when no line filters).
    bool isOnLine(int blockIndex) const
    {
        return blockIndex >= 0 && static_cast<std::size_t>(blockIndex) < onLine_.size()
            && onLine_[static_cast<std::size_t>(blockIndex)];
    }
    // True while "live at cursor only" is on but there is no op to filter by (every row shows).
    bool waitingForCursor() const;
    // The op "live at cursor only" filters by: the session's op on show (the time cursor, else
    // the address snapshot's op); nullopt without a plan.
    std::optional<std::int64_t> filterOp() const;
    // Filtering by the peak op because no time cursor is set.
    bool filteringAtPeak() const;

    // Proxy row showing `blockIndex` (grouped: the row of its buffer); -1 when filtered out.
    int rowOfBlock(int blockIndex) const;
    // Block index of a proxy row (grouped: its first copy); -1 for a bad row.
    int blockIndexAt(int row) const;

    void setSourceModel(QAbstractItemModel* model) override;

public slots:
    // Case-insensitive substring; surrounding spaces ignored.
    void setFilterText(const QString& text);
    void setOverCapacityOnly(bool on);
    void setLiveAtCursorOnly(bool on);

signals:
    void filtersChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    void refilter();
    // rank_ for `column`: each source row's place in the column's order.
    void rankRows(int column) const;
    void onHighlightChanged();

    PlanSession* session_;
    QString filterText_;
    QString foldedFilterText_; // filterText_.toCaseFolded(), matched against BlockTableModel::searchKey()
    bool overCapacityOnly_ = false;
    bool liveAtCursorOnly_ = false;
    std::vector<char> onLine_; // per block of the scope: allocated by the highlighted line
    // Sorting compares ranks worked out once per column and model reset, not
    // QVariants per comparison (a refilter of 120k rows sorts the rows it adds).
    mutable std::vector<int> rank_;
    mutable int rankColumn_ = -1;
};

} // namespace memlens
