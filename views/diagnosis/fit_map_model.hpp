#pragma once
// The fit map as a table: rows the first dimension's values (largest on top), columns the
// second dimension's values per multi-buffering setting. The panel's grid shows it; the
// cells' words, tooltips and colours are made here, not in the widget.
#include "core/diagnosis/fit_map.hpp"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace memlens {

class FitMapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        TodayRole = Qt::UserRole + 1, // bool: today's config (outlined)
        RequiredBytesRole,            // qulonglong: what the cell's plan needs (the raw value)
    };

    explicit FitMapModel(QObject* parent = nullptr);

    // Shows `map` (the model owns what it shows); an empty map empties the table.
    void setMap(FitMap map);
    void clear();
    const FitMap& map() const { return map_; }

    // The cell at (row, column), null for an empty one or outside the table.
    const FitCell* cellAt(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    FitMap map_;
    std::vector<std::int64_t> rows_;                                    // first dimension, largest first
    std::vector<std::pair<std::int64_t, std::optional<bool>>> columns_; // (second dimension, multi-buffering)
    QStringList rowLabels_, columnLabels_;
    std::vector<std::vector<int>> cells_; // [row][column] -> index into map_.cells, -1 none
};

} // namespace memlens
