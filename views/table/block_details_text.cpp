#include "views/table/block_details_text.hpp"

#include "core/analysis/capacity.hpp"
#include "core/analysis/plan_analysis.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_document.hpp"
#include "views/storage_text.hpp"
#include "views/view_text.hpp"

#include <QObject>

namespace memlens {

namespace {

QString lifeDetailOf(const PlanDocument* document, const Buffer& buffer, const Block& block)
{
    const std::int64_t span = block.end - block.start + 1;
    QString detail = QObject::tr("alloc at %1, last use at %2").arg(buffer.allocTime).arg(block.end);
    detail
        += QStringLiteral(" \u00b7 ") + (span == 1 ? QObject::tr("spans 1 op") : QObject::tr("spans %1 ops").arg(span));
    if (buffer.allocTime != block.start)
        detail += QObject::tr(" \u00b7 first write at %1").arg(block.start);
    // With a compile log the two ends are ops of the late IR, with their Python lines.
    if (const std::string ops = lifeOpsText(document ? document->log.get() : nullptr, block.start, block.end);
        !ops.empty())
        detail = toQString(ops) + QStringLiteral("\n") + detail;
    return detail;
}

QString typeOf(const Buffer& buffer)
{
    QString type = bufferTypeText(buffer);
    if (buffer.elementType().empty())
        return type;
    QStringList dims;
    for (const std::int64_t dim : buffer.shape())
        dims << (dim < 0 ? QStringLiteral("?") : QString::number(dim));
    return type
        + (dims.isEmpty() ? QObject::tr(" (%1, scalar)").arg(toQString(buffer.elementType()))
                          : QObject::tr(" (%1, shape %2)")
                                .arg(toQString(buffer.elementType()), dims.join(QStringLiteral(" \u00d7 "))));
}

// For a buffer of several copies: how many end above capacity and the furthest excess.
QString copiesOverCapacity(const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block)
{
    std::size_t copies = 0;
    std::size_t over = 0;
    std::uint64_t furthest = 0;
    for (const Block& other : scope.blocks) {
        if (other.bufferIndex != block.bufferIndex)
            continue;
        ++copies;
        if (analysis.isOverCapacity(other)) {
            ++over;
            furthest = std::max(furthest, other.addressEnd() - analysis.capacity.bytes);
        }
    }
    if (over == 0)
        return QObject::tr("none of the buffer's %1 copies ends above it").arg(copies);
    return QObject::tr("%1 of the buffer's %2 copies end above it, the furthest by %3")
        .arg(over)
        .arg(copies)
        .arg(bytesText(furthest));
}

QString overCapacityOf(const ScopePlan& scope, const PlanAnalysis* analysis, const Buffer& buffer, const Block& block)
{
    if (!analysis || analysis->capacity.bytes == 0)
        return QObject::tr("unknown (no capacity)");
    const std::uint64_t capacity = analysis->capacity.bytes;
    const QString capacityText = analysis->capacity.source == CapacitySource::Default
        ? QObject::tr("capacity %1 (default)").arg(bytesText(capacity))
        : QObject::tr("capacity %1 %2").arg(bytesText(capacity), toQString(describeCapacitySource(analysis->capacity)));
    QString text = analysis->isOverCapacity(block)
        ? QObject::tr("by %1: ends at %2, %3")
              .arg(bytesText(block.addressEnd() - capacity), bytesText(block.addressEnd()), capacityText)
        : QObject::tr("no: ends at %1, %2 below the %3")
              .arg(bytesText(block.addressEnd()), bytesText(capacity - block.addressEnd()), capacityText);
    // The table's grouped row speaks for the whole buffer: say the same here.
    if (buffer.offsets.size() > 1)
        text += QObject::tr("; ") + copiesOverCapacity(scope, *analysis, block);
    return text;
}

} // namespace

BlockDetailsText blockDetailsText(
    const PlanDocument* document, int scopeIndex, const ScopePlan& scope, const PlanAnalysis* analysis, int block)
{
    const Block& shown = scope.blocks[static_cast<std::size_t>(block)];
    const Buffer& buffer = scope.bufferOf(shown);
    BlockDetailsText text;
    text.name = toQString(buffer.ssaName);
    QStringList context{toQString(scope.scope)};
    context << QObject::tr("block %1 of %2").arg(block + 1).arg(scope.blocks.size());
    context << QObject::tr("#%1 in file order").arg(buffer.id); // the table's "#", not the SSA suffix
    if (buffer.offsets.size() > 1)
        context << QObject::tr("copy %1 of %2").arg(shown.copy + 1).arg(buffer.offsets.size());
    text.context = context.join(QStringLiteral(" \u00b7 "));
    text.life = QObject::tr("Life [%1, %2]").arg(shown.start).arg(shown.end);
    text.lifeDetail = lifeDetailOf(document, buffer, shown);
    text.size = QObject::tr("%1 B (%2)").arg(shown.size).arg(bytesText(shown.size));
    text.address = QStringLiteral("[%1, %2)").arg(shown.offset).arg(shown.addressEnd());
    const auto copies = buffer.offsets.size();
    for (std::size_t i = 0; i < copies; ++i)
        text.offsets << QObject::tr("%1 (copy %2 of %3)").arg(buffer.offsets[i]).arg(i + 1).arg(copies);
    if (copies > 1)
        text.offsetsTip = QObject::tr("Multi-buffering: %1 copies cost %2 in total")
                              .arg(copies)
                              .arg(bytesText(shown.size * copies));
    text.type = typeOf(buffer);
    text.typeTip = toQString(buffer.memrefType());
    text.temp = shown.tmp ? QObject::tr("yes: scratch buffer an op needs internally") : QObject::tr("no");
    text.overCapacity = overCapacityOf(scope, analysis, buffer, shown);
    text.overCapacityAlarm = analysis && analysis->capacity.bytes > 0 && analysis->isOverCapacity(shown);
    const QString shortLocation = shortLocationText(buffer.location());
    text.location = shortLocation.isEmpty() ? QObject::tr("none") : shortLocation;
    text.storage = blockStorageText(document, scopeIndex, scope, analysis, block, false);
    text.rawBuffer = toQString(buffer.bufferText());
    text.rawLocation = toQString(buffer.location());
    return text;
}

QString blockStorageText(const PlanDocument* document, int scopeIndex, const ScopePlan& scope,
    const PlanAnalysis* analysis, int block, bool html)
{
    if (!analysis || static_cast<std::size_t>(block) >= analysis->storages.storageOfBlock.size())
        return {};
    const auto members = storageMembers(document, static_cast<std::size_t>(scopeIndex), scope, *analysis, block);
    QString head = QObject::tr("storage %1").arg(analysis->storageOf(block));
    if (members.size() < 2)
        head += QObject::tr(" (this block alone)");
    else
        head += QStringLiteral(" \u00b7 ") + inPlaceMark(members.size()) + QObject::tr(", its bytes counted once");
    if (!html)
        return (QStringList{head} + (members.size() < 2 ? QStringList() : storageMemberLines(members, false)))
            .join(QLatin1Char('\n'));
    return (QStringList{head.toHtmlEscaped()}
        + (members.size() < 2 ? QStringList() : storageMemberLines(members, true, true)))
        .join(QStringLiteral("<br>"));
}

QString blockSummaryText(const BlockDetailsText& details, const ScopePlan& scope, const PlanDocument* document)
{
    QStringList lines;
    QString heading = details.name;
    if (document)
        heading += QObject::tr(" (scope %1, kernel %2)")
                       .arg(toQString(scope.scope),
                           document->dump.kernel.empty() ? QObject::tr("unnamed") : toQString(document->dump.kernel));
    lines << heading;
    lines << details.life + QStringLiteral(": ") + details.lifeDetail;
    lines << QObject::tr("Size: %1").arg(details.size);
    lines << QObject::tr("Address range: %1").arg(details.address);
    lines << QObject::tr("Offsets: %1").arg(details.offsetsLine());
    lines << QObject::tr("Type: %1").arg(details.type);
    lines << QObject::tr("Temporary: %1").arg(details.temp);
    lines << QObject::tr("Over capacity: %1").arg(details.overCapacity);
    lines << QObject::tr("Location: %1").arg(details.location);
    lines << QObject::tr("Storage: %1").arg(details.storage);
    lines << QObject::tr("Buffer: %1").arg(details.rawBuffer);
    lines << QObject::tr("Source location: %1").arg(details.rawLocation);
    if (document)
        lines << QObject::tr("Dump: %1").arg(toQString(document->dump.file));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString detailsHint(bool haveScope)
{
    return haveScope ? QObject::tr("Click a block in the chart or a row in the table")
                     : QObject::tr("Open a memory plan dump to see its blocks");
}

} // namespace memlens
