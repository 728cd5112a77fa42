#pragma once
// The details table's model: the blocks of the scope on show, one row per block,
// or grouped: one row per buffer with its copies together, or one row per
// storage with the buffers merged in place together. It follows the
// PlanSession and keeps its own reference to the document it shows, so a row
// never points into a plan that has just been replaced.
#include "core/document/plan_document.hpp"
#include "core/dump/dump_model.hpp"

#include <QAbstractTableModel>
#include <QString>

#include <memory>
#include <string_view>
#include <vector>

namespace memlens {

class PlanSession;

class BlockTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // In the order shown: what a narrow dock must show first (name, Life, size,
    // how far over) comes first.
    enum Column {
        IdColumn,
        BufferColumn,
        LifeStartColumn,
        LifeEndColumn,
        SizeColumn,
        OverCapacityColumn,
        OffsetColumn,
        AddressColumn,
        TypeColumn,
        CopiesColumn,
        TempColumn,
        LocationColumn,
        StorageColumn,
        ColumnCount
    };

    enum Role {
        // Raw value for sorting: qint64 / quint64 for numbers, QString for text.
        SortRole = Qt::UserRole + 1,
        // int: index into ScopePlan::blocks (a grouped row: its first copy).
        BlockIndexRole,
        // bool: the row (any copy of a grouped row) ends above capacity.
        OverCapacityRole,
        // qint64: Life start / end (inclusive), the same for every copy.
        LifeStartRole,
        LifeEndRole,
        // QString: what the text filter searches (buffer name, type, location).
        FilterTextRole,
    };

    explicit BlockTableModel(PlanSession* session, QObject* parent = nullptr);

    PlanSession* session() const { return session_; }

    enum class Grouping { None, Copies, Storage };
    Grouping grouping() const { return grouping_; }
    void setGrouping(Grouping grouping);
    bool groupCopies() const { return grouping_ == Grouping::Copies; }
    void setGroupCopies(bool group);
    bool groupStorages() const { return grouping_ == Grouping::Storage; }
    void setGroupStorages(bool group);

    // Row showing `blockIndex` (in grouped mode, the row of its buffer or storage); -1 when none.
    int rowOfBlock(int blockIndex) const;
    // Block of a row (grouped: its first copy); -1 for a bad row.
    int blockIndexAt(int row) const;
    // Every block of a row (one, or every copy when grouped).
    std::vector<int> blocksAt(int row) const;
    // Typed values of a valid row, for the filter: it asks them of every row on
    // each keystroke, and QVariant / QString per row and role is what made it slow.
    const std::vector<int>& rowBlocks(int row) const { return rows_[static_cast<std::size_t>(row)].blocks; }
    // How far the row ends above capacity (OverCapacityRole is this > 0).
    std::uint64_t rowOvershoot(int row) const { return rows_[static_cast<std::size_t>(row)].overshoot; }
    // The Life of the row's first block (LifeStartRole, LifeEndRole).
    std::int64_t rowLifeStart(int row) const;
    std::int64_t rowLifeEnd(int row) const;
    // FilterTextRole's text, case-folded (QString::toCaseFolded); made for every
    // buffer on first use after a rebuild, then shared by its rows.
    const QString& searchKey(int row) const;
    // "block(s)", "buffer(s)" or "storage(s)", as the rows are counted.
    QString rowNoun(int count) const;

    // Without QAbstractItemModel::hasIndex's two virtual calls: the proxy asks for
    // two indexes per comparison when it sorts 100k rows.
    QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void groupCopiesChanged(bool group);
    void groupingChanged();

private:
    struct Row {
        int buffer = 0;              // the first block's buffer
        std::vector<int> blocks;     // indices into ScopePlan::blocks, (id, copy) order
        std::uint64_t overshoot = 0; // overshootOf(), kept from the rebuild
    };

    void rebuild();
    const ScopePlan* plan() const;
    const PlanAnalysis* analysis() const;
    // The furthest any block of the row ends above capacity (0: none does).
    std::uint64_t overshootOf(const Row& row) const;
    std::uint64_t totalSizeOf(const Row& row) const;
    QVariant displayData(const Row& row, int column) const;
    QVariant sortData(const Row& row, int column) const;
    QString toolTipOf(const Row& row) const;
    QString filterTextOf(const Row& row) const;
    int storageOfRow(const Row& row) const; // -1 without an analysis

    PlanSession* session_;
    Grouping grouping_ = Grouping::None;
    std::shared_ptr<const PlanDocument> document_; // the document the rows describe
    int scopeIndex_ = -1;
    std::vector<Row> rows_;
    std::vector<int> rowOfBlock_;             // block index -> row
    std::vector<QString> shortLocations_;     // per buffer of the scope
    mutable std::vector<QString> searchKeys_; // per buffer of the scope; empty until asked
};

} // namespace memlens
