#include "views/table/block_table_model.hpp"

#include "core/source/mlir_location.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QBrush>
#include <QColor>
#include <QStringList>

#include <algorithm>
#include <unordered_map>

namespace memlens {

namespace {

// Numbers right-aligned, flags centred, text left: cells and headers alike.
QVariant alignmentOf(int column)
{
    switch (column) {
    case BlockTableModel::IdColumn:
    case BlockTableModel::SizeColumn:
    case BlockTableModel::OffsetColumn:
    case BlockTableModel::LifeStartColumn:
    case BlockTableModel::LifeEndColumn:
    case BlockTableModel::OverCapacityColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case BlockTableModel::TempColumn:
    case BlockTableModel::CopiesColumn: return QVariant(Qt::AlignCenter);
    default: return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
}

// Warning colours that read on light and dark palettes alike.
QColor overCapacityBackground() { return style::overCapacityRow(); }
QColor overCapacityForeground() { return style::alarm(); }

} // namespace

BlockTableModel::BlockTableModel(PlanSession* session, QObject* parent)
    : QAbstractTableModel(parent)
    , session_(session)
{
    // documentChanged also covers a capacity change: over-capacity depends on the analysis.
    // A new document is announced twice (documentChanged, then scopeChanged): rebuild once.
    const auto follow = [this] {
        const int scope = session_->hasScope() ? session_->scopeIndex() : -1;
        if (session_->sharedDocument() != document_ || scope != scopeIndex_)
            rebuild();
    };
    connect(session_, &PlanSession::documentChanged, this, follow);
    connect(session_, &PlanSession::scopeChanged, this, follow);
    rebuild();
}

void BlockTableModel::setGrouping(Grouping grouping)
{
    if (grouping == grouping_)
        return;
    const bool copiesBefore = groupCopies();
    grouping_ = grouping;
    rebuild();
    if (copiesBefore != groupCopies())
        emit groupCopiesChanged(groupCopies());
    emit groupingChanged();
}

void BlockTableModel::setGroupCopies(bool group)
{
    if (group != groupCopies())
        setGrouping(group ? Grouping::Copies : Grouping::None);
}

void BlockTableModel::setGroupStorages(bool group)
{
    if (group != groupStorages())
        setGrouping(group ? Grouping::Storage : Grouping::None);
}

const ScopePlan* BlockTableModel::plan() const
{
    if (!document_ || scopeIndex_ < 0 || scopeIndex_ >= static_cast<int>(document_->dump.scopes.size()))
        return nullptr;
    return &document_->dump.scopes[static_cast<std::size_t>(scopeIndex_)];
}

const PlanAnalysis* BlockTableModel::analysis() const
{
    if (!plan() || scopeIndex_ >= static_cast<int>(document_->analyses.size()))
        return nullptr;
    return &document_->analyses[static_cast<std::size_t>(scopeIndex_)];
}

void BlockTableModel::rebuild()
{
    beginResetModel();
    document_ = session_->sharedDocument();
    scopeIndex_ = session_->hasScope() ? session_->scopeIndex() : -1;
    rows_.clear();
    rowOfBlock_.clear();
    shortLocations_.clear();
    searchKeys_.clear();
    if (const ScopePlan* scope = plan()) {
        shortLocations_.reserve(scope->buffers.size());
        // Buffers of one location share its text: each distinct one is read once (a QString copy is shared).
        std::unordered_map<const std::string*, QString> shortOf;
        for (const Buffer& buffer : scope->buffers) {
            const auto [it, added] = shortOf.try_emplace(buffer.sourceLocation.get());
            if (added)
                it->second = shortLocationText(buffer.location());
            shortLocations_.push_back(it->second);
        }
        rowOfBlock_.assign(scope->blocks.size(), -1);
        // The group a block joins: its buffer, its storage, or none.
        const PlanAnalysis* info = analysis();
        const bool byStorage = groupStorages() && info && info->storages.storageOfBlock.size() == scope->blocks.size();
        std::vector<int> rowOfGroup(byStorage ? info->storages.count() : scope->buffers.size(), -1);
        for (std::size_t i = 0; i < scope->blocks.size(); ++i) {
            const int buffer = scope->blocks[i].bufferIndex;
            const int group = byStorage ? info->storageOf(static_cast<int>(i)) : groupCopies() ? buffer : -1;
            int row = -1;
            if (group >= 0 && group < static_cast<int>(rowOfGroup.size()))
                row = rowOfGroup[static_cast<std::size_t>(group)];
            if (row < 0) {
                row = static_cast<int>(rows_.size());
                rows_.push_back(Row{buffer, {}});
                if (group >= 0 && group < static_cast<int>(rowOfGroup.size()))
                    rowOfGroup[static_cast<std::size_t>(group)] = row;
            }
            rows_[static_cast<std::size_t>(row)].blocks.push_back(static_cast<int>(i));
            rowOfBlock_[i] = row;
        }
        for (Row& row : rows_)
            row.overshoot = overshootOf(row);
    }
    endResetModel();
}

int BlockTableModel::rowOfBlock(int blockIndex) const
{
    if (blockIndex < 0 || blockIndex >= static_cast<int>(rowOfBlock_.size()))
        return -1;
    return rowOfBlock_[static_cast<std::size_t>(blockIndex)];
}

int BlockTableModel::blockIndexAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(rows_.size()))
        return -1;
    return rows_[static_cast<std::size_t>(row)].blocks.front();
}

