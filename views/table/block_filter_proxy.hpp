#pragma once
// Filtering and numeric sorting for the details table: a text filter over
// buffer name, type and location; "over capacity only"; "live at cursor only"
// (follows the session's time cursor). Sorts on BlockTableModel::SortRole.
#include <QSortFilterProxyModel>
#include <QString>

namespace memlens {

class PlanSession;

class BlockFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BlockFilterProxy(PlanSession* session, QObject* parent = nullptr);

    QString filterText() const { return filterText_; }
    bool overCapacityOnly() const { return overCapacityOnly_; }
    bool liveAtCursorOnly() const { return liveAtCursorOnly_; }
    // True while "live at cursor only" is on but the session has no cursor (every row shows).
    bool waitingForCursor() const;

    // Proxy row showing `blockIndex` (grouped: the row of its buffer); -1 when filtered out.
    int rowOfBlock(int blockIndex) const;
    // Block index of a proxy row (grouped: its first copy); -1 for a bad row.
    int blockIndexAt(int row) const;

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

    PlanSession* session_;
    QString filterText_;
    bool overCapacityOnly_ = false;
    bool liveAtCursorOnly_ = false;
};

} // namespace memlens
