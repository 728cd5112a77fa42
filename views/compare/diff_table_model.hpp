#pragma once
// The compare view's table: one row per matched, added or removed buffer of
// one scope, with both sides' sizes, the B / A ratio, Life, offsets, the
// Python line and how the pair was matched. Keeps its own references to both
// documents, so a row never points into a plan that has been replaced.
#include "core/diff/plan_diff.hpp"

#include <QAbstractTableModel>

#include <memory>

namespace memlens {

class DiffTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The change and the ratio first: what a narrow table must show.
    enum Column {
        BufferColumn,
        ChangeColumn,
        RatioColumn,
        SizeAColumn,
        SizeBColumn,
        CopiesColumn,
        PythonColumn,
        LifeAColumn,
        LifeBColumn,
        OffsetsAColumn,
        OffsetsBColumn,
        MatchedByColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // raw value: numbers as numbers
        PairIndexRole,               // int: index into ScopeDiff::pairs
    };

    explicit DiffTableModel(QObject* parent = nullptr);

    // Shows the scope `scope` of the diff (an index into diff->scopes; -1: nothing).
    void setScope(std::shared_ptr<const PlanDocument> a, std::shared_ptr<const PlanDocument> b,
        std::shared_ptr<const PlanDiff> diff, int scope);

    const ScopeDiff* scopeDiff() const;
    const BufferPair* pairAt(int row) const;
    // The buffers of a row (null for the missing side).
    const Buffer* bufferA(int row) const;
    const Buffer* bufferB(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The background of a change ("grown" reddish, "shrunk" greenish, ...); invalid for "same".
    static QColor changeColor(BufferChange change);
    // Both sides of the row come from one Python line (the compare view then shows it once).
    bool samePython(int row) const;

private:
    QVariant display(int row, int column) const;
    QVariant sortValue(int row, int column) const;
    QString pythonText(int row) const;

    std::shared_ptr<const PlanDocument> a_;
    std::shared_ptr<const PlanDocument> b_;
    std::shared_ptr<const PlanDiff> diff_;
    int scope_ = -1;
};

} // namespace memlens
