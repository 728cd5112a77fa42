#pragma once
// The memlens window: title bar and block chart in the middle, usage curve
// below it, block details, the table and the source panes in docks. Owns the
// shared PlanSession; loads dumps through DocumentLoader, never on the GUI thread.
#include "app/kernel_session.hpp"
#include "app/run_page.hpp"
#include "app/version_trail.hpp"
#include "app/window_load_options.hpp"
#include "app/window_parts.hpp"
#include "core/document/plan_document.hpp"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QMenu;

namespace memlens {

class AppSettings;
class CompareWindow;
class CoreSelector;
class DocumentLoader;
class DumpHistory;
struct DumpVersion;
class ExportController;
class HistoryMenu;
class KernelCores;
class KernelStrip;
class OpenFileWatch;
class PlanSession;
struct RunRow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `settings` may be null (the application's settings are used).
    explicit MainWindow(AppSettings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Options of the command line (--ir, --capacity, --source-dir, --substitute); `dumpPath`
    // is the dump named there (--ir belongs to it).
    void setCommandLineOptions(const LoadOptions& options, const QString& dumpPath = {})
    {
        loadOptions_.setCommandLine(options, dumpPath);
    }
    // Starts loading; the dump on show stays until the new one is ready.
    void openDump(const QString& path);
    // A kernel's folder (main_window_kernel.cpp): every memory_info*.json of it, one core on show;
    // `showFirst` is the core to show (else the first that overflows).
    void openFolder(const QString& folder, const QString& showFirst = {});
    // Shows the core whose dump is `path` (loaded with the folder) at scope `scopeIndex` (-1: as PlanSession picks).
    void showCore(const QString& path, int scopeIndex);
    void reload();
    // Stops the load under way (the status bar's Cancel); the dump on show stays.
    void cancelLoading();
    void closeDump();
    // View > Reset Layout: every dock back in its default place and size, shown.
    void resetLayout();
    // A dock on show narrower than its minimum (a layout that cannot be read).
    bool layoutSqueezed() const;
    // The version saveState() writes: a saved layout of an older version is not restored.
    static constexpr int kLayoutVersion = 4;
    void openIrFile(const QString& irPath);
    // The compile log of the open dump: remembered for it, then the dump is reloaded with it.
    void openLogFile(const QString& logPath);
    // Shows the scope of that name; says so in the status bar when the dump has none.
    void showScope(const QString& scope);

    // The Run view (main_window_run.cpp; the RunPage shows it): every kernel of a run folder or a
    // Triton cache as one table.
    void openRun(const QString& path);
    // Opens the row's plan in the plan view (Back returns to the run).
    void openRunRow(const RunRow& row);
    void showPlanPage() { run_->showPlan(); }
    bool runShown() const { return run_->shown(); }
    // View > Filter Table (Ctrl+F): the cursor in the filter of the table on show.
    void focusTableFilter();
    RunView* runView() const { return run_->view(); }
    QAction* backToRunAction() const { return run_->backAction(); }

    // The compare view (main_window_compare.cpp) of two dumps, and of two kernel folders: a compare
    // view per core both have. (The one of a reload's versions is the VersionTrail's.)
    CompareWindow* compareFiles(const QString& pathA, const QString& pathB);
    CompareWindow* compareFolders(const QString& folderA, const QString& folderB);
    // The document on show before the last reload (null when there was none).
    std::shared_ptr<const PlanDocument> previousVersion() const { return trail_->previousVersion(); }

    QString currentFile() const { return currentFile_; }
    PlanSession* session() const { return session_; }
    TitleBar* titleBar() const { return views_.titleBar; }
    BlockChartWidget* chart() const { return views_.chart; }
    UsageChartView* usageChart() const { return views_.usage; }
    AddressStripWidget* addressStrip() const { return views_.strip; }
    BlockTablePanel* table() const { return views_.table; }
    BlockDetailsPanel* details() const { return views_.details; }
    SourcePanes* sourcePanes() const { return views_.sourcePanes; }
    DiagnosisDock* diagnosisDock() const { return views_.diagnosisDock; }
    MessageBar* messageBar() const { return views_.messageBar; }
    DocumentLoader* loader() const { return loader_; }
    LoadProgress* loadProgress() const { return views_.progress; }
    ExportController* exporter() const { return exporter_; }
    AppSettings& settings() const { return *settings_; }
    QMenu* recentMenu() const { return menus_.recent; }
    KernelCores* kernelCores() const { return kernel_->cores(); }
    CoreSelector* coreSelector() const { return kernel_->selector(); }
    KernelStrip* kernelStrip() const { return kernel_->strip(); }
    // F8: the next block above capacity (of every core when a kernel's folder is open).
    void selectNextOverCapacity();
    // Every version of the dumps seen (for History and a compare view).
    DumpHistory* history() const { return trail_->history(); }
    // File > Open's file types: dumps, IR files and compile logs (all of which it opens), then each alone.
    static QString openFileFilter();
    HistoryMenu* historyMenu() const { return trail_->menu(); }
    // The copy on show, "" when the dump itself is.
    QString shownVersion() const { return trail_->shownVersion(); }
    // History, an earlier version opened, the version a reload replaced.
    VersionTrail* versionTrail() const { return trail_; }

signals:
    void documentShown(const QString& path);
    void loadFailed(const QString& message);
    // A reload was compared with what was on show before it: the text of the bar ("" when nothing changed).
    void reloadDeltaShown(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildCentralArea();
    void buildDocks();
    void connectParts(); // the owners of state to the window, once every part is built
    void buildMenus();   // main_window_menus.cpp, with the commands that ask for a file first
    void buildSettingsMenu();
    void buildStatusBar();
    // The chart's and the address snapshot's text at the size the settings give.
    void applyChartFontSize();
    // main_window_layout.cpp: the docks' default places and sizes, their minimum widths, the saved layout.
    void applyDefaultLayout();
    void restoreLayout();
    void arrangeDocks();
    void sizeDocks(QSize size); // the default share of each dock for a window of this size
    QList<QDockWidget*> docks() const;
    // The View menu; returns the actions that need a document.
    QList<QAction*> buildViewMenu();
    void alignUsagePlot();
    QWidget* chartRow(QWidget* parent);
    void rebuildRecentMenu();
    // History and the VersionTrail wired to the window: a version loaded and shown, a reload's bar.
    void connectHistory();
    void chooseAndOpen();
    void chooseIrFile();
    void chooseLogFile();
    void showPreferences();
    void onLoaded(std::shared_ptr<const PlanDocument> document);
    void onLoadFailed(const QString& path, const QString& message);
    void onCapacityEdited(const QString& scope, std::optional<quint64> bytes);
    // The document on show analysed again with the capacities the settings give now (a zoomed view stays).
    void reapplyCapacities();
    void onFileChangedOnDisk();
    // Files of the open dump's folder were written: each version is captured as soon as it is closed.
    void onFolderWritten(const std::vector<std::string>& writtenNames);
    void updateActions();
    void updateWindowTitle();
    void chooseAndCompare();
    // main_window_messages.cpp: the bar for the document on show. Its warnings (an IR or compile
    // log that may be another compile's) come first and stay; `text` (what a reload changed) follows.
    void showDocumentMessage(
        const PlanDocument& document, const QString& text, QList<QPair<QString, std::function<void()>>> actions = {});

    void chooseAndOpenRun(); // main_window_run.cpp

    // A kernel's folder (main_window_kernel.cpp); its state is the KernelSession's.
    void chooseAndOpenFolder();
    void chooseAndCompareFolder();
    // One file of a pair opened: offers the other (or opens both, with the setting).
    void offerOtherHalf(const QString& path);

    std::unique_ptr<AppSettings> ownSettings_;
    AppSettings* settings_;
    PlanSession* session_;
    DocumentLoader* loader_;
    ExportController* exporter_ = nullptr;
    MainWindowViews views_;
    WindowMenus menus_;
    RunPage* run_ = nullptr;          // the Run view, or the plan, on show
    WindowLoadOptions loadOptions_;   // the command line's and the settings' options of every load
    QString currentFile_;             // the dump on show
    QString loadingFile_;             // the dump being loaded
    bool layoutChecked_ = false;      // the restored layout was checked once the window was shown
    OpenFileWatch* watch_;            // the dump on show and its folder, on disk
    VersionTrail* trail_;             // History, a version opened, the version a reload replaced
    KernelSession* kernel_ = nullptr; // a kernel's folder: its cores, loaded one after the other
};

} // namespace memlens
