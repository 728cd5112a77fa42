#pragma once
// A read-only code view for the source panes: monospace, no wrapping, a
// line-number gutter, the line a block comes from highlighted (other candidate
// lines lighter), gutter marks on the lines that allocate blocks, and a signal
// when the user clicks or moves the cursor to a line.
#include <QPlainTextEdit>

#include <utility>
#include <vector>

class QSyntaxHighlighter;

namespace memlens {

class SourceTextView : public QPlainTextEdit {
    Q_OBJECT
public:
    enum class Language { Plain, Mlir, Python };

    explicit SourceTextView(QWidget* parent = nullptr);

    void setLanguage(Language language);
    Language language() const { return language_; }

    // Replaces the text when it differs (returns true then); a new text drops
    // the highlighted and marked lines.
    bool setSourceText(const QString& text);
    int lineCount() const;
    // The text of 1-based `line` ("" when out of range).
    QString lineText(int line) const;

    // `strong`: the line to show, 1-based (0: none); `others`: lighter candidates.
    void setHighlightedLines(int strong, const std::vector<int>& others = {});
    int strongLine() const { return strong_; }
    // A part of the strong line to point at (the type that differs, in a compare view): marked,
    // and scrolled into view whenever the line is centred. "" (or not on the line): none.
    void setEmphasis(const QString& text);
    // Where it is on the strong line: its first column (0-based) and length; length 0 when none.
    std::pair<int, int> emphasisSpan() const;
    const std::vector<int>& candidateLines() const { return candidates_; }
    // The number the gutter shows beside the text's first line: a section of a larger file (a
    // compile log's) is numbered as the file's lines, so the numbers match an editor's. 1 by default.
    void setFirstLineNumber(int number);
    // The number the gutter shows beside 1-based `line`.
    int shownLineNumber(int line) const { return line + firstLineNumber_ - 1; }
    // Lines marked with a dot in the gutter (those that allocate some block).
    void setMarkedLines(std::vector<int> lines);
    const std::vector<int>& markedLines() const { return marked_; }

    // Put the cursor on `line` and scroll so it is in the middle of the view;
    // kept centred across resizes until the user scrolls or moves the cursor.
    void centerOnLine(int line);
    // The 1-based line of the text cursor.
    int cursorLine() const;
    // The 1-based line at a point of the viewport (0 when past the text).
    int lineAt(const QPoint& viewportPos) const;
    // Where `line` is drawn, in viewport coordinates (empty when out of range).
    QRect lineRect(int line) const;
    // True when `line` is entirely inside the viewport.
    bool isLineVisible(int line) const;
    // The tooltip at a point of the viewport: the whole line when it does not
    // fit the view (cut on the right or scrolled out on the left), else "".
    QString lineToolTip(const QPoint& viewportPos) const;

    QWidget* gutter() const { return gutter_; }
    int gutterWidth() const;
    bool isDarkTheme() const { return dark_; }

    // The backgrounds of the strong and the candidate lines (the panes reuse
    // the strong one for the "line N" chip of their headers).
    static QColor strongLineColor(bool dark);
    static QColor candidateLineColor(bool dark);

signals:
    // The user clicked a line or moved the text cursor to another line.
    void lineActivated(int line);
    // The user pressed Esc in the view.
    void escapePressed();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    friend class SourceGutter;
    void paintGutter(QPaintEvent* event);
    void updateGutterWidth();
    void updateGutterArea(const QRect& rect, int dy);
    void updateSelections();
    void updateTheme();
    void recenter();
    // Where the horizontal scroll bar shows the emphasis (0: the line's start does).
    int emphasisScrollX() const;
    void onCursorMoved();

    Language language_ = Language::Plain;
    QSyntaxHighlighter* highlighter_ = nullptr;
    QString text_; // the text last set (shared with the caller's copy; cheap to compare)
    QWidget* gutter_;
    int strong_ = 0;
    std::vector<int> candidates_;
    std::vector<int> marked_;
    QString emphasis_;
    int stickyLine_ = 0; // line kept centred, 0 once the user scrolled
    int lastLine_ = 0;   // last line reported by lineActivated
    bool programmatic_ = false;
    bool pressing_ = false;
    bool userCursor_ = false; // the cursor was put by the user (show its line)
    bool dark_ = false;
    int firstLineNumber_ = 1;
};

} // namespace memlens
