#include "views/chart/usage_text.hpp"

#include "core/compile_log/compile_log.hpp"
#include "core/text/byte_size.hpp"

#include <QObject>

#include <algorithm>
#include <iterator>

namespace memlens {

namespace {
QString bytes(std::uint64_t value) { return QString::fromStdString(formatBytes(value)); }
} // namespace

QString usageHoverText(const PlanAnalysis& analysis, const CompileLog* log, std::int64_t op)
{
    if (analysis.usage.empty())
        return {};
    const QString opText
        = log && log->op(op) ? QString::fromStdString(log->describe(op)) : QObject::tr("op %1").arg(op);
    // The step in force at op: the last one at or before it.
    const auto& usage = analysis.usage;
    const auto it = std::upper_bound(
        usage.begin(), usage.end(), op, [](std::int64_t value, const UsageStep& step) { return value < step.op; });
    if (it == usage.begin())
        return QObject::tr("%1: nothing live").arg(opText);
    const UsageStep& step = *std::prev(it);
    QString text = QObject::tr("%1: live %2 \u00b7 highest address %3")
                       .arg(opText, bytes(step.liveBytes), bytes(step.highAddress));
    if (step.holeBytes() > 0)
        text += QObject::tr(" \u00b7 holes %1").arg(bytes(step.holeBytes()));
    if (analysis.peakLiveAt && *analysis.peakLiveAt == op)
        text += QObject::tr(" (the peak)");
    return text;
}

QStringList usageLegendLabels(const PlanAnalysis& analysis)
{
    return {QObject::tr("live bytes"), QObject::tr("highest address"),
        QObject::tr("capacity %1").arg(bytes(analysis.capacity.bytes)), QObject::tr("peak live")};
}

} // namespace memlens
