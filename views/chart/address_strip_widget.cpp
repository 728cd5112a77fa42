#include "views/chart/address_strip_widget.hpp"

#include "views/chart/address_strip_geometry.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace memlens {

namespace {

constexpr int kMargin = AddressStripGeometry::kMargin;
constexpr int kBankTickWidth = AddressStripGeometry::kBankTickWidth;
constexpr int kHeaderLines = 3;

} // namespace

AddressStripWidget::AddressStripWidget(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
{
    setObjectName(QStringLiteral("addressStrip"));
    setMouseTracking(true);
    setWhatsThis(
        tr("<b>Address snapshot</b><br>The address space at the time cursor's op (or, without a cursor, at the "
           "op where the highest address peaks): live blocks from address 0 at the bottom, the holes between "
           "them hatched, the capacity as a dashed line and the memory's banks as ticks on the left. "
           "Click a block to select it."));
    connect(session_, &PlanSession::documentChanged, this, &AddressStripWidget::refresh);
    connect(session_, &PlanSession::scopeChanged, this, &AddressStripWidget::refresh);
    connect(session_, &PlanSession::cursorChanged, this, &AddressStripWidget::refresh);
    connect(session_, &PlanSession::selectedBlockChanged, this, qOverload<>(&QWidget::update));
    refresh();
}

QFont AddressStripWidget::stripFont() const
{
    QFont small = font();
    small.setPixelSize(fontPixels_);
    return small;
}

void AddressStripWidget::setFontPixelSize(int pixels)
{
    fontPixels_ = std::max(6, pixels);
    update();
}

void AddressStripWidget::setBankCount(int banks)
{
    bankCount_ = std::max(1, banks);
    update();
}

void AddressStripWidget::refresh()
{
    snapshot_.reset();
    showsCursor_ = false;
    const ScopePlan* scope = session_->scope();
    const PlanAnalysis* analysis = session_->analysis();
    if (scope && analysis) {
        if (session_->cursorOp()) {
            snapshot_ = addressSnapshotAt(*scope, *session_->cursorOp());
            showsCursor_ = true;
        } else {
            snapshot_ = analysis->fragmentation;
        }
    }
    update();
}

QString AddressStripWidget::headerText() const
{
    if (!snapshot_)
        return {};
    return QStringList{showsCursor_ ? tr("op %1").arg(snapshot_->op) : tr("op %1 (peak)").arg(snapshot_->op),
        tr("live %1").arg(bytesText(snapshot_->liveBytes)), tr("holes %1").arg(bytesText(snapshot_->holeBytes()))}
        .join(QLatin1Char('\n'));
}

std::uint64_t AddressStripWidget::topAddress() const
{
    const PlanAnalysis* analysis = session_->analysis();
    if (!analysis)
        return 1;
    const bool withCapacity = ChartMapping::fitShowsCapacity(
        addressFit_, static_cast<double>(analysis->peakAddressBytes), static_cast<double>(analysis->capacity.bytes));
    const std::uint64_t top
        = withCapacity ? std::max(analysis->capacity.bytes, analysis->peakAddressBytes) : analysis->peakAddressBytes;
    return std::max<std::uint64_t>(1, top + top / 25); // room above the capacity line for its label
}

void AddressStripWidget::setAddressFit(AddressFit fit)
{
    addressFit_ = fit;
    update();
}

AddressStripGeometry AddressStripWidget::geometry() const
{
    const QFontMetrics metrics(stripFont());
    const PlanAnalysis* analysis = session_->analysis();
    const std::optional<std::uint64_t> capacity
        = analysis ? std::optional<std::uint64_t>(analysis->capacity.bytes) : std::nullopt;
    return AddressStripGeometry::layout(size(), kHeaderLines * metrics.height() + 6, topAddress(), capacity,
        2 * metrics.height(), [&metrics](const QString& label) { return metrics.horizontalAdvance(label); });
}

QRect AddressStripWidget::plotRect() const { return geometry().plot; }

int AddressStripWidget::addressToY(std::uint64_t address) const { return geometry().addressToY(address); }

int AddressStripWidget::capacityY() const
{
    const PlanAnalysis* analysis = session_->analysis();
    return analysis ? addressToY(analysis->capacity.bytes) : -1;
}

bool AddressStripWidget::drawsStorage(int blockIndex) const
{
    const PlanAnalysis* analysis = session_->analysis();
    if (!analysis || static_cast<std::size_t>(blockIndex) >= analysis->storages.storageOfBlock.size())
        return true;
    return analysis->holdsStorage(blockIndex);
}

QRect AddressStripWidget::blockRect(int blockIndex) const
{
    const ScopePlan* scope = session_->scope();
    if (!snapshot_ || !scope
        || std::find(snapshot_->liveBlocks.begin(), snapshot_->liveBlocks.end(), blockIndex)
            == snapshot_->liveBlocks.end())
        return {};
    const Block& block = scope->blocks[static_cast<std::size_t>(blockIndex)];
    return geometry().rangeRect(block.offset, block.addressEnd());
}

std::vector<QRect> AddressStripWidget::holeRects() const
{
    std::vector<QRect> rects;
    if (!snapshot_)
        return rects;
    const AddressStripGeometry g = geometry();
    for (const AddressRange& hole : snapshot_->holes)
        rects.push_back(g.holeRect(hole.start, hole.end));
    return rects;
}

std::vector<int> AddressStripWidget::bankLineYs() const
{
    std::vector<int> ys;
    const PlanAnalysis* analysis = session_->analysis();
    if (!analysis || analysis->capacity.bytes == 0)
        return ys;
    // Every bank boundary below the capacity, thinned so that lines stay 3 px apart.
    const AddressStripGeometry g = geometry();
    const double bankBytes = static_cast<double>(analysis->capacity.bytes) / bankCount_;
    int step = 1;
    while (step < bankCount_ && g.addressToY(0) - g.addressToY(static_cast<std::uint64_t>(bankBytes * step)) < 3)
        step *= 2;
    for (int bank = step; bank < bankCount_; bank += step)
        ys.push_back(g.addressToY(static_cast<std::uint64_t>(bankBytes * bank)));
    return ys;
}

int AddressStripWidget::blockAt(const QPoint& pos) const
{
    if (!snapshot_)
        return -1;
    // The last drawn wins, as in the chart.
    for (auto it = snapshot_->liveBlocks.rbegin(); it != snapshot_->liveBlocks.rend(); ++it)
        if (drawsStorage(*it) && blockRect(*it).contains(pos))
            return *it;
    return -1;
}

QString AddressStripWidget::toolTipAt(const QPoint& pos) const
{
    const ScopePlan* scope = session_->scope();
    const PlanAnalysis* analysis = session_->analysis();
    if (!scope || !analysis || !snapshot_)
        return {};
    if (const int block = blockAt(pos); block >= 0) {
        const Block& b = scope->blocks[static_cast<std::size_t>(block)];
        QString text = QStringLiteral("<b>%1</b> [%2, %3) %4")
                           .arg(toQString(scope->bufferOf(b).ssaName).toHtmlEscaped())
                           .arg(b.offset)
                           .arg(b.addressEnd())
                           .arg(bytesText(b.size));
        const QString mark = inPlaceMark(analysis->storageSizeOf(block));
        if (!mark.isEmpty())
            text += QStringLiteral("<br>%1").arg(mark.toHtmlEscaped());
        return QStringLiteral("<qt>%1</qt>").arg(text);
    }
    const std::vector<QRect> holes = holeRects();
    for (std::size_t i = 0; i < holes.size(); ++i)
        if (holes[i].contains(pos)) {
            const AddressRange& hole = snapshot_->holes[i];
            return tr("Hole [%1, %2): %3 no live block uses")
                .arg(hole.start)
                .arg(hole.end)
                .arg(bytesText(hole.length()));
        }
    return {};
}

bool AddressStripWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void AddressStripWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int block = blockAt(event->position().toPoint());
    if (block >= 0)
        session_->selectBlock(block);
}

void AddressStripWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), style::windowBackground());
    painter.setFont(stripFont());
    const ScopePlan* scope = session_->scope();
    const PlanAnalysis* analysis = session_->analysis();
    const AddressStripGeometry g = geometry();
    const QRect plot = g.plot;
    const QRect header(kMargin, kMargin, width() - 2 * kMargin, plot.top() - kMargin - 4);
    painter.setPen(style::axisText());
    if (!scope || !analysis || !snapshot_) {
        painter.drawText(header, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, tr("Address snapshot"));
        return;
    }
    painter.drawText(header, Qt::AlignLeft | Qt::AlignTop, headerText());
    painter.fillRect(plot, style::plotBackground());

    // Address labels in the gutter, centred on their row.
    const int lineHeight = painter.fontMetrics().height();
    for (const AxisTick& tick : g.ticks) {
        const int y = g.addressToY(static_cast<std::uint64_t>(tick.value));
        painter.drawText(
            QRect(0, y - lineHeight / 2, g.labelRight, lineHeight), Qt::AlignRight | Qt::AlignVCenter, tick.label);
    }

    // Banks: lines behind the blocks, ticks beside them.
    painter.setPen(QPen(style::gridLine(), 1));
    for (const int y : bankLineYs()) {
        painter.drawLine(plot.left(), y, plot.right(), y);
        painter.drawLine(plot.left() - kBankTickWidth - 1, y, plot.left() - 2, y);
    }

    for (const int block : snapshot_->liveBlocks) {
        if (!drawsStorage(block))
            continue;
        const Block& b = scope->blocks[static_cast<std::size_t>(block)];
        if (b.size == 0)
            continue;
        const QRect r = blockRect(block);
        const QColor fill = style::blockFill(scope->bufferOf(b), analysis->isOverCapacity(b));
        painter.fillRect(r, fill);
        if (r.height() >= 3) {
            painter.setPen(QPen(style::outlineFor(fill), 1));
            painter.drawRect(r.adjusted(0, 0, -1, -1));
        }
    }
    // Holes: hatched in the warning colour in their own rows; one thinner than a pixel is marked
    // beside the plot, where it covers no block, so that a hole of a few bytes still shows.
    const QColor holeColor = style::warningOutline();
    for (const AddressRange& hole : snapshot_->holes) {
        const QRect r = g.holeRect(hole.start, hole.end);
        if (g.holeFillsRows(hole.start, hole.end))
            painter.fillRect(r, style::plotBackground());
        painter.fillRect(r, QBrush(holeColor, r.height() > 4 ? Qt::BDiagPattern : Qt::SolidPattern));
    }
    const int selected = session_->selectedBlock();
    if (const QRect r
        = blockRect(selected >= 0 && static_cast<std::size_t>(selected) < analysis->storages.storageOfBlock.size()
                ? analysis->storageHolderOf(selected)
                : selected);
        !r.isEmpty()) {
        painter.setPen(QPen(style::selectionOutline(), 2));
        painter.drawRect(r.adjusted(1, 0, -1, -1));
    }

    // Capacity: dashed, as in the chart.
    if (const int y = capacityY(); y >= plot.top() && y <= plot.bottom() + 1) {
        painter.setPen(QPen(style::capacityLine(), 2, Qt::DashLine));
        painter.drawLine(plot.left() - kBankTickWidth - 2, y, plot.right(), y);
    }
    painter.setPen(QPen(style::axisLine(), 1));
    painter.drawRect(plot.adjusted(0, 0, -1, -1));
}

} // namespace memlens
