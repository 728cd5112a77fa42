#pragma once
// The Run view's envelope table: one kernel's configs (core/run/config_envelope), a row per
// config with its constexpr values as the first columns, then status, peak, capacity, used,
// headroom and whether the run compiled it or memlens re-planned it. Display text for people,
// SortRole for a sort by raw values.
#include "core/run/run_summary.hpp"

#include <QAbstractTableModel>

#include <optional>

namespace memlens {

class EnvelopeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // qint64 / double / QString: the raw value
        CompiledRole,                // bool: the run compiled the config
    };
    // The columns after the constexprs' (column constexprCount() + offset).
    enum Tail { StatusTail, PeakTail, CapacityTail, UsedTail, HeadroomTail, HowTail, FileTail, TailCount };

    explicit EnvelopeTableModel(QObject* parent = nullptr);

    // Shows `envelope` (copied); nullopt empties the table.
    void setEnvelope(std::optional<ConfigEnvelope> envelope, std::optional<double> failAbove = std::nullopt);
    const std::optional<ConfigEnvelope>& envelope() const { return envelope_; }
    int constexprCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<ConfigEnvelope> envelope_;
    std::optional<double> failAbove_;
};

} // namespace memlens
