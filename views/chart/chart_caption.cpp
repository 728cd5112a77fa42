#include "views/chart/chart_caption.hpp"

#include "views/style.hpp"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <vector>

namespace memlens {

namespace {

constexpr double kCaptionMargin = 16;

struct CaptionLayout {
    QFont font;
    QFont bold;
    std::vector<QRectF> boxes;
    double bottom = 0;
};

CaptionLayout layOut(QSize size, const QStringList& lines)
{
    CaptionLayout layout;
    layout.font.setPixelSize(15);
    layout.bold = layout.font;
    layout.bold.setBold(true);
    const QFontMetricsF metrics(layout.font);
    const double width = size.width() - 2 * kCaptionMargin;
    double y = kCaptionMargin / 2;
    for (int i = 0; i < lines.size(); ++i) {
        const QRectF bound = QFontMetricsF(i == 0 ? layout.bold : layout.font)
                                 .boundingRect(QRectF(kCaptionMargin, y, width, metrics.lineSpacing() * 3),
                                     Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, lines[i]);
        const double height = std::min(bound.height(), metrics.lineSpacing() * 3);
        layout.boxes.emplace_back(kCaptionMargin, y, width, height);
        y += height + 2;
    }
    layout.bottom = y + kCaptionMargin / 2;
    return layout;
}

} // namespace

int chartCaptionHeight(QSize size, const QStringList& lines)
{
    if (lines.isEmpty())
        return 0;
    return std::min(size.height() / 2, static_cast<int>(std::ceil(layOut(size, lines).bottom)));
}

void paintChartCaption(QPainter& painter, QSize size, const QStringList& lines)
{
    if (lines.isEmpty())
        return;
    const CaptionLayout layout = layOut(size, lines);
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setClipRect(QRect(0, 0, size.width(), chartCaptionHeight(size, lines)));
    for (int i = 0; i < lines.size(); ++i) {
        const bool warning
            = lines[i].startsWith(QStringLiteral("error: ")) || lines[i].startsWith(QStringLiteral("needs "));
        painter.setFont(i == 0 ? layout.bold : layout.font);
        painter.setPen(warning ? style::warningOutline() : style::captionText());
        painter.drawText(
            layout.boxes[static_cast<std::size_t>(i)], Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, lines[i]);
    }
    painter.restore();
}

} // namespace memlens
