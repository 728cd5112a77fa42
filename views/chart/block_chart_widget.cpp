#include "views/chart/block_chart_widget.hpp"

#include "core/analysis/block_neighbours.hpp"
#include "core/analysis/plan_analysis.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_model.hpp"
#include "views/plan_session.hpp"
#include "views/storage_text.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace memlens {

namespace {

constexpr double kKeyZoom = 1.5;

} // namespace

BlockChartWidget::BlockChartWidget(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
{
    setObjectName(QStringLiteral("blockChart"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setWhatsThis(tr("<b>Memory block chart</b><br>"
                    "Each rectangle is one block: a buffer at one of its offsets, from the op that allocates it "
                    "to the op that frees it (x) at its address range (y). The dashed line is the capacity; "
                    "blocks ending above it are red.<br><br>"
                    "Click a block to select it; click empty space to set the time cursor.<br>"
                    "Drag with the left button to pan. <b>Shift + left drag</b> zooms into a rectangle.<br>"
                    "Wheel zooms about the pointer (Ctrl: ops only, Shift: addresses only); + and - zoom too.<br>"
                    "Double-click empty space or press Home to show the whole plan.<br>"
                    "Arrow keys move the selection to the neighbouring block; Escape clears it."));
    if (session_) {
        // scopeChanged follows every documentChanged (new file, reload, capacity change), so
        // listening to it alone refits and rebuilds the index once per change.
        connect(session_, &PlanSession::scopeChanged, this, &BlockChartWidget::onScopeChanged);
        connect(session_, &PlanSession::selectedBlockChanged, this, &BlockChartWidget::onSelectionChanged);
        connect(session_, &PlanSession::selectionSpanChanged, this, qOverload<>(&QWidget::update));
        connect(session_, &PlanSession::cursorChanged, this, qOverload<>(&QWidget::update));
        connect(session_, &PlanSession::highlightChanged, this, qOverload<>(&QWidget::update));
        connect(session_, &PlanSession::filterChanged, this, [this] {
            baseValid_ = false; // the dimmed blocks are part of the cached base
            update();
        });
        connect(session_, &PlanSession::hitIndexReady, this, [this] {
            baseValid_ = false; // a zoomed-in view draws only what the index finds
            update();
        });
    }
    onScopeChanged();
}

QString BlockChartWidget::placeholderText()
{
    return tr("Open a memory dump or a compile log (File > Open Dump…, Ctrl+O), a kernel's folder (File > Open "
              "Folder…) or a run of many kernels (File > Open Run…); or drop one here");
}

QSize BlockChartWidget::sizeHint() const { return {900, 480}; }
QSize BlockChartWidget::minimumSizeHint() const { return {360, 130}; }

bool BlockChartWidget::hasPlan() const { return session_ && session_->scope() && session_->analysis(); }

void BlockChartWidget::ensureLayout() const
{
    if (layoutSize_ == size())
        return;
    layoutSize_ = size();
    const ChartRenderOptions options = renderOptions();
    const ChartLayout layout = layoutBlockChart(size(), chartFont(options), false, options.legend);
    mapping_.setPlotRect(layout.plot);
}

const ChartMapping& BlockChartWidget::mapping() const
{
    ensureLayout();
    return mapping_;
}

ChartRenderOptions BlockChartWidget::renderOptions() const
{
    ChartRenderOptions options;
    options.legend = true;
    options.window = mapping_.window();
    if (session_) {
        options.selectedBlock = session_->selectedBlock();
        for (int block : session_->selectedBlocks())
            if (block != options.selectedBlock)
                options.selectedCopies.push_back(block);
        options.cursorOp = session_->cursorOp();
        if (const PlanDocument* document = session_->document())
            options.log = document->log.get();
        options.highlightedBlocks = session_->highlightedBlocks();
        if (!session_->filteredOut().empty())
            options.dimmedBlocks = &session_->filteredOut();
    }
    if (!colourIds_.empty())
        options.colourIds = &colourIds_;
    options.hoveredBlock = hovered_;
    if (fontPixels_ > 0) {
        QFont font = QGuiApplication::font();
        font.setPixelSize(fontPixels_);
        options.font = font;
    }
    return options;
}

void BlockChartWidget::onScopeChanged()
{
    hovered_ = -1;
    drag_ = Drag::None;
    if (hasPlan())
        session_->hitIndex(); // asked now, so a plan not made by a load starts its build at once
    fitToPlan();
}

const BlockHitIndex& BlockChartWidget::hitIndex() const
{
    static const BlockHitIndex none;
    const auto index = hasPlan() ? session_->hitIndex() : nullptr;
    return index ? *index : none; // the session keeps the index it hands out
}

bool BlockChartWidget::hitIndexReady() const { return !hasPlan() || session_->hitIndex() != nullptr; }

void BlockChartWidget::fitToPlan()
{
    ensureLayout();
    if (fitExtent_)
        mapping_.fitToExtent(fitExtent_->x0, fitExtent_->x1, fitExtent_->y1);
    else if (hasPlan())
        mapping_.fitToPlan(*session_->scope(), *session_->analysis(), addressFit_);
    else
        mapping_.fitToExtent(0.0, 1.0, 1.0);
    windowChanged();
}

void BlockChartWidget::setFitExtent(std::optional<DataWindow> extent)
{
    fitExtent_ = extent;
    fitToPlan();
}

void BlockChartWidget::setFontPixelSize(int pixels)
{
    fontPixels_ = std::max(0, pixels);
    layoutSize_ = QSize(); // the margins follow the font
    baseValid_ = false;
    update();
}

void BlockChartWidget::setColourIds(std::vector<int> ids)
{
    if (ids == colourIds_)
        return;
    colourIds_ = std::move(ids);
    baseValid_ = false; // the fills are part of the cached base
    update();
}

void BlockChartWidget::setAddressFit(AddressFit fit)
{
    addressFit_ = fit;
    fitToPlan();
}

void BlockChartWidget::setViewWindow(const DataWindow& window)
{
    ensureLayout();
    const DataWindow before = mapping_.window();
    mapping_.setWindow(window);
    if (mapping_.window() == before)
        return; // nothing to redraw, nothing to tell (charts that follow each other stop here)
    windowChanged();
}

void BlockChartWidget::setOpRange(double x0, double x1)
{
    ensureLayout();
    const DataWindow before = mapping_.window();
    mapping_.setXRange(x0, x1);
    const DataWindow& now = mapping_.window();
    if (now == before)
        return;
    baseValid_ = false;
    update();
    // Following another view: answer only when the range had to be clamped.
    const double tolerance = 1e-9 * std::max(1.0, std::abs(x1 - x0));
    if (std::abs(now.x0 - x0) > tolerance || std::abs(now.x1 - x1) > tolerance)
        emitRangeIfChanged();
    else {
        emittedX0_ = now.x0;
        emittedX1_ = now.x1;
    }
}

void BlockChartWidget::zoomIn()
{
    ensureLayout();
    mapping_.zoomAt(mapping_.plotRect().center(), kKeyZoom);
    windowChanged();
}

void BlockChartWidget::zoomOut()
{
    ensureLayout();
    mapping_.zoomAt(mapping_.plotRect().center(), 1.0 / kKeyZoom);
    windowChanged();
}

void BlockChartWidget::windowChanged()
{
    baseValid_ = false;
    update();
    emitRangeIfChanged();
    emit dataWindowChanged(mapping_.window());
}

void BlockChartWidget::emitRangeIfChanged()
{
    const DataWindow& w = mapping_.window();
    if (w.x0 == emittedX0_ && w.x1 == emittedX1_)
        return;
    emittedX0_ = w.x0;
    emittedX1_ = w.x1;
    emit viewWindowChanged(w.x0, w.x1);
}

void BlockChartWidget::onSelectionChanged(int blockIndex)
{
    const ScopePlan* plan = hasPlan() ? session_->scope() : nullptr;
    if (plan && blockIndex >= 0 && blockIndex < static_cast<int>(plan->blocks.size())) {
        ensureLayout();
        const Block& b = plan->blocks[static_cast<std::size_t>(blockIndex)];
        const DataWindow& w = mapping_.window();
        const bool partlyShown = static_cast<double>(b.end) + 1.0 > w.x0
            && static_cast<double>(b.start)<w.x1&& static_cast<double>(b.addressEnd())> w.y0
            && static_cast<double>(b.offset) < w.y1;
        // A click here picked a block on show: leave the view alone.
        bool changed = !(selectingHere_ && partlyShown) && mapping_.ensureVisible(b);
        // Picked from the table or with F8 but only a sliver on screen: zoom the
        // addresses until it can be seen and clicked (at least 12 px tall).
        if (!selectingHere_ && mapping_.blockRectF(b).height() < 4.0) {
            DataWindow window = mapping_.window();
            const double span = static_cast<double>(b.size) * mapping_.plotRect().height() / 12.0;
            const double middle = static_cast<double>(b.offset) + static_cast<double>(b.size) / 2.0;
            window.y0 = middle - span / 2.0;
            window.y1 = middle + span / 2.0;
            mapping_.setWindow(window); // clamped to the smallest address span the chart allows
            changed = true;
        }
        if (changed)
            windowChanged();
    }
    update();
}

int BlockChartWidget::blockAt(const QPoint& pos) const
{
    if (!hasPlan())
        return -1;
    ensureLayout();
    const int hit = hitTestBlocks(hitIndex(), mapping_, QPointF(pos) + QPointF(0.5, 0.5));
    // An in-place storage is one rectangle: it stands for its holder.
    const PlanAnalysis* analysis = session_->analysis();
    if (hit < 0 || static_cast<std::size_t>(hit) >= analysis->storages.storageOfBlock.size())
        return hit;
    return analysis->storageHolderOf(hit);
}

QString BlockChartWidget::toolTipAt(const QPoint& pos) const { return toolTipForBlock(blockAt(pos)); }

void BlockChartWidget::setHovered(int blockIndex)
{
    if (blockIndex == hovered_)
        return;
    hovered_ = blockIndex;
    setCursor(blockIndex >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    update();
}

bool BlockChartWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int block = blockAt(help->pos());
        if (block >= 0) {
            const QRect r = mapping().blockPixelRect(session_->scope()->blocks[static_cast<std::size_t>(block)]);
            QToolTip::showText(help->globalPos(), toolTipForBlock(block), this, r.adjusted(-3, -3, 3, 3));
        } else if (const QString op = opToolTipAt(help->pos()); !op.isEmpty()) {
            QToolTip::showText(help->globalPos(), op, this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void BlockChartWidget::paintEvent(QPaintEvent*)
{
    ensureLayout();
    QPainter painter(this);
    if (!hasPlan()) {
        painter.fillRect(rect(), style::windowBackground());
        painter.setPen(style::placeholderText());
        QFont f = font();
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * 1.15);
        painter.setFont(f);
        // Wrapped within the chart, however narrow the window.
        painter.drawText(rect().adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, placeholderText());
        return;
    }
    const ScopePlan& plan = *session_->scope();
    const PlanAnalysis& analysis = *session_->analysis();
    const ChartRenderOptions options = renderOptions();
    const auto index = session_->hitIndex(); // none yet: every block is tested
    BlockChartPainter chart(plan, analysis, mapping_, options, index.get());

    const qreal dpr = devicePixelRatioF();
    const QSize device = (QSizeF(size()) * dpr).toSize();
    if (!baseValid_ || base_.size() != device || base_.devicePixelRatioF() != dpr) {
        base_ = QImage(device, QImage::Format_ARGB32_Premultiplied);
        base_.setDevicePixelRatio(dpr);
        base_.fill(style::windowBackground());
        QPainter p(&base_);
        chart.paintBase(p, size());
        p.end();
        baseValid_ = true;
    }
    painter.drawImage(QPoint(0, 0), base_);
    chart.paintOverlay(painter);

    if (plan.blocks.empty()) {
        painter.setPen(style::placeholderText());
        painter.drawText(
            mapping_.plotRect(), Qt::AlignCenter, tr("No blocks in scope %1").arg(QString::fromStdString(plan.scope)));
    }
    if (drag_ == Drag::RubberBand && !band_.isNull()) {
        const QRectF r = QRectF(band_.normalized()).intersected(mapping_.plotRect());
        QPainterPath path;
        path.addRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        painter.fillPath(path, style::rubberBandFill());
        painter.strokePath(path, QPen(style::rubberBandOutline(), 1));
    }
    if (hasFocus()) {
        QPen pen(palette().color(QPalette::Highlight), 1);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    }
}

void BlockChartWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    ensureLayout();
    baseValid_ = false;
}

void BlockChartWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        layoutSize_ = QSize();
        baseValid_ = false;
        update();
    }
    QWidget::changeEvent(event);
}

void BlockChartWidget::mousePressEvent(QMouseEvent* event)
{
    if (!hasPlan() || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    pressPos_ = lastPos_ = event->position().toPoint();
    if (event->modifiers() & Qt::ShiftModifier) {
        drag_ = Drag::RubberBand;
        band_ = QRect(pressPos_, pressPos_);
    } else {
        drag_ = Drag::Pending;
    }
    event->accept();
}

void BlockChartWidget::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    switch (drag_) {
    case Drag::None: setHovered(blockAt(pos)); break;
    case Drag::Pending:
        if ((pos - pressPos_).manhattanLength() < QApplication::startDragDistance())
            break;
        drag_ = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
        QToolTip::hideText();
        [[fallthrough]];
    case Drag::Pan:
        ensureLayout();
        mapping_.panByPixels(QPointF(pos - lastPos_));
        lastPos_ = pos;
        windowChanged();
        break;
    case Drag::RubberBand:
        band_ = QRect(pressPos_, pos);
        update();
        break;
    }
    event->accept();
}

void BlockChartWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || drag_ == Drag::None) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    const Drag drag = drag_;
    drag_ = Drag::None;
    if (drag == Drag::Pending && hasPlan()) {
        const int block = blockAt(pos);
        if (block >= 0) {
            selectingHere_ = true;
            session_->selectBlock(block);
            selectingHere_ = false;
        } else if (mapping().plotRect().contains(QPointF(pos))) {
            const double x = mapping_.pixelToX(pos.x() + 0.5);
            // A double-click's first click lands here too: remember what it replaced.
            cursorBeforeClick_ = session_->cursorOp();
            clickMovedCursor_ = true;
            session_->setCursorOp(static_cast<std::int64_t>(std::floor(x)));
        }
    } else if (drag == Drag::RubberBand) {
        const QRectF r = QRectF(QPointF(pressPos_), QPointF(pos)).normalized();
        const bool wide = r.width() >= 4;
        const bool tall = r.height() >= 4;
        if (wide || tall) {
            ensureLayout();
            mapping_.zoomToPixelRect(r, wide && tall ? ZoomAxes::Both : (wide ? ZoomAxes::X : ZoomAxes::Y));
            windowChanged();
        }
        band_ = QRect();
        update();
    }
    setCursor(hovered_ >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    event->accept();
}

void BlockChartWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (!hasPlan() || event->button() != Qt::LeftButton) {
        QWidget::mouseDoubleClickEvent(event);
        return;
    }
    drag_ = Drag::None;
    const int block = blockAt(event->position().toPoint());
    if (block >= 0) {
        selectingHere_ = true;
        session_->selectBlock(block);
        selectingHere_ = false;
        emit blockActivated(block);
    } else {
        // Double-click to fit: the cursor stays where it was before the first click.
        if (clickMovedCursor_)
            session_->setCursorOp(cursorBeforeClick_);
        fitToPlan();
    }
    clickMovedCursor_ = false;
    event->accept();
}