std::vector<int> BlockTableModel::blocksAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(rows_.size()))
        return {};
    return rows_[static_cast<std::size_t>(row)].blocks;
}

QString BlockTableModel::rowNoun(int count) const
{
    if (groupCopies())
        return count == 1 ? tr("buffer") : tr("buffers");
    if (groupStorages())
        return count == 1 ? tr("storage") : tr("storages");
    return count == 1 ? tr("block") : tr("blocks");
}

QModelIndex BlockTableModel::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || column >= ColumnCount || row >= static_cast<int>(rows_.size()))
        return {};
    return createIndex(row, column);
}

int BlockTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int BlockTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::uint64_t BlockTableModel::totalSizeOf(const Row& row) const
{
    std::uint64_t total = 0;
    for (const int index : row.blocks)
        total += plan()->blocks[static_cast<std::size_t>(index)].size;
    return total;
}

std::uint64_t BlockTableModel::overshootOf(const Row& row) const
{
    const PlanAnalysis* info = analysis();
    if (!info)
        return 0;
    std::uint64_t overshoot = 0;
    for (const int index : row.blocks) {
        const Block& block = plan()->blocks[static_cast<std::size_t>(index)];
        if (info->isOverCapacity(block))
            overshoot = std::max(overshoot, block.addressEnd() - info->capacity.bytes);
    }
    return overshoot;
}

QVariant BlockTableModel::displayData(const Row& row, int column) const
{
    const ScopePlan& scope = *plan();
    const Buffer& buffer = scope.buffers[static_cast<std::size_t>(row.buffer)];
    const Block& first = scope.blocks[static_cast<std::size_t>(row.blocks.front())];
    const bool grouped = row.blocks.size() > 1 || groupCopies();
    switch (column) {
    case IdColumn: return buffer.id;
    case BufferColumn:
        if (groupStorages() && row.blocks.size() > 1)
            return toQString(buffer.ssaName) + QStringLiteral(" \u00b7 ") + inPlaceMark(row.blocks.size());
        return toQString(buffer.ssaName);
    case StorageColumn: return storageOfRow(row);
    case TypeColumn: return bufferTypeText(buffer);
    case SizeColumn:
        // A row of copies is its buffer: the bytes of every copy, as they are sorted.
        if (groupCopies() && row.blocks.size() > 1)
            return tr("%1 (%2 \u00d7 %3)")
                .arg(bytesText(totalSizeOf(row)))
                .arg(row.blocks.size())
                .arg(bytesText(first.size));
        return bytesText(first.size);
    case OffsetColumn:
    case AddressColumn: {
        QStringList parts;
        // The blocks of a storage share their addresses: say them once.
        const std::vector<int> shown = groupStorages() ? std::vector<int>{row.blocks.front()} : row.blocks;
        for (const int index : shown) {
            const Block& block = scope.blocks[static_cast<std::size_t>(index)];
            parts << (column == OffsetColumn ? QString::number(block.offset)
                                             : QStringLiteral("[%1, %2)").arg(block.offset).arg(block.addressEnd()));
        }
        return parts.join(QStringLiteral(", "));
    }
    case LifeStartColumn: return static_cast<qlonglong>(first.start);
    case LifeEndColumn: return static_cast<qlonglong>(first.end);
    case TempColumn: return first.tmp ? QStringLiteral("\u2713") : QString();
    case CopiesColumn: {
        const auto copies = static_cast<int>(buffer.offsets.size());
        if (grouped)
            return QString::number(row.blocks.size());
        return QStringLiteral("%1/%2").arg(first.copy + 1).arg(std::max(copies, 1));
    }
    case OverCapacityColumn: {
        return row.overshoot > 0 ? QStringLiteral("+") + bytesText(row.overshoot) : QString();
    }
    case LocationColumn:
        return row.buffer < static_cast<int>(shortLocations_.size())
            ? shortLocations_[static_cast<std::size_t>(row.buffer)]
            : QString();
    default: break;
    }
    return {};
}

