#pragma once
// The selected block's IR line (left) and the Python line that allocated it
// (right), side by side (docs/design.md, Locations). Follows the
// PlanSession's selection; a click on a line highlights, in the session, every
// block that line allocates (the reverse link). The Python file is read off
// the GUI thread and cached by path.
#include "core/file_finder.hpp"
#include "core/mlir_location.hpp"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QString>
#include <QWidget>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class QPushButton;
class QSplitter;

namespace memlens {

class PlanSession;
class SourceTextView;
struct BlockSource;
struct PlanDocument;

class SourcePanes : public QWidget {
    Q_OBJECT
public:
    explicit SourcePanes(PlanSession* session, QWidget* parent = nullptr);
    ~SourcePanes() override;

    PlanSession* session() const { return session_; }
    SourceTextView* irView() const;
    SourceTextView* pythonView() const;
    QSplitter* splitter() const { return splitter_; }

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
    QPushButton* locateButton() const;
    // The Python file as named in the IR or dump, of the frame on show ("" when none).
    QString pythonOriginalPath() const { return pythonOriginal_; }

    // True while the Python file is being read (pythonShown() follows).
    bool isReadingPython() const { return reading_; }

    // How files are read off the GUI thread (readTextFile by default). Tests
    // use it to slow a read down; it must be thread-safe.
    using FileReader = std::function<ReadResult(const std::string& path)>;
    void setFileReader(FileReader reader);

public slots:
    // "Locate…": asks the user for the missing Python file, then acceptLocatedFile().
    void locatePythonFile();
    // Shows `localPath` for the missing file at once and emits fileLocated().
    void acceptLocatedFile(const QString& localPath);

signals:
    void openIrRequested();
    void fileLocated(const QString& originalPath, const QString& localPath);
    // The Python pane finished updating (code or message), after a read or at once.
    void pythonShown();

protected:
    void resizeEvent(QResizeEvent* event) override;

public:
    struct Pane; // one side: header, code view, message page (defined in the .cpp)

private:
    struct PythonLoad;
    struct CachedText {
        QString text;
        qint64 modified = 0; // ms since epoch
        qint64 size = -1;
    };

    void onDocumentChanged();
    void refresh();
    void rebuildMaps();
    void showIr(const PlanDocument* document, const BlockSource* source, bool blockSelected);
    void showPython(const PlanDocument* document, const BlockSource* source);
    void requestPython(const PlanDocument* document, const BlockSource& source);
    void finishPythonLoad(const PythonLoad& load);
    void showPythonText(const QString& localPath, const QString& text);
    void showPythonNotFound(const std::vector<std::string>& tried, const std::string& note);
    void showHint(const QString& text);
    void syncHeaderHeights();
    void onIrLineActivated(int line);
    void onPythonLineActivated(int line);
    bool cachedText(const QString& localPath, QString* text) const;

    PlanSession* session_;
    QSplitter* splitter_;
    std::unique_ptr<Pane> ir_;
    std::unique_ptr<Pane> python_;
    FileReader reader_;

    // What is on show (to skip work when nothing changed).
    const PlanDocument* shownDocument_ = nullptr;
    int shownScope_ = -2;
    int shownBlock_ = -2;
    std::shared_ptr<const void> shownIr_; // keeps the IR on show alive, so its address is not reused

    // The Python frame wanted now.
    SourceFrame pythonFrame_;
    std::vector<int> pythonOtherLines_; // other user frames in the same file
    QString pythonOriginal_;
    QString pythonChainPlain_;
    QString pythonChainRich_;
    QString pythonKey_; // the local path, or "?" + the original path when not found
    bool reading_ = false;
    bool openIrOffered_ = true;
    int pythonJob_ = 0;
    std::shared_ptr<const FileFinder> finder_;

    QHash<QString, CachedText> textCache_;                                      // by local path
    QHash<QString, int> inFlight_;                                              // key -> job that reads it
    QHash<QString, std::pair<std::vector<std::string>, std::string>> notFound_; // original -> tried, note
    QHash<QString, QString> located_;
    QList<QFuture<void>> pending_; // reads on their way                               // original -> the user's answer

    // Reverse link, for the scope on show.
    const PlanDocument* mapsDocument_ = nullptr;
    int mapsScope_ = -2;
    std::unordered_map<int, std::vector<int>> irLineBlocks_;
    std::map<std::pair<std::string, int>, std::vector<int>> pythonLineBlocks_;
    std::unordered_map<std::string, std::vector<int>> pythonLinesByFile_;
    std::vector<int> irAllocLines_;
};

} // namespace memlens