void BlockChartWidget::wheelEvent(QWheelEvent* event)
{
    if (!hasPlan()) {
        event->ignore();
        return;
    }
    QPoint delta = event->angleDelta();
    const int steps = delta.y() != 0 ? delta.y() : delta.x();
    if (steps == 0) {
        event->ignore();
        return;
    }
    ZoomAxes axes = ZoomAxes::Both;
    if (event->modifiers() & Qt::ControlModifier)
        axes = ZoomAxes::X;
    else if (event->modifiers() & Qt::ShiftModifier)
        axes = ZoomAxes::Y;
    ensureLayout();
    const QRectF plot = mapping_.plotRect();
    QPointF at = event->position();
    at.setX(std::clamp(at.x(), plot.left(), plot.right()));
    at.setY(std::clamp(at.y(), plot.top(), plot.bottom()));
    const double factor = std::pow(1.2, steps / 120.0);
    mapping_.zoomAt(at, factor, axes);
    windowChanged();
    event->accept();
}

void BlockChartWidget::navigate(int key)
{
    const ScopePlan& plan = *session_->scope();
    if (plan.blocks.empty())
        return;
    int from = session_->selectedBlock();
    int to = -1;
    if (from < 0) {
        // Nothing selected yet: start where the trouble is.
        const PlanAnalysis& analysis = *session_->analysis();
        to = analysis.overCapacityBlocks.empty() ? 0 : analysis.overCapacityBlocks.front();
    } else {
        NavDirection dir = NavDirection::Left;
        switch (key) {
        case Qt::Key_Left: dir = NavDirection::Left; break;
        case Qt::Key_Right: dir = NavDirection::Right; break;
        case Qt::Key_Up: dir = NavDirection::Up; break;
        default: dir = NavDirection::Down; break;
        }
        to = neighbourBlock(plan, from, dir);
    }
    if (to >= 0)
        session_->selectBlock(to);
}

void BlockChartWidget::keyPressEvent(QKeyEvent* event)
{
    if (!hasPlan()) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Home: fitToPlan(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus:
    case Qt::Key_Underscore: zoomOut(); break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: navigate(event->key()); break;
    case Qt::Key_Escape:
        if (drag_ == Drag::RubberBand) {
            drag_ = Drag::None;
            band_ = QRect();
            update();
        } else if (session_->selectedBlock() >= 0) {
            session_->selectBlock(-1);
        } else if (!session_->highlightedBlocks().empty()) {
            session_->setHighlightedBlocks({}); // a second Esc: the source line's highlight and the table's filter
        }
        break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void BlockChartWidget::leaveEvent(QEvent* event)
{
    setHovered(-1);
    QWidget::leaveEvent(event);
}

} // namespace memlens
