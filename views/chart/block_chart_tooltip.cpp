// The block chart's hover text: what a block is, where it lives, where it came from.
#include "core/analysis/plan_analysis.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_model.hpp"
#include "core/text/byte_size.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QStringList>

namespace memlens {

QString BlockChartWidget::toolTipForBlock(int blockIndex) const
{
    const ScopePlan* plan = hasPlan() ? session_->scope() : nullptr;
    if (!plan || blockIndex < 0 || blockIndex >= static_cast<int>(plan->blocks.size()))
        return {};
    const PlanAnalysis& analysis = *session_->analysis();
    const Block& b = plan->blocks[static_cast<std::size_t>(blockIndex)];
    const Buffer& buffer = plan->bufferOf(b);
    QStringList lines;
    QString head = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(buffer.ssaName).toHtmlEscaped());
    if (buffer.offsets.size() > 1)
        head += QStringLiteral(" &nbsp;copy %1 of %2").arg(b.copy + 1).arg(buffer.offsets.size());
    if (b.tmp)
        head += QStringLiteral(" &nbsp;<i>tmp</i>");
    lines << head;
    if (!buffer.memrefType().empty())
        lines << QStringLiteral("<code>%1</code>").arg(QString::fromStdString(buffer.memrefType()).toHtmlEscaped());
    lines << QStringLiteral("Size %1 B (%2)").arg(b.size).arg(QString::fromStdString(formatBytes(b.size)));
    lines << QStringLiteral("Address [%1, %2)").arg(b.offset).arg(b.addressEnd());
    const PlanDocument* document = session_->document();
    lines << QString::fromStdString(lifeText(document ? document->log.get() : nullptr, b.start, b.end)).toHtmlEscaped();
    if (b.tmp)
        lines << QStringLiteral("Temporary buffer");
    if (!buffer.location().empty())
        lines << QStringLiteral("Location %1").arg(shortLocationText(buffer.location()).toHtmlEscaped());
    if (analysis.isOverCapacity(b)) {
        const std::uint64_t over = b.addressEnd() - analysis.capacity.bytes;
        lines << QStringLiteral("<span style=\"color:%1\"><b>Over capacity by %2</b></span>")
                     .arg(style::warningOutline().name(), QString::fromStdString(formatBytes(over)));
    }
    lines << inPlaceToolTipLines(blockIndex);
    return QStringLiteral("<qt>") + lines.join(QStringLiteral("<br>")) + QStringLiteral("</qt>");
}

QString BlockChartWidget::opToolTipAt(const QPoint& pos) const
{
    const PlanDocument* document = hasPlan() ? session_->document() : nullptr;
    if (!document || !document->log)
        return {};
    const QRectF plot = mapping().plotRect();
    // Over the plot or the op axis under it.
    if (pos.x() < plot.left() || pos.x() > plot.right() || pos.y() < plot.top() || pos.y() > plot.bottom() + 40)
        return {};
    const auto op = static_cast<std::int64_t>(std::floor(mapping().pixelToX(pos.x())));
    if (!document->log->op(op))
        return {};
    return QString::fromStdString(document->log->describe(op));
}

QStringList BlockChartWidget::inPlaceToolTipLines(int blockIndex) const
{
    const PlanAnalysis& analysis = *session_->analysis();
    if (analysis.storageSizeOf(blockIndex) < 2)
        return {};
    const auto members = storageMembers(session_->document(), static_cast<std::size_t>(session_->scopeIndex()),
        *session_->scope(), analysis, blockIndex);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>: one storage, its bytes counted once")
                 .arg(inPlaceMark(members.size()).toHtmlEscaped());
    for (const QString& line : storageMemberLines(members, true))
        lines << QStringLiteral("&nbsp;&nbsp;") + line;
    return lines;
}

} // namespace memlens
