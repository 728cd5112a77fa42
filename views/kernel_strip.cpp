#include "views/kernel_strip.hpp"

#include "core/analysis/capacity.hpp"
#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/title_bar.hpp"
#include "views/view_text.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace memlens {

namespace {
constexpr int kMargin = 4;
constexpr int kGap = 6;
constexpr int kMaxEntryWidth = 280;
constexpr int kBarHeight = 6;
// A bar shows up to this share of the capacity; the capacity mark sits at 1 / kBarRange of its width.
constexpr double kBarRange = 1.5;

} // namespace

KernelStrip::KernelStrip(KernelCores* cores, PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , cores_(cores)
    , session_(session)
{
    setObjectName(QStringLiteral("kernelStrip"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setCursor(Qt::PointingHandCursor);
    setVisible(false);
    connect(cores_, &KernelCores::changed, this, &KernelStrip::rebuild);
    connect(session_, &PlanSession::scopeChanged, this, qOverload<>(&QWidget::update));
}

void KernelStrip::rebuild()
{
    entries_.clear();
    for (const KernelCores::Core& core : cores_->cores()) {
        if (!core.document)
            continue;
        for (std::size_t s = 0; s < core.document->dump.scopes.size(); ++s) {
            const PlanAnalysis& analysis = core.document->analyses[s];
            Entry entry;
            entry.path = core.path;
            entry.scope = static_cast<int>(s);
            entry.name = CoreSelector::entryName(core.name, core.document->dump.scopes[s].scope);
            entry.planned = analysis.planned;
            entry.overflow = analysis.overflow;
            const std::uint64_t capacity = analysis.capacity.bytes;
            // A scope never planned has no peak address: its demand is its one number.
            const std::uint64_t peak = analysis.planned ? analysis.peakAddressBytes : analysis.peakLiveBytes;
            entry.fill = capacity ? static_cast<double>(peak) / static_cast<double>(capacity) : 0;
            entry.text = analysis.planned
                ? tr("%1 / %2 (%3%)").arg(bytesText(peak), bytesText(capacity)).arg(qRound(entry.fill * 100))
                : tr("not planned · demand %1 / %2").arg(bytesText(peak), bytesText(capacity));
            entries_.push_back(std::move(entry));
        }
    }
    setVisible(cores_->cores().size() > 1);
    updateGeometry();
    update();
}

QSize KernelStrip::sizeHint() const
{
    return {static_cast<int>(entries_.size()) * (kMaxEntryWidth + kGap),
        2 * fontMetrics().height() + kBarHeight + 4 * kMargin};
}

QSize KernelStrip::minimumSizeHint() const { return {60, sizeHint().height()}; }

QRect KernelStrip::entryRect(int index) const
{
    const int n = static_cast<int>(entries_.size());
    if (index < 0 || index >= n)
        return {};
    const int available = width() - 2 * kMargin - (n - 1) * kGap;
    const int w = std::max(40, std::min(kMaxEntryWidth, available / std::max(1, n)));
    return {kMargin + index * (w + kGap), kMargin, w, height() - 2 * kMargin};
}

int KernelStrip::entryAt(const QPoint& point) const
{
    for (int i = 0; i < static_cast<int>(entries_.size()); ++i)
        if (entryRect(i).contains(point))
            return i;
    return -1;
}

int KernelStrip::currentEntry() const
{
    for (int i = 0; i < static_cast<int>(entries_.size()); ++i)
        if (entries_[static_cast<std::size_t>(i)].path == cores_->current()
            && entries_[static_cast<std::size_t>(i)].scope == session_->scopeIndex())
            return i;
    return -1;
}

void KernelStrip::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const int current = currentEntry();
    const QColor red = TitleBar::verdictColor(PlanVerdict::Overflow);
    const QColor green = TitleBar::verdictColor(PlanVerdict::Fits);
    const QColor grey = TitleBar::verdictColor(PlanVerdict::NotPlanned);
    for (int i = 0; i < static_cast<int>(entries_.size()); ++i) {
        const Entry& entry = entries_[static_cast<std::size_t>(i)];
        const QRectF box = QRectF(entryRect(i)).adjusted(0.5, 0.5, -0.5, -0.5);
        painter.setPen(
            QPen(i == current ? palette().highlight().color() : palette().mid().color(), i == current ? 2 : 1));
        painter.setBrush(i == current ? palette().alternateBase() : palette().base());
        painter.drawRoundedRect(box, 4, 4);
        const QRectF inner = box.adjusted(kMargin + 2, kMargin, -kMargin - 2, -kMargin);
        const int line = fontMetrics().height();
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(entry.overflow ? red : palette().text().color());
        const QRectF nameRect(inner.left(), inner.top(), inner.width(), line);
        painter.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(bold).elidedText(entry.name, Qt::ElideRight, static_cast<int>(nameRect.width())));
        painter.setFont(font());
        painter.setPen(palette().text().color());
        const QRectF textRect(inner.left(), inner.top() + line, inner.width(), line);
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter,
            fontMetrics().elidedText(entry.text, Qt::ElideRight, static_cast<int>(textRect.width())));
        // The bar: peak against capacity; the capacity is the mark, what passes it is red.
        const QRectF bar(inner.left(), inner.bottom() - kBarHeight, inner.width(), kBarHeight);
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette().midlight());
        painter.drawRect(bar);
        const double shown = std::min(entry.fill, kBarRange) / kBarRange;
        const double mark = 1.0 / kBarRange;
        painter.setBrush(entry.planned ? green : grey);
        painter.drawRect(QRectF(bar.left(), bar.top(), bar.width() * std::min(shown, mark), bar.height()));
        if (shown > mark) {
            painter.setBrush(red);
            painter.drawRect(
                QRectF(bar.left() + bar.width() * mark, bar.top(), bar.width() * (shown - mark), bar.height()));
        }
        painter.setPen(QPen(style::capacityLine(), 1.5));
        const double x = bar.left() + bar.width() * mark;
        painter.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom() + 1));
    }
}

void KernelStrip::mousePressEvent(QMouseEvent* event)
{
    const int at = entryAt(event->position().toPoint());
    if (at < 0 || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const Entry& entry = entries_[static_cast<std::size_t>(at)];
    emit chosen(entry.path, entry.scope);
}

bool KernelStrip::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int at = entryAt(help->pos());
        if (at >= 0) {
            const Entry& entry = entries_[static_cast<std::size_t>(at)];
            QToolTip::showText(help->globalPos(),
                tr("%1: peak address %2 of capacity%3. Click to show it.")
                    .arg(entry.name, entry.text, entry.overflow ? tr(", over capacity") : QString()),
                this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace memlens
