#include "views/source/source_text_view.hpp"

#include "views/source/mlir_highlighter.hpp"
#include "views/source/python_highlighter.hpp"
#include "views/style.hpp"
#include "views/view_text.hpp"

#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace memlens {

namespace {

constexpr int kMarkerWidth = 12;   // left strip of the gutter: markers
constexpr int kNumberPadding = 10; // right of the numbers

using GutterColors = style::CodeGutterColors;

GutterColors gutterColors(bool dark) { return style::codeGutter(dark); }

QColor cursorLineColor(bool dark) { return style::codeCursorLine(dark); }

bool contains(const std::vector<int>& sorted, int value)
{
    return std::binary_search(sorted.begin(), sorted.end(), value);
}

} // namespace

// The side widget the line numbers are painted in.
class SourceGutter : public QWidget {
public:
    explicit SourceGutter(SourceTextView* view)
        : QWidget(view)
        , view_(view)
    {
        setObjectName(QStringLiteral("sourceGutter"));
        setCursor(Qt::PointingHandCursor);
    }
    QSize sizeHint() const override { return {view_->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { view_->paintGutter(event); }
    void mousePressEvent(QMouseEvent* event) override
    {
        // A click on a line number activates that line, as a click in the text does.
        const int line = view_->lineAt(QPoint(0, event->position().toPoint().y()));
        if (line > 0 && event->button() == Qt::LeftButton) {
            QTextCursor cursor(view_->document()->findBlockByNumber(line - 1));
            view_->pressing_ = true;
            view_->setTextCursor(cursor);
            view_->pressing_ = false;
            view_->userCursor_ = true;
            view_->stickyLine_ = 0;
            view_->lastLine_ = line;
            view_->updateSelections();
            emit view_->lineActivated(line);
        }
        QWidget::mousePressEvent(event);
    }
    void wheelEvent(QWheelEvent* event) override { view_->wheelEvent(event); }

private:
    SourceTextView* view_;
};

QColor SourceTextView::strongLineColor(bool dark) { return style::codeStrongLine(dark); }
QColor SourceTextView::candidateLineColor(bool dark) { return style::codeCandidateLine(dark); }

SourceTextView::SourceTextView(QWidget* parent)
    : QPlainTextEdit(parent)
    , gutter_(new SourceGutter(this))
{
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setWordWrapMode(QTextOption::NoWrap);
    setFrameShape(QFrame::NoFrame);
    setUndoRedoEnabled(false);
    setCenterOnScroll(false);
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::Monospace);
    setFont(font);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);

    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateGutterWidth(); });
    connect(this, &QPlainTextEdit::updateRequest, this, &SourceTextView::updateGutterArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &SourceTextView::onCursorMoved);
    connect(verticalScrollBar(), &QScrollBar::actionTriggered, this, [this] { stickyLine_ = 0; });
    updateTheme();
    updateGutterWidth();
}

void SourceTextView::setLanguage(Language language)
{
    if (language == language_)
        return;
    language_ = language;
    delete highlighter_;
    highlighter_ = nullptr;
    if (language == Language::Mlir) {
        auto* highlighter = new MlirHighlighter(document());
        highlighter->setDarkTheme(dark_);
        highlighter_ = highlighter;
    } else if (language == Language::Python) {
        auto* highlighter = new PythonHighlighter(document());
        highlighter->setDarkTheme(dark_);
        highlighter_ = highlighter;
    }
}

bool SourceTextView::setSourceText(const QString& text)
{
    if (text.size() == text_.size() && text == text_)
        return false;
    text_ = text;
    programmatic_ = true;
    setPlainText(text);
    programmatic_ = false;
    strong_ = 0;
    candidates_.clear();
    marked_.clear();
    emphasis_.clear();
    stickyLine_ = 0;
    lastLine_ = 0;
    userCursor_ = false;
    updateGutterWidth();
    updateSelections();
    return true;
}

int SourceTextView::lineCount() const
{
    // An empty document still has one (empty) block.
    return document()->isEmpty() ? 0 : document()->blockCount();
}

QString SourceTextView::lineText(int line) const
{
    if (line < 1 || line > lineCount())
        return {};
    return document()->findBlockByNumber(line - 1).text();
}

void SourceTextView::setHighlightedLines(int strong, const std::vector<int>& others)
{
    strong_ = strong >= 1 && strong <= lineCount() ? strong : 0;
    candidates_.clear();
    for (int line : others)
        if (line >= 1 && line <= lineCount() && line != strong_)
            candidates_.push_back(line);
    std::sort(candidates_.begin(), candidates_.end());
    candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
    updateSelections();
    gutter_->update();
}

void SourceTextView::setMarkedLines(std::vector<int> lines)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    if (lines == marked_)
        return;
    marked_ = std::move(lines);
    gutter_->update();
}

void SourceTextView::setEmphasis(const QString& text)
{
    emphasis_ = text;
    recenter();
    updateSelections();
}

