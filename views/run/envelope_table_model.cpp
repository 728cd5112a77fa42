#include "views/run/envelope_table_model.hpp"

#include "core/run/config_envelope.hpp"
#include "core/run/run_formats.hpp"
#include "core/text/byte_size.hpp"
#include "views/title_bar.hpp"

#include <QBrush>
#include <QDir>
#include <QFileInfo>
#include <QFont>

#include <limits>

namespace memlens {

EnvelopeTableModel::EnvelopeTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void EnvelopeTableModel::setEnvelope(std::optional<ConfigEnvelope> envelope, std::optional<double> failAbove)
{
    beginResetModel();
    envelope_ = std::move(envelope);
    failAbove_ = failAbove;
    endResetModel();
}

int EnvelopeTableModel::constexprCount() const { return envelope_ ? static_cast<int>(envelope_->names.size()) : 0; }

int EnvelopeTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !envelope_ ? 0 : static_cast<int>(envelope_->rows.size());
}

int EnvelopeTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !envelope_ ? 0 : constexprCount() + TailCount;
}

QVariant EnvelopeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section < constexprCount())
        return QString::fromStdString(envelope_->names[static_cast<std::size_t>(section)]);
    switch (section - constexprCount()) {
    case StatusTail: return tr("Status");
    case PeakTail: return tr("Peak");
    case CapacityTail: return tr("Capacity");
    case UsedTail: return tr("Used");
    case HeadroomTail: return tr("Headroom");
    case HowTail: return tr("From");
    case FileTail: return tr("Compile");
    default: return {};
    }
}

QVariant EnvelopeTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !envelope_ || index.row() < 0 || index.row() >= rowCount() || index.column() < 0
        || index.column() >= columnCount())
        return {};
    const EnvelopeRow& row = envelope_->rows[static_cast<std::size_t>(index.row())];
    const RunRow asRow = envelopeRowAsRunRow(row);
    const int column = index.column();
    const int tail = column - constexprCount();
    const auto bytes = [](const std::optional<std::uint64_t>& value) {
        return QString::fromStdString(value ? formatBytes(*value) : "-");
    };
    // The compile's folder in the run (<kernel>/<n>), or the re-planned compile's.
    const auto compileName = [&row] {
        const QFileInfo info(QString::fromStdString(row.file));
        const QString folder = info.dir().dirName();
        return folder.isEmpty() ? info.fileName() : folder + QLatin1Char('/') + info.fileName();
    };
    switch (role) {
    case Qt::DisplayRole:
        if (column < constexprCount()) {
            const auto& value = row.values[static_cast<std::size_t>(column)];
            return value ? QString::number(*value) : QStringLiteral("–");
        }
        switch (tail) {
        case StatusTail: return QString::fromStdString(gateStatusText(asRow, failAbove_));
        case PeakTail: return bytes(row.peakBytes);
        case CapacityTail: return bytes(row.capacityBytes);
        case UsedTail: return QString::fromStdString(usedText(asRow));
        case HeadroomTail: return QString::fromStdString(headroomText(asRow));
        case HowTail: return row.compiled() ? tr("compiled") : tr("re-planned, not compiled");
        case FileTail: return row.compiled() ? compileName() : tr("from %1").arg(compileName());
        default: return {};
        }
    case SortRole:
        if (column < constexprCount()) {
            const auto& value = row.values[static_cast<std::size_t>(column)];
            return QVariant(static_cast<qint64>(value.value_or(-1)));
        }
        switch (tail) {
        case StatusTail: return static_cast<int>(row.status);
        case PeakTail: return static_cast<qint64>(row.peakBytes ? static_cast<qint64>(*row.peakBytes) : -1);
        case CapacityTail: return static_cast<qint64>(row.capacityBytes ? static_cast<qint64>(*row.capacityBytes) : -1);
        case UsedTail: return row.usedPercent().value_or(-1.0);
        case HeadroomTail: return static_cast<qint64>(row.headroomBytes().value_or(std::numeric_limits<qint64>::max()));
        case HowTail: return row.compiled() ? 0 : 1;
        case FileTail: return QString::fromStdString(row.file);
        default: return {};
        }
    case CompiledRole: return row.compiled();
    case Qt::ToolTipRole:
        return row.compiled()
            ? QString::fromStdString(row.file)
            : tr("Re-planned by memlens's planner from the IR of %1 with this config's sizes; the run did not "
                 "compile it (the compiler's tiling may differ)")
                  .arg(QString::fromStdString(row.file));
    case Qt::TextAlignmentRole:
        if (column < constexprCount() || tail == PeakTail || tail == CapacityTail || tail == UsedTail
            || tail == HeadroomTail)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (tail == StatusTail)
            return QBrush(TitleBar::verdictColor(row.status == RowStatus::Fits && !rowFailsGate(asRow, failAbove_)
                    ? PlanVerdict::Fits
                    : PlanVerdict::Overflow));
        if (tail == HowTail && !row.compiled())
            return QBrush(TitleBar::verdictColor(PlanVerdict::NotPlanned));
        return {};
    case Qt::FontRole:
        if (!row.compiled()) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default: return {};
    }
}

} // namespace memlens
