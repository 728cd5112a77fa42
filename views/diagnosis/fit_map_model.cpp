#include "views/diagnosis/fit_map_model.hpp"

#include "core/diagnosis/fit_map_text.hpp"
#include "core/text/byte_size.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QColor>
#include <QFont>

#include <algorithm>

namespace memlens {

namespace {

// Green for headroom (paler as it shrinks), red past the capacity.
QColor headroomColour(std::uint64_t required, std::uint64_t capacity)
{
    if (capacity == 0)
        return {};
    const double share = static_cast<double>(required) / static_cast<double>(capacity);
    if (share > 1.0)
        return QColor::fromHsv(0, static_cast<int>(std::min(1.0, 0.25 + (share - 1.0)) * 255), 235);
    return QColor::fromHsv(120, static_cast<int>((0.15 + 0.6 * (1.0 - share)) * 255), 235);
}

QString howText(const FitCell& cell) { return QString::fromLatin1(planMethodName(cell.how)); }

QString cellText(const FitCell& cell)
{
    QString text = cell.decided ? bytesText(cell.requiredBytes) + (cell.frontier ? QStringLiteral(" *") : QString())
                                : FitMapModel::tr("not decided");
    if (cell.compiled)
        text += QStringLiteral("\n") + FitMapModel::tr("compiled %1").arg(bytesText(cell.compiled->requiredBytes));
    return text;
}

QString cellTip(const FitMap& map, const FitCell& cell)
{
    const QString config = toQString(configText(map, cell));
    QString tip = cell.decided
        ? config + QLatin1Char('\n')
            + FitMapModel::tr("%1 %2 (%3 bytes), %4")
                  .arg(howText(cell), bytesText(cell.requiredBytes))
                  .arg(cell.requiredBytes)
                  .arg(cell.fits ? FitMapModel::tr("fits") : FitMapModel::tr("does not fit"))
        // The re-plan's search stopped at its budget: whether it fits is not known.
        : config + QLatin1Char('\n') + howText(cell) + QStringLiteral(": ") + toQString(cell.undecided);
    if (cell.compiled)
        tip += QLatin1Char('\n')
            + FitMapModel::tr("compiled %1 (%2 bytes) in %3: the prediction is %4")
                  .arg(bytesText(cell.compiled->requiredBytes))
                  .arg(cell.compiled->requiredBytes)
                  .arg(toQString(cell.compiled->file),
                      toQString(predictionErrorText(cell.requiredBytes, cell.compiled->requiredBytes)));
    if (const std::string why = singleBufferingCostsMoreText(map, cell); !why.empty())
        tip += QLatin1Char('\n') + toQString(why);
    if (cell.today)
        tip += QLatin1Char('\n') + FitMapModel::tr("today's config");
    return tip;
}

} // namespace

FitMapModel::FitMapModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FitMapModel::clear() { setMap(FitMap{}); }

void FitMapModel::setMap(FitMap map)
{
    beginResetModel();
    map_ = std::move(map);
    rows_.clear();
    columns_.clear();
    rowLabels_.clear();
    columnLabels_.clear();
    cells_.clear();
    if (!map_.empty()) {
        rows_ = map_.dims.empty() ? std::vector<std::int64_t>{0} : map_.dims[0].values;
        std::reverse(rows_.begin(), rows_.end());
        const std::vector<std::int64_t> seconds
            = map_.dims.size() > 1 ? map_.dims[1].values : std::vector<std::int64_t>{0};
        std::vector<std::optional<bool>> settings{std::nullopt};
        if (!map_.multibuffer.empty())
            settings = {true, false};
        for (const std::optional<bool> multibuffer : settings)
            for (const std::int64_t second : seconds) {
                QString label = map_.dims.size() > 1
                    ? toQString(map_.dims[1].label()) + QLatin1Char('=') + QString::number(second)
                    : tr("needs");
                if (multibuffer)
                    label += *multibuffer ? tr("\nmultibuffer on") : tr("\nmultibuffer off");
                columnLabels_ << label;
                columns_.emplace_back(second, multibuffer);
            }
        for (const std::int64_t row : rows_) {
            rowLabels_ << (map_.dims.empty()
                    ? QStringLiteral("-")
                    : toQString(map_.dims[0].label()) + QLatin1Char('=') + QString::number(row));
            cells_.emplace_back();
            for (const auto& [second, multibuffer] : columns_) {
                std::vector<std::int64_t> values;
                if (!map_.dims.empty())
                    values.push_back(row);
                if (map_.dims.size() > 1)
                    values.push_back(second);
                const FitCell* cell = map_.find(values, multibuffer);
                cells_.back().push_back(cell ? static_cast<int>(cell - map_.cells.data()) : -1);
            }
        }
    }
    endResetModel();
}

const FitCell* FitMapModel::cellAt(int row, int column) const
{
    if (row < 0 || column < 0 || static_cast<std::size_t>(row) >= cells_.size()
        || static_cast<std::size_t>(column) >= cells_[static_cast<std::size_t>(row)].size())
        return nullptr;
    const int index = cells_[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
    return index < 0 ? nullptr : &map_.cells[static_cast<std::size_t>(index)];
}

int FitMapModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FitMapModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant FitMapModel::data(const QModelIndex& index, int role) const
{
    const FitCell* cell = index.isValid() ? cellAt(index.row(), index.column()) : nullptr;
    if (!cell)
        return {};
    switch (role) {
    case Qt::DisplayRole: return cellText(*cell);
    case Qt::ToolTipRole: return cellTip(map_, *cell);
    case Qt::BackgroundRole:
        return cell->decided ? headroomColour(cell->requiredBytes, map_.capacityBytes) : style::undecidedCell();
    case Qt::ForegroundRole: return style::black();
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
    case Qt::FontRole:
        if (cell->today) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case TodayRole: return cell->today;
    case RequiredBytesRole: return static_cast<qulonglong>(cell->requiredBytes);
    default: return {};
    }
}

QVariant FitMapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    const QStringList& labels = orientation == Qt::Horizontal ? columnLabels_ : rowLabels_;
    return section < labels.size() ? QVariant(labels[section]) : QVariant();
}

} // namespace memlens
