#pragma once
// The Run view's model: one row per kernel and core of a run (core/run's RunRow), in the
// summary's order. Display text for people, SortRole for a sort by raw values (bytes,
// percent), UsedShareRole for the headroom bar.
#include "core/run/run_summary.hpp"

#include <QAbstractTableModel>
#include <QString>

#include <optional>
#include <vector>

namespace memlens {

class RunTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StatusColumn,
        KernelColumn,
        VersionColumn, // beside the kernel: versions of one kernel read as a group
        CoreColumn,
        TargetColumn, // the chip the IR names
        UsedColumn,   // the headroom bar
        PeakColumn,
        CapacityColumn,
        HeadroomColumn,
        PythonColumn,
        LeverColumn,
        SourceColumn,
        FileColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // qint64 / double / QString: the raw value
        UsedShareRole,               // double: peak / capacity (1.0 = full); invalid without numbers
        FailsGateRole,               // bool: the row fails the CI gate
        StatusRole,                  // int: RowStatus
    };

    explicit RunTableModel(QObject* parent = nullptr);

    void setSummary(RunSummary summary, std::optional<double> failAbove = std::nullopt);
    const RunSummary& summary() const { return summary_; }
    // Null for a bad row.
    const RunRow* rowAt(int row) const;
    // Everything known of a row, for the details pane: file, error, config, notes, the change.
    QString detailsText(const RunRow& row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayText(const RunRow& row, int column) const;
    QVariant sortValue(const RunRow& row, int rowIndex, int column) const;
    QString toolTip(const RunRow& row) const;

    RunSummary summary_;
    std::optional<double> failAbove_;
    std::vector<QString> fileNames_; // what tells each row's file apart (distinguishingFileNames)
};

} // namespace memlens
