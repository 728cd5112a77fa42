#include "views/run/run_table_model.hpp"

#include "core/dump/dump_display_name.hpp"
#include "core/run/run_formats.hpp"
#include "core/text/byte_size.hpp"
#include "views/title_bar.hpp"

#include <QBrush>

#include <limits>

namespace memlens {

namespace {

QString text(const std::string& value) { return QString::fromStdString(value); }

QString orDash(const std::string& value) { return value.empty() ? QStringLiteral("–") : text(value); }

} // namespace

RunTableModel::RunTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RunTableModel::setSummary(RunSummary summary, std::optional<double> failAbove)
{
    beginResetModel();
    summary_ = std::move(summary);
    failAbove_ = failAbove;
    std::vector<std::string> files;
    for (const RunRow& row : summary_.rows)
        files.push_back(row.file);
    fileNames_.clear();
    for (const std::string& name : distinguishingFileNames(files))
        fileNames_.push_back(text(name));
    endResetModel();
}

const RunRow* RunTableModel::rowAt(int row) const
{
    return row >= 0 && row < rowCount() ? &summary_.rows[static_cast<std::size_t>(row)] : nullptr;
}

int RunTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(summary_.rows.size());
}

int RunTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StatusColumn: return tr("Status");
    case KernelColumn: return tr("Kernel");
    case CoreColumn: return tr("Core");
    case TargetColumn: return tr("Chip");
    case UsedColumn: return tr("Used");
    case PeakColumn: return tr("Peak");
    case CapacityColumn: return tr("Capacity");
    case HeadroomColumn: return tr("Headroom");
    case PythonColumn: return tr("Python");
    case LeverColumn: return tr("Lever");
    case SourceColumn: return tr("From");
    case VersionColumn: return tr("Version");
    case FileColumn: return tr("File");
    default: return {};
    }
}

QVariant RunTableModel::displayText(const RunRow& row, int column) const
{
    switch (column) {
    case StatusColumn: return text(gateStatusText(row, failAbove_));
    case KernelColumn: return text(row.kernel);
    case CoreColumn:
        return row.scope.empty() ? orDash(row.core)
                                 : (row.core.empty() ? QString() : text(row.core) + " · ") + text(row.scope);
    case UsedColumn: return text(usedText(row));
    case PeakColumn: return text(row.peakBytes ? formatBytes(*row.peakBytes) : "-");
    case CapacityColumn: return text(row.capacityBytes ? formatBytes(*row.capacityBytes) : "-");
    case HeadroomColumn: return text(headroomText(row));
    case PythonColumn: return orDash(row.python);
    case LeverColumn: return orDash(row.lever);
    case SourceColumn: // short: the details pane and the JSON say it whole
        return row.source == RowSource::Dump      ? tr("dump")
            : row.source == RowSource::CompileLog ? tr("log")
                                                  : tr("cache");
    case VersionColumn: return row.versions > 1 ? tr("%1 of %2").arg(row.version).arg(row.versions) : QString();
    case TargetColumn: return orDash(row.target);
    case FileColumn: {
        const auto index = static_cast<std::size_t>(&row - summary_.rows.data());
        return index < fileNames_.size() ? fileNames_[index] : text(dumpDisplayName(row.file));
    }
    default: return {};
    }
}

QVariant RunTableModel::sortValue(const RunRow& row, int rowIndex, int column) const
{
    const auto number = [](const auto& value) { return value ? QVariant(static_cast<qint64>(*value)) : QVariant(); };
    switch (column) {
    case StatusColumn:
    case VersionColumn: return rowIndex; // the summary's order: overflowing first, versions together
    case UsedColumn: return row.usedPercent() ? QVariant(*row.usedPercent()) : QVariant(-1.0);
    case PeakColumn: return number(row.peakBytes).isValid() ? number(row.peakBytes) : QVariant(qint64(-1));
    case CapacityColumn: return number(row.capacityBytes).isValid() ? number(row.capacityBytes) : QVariant(qint64(-1));
    case HeadroomColumn:
        return row.headroomBytes() ? QVariant(static_cast<qint64>(*row.headroomBytes()))
                                   : QVariant(std::numeric_limits<qint64>::max());
    case FileColumn: return text(row.file);
    default: return displayText(row, column);
    }
}

QString RunTableModel::detailsText(const RunRow& row) const
{
    QStringList lines;
    lines << tr("%1%2 — %3")
                 .arg(text(row.kernel), row.core.empty() ? QString() : " " + text(row.core),
                     text(gateStatusText(row, failAbove_)));
    if (row.peakBytes && row.capacityBytes)
        lines << tr("Scope %1: peak %2 of %3 (%4), headroom %5")
                     .arg(text(row.scope), text(formatBytes(*row.peakBytes)), text(formatBytes(*row.capacityBytes)),
                         text(usedText(row)), text(headroomText(row)));
    if (!row.python.empty())
        lines << tr("Most bytes live at the peak: %1").arg(text(row.python));
    if (!row.lever.empty())
        lines << tr("What would fit: %1").arg(text(row.lever));
    if (!row.config.empty())
        lines << tr("Config: %1").arg(text(row.config));
    if (row.versions > 1)
        lines << tr("Version %1 of %2%3")
                     .arg(row.version)
                     .arg(row.versions)
                     .arg(row.change.empty() ? tr(" (the oldest)") : tr(": %1").arg(text(row.change)));
    if (!row.error.empty())
        lines << tr("Error: %1").arg(text(row.error));
    for (const std::string& note : row.notes)
        lines << tr("Note: %1").arg(text(note));
    lines << tr("From the %1 %2")
                 .arg(text(rowSourceKey(row.source)).replace(QLatin1Char('_'), QLatin1Char(' ')), text(row.file));
    return lines.join(QLatin1Char('\n'));
}

QString RunTableModel::toolTip(const RunRow& row) const
{
    QStringList lines{text(row.file)};
    if (!row.error.empty())
        lines << text(row.error);
    if (!row.config.empty())
        lines << tr("Config: %1").arg(text(row.config));
    if (!row.change.empty())
        lines << tr("Since the version before: %1").arg(text(row.change));
    for (const std::string& note : row.notes)
        lines << text(note);
    return lines.join(QLatin1Char('\n'));
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const
{
    const RunRow* row = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!row || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole: return displayText(*row, index.column());
    case SortRole: return sortValue(*row, index.row(), index.column());
    case UsedShareRole: return row->usedPercent() ? QVariant(*row->usedPercent() / 100.0) : QVariant();
    case FailsGateRole: return rowFailsGate(*row, failAbove_);
    case StatusRole: return static_cast<int>(row->status);
    case Qt::ToolTipRole: return toolTip(*row);
    case Qt::TextAlignmentRole:
        if (index.column() == PeakColumn || index.column() == CapacityColumn || index.column() == HeadroomColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() != StatusColumn)
            return {};
        if (row->status == RowStatus::Overflows || row->status == RowStatus::Error)
            return QBrush(TitleBar::verdictColor(PlanVerdict::Overflow));
        if (rowFailsGate(*row, failAbove_))
            return QBrush(QColor(0xc0, 0x6a, 0x00));
        return QBrush(
            TitleBar::verdictColor(row->status == RowStatus::Fits ? PlanVerdict::Fits : PlanVerdict::NotPlanned));
    default: return {};
    }
}

} // namespace memlens
