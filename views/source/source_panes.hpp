#pragma once
// The selected block's IR line (left) and the Python line that allocated it
// (right), side by side (docs/design.md, Locations). Follows the
// PlanSession's selection; a click on a line highlights, in the session, every
// block that line allocates (the reverse link, from a BlockLineIndex). Python
// files come from a SourceFileCache, which finds and reads them off the GUI
// thread; this class only decides what each SourcePane presents.
#include "core/document/block_line_index.hpp"
#include "core/source/mlir_location.hpp"

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QPushButton;
class QSplitter;
class QTimer;

namespace memlens {

class PlanSession;
class SourceFileCache;
class SourcePane;
class LateIrPane;
class SourceTextView;
struct BlockSource;
struct PlanDocument;
struct SourceFile;

class SourcePanes : public QWidget {
    Q_OBJECT
public:
    explicit SourcePanes(PlanSession* session, QWidget* parent = nullptr);
    ~SourcePanes() override;

    PlanSession* session() const { return session_; }
    SourcePane* irPane() const { return ir_; }
    SourcePane* pythonPane() const { return python_; }
    // The compile log's late IR (hidden without a log).
    LateIrPane* lateIrPane() const { return lateIr_; }
    SourceTextView* irView() const;
    SourceTextView* pythonView() const;
    QSplitter* splitter() const { return splitter_; }
    // Where the Python files come from (tests slow its reads down).
    SourceFileCache* fileCache() const { return files_; }

    // The pane headers: "<full path> \u2014 line 57" (an em dash) ("" when the pane has nothing to name).
    QString irHeaderText() const;
    QString pythonHeaderText() const;
    // The Python call chain, innermost first: `standard.py:293 ← layer_norm.py:56 "row_sum"`;
    // "" when hidden (one user frame and no library frame).
    QString chainText() const;
    // The strong highlighted line of each pane (1-based), 0 when none or when a message is shown.
    int irHighlightedLine() const;
    int pythonHighlightedLine() const;
    // The message a pane shows instead of code ("" when it shows code).
    QString irMessageText() const;
    QString pythonMessageText() const;
    bool isShowingIrCode() const;
    bool isShowingPythonCode() const;
    // "Open IR…" (shown when there is no IR) and "Locate…" (shown when the Python file is not found).
    QPushButton* openIrButton() const;
    // Whether "Open IR…" is offered when the dump has no IR (not where nothing can answer it).
    void setOpenIrOffered(bool offered);
    // Whether the compile log's pane shows when the document has a log (true by default).
    void setLateIrOffered(bool offered);
    QPushButton* locateButton() const;
    // The Python file as named in the IR or dump, of the frame on show ("" when none).
    QString pythonOriginalPath() const { return pythonOriginal_; }

    // True while the Python file on show is being found or read (pythonShown() follows).
    bool isReadingPython() const { return !pythonKey_.isEmpty() && reading_; }

public slots:
    // Shows the kernel's Python file at `lines` (the first centred, the rest highlighted with it),
    // `caption` under the header: where a lever's value is chosen. The next block selected shows its own line.
    void showPythonLines(const QString& localPath, const std::vector<int>& lines, const QString& caption);
    // "Locate…": asks the user for the missing Python file, then acceptLocatedFile().
    void locatePythonFile();
    // Shows `localPath` for the missing file at once and emits fileLocated().
    void acceptLocatedFile(const QString& localPath);

signals:
    void openIrRequested();
    void fileLocated(const QString& originalPath, const QString& localPath);
    // The Python pane finished updating (code or message), after a read or at once.
    void pythonShown();
    // A click on a line said what it allocates ("line 60 allocates %alloc_7: 1 KB"); "" when Esc cleared it.
    void lineDescribed(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // What the panes and the session tell each other (the constructor's last part).
    void connectPanes();
    // What is on show, to skip work when nothing changed.
    struct Shown {
        const PlanDocument* document = nullptr;
        int scope = -1;
        int block = -1;
        bool operator==(const Shown&) const = default;
    };

    void onDocumentChanged();
    void refresh();
    const BlockLineIndex& lineIndex();
    void showIr(const PlanDocument* document, const BlockSource* source, bool blockSelected);
    void showPython(const PlanDocument* document, const BlockSource* source);
    void showPythonHint(const QString& text);
    void requestPython(const BlockSource& source);
    void onFileReady(const SourceFile& file);
    void showPythonFile(const SourceFile& file);
    void showPythonText(const QString& localPath, const QString& text);
    void showPythonNotFound(const SourceFile& file);
    void showReading();
    void syncHeaderHeights();
    void onIrLineActivated(int line);
    void onPythonLineActivated(int line);
    // Highlights (and so filters the table to) the blocks of `line` of `fileName`.
    void highlightLine(int line, const QString& fileName, const std::vector<int>& blocks);
    void clearLineHighlight();

    PlanSession* session_;
    QSplitter* splitter_;
    SourcePane* ir_;
    SourcePane* python_;
    LateIrPane* lateIr_ = nullptr;
    SourceFileCache* files_;
    QTimer* readingNotice_; // says "Reading…" when a read takes a moment

    std::optional<Shown> shown_;
    std::shared_ptr<const void> shownIr_; // keeps the IR on show alive, so its address is not reused

    // The Python frame on show, and the file it needs.
    SourceFrame pythonFrame_;
    std::vector<int> pythonOtherLines_; // other user frames in the same file
    QString pythonOriginal_;
    QString pythonChainPlain_;
    QString pythonChainRich_;
    QString pythonKey_; // SourceFileCache::keyFor() of the file wanted; "" when none
    bool reading_ = false;
    bool openIrOffered_ = true;
    bool describingLine_ = false; // the status bar describes a clicked line
    bool highlighting_ = false;   // inside our own change of the session's highlight

    // The reverse link of the scope on show.
    std::shared_ptr<const BlockLineIndex> lineIndex_; // kept while the panes use it
};

} // namespace memlens