std::pair<int, int> SourceTextView::emphasisSpan() const
{
    const qsizetype at = emphasis_.isEmpty() ? -1 : lineText(strong_).indexOf(emphasis_);
    return at < 0 ? std::pair<int, int>{0, 0} : std::pair<int, int>{static_cast<int>(at), int(emphasis_.size())};
}

int SourceTextView::emphasisScrollX() const
{
    const auto [column, length] = emphasisSpan();
    if (length == 0)
        return 0;
    const QTextBlock block = document()->findBlockByNumber(strong_ - 1);
    document()->documentLayout()->blockBoundingRect(block); // lays the line out if it is not yet
    const QTextLayout* layout = block.layout();
    if (!layout || layout->lineCount() == 0)
        return 0;
    const QTextLine line = layout->lineAt(0);
    if (line.cursorToX(column + length) + document()->documentMargin() <= viewport()->width())
        return 0;
    // A little of what precedes it stays in view.
    return std::max(
        0, static_cast<int>(line.cursorToX(column)) - fontMetrics().horizontalAdvance(QStringLiteral("xxxx")));
}

void SourceTextView::centerOnLine(int line)
{
    if (line < 1 || line > lineCount())
        return;
    programmatic_ = true;
    QTextCursor cursor(document()->findBlockByNumber(line - 1));
    setTextCursor(cursor);
    programmatic_ = false;
    lastLine_ = line;
    userCursor_ = false;
    stickyLine_ = line;
    recenter();
    updateSelections();
}

void SourceTextView::recenter()
{
    if (stickyLine_ < 1 || stickyLine_ > lineCount())
        return;
    const QTextBlock block = document()->findBlockByNumber(stickyLine_ - 1);
    // Scroll so the block sits in the middle: the vertical scroll bar of a
    // QPlainTextEdit counts lines (blocks, as nothing wraps).
    const int lineHeight = std::max(1, fontMetrics().lineSpacing());
    const int visibleLines = std::max(1, viewport()->height() / lineHeight);
    QScrollBar* bar = verticalScrollBar();
    const int target = std::clamp(block.firstLineNumber() - visibleLines / 2, bar->minimum(), bar->maximum());
    // The line's start, or the emphasis when it would end past the right edge.
    const int x = stickyLine_ == strong_ ? emphasisScrollX() : 0;
    programmatic_ = true;
    bar->setValue(target);
    // The scroll bar learns a line's width only once the editor adjusts to the lines laid out.
    if (x > horizontalScrollBar()->maximum())
        horizontalScrollBar()->setRange(0, x);
    horizontalScrollBar()->setValue(x);
    programmatic_ = false;
}

int SourceTextView::cursorLine() const { return textCursor().blockNumber() + 1; }

int SourceTextView::lineAt(const QPoint& viewportPos) const
{
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    while (block.isValid()) {
        const qreal bottom = top + blockBoundingRect(block).height();
        if (viewportPos.y() >= top && viewportPos.y() < bottom)
            return block.blockNumber() + 1;
        if (top > viewportPos.y())
            break;
        top = bottom;
        block = block.next();
    }
    return 0;
}

QRect SourceTextView::lineRect(int line) const
{
    if (line < 1 || line > lineCount())
        return {};
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    const QRectF geometry = blockBoundingGeometry(block).translated(contentOffset());
    return QRect(0, qRound(geometry.top()), viewport()->width(), qRound(geometry.height()));
}

bool SourceTextView::isLineVisible(int line) const
{
    const QRect rect = lineRect(line);
    return !rect.isEmpty() && viewport()->rect().contains(rect);
}

QString SourceTextView::lineToolTip(const QPoint& viewportPos) const
{
    const int line = lineAt(viewportPos);
    if (line < 1)
        return {};
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    const qreal width
        = block.layout() && block.layout()->lineCount() > 0 ? block.layout()->lineAt(0).naturalTextWidth() : 0.0;
    const qreal left = blockBoundingGeometry(block).translated(contentOffset()).left() + document()->documentMargin();
    const bool cut = left < 0 || left + width > viewport()->width();
    return cut ? block.text() : QString();
}

bool SourceTextView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = lineToolTip(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

void SourceTextView::setFirstLineNumber(int number)
{
    firstLineNumber_ = std::max(1, number);
    updateGutterWidth();
    gutter_->update();
}

int SourceTextView::gutterWidth() const
{
    const int highest = shownLineNumber(std::max(1, document()->blockCount()));
    const int digits = std::max(3, static_cast<int>(QString::number(highest).size()));
    return kMarkerWidth + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + kNumberPadding;
}

void SourceTextView::updateGutterWidth()
{
    const int width = gutterWidth();
    setViewportMargins(width, 0, 0, 0);
    const QRect contents = contentsRect();
    gutter_->setGeometry(QRect(contents.left(), contents.top(), width, contents.height()));
}

void SourceTextView::updateGutterArea(const QRect& rect, int dy)
{
    if (dy)
        gutter_->scroll(0, dy);
    else
        gutter_->update(0, rect.y(), gutter_->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateGutterWidth();
}

void SourceTextView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    updateGutterWidth();
    recenter();
}

void SourceTextView::showEvent(QShowEvent* event)
{
    QPlainTextEdit::showEvent(event);
    recenter();
}

void SourceTextView::mousePressEvent(QMouseEvent* event)
{
    pressing_ = true;
    QPlainTextEdit::mousePressEvent(event);
    pressing_ = false;
    if (event->button() == Qt::LeftButton) {
        const int line = cursorLine();
        stickyLine_ = 0;
        userCursor_ = true;
        lastLine_ = line;
        updateSelections();
        emit lineActivated(line);
    }
}

void SourceTextView::wheelEvent(QWheelEvent* event)
{
    stickyLine_ = 0;
    QPlainTextEdit::wheelEvent(event);
}

void SourceTextView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier) {
        emit escapePressed();
        event->accept();
        return;
    }
    stickyLine_ = 0;
    QPlainTextEdit::keyPressEvent(event);
}