QVariant BlockTableModel::sortData(const Row& row, int column) const
{
    const ScopePlan& scope = *plan();
    const Buffer& buffer = scope.buffers[static_cast<std::size_t>(row.buffer)];
    const Block& first = scope.blocks[static_cast<std::size_t>(row.blocks.front())];
    switch (column) {
    case IdColumn:
        // File order: buffer id, then copy.
        return static_cast<qlonglong>(row.blocks.front());
    case BufferColumn: return toQString(buffer.ssaName);
    case TypeColumn: return bufferTypeText(buffer);
    case SizeColumn: return static_cast<qulonglong>(groupCopies() ? totalSizeOf(row) : first.size);
    case OffsetColumn: return static_cast<qulonglong>(first.offset);
    case AddressColumn: {
        std::uint64_t end = 0;
        for (const int index : row.blocks)
            end = std::max(end, scope.blocks[static_cast<std::size_t>(index)].addressEnd());
        return static_cast<qulonglong>(end);
    }
    case LifeStartColumn: return static_cast<qlonglong>(first.start);
    case LifeEndColumn: return static_cast<qlonglong>(first.end);
    case TempColumn: return static_cast<qlonglong>(first.tmp ? 1 : 0);
    case CopiesColumn: return static_cast<qlonglong>(groupCopies() ? static_cast<int>(row.blocks.size()) : first.copy);
    case StorageColumn: return static_cast<qlonglong>(storageOfRow(row));
    case OverCapacityColumn: return static_cast<qulonglong>(row.overshoot);
    case LocationColumn: return displayData(row, LocationColumn);
    default: break;
    }
    return {};
}

int BlockTableModel::storageOfRow(const Row& row) const
{
    const PlanAnalysis* info = analysis();
    const int block = row.blocks.front();
    if (!info || static_cast<std::size_t>(block) >= info->storages.storageOfBlock.size())
        return -1;
    return info->storageOf(block);
}

QString BlockTableModel::toolTipOf(const Row& row) const
{
    const ScopePlan& scope = *plan();
    const Buffer& buffer = scope.buffers[static_cast<std::size_t>(row.buffer)];
    const Block& first = scope.blocks[static_cast<std::size_t>(row.blocks.front())];
    QString html = QStringLiteral("<qt><b>%1</b>").arg(toQString(buffer.ssaName).toHtmlEscaped());
    const auto copies = buffer.offsets.size();
    if (row.blocks.size() > 1)
        html += tr(" &mdash; %1 copies, %2 in total")
                    .arg(row.blocks.size())
                    .arg(bytesText(first.size * row.blocks.size()));
    else if (copies > 1)
        html += tr(" &mdash; copy %1 of %2").arg(first.copy + 1).arg(copies);
    html += QStringLiteral("<br><code>%1</code>").arg(toQString(buffer.bufferText()).toHtmlEscaped());
    html += tr("<br>Life [%1, %2] &middot; %3").arg(first.start).arg(first.end).arg(bytesText(first.size));
    if (const std::uint64_t overshoot = row.overshoot; overshoot > 0)
        html += tr("<br><span style='color:%1'>%2 above the %3 capacity</span>")
                    .arg(style::css(style::alarm()), bytesText(overshoot), bytesText(analysis()->capacity.bytes));
    if (!buffer.location().empty())
        html += tr("<br>Location: <code>%1</code>").arg(toQString(buffer.location()).toHtmlEscaped());
    if (const PlanAnalysis* info = analysis();
        info && storageOfRow(row) >= 0 && info->storageSizeOf(row.blocks.front()) > 1) {
        const auto members
            = storageMembers(document_.get(), static_cast<std::size_t>(scopeIndex_), scope, *info, row.blocks.front());
        html += QStringLiteral("<br>%1 (storage %2):<br>")
                    .arg(inPlaceMark(members.size()).toHtmlEscaped())
                    .arg(storageOfRow(row));
        html += storageMemberLines(members, true).join(QStringLiteral("<br>"));
    }
    html += QStringLiteral("</qt>");
    return html;
}

QString BlockTableModel::filterTextOf(const Row& row) const
{
    const Buffer& buffer = plan()->buffers[static_cast<std::size_t>(row.buffer)];
    return QStringList{toQString(buffer.ssaName), bufferTypeText(buffer), toQString(buffer.memrefType()),
        toQString(buffer.location()), displayData(row, LocationColumn).toString()}
        .join(QLatin1Char('\n'));
}

