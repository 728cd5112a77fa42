#include "views/compare/diff_table_model.hpp"

#include "core/diff/diff_report.hpp"
#include "core/document/plan_document.hpp"
#include "core/source/mlir_location.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QColor>

namespace memlens {

namespace {

QString lifeText(const Buffer* buffer)
{
    return buffer ? QStringLiteral("[%1, %2]").arg(buffer->lifeStart).arg(buffer->lifeEnd) : QStringLiteral("\u2013");
}

QString offsetsText(const Buffer* buffer)
{
    if (!buffer)
        return QStringLiteral("\u2013");
    QStringList offsets;
    for (std::uint64_t offset : buffer->offsets)
        offsets << QString::number(offset);
    return offsets.join(QStringLiteral(", "));
}

const SourceFrame* pythonOf(const PlanDocument* document, int scope, int buffer)
{
    if (!document || scope < 0 || buffer < 0 || static_cast<std::size_t>(scope) >= document->sources.size())
        return nullptr;
    const auto& sources = document->sources[static_cast<std::size_t>(scope)];
    if (static_cast<std::size_t>(buffer) >= sources.size() || !sources[static_cast<std::size_t>(buffer)].python)
        return nullptr;
    return &*sources[static_cast<std::size_t>(buffer)].python;
}

} // namespace

DiffTableModel::DiffTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DiffTableModel::setScope(std::shared_ptr<const PlanDocument> a, std::shared_ptr<const PlanDocument> b,
    std::shared_ptr<const PlanDiff> diff, int scope)
{
    beginResetModel();
    a_ = std::move(a);
    b_ = std::move(b);
    diff_ = std::move(diff);
    scope_ = diff_ && scope >= 0 && scope < static_cast<int>(diff_->scopes.size()) ? scope : -1;
    endResetModel();
}

const ScopeDiff* DiffTableModel::scopeDiff() const
{
    return scope_ >= 0 ? &diff_->scopes[static_cast<std::size_t>(scope_)] : nullptr;
}

const BufferPair* DiffTableModel::pairAt(int row) const
{
    const ScopeDiff* scope = scopeDiff();
    if (!scope || row < 0 || row >= static_cast<int>(scope->pairs.size()))
        return nullptr;
    return &scope->pairs[static_cast<std::size_t>(row)];
}

const Buffer* DiffTableModel::bufferA(int row) const
{
    const BufferPair* pair = pairAt(row);
    if (!pair || pair->a < 0)
        return nullptr;
    return &a_->dump.scopes[static_cast<std::size_t>(scopeDiff()->a)].buffers[static_cast<std::size_t>(pair->a)];
}

const Buffer* DiffTableModel::bufferB(int row) const
{
    const BufferPair* pair = pairAt(row);
    if (!pair || pair->b < 0)
        return nullptr;
    return &b_->dump.scopes[static_cast<std::size_t>(scopeDiff()->b)].buffers[static_cast<std::size_t>(pair->b)];
}

int DiffTableModel::rowCount(const QModelIndex& parent) const
{
    const ScopeDiff* scope = scopeDiff();
    return parent.isValid() || !scope ? 0 : static_cast<int>(scope->pairs.size());
}

int DiffTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QColor DiffTableModel::changeColor(BufferChange change)
{
    switch (change) {
    case BufferChange::Grown: return style::changeGrown();
    case BufferChange::Shrunk: return style::changeShrunk();
    case BufferChange::Moved: return style::changeMoved();
    case BufferChange::Added: return style::changeAdded();
    case BufferChange::Removed: return style::changeRemoved();
    case BufferChange::Same: break;
    }
    return {};
}

QString DiffTableModel::pythonText(int row) const
{
    const BufferPair* pair = pairAt(row);
    const SourceFrame* a = pythonOf(a_.get(), scopeDiff()->a, pair->a);
    const SourceFrame* b = pythonOf(b_.get(), scopeDiff()->b, pair->b);
    const QString textA = a ? toQString(formatFrame(*a)) : QString();
    const QString textB = b ? toQString(formatFrame(*b)) : QString();
    if (textA.isEmpty() || textB.isEmpty() || textA == textB)
        return textA.isEmpty() ? (textB.isEmpty() ? QStringLiteral("\u2013") : textB) : textA;
    return textA + QStringLiteral(" \u2192 ") + textB;
}

bool DiffTableModel::samePython(int row) const
{
    const BufferPair* pair = pairAt(row);
    if (!pair || !scopeDiff())
        return false;
    const SourceFrame* a = pythonOf(a_.get(), scopeDiff()->a, pair->a);
    const SourceFrame* b = pythonOf(b_.get(), scopeDiff()->b, pair->b);
    return a && b && formatFrame(*a) == formatFrame(*b);
}

QVariant DiffTableModel::display(int row, int column) const
{
    const BufferPair* pair = pairAt(row);
    const Buffer* a = bufferA(row);
    const Buffer* b = bufferB(row);
    const QString none = QStringLiteral("\u2013");
    switch (column) {
    case BufferColumn:
        if (a && b && a->ssaName != b->ssaName)
            return toQString(a->ssaName) + QStringLiteral(" \u2192 ") + toQString(b->ssaName);
        return toQString((a ? a : b)->ssaName);
    case ChangeColumn: return QString::fromLatin1(bufferChangeKey(pair->change));
    case RatioColumn: return pair->sizeRatio ? toQString(formatRatio(*pair->sizeRatio)) : none;
    case SizeAColumn: return a ? bytesText(a->sizeBytes) : none;
    case SizeBColumn: return b ? bytesText(b->sizeBytes) : none;
    case CopiesColumn:
        if (a && b && a->offsets.size() != b->offsets.size())
            return QStringLiteral("%1 \u2192 %2").arg(a->offsets.size()).arg(b->offsets.size());
        return QString::number((a ? a : b)->offsets.size());
    case PythonColumn: return pythonText(row);
    case LifeAColumn: return lifeText(a);
    case LifeBColumn: return lifeText(b);
    case OffsetsAColumn: return offsetsText(a);
    case OffsetsBColumn: return offsetsText(b);
    case MatchedByColumn: return pair->matchedBy ? QString::fromLatin1(bufferMatchKey(*pair->matchedBy)) : none;
    default: return {};
    }
}

QVariant DiffTableModel::sortValue(int row, int column) const
{
    const BufferPair* pair = pairAt(row);
    const Buffer* a = bufferA(row);
    const Buffer* b = bufferB(row);
    switch (column) {
    case RatioColumn: return pair->sizeRatio ? *pair->sizeRatio : -1.0;
    case SizeAColumn: return a ? static_cast<qulonglong>(a->sizeBytes) : 0ull;
    case SizeBColumn: return b ? static_cast<qulonglong>(b->sizeBytes) : 0ull;
    case CopiesColumn: return static_cast<qulonglong>((b ? b : a)->offsets.size());
    case LifeAColumn: return a ? static_cast<qlonglong>(a->lifeStart) : -1ll;
    case LifeBColumn: return b ? static_cast<qlonglong>(b->lifeStart) : -1ll;
    case OffsetsAColumn: return a && !a->offsets.empty() ? static_cast<qulonglong>(a->offsets.front()) : 0ull;
    case OffsetsBColumn: return b && !b->offsets.empty() ? static_cast<qulonglong>(b->offsets.front()) : 0ull;
    case BufferColumn: return row; // file order
    default: return display(row, column);
    }
}

QVariant DiffTableModel::data(const QModelIndex& index, int role) const
{
    const BufferPair* pair = index.isValid() ? pairAt(index.row()) : nullptr;
    if (!pair)
        return {};
    switch (role) {
    case Qt::DisplayRole: return display(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == PythonColumn || index.column() == BufferColumn)
            return display(index.row(), index.column());
        return {};
    case Qt::BackgroundRole:
        if (const QColor color = changeColor(pair->change); color.isValid() && index.column() == ChangeColumn)
            return color;
        return {};
    case Qt::ForegroundRole:
        if (changeColor(pair->change).isValid() && index.column() == ChangeColumn)
            return style::black(); // the tint is light in both themes
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case RatioColumn:
        case SizeAColumn:
        case SizeBColumn:
        case CopiesColumn: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case SortRole: return sortValue(index.row(), index.column());
    case PairIndexRole: return index.row();
    default: return {};
    }
}

QVariant DiffTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const titles[] = {"Buffer", "Change", "B / A", "Size A", "Size B", "Copies", "Python", "Life A",
        "Life B", "Offsets A", "Offsets B", "Matched by"};
    return section >= 0 && section < ColumnCount ? tr(titles[section]) : QVariant();
}

} // namespace memlens