void SourceTextView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateTheme();
    else if (event->type() == QEvent::FontChange) {
        setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
        updateGutterWidth();
    }
}

void SourceTextView::onCursorMoved()
{
    if (programmatic_ || pressing_)
        return;
    const int line = cursorLine();
    userCursor_ = true;
    updateSelections();
    if (line == lastLine_)
        return;
    lastLine_ = line;
    stickyLine_ = 0;
    emit lineActivated(line);
}

void SourceTextView::updateTheme()
{
    const bool dark = isDarkPalette(palette());
    if (dark == dark_ && highlighter_)
        return;
    dark_ = dark;
    if (auto* mlir = qobject_cast<MlirHighlighter*>(highlighter_))
        mlir->setDarkTheme(dark);
    else if (auto* python = qobject_cast<PythonHighlighter*>(highlighter_))
        python->setDarkTheme(dark);
    updateSelections();
    gutter_->update();
}

void SourceTextView::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    auto lineSelection = [this](int line, const QColor& color) {
        QTextEdit::ExtraSelection selection;
        selection.format.setBackground(color);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(document()->findBlockByNumber(line - 1));
        selection.cursor.clearSelection();
        return selection;
    };
    const int cursor = cursorLine();
    if (userCursor_ && cursor != strong_ && !contains(candidates_, cursor) && cursor <= lineCount())
        selections.append(lineSelection(cursor, cursorLineColor(dark_)));
    for (int line : candidates_)
        selections.append(lineSelection(line, candidateLineColor(dark_)));
    if (strong_ > 0)
        selections.append(lineSelection(strong_, strongLineColor(dark_)));
    if (const auto [column, length] = emphasisSpan(); length > 0) {
        QTextEdit::ExtraSelection emphasis;
        emphasis.cursor = QTextCursor(document()->findBlockByNumber(strong_ - 1));
        emphasis.cursor.setPosition(emphasis.cursor.block().position() + column);
        emphasis.cursor.setPosition(emphasis.cursor.position() + length, QTextCursor::KeepAnchor);
        emphasis.format.setBackground(style::codeEmphasis(dark_));
        emphasis.format.setFontUnderline(true);
        selections.append(emphasis);
    }
    setExtraSelections(selections);
}

void SourceTextView::paintGutter(QPaintEvent* event)
{
    const GutterColors colors = gutterColors(dark_);
    QPainter painter(gutter_);
    painter.fillRect(event->rect(), colors.background);
    painter.setPen(colors.border);
    painter.drawLine(gutter_->width() - 1, event->rect().top(), gutter_->width() - 1, event->rect().bottom());
    painter.setRenderHint(QPainter::Antialiasing, true);

    QFont normal = font();
    QFont bold = font();
    bold.setBold(true);
    const int numberRight = gutter_->width() - kNumberPadding + 2;

    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int bottom = top + height;
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int line = block.blockNumber() + 1;
            const bool isStrong = line == strong_;
            const bool isCandidate = !isStrong && contains(candidates_, line);
            if (isStrong || isCandidate) {
                // The highlight continues into the gutter, with a bar at its left edge.
                painter.fillRect(QRect(0, top, gutter_->width() - 1, height),
                    isStrong ? strongLineColor(dark_) : candidateLineColor(dark_));
                painter.fillRect(QRect(0, top, 3, height), isStrong ? colors.strongMarker : colors.candidateMarker);
            }
            if (contains(marked_, line)) {
                const qreal radius = std::max(2.0, height / 7.0);
                painter.setPen(Qt::NoPen);
                painter.setBrush(isStrong ? colors.strongMarker : colors.allocDot);
                painter.drawEllipse(QPointF(kMarkerWidth / 2.0 + 1, top + height / 2.0), radius, radius);
            }
            painter.setFont(isStrong ? bold : normal);
            painter.setPen(isStrong ? colors.strongNumber : colors.number);
            painter.drawText(QRect(0, top, numberRight, height), Qt::AlignRight | Qt::AlignVCenter,
                QString::number(shownLineNumber(line)));
        }
        block = block.next();
        top = bottom;
    }
}

} // namespace memlens
