#include "views/storage_text.hpp"

#include "core/document/plan_document.hpp"
#include "views/view_text.hpp"

#include <algorithm>
#include <filesystem>

namespace memlens {

QString inPlaceMark(std::size_t blockCount)
{
    return blockCount > 1 ? QStringLiteral("\u00d7%1 in place").arg(blockCount) : QString();
}

std::vector<StorageMember> storageMembers(const PlanDocument* document, std::size_t scopeIndex, const ScopePlan& scope,
    const PlanAnalysis& analysis, int block)
{
    std::vector<StorageMember> members;
    if (block < 0 || static_cast<std::size_t>(block) >= analysis.storages.storageOfBlock.size())
        return members;
    for (const int index : analysis.blocksOfStorage(analysis.storageOf(block))) {
        const Block& member = scope.blocks[static_cast<std::size_t>(index)];
        const Buffer& buffer = scope.bufferOf(member);
        StorageMember out;
        out.block = index;
        out.name = toQString(buffer.ssaName);
        if (buffer.offsets.size() > 1)
            out.name += QStringLiteral(" copy %1/%2").arg(member.copy + 1).arg(buffer.offsets.size());
        if (const BlockSource* source = document ? document->sourceOf(scopeIndex, member) : nullptr) {
            if (source->ir)
                out.irLine = QStringLiteral("%1:%2")
                                 .arg(toQString(std::filesystem::path(source->ir->file).filename().string()))
                                 .arg(source->ir->line);
            if (source->python) {
                out.pythonLine = QStringLiteral("%1:%2")
                                     .arg(toQString(std::filesystem::path(source->python->file).filename().string()))
                                     .arg(source->python->line);
                if (!source->python->name.empty())
                    out.pythonLine
                        += QStringLiteral(" \"%1\"").arg(toQString(source->python->name)); // as the tables say it
            }
        }
        members.push_back(std::move(out));
    }
    return members;
}

QStringList storageMemberLines(const std::vector<StorageMember>& members, bool html, bool breaks)
{
    const auto shown = [breaks](const QString& text) { return breaks ? breakable(text) : text; };
    QStringList lines;
    for (const StorageMember& member : members) {
        QStringList where;
        where << (member.irLine.isEmpty() ? QStringLiteral("IR line unknown") : member.irLine);
        where << (member.pythonLine.isEmpty() ? QStringLiteral("Python line unknown") : member.pythonLine);
        const QString text = shown(where.join(QStringLiteral(" \u00b7 ")));
        lines << (html
                ? QStringLiteral("<b>%1</b> &mdash; %2").arg(shown(member.name).toHtmlEscaped(), text.toHtmlEscaped())
                : QStringLiteral("%1 \u2014 %2").arg(shown(member.name), text));
    }
    return lines;
}

QString holesSummaryText(const PlanAnalysis& analysis)
{
    if (!analysis.fragmentation)
        return {};
    const AddressSnapshot& at = *analysis.fragmentation;
    QString text = QStringLiteral("at op %1, where the highest address peaks at %2: %3 live, %4 in holes")
                       .arg(at.op)
                       .arg(bytesText(at.highAddress), bytesText(at.liveBytes), bytesText(at.holeBytes()));
    if (at.largestHole)
        text += QStringLiteral(" (largest [%1, %2), %3)")
                    .arg(at.largestHole->start)
                    .arg(at.largestHole->end)
                    .arg(bytesText(at.largestHole->length()));
    const OverflowCause cause = overflowCause(analysis);
    if (cause == OverflowCause::Fits)
        return text;
    if (cause == OverflowCause::Demand)
        return text
            + QStringLiteral(" \u2014 demand: %1 live at op %2 exceeds the %3 capacity however placed")
                  .arg(bytesText(analysis.peakLiveBytes))
                  .arg(analysis.peakLiveAt.value_or(at.op))
                  .arg(bytesText(analysis.capacity.bytes));
    return text
        + QStringLiteral(" \u2014 placement: at most %1 is live at once, within the %2 capacity; holes push it over")
              .arg(bytesText(analysis.peakLiveBytes), bytesText(analysis.capacity.bytes));
}

QString overlapsWarningText(const ScopePlan& scope, const PlanAnalysis& analysis, std::size_t shown)
{
    const auto& overlaps = analysis.overlaps;
    if (overlaps.empty())
        return {};
    const auto nameOf = [&](int block) {
        const Block& b = scope.blocks[static_cast<std::size_t>(block)];
        const Buffer& buffer = scope.bufferOf(b);
        QString name = toQString(buffer.ssaName);
        if (buffer.offsets.size() > 1)
            name += QStringLiteral(" copy %1").arg(b.copy + 1);
        return name;
    };
    QStringList pairs;
    for (std::size_t i = 0; i < overlaps.size() && i < shown; ++i) {
        const Overlap& o = overlaps[i];
        pairs << QStringLiteral("%1 and %2 at ops [%3, %4], %5")
                     .arg(nameOf(o.a), nameOf(o.b))
                     .arg(o.fromOp)
                     .arg(o.toOp)
                     .arg(bytesText(o.bytes));
    }
    const std::size_t total = std::max(analysis.overlapCount, overlaps.size()); // the list keeps only the first ones
    QString text = total == 1 ? QStringLiteral("1 overlap") : QStringLiteral("%1 overlaps").arg(total);
    text += QStringLiteral(
        " (blocks of different storages sharing ops and addresses: a planner bug or a damaged dump): ");
    text += pairs.join(QStringLiteral("; "));
    if (total > shown)
        text += total == overlaps.size()
            ? QStringLiteral("; and %1 more (memlens inspect lists them all)").arg(total - shown)
            : QStringLiteral("; and %1 more (memlens inspect lists the first %2)")
                  .arg(total - shown)
                  .arg(overlaps.size());
    return text;
}

} // namespace memlens