std::int64_t BlockTableModel::rowLifeStart(int row) const
{
    return plan()->blocks[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].blocks.front())].start;
}

std::int64_t BlockTableModel::rowLifeEnd(int row) const
{
    return plan()->blocks[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].blocks.front())].end;
}

const QString& BlockTableModel::searchKey(int row) const
{
    // The text depends on the buffer only: one key per buffer, made when a filter first needs it.
    if (searchKeys_.empty() && plan()) {
        searchKeys_.resize(plan()->buffers.size());
        std::vector<char> made(searchKeys_.size(), 0);
        for (const Row& r : rows_) {
            const auto buffer = static_cast<std::size_t>(r.buffer);
            if (!made[buffer]) {
                searchKeys_[buffer] = filterTextOf(r).toCaseFolded();
                made[buffer] = 1;
            }
        }
    }
    return searchKeys_[static_cast<std::size_t>(rows_[static_cast<std::size_t>(row)].buffer)];
}

QVariant BlockTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !plan())
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return displayData(row, column);
    case Qt::ToolTipRole: return toolTipOf(row);
    case Qt::TextAlignmentRole: return alignmentOf(column);
    case Qt::BackgroundRole:
        if (row.overshoot > 0)
            return QBrush(overCapacityBackground());
        return {};
    case Qt::ForegroundRole:
        if (column == OverCapacityColumn && row.overshoot > 0)
            return QBrush(overCapacityForeground());
        return {};
    case SortRole: return sortData(row, column);
    case BlockIndexRole: return row.blocks.front();
    case OverCapacityRole: return row.overshoot > 0;
    case LifeStartRole:
        return static_cast<qlonglong>(plan()->blocks[static_cast<std::size_t>(row.blocks.front())].start);
    case LifeEndRole: return static_cast<qlonglong>(plan()->blocks[static_cast<std::size_t>(row.blocks.front())].end);
    case FilterTextRole: return filterTextOf(row);
    default: break;
    }
    return {};
}

QVariant BlockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case IdColumn: return QStringLiteral("#");
        case BufferColumn: return tr("Buffer");
        case TypeColumn: return tr("Type");
        case SizeColumn: return tr("Size");
        case OffsetColumn: return groupCopies() ? tr("Offsets") : tr("Offset");
        case StorageColumn: return tr("Storage");
        case AddressColumn: return tr("Address range");
        case LifeStartColumn: return tr("Life start");
        case LifeEndColumn: return tr("Life end");
        case TempColumn: return tr("Temp");
        case CopiesColumn: return groupCopies() ? tr("Copies") : groupStorages() ? tr("Blocks") : tr("Copy");
        case OverCapacityColumn: return tr("Over capacity");
        case LocationColumn: return tr("Location");
        default: break;
        }
    } else if (role == Qt::TextAlignmentRole) {
        return alignmentOf(section);
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case IdColumn:
            return tr("The buffer's place in the dump's file order, which its copies share; not the SSA suffix "
                      "(%alloc_3 may be #4): the Buffer column names it");
        case BufferColumn: return tr("SSA name of the allocation");
        case TypeColumn: return tr("Shape and element type of the memref");
        case SizeColumn:
            return groupCopies() ? tr("Bytes of all the buffer's copies (copies x size of one); sorts by that")
                                 : tr("Size of one copy (the dump's extent in bits, rounded up to bytes)");
        case OffsetColumn: return tr("Start address in bytes, as planned by the compiler");
        case AddressColumn: return tr("Bytes [offset, offset + size) the block occupies; sorts by its end");
        case LifeStartColumn:
            return tr("First op of the Life, a position in the planner's op sequence (not an IR line)");
        case LifeEndColumn: return tr("Last op of the Life (inclusive)");
        case TempColumn: return tr("Temporary buffer an op needs internally");
        case CopiesColumn:
            return groupCopies() ? tr("Number of copies (multi-buffering)") : tr("Copy k of n (multi-buffering)");
        case StorageColumn:
            return tr("Storage number: buffers merged in place (identical offset, size and Life) share it");
        case OverCapacityColumn:
            return groupCopies() ? tr("How far the buffer's highest copy ends above the scope's capacity")
                                 : tr("How far the block ends above the scope's capacity");
        case LocationColumn: return tr("Where the allocating op comes from (the dump's source_location)");
        default: break;
        }
    }
    return {};
}

} // namespace memlens
