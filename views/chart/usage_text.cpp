#include "views/chart/usage_text.hpp"

#include "core/compile_log/compile_log.hpp"
#include "core/text/byte_size.hpp"
#include "views/style.hpp"

#include <QObject>

#include <algorithm>
#include <iterator>
#include <utility>

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

QString usageLegendHtml(const PlanAnalysis& analysis)
{
    const QStringList labels = usageLegendLabels(analysis);
    // The marks as the curve draws: two solid lines, the dashed capacity, the peak's dot.
    const std::pair<QString, QColor> marks[]
        = {{QStringLiteral("\u2501"), style::usageLive()}, {QStringLiteral("\u2501"), style::usageHighestAddress()},
            {QStringLiteral("\u2504"), style::alarm()}, {QStringLiteral("\u25cf"), style::usageLive()}};
    QStringList lines;
    for (int i = 0; i < labels.size() && i < static_cast<int>(std::size(marks)); ++i)
        lines << QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
                     .arg(style::css(marks[i].second), marks[i].first, labels[i].toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

} // namespace memlens
