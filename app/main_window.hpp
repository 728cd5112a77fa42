#pragma once
// The memlens window: title bar and block chart in the middle, usage curve
// below it, block details, the table and the source panes in docks. Owns the
// shared PlanSession; loads dumps through DocumentLoader, never on the GUI thread.
#include "app/file_stamp.hpp"
#include "core/document/plan_document.hpp"
#include "views/job_runner.hpp"

#include <QDateTime>
#include <QMainWindow>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QFileSystemWatcher;
class QSocketNotifier;
class QSplitter;
class QStackedWidget;
class QToolButton;
class QLabel;
class QMenu;
class QTimer;

namespace memlens {

class AddressStripWidget;
class AppSettings;
class BlockChartWidget;
class DirectoryChanges;
class DumpHistory;
class HistoryMenu;
class CoreSelector;
class KernelCores;
class KernelStrip;
class LoadProgress;
struct DumpVersion;
class BlockDetailsPanel;
class BlockTablePanel;
class CompareWindow;
class DiagnosisDock;
class DocumentLoader;
class ExportController;
class MessageBar;
class PlanSession;
class RunView;
struct RunRow;
class SourcePanes;
class TitleBar;
class UsageChartView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `settings` may be null (the application's settings are used).
    explicit MainWindow(AppSettings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Options of the command line (--ir, --capacity, --source-dir, --substitute); `dumpPath`
    // is the dump named there (--ir belongs to it).
    void setCommandLineOptions(const LoadOptions& options, const QString& dumpPath = {});
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
    static constexpr int kLayoutVersion = 3;
    void openIrFile(const QString& irPath);
    // The compile log of the open dump: remembered for it, then the dump is reloaded with it.
    void openLogFile(const QString& logPath);
    // Shows the scope of that name; says so in the status bar when the dump has none.
    void showScope(const QString& scope);

    // The Run view (main_window_run.cpp): every kernel of a run folder or a Triton cache as one table.
    void openRun(const QString& path);
    // Opens the row's plan in the plan view (Back returns to the run).
    void openRunRow(const RunRow& row);
    void showRunPage();
    void showPlanPage();
    bool runShown() const;
    RunView* runView() const { return runView_; }
    QAction* backToRunAction() const { return backToRunAction_; }

    // The compare view (main_window_compare.cpp): two dumps, or the versions before and after the last reload.
    CompareWindow* compareFiles(const QString& pathA, const QString& pathB);
    CompareWindow* compareWithPreviousVersion();
    // Two kernel folders: a compare view per core both have.
    CompareWindow* compareFolders(const QString& folderA, const QString& folderB);
    // The document on show before the last reload (null when there was none).
    std::shared_ptr<const PlanDocument> previousVersion() const { return previousVersion_; }

    QString currentFile() const { return currentFile_; }
    PlanSession* session() const { return session_; }
    TitleBar* titleBar() const { return titleBar_; }
    BlockChartWidget* chart() const { return chart_; }
    UsageChartView* usageChart() const { return usage_; }
    AddressStripWidget* addressStrip() const { return strip_; }
    BlockTablePanel* table() const { return table_; }
    BlockDetailsPanel* details() const { return details_; }
    SourcePanes* sourcePanes() const { return sourcePanes_; }
    DiagnosisDock* diagnosisDock() const { return diagnosisDock_; }
    MessageBar* messageBar() const { return messageBar_; }
    DocumentLoader* loader() const { return loader_; }
    LoadProgress* loadProgress() const { return progress_; }
    ExportController* exporter() const { return exporter_; }
    AppSettings& settings() const { return *settings_; }
    QMenu* recentMenu() const { return recentMenu_; }
    KernelCores* kernelCores() const { return cores_; }
    CoreSelector* coreSelector() const { return coreSelector_; }
    KernelStrip* kernelStrip() const { return kernelStrip_; }
    // F8: the next block above capacity (of every core when a kernel's folder is open).
    void selectNextOverCapacity();
    // Every version of the dumps seen (for History and a compare view).
    DumpHistory* history() const { return history_; }
    // The status line of a dump just opened: its blocks (per scope when there are several) and its IR.
    static QString documentStatusText(const PlanDocument& document);
    // File > Open's file types: dumps, IR files and compile logs (all of which it opens), then each alone.
    static QString openFileFilter();
    HistoryMenu* historyMenu() const { return historyMenu_; }
    // Shows an earlier version of the open dump from its copy.
    void openVersion(const DumpVersion& version);
    // The copy on show, "" when the dump itself is.
    QString shownVersion() const { return shownVersion_; }

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
    void buildMenus(); // main_window_menus.cpp, with the commands that ask for a file first
    void buildSettingsMenu();
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
    void buildHistoryMenu();
    // Copies kept for this run only, or from one run to the next (the setting).
    DumpHistory* createHistory();
    // History > History Limit… and Clear History… (the second asks first).
    void chooseHistoryLimit();
    void clearHistory();
    void onVersionLoaded(std::shared_ptr<const PlanDocument> document);
    void chooseAndOpen();
    void chooseIrFile();
    void chooseLogFile();
    void showPreferences();
    LoadOptions optionsFor(const QString& dumpPath) const;
    CapacitySettings capacitySettingsFor(const PlanDocument& document) const;
    void onLoaded(std::shared_ptr<const PlanDocument> document);
    void onLoadFailed(const QString& path, const QString& message);
    void onCapacityEdited(const QString& scope, std::optional<quint64> bytes);
    // The document on show analysed again with the capacities the settings give now (a zoomed view stays).
    void reapplyCapacities();
    void watchFile(const QString& path);
    void onFileChangedOnDisk();
    void updateActions();
    void updateWindowTitle();
    void chooseAndCompare();
    // After a load: keeps the version a reload replaced and shows what changed.
    void trackVersions(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after);
    void showReloadDelta(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after);
    // main_window_messages.cpp: the bar for the document on show. Its warnings (an IR or compile
    // log that may be another compile's) come first and stay; `text` (what a reload changed) follows.
    void showDocumentMessage(
        const PlanDocument& document, const QString& text, QList<QPair<QString, std::function<void()>>> actions = {});
    static QString irChangeText(const PlanDocument& before, const PlanDocument& after);

    std::unique_ptr<AppSettings> ownSettings_;
    AppSettings* settings_;
    PlanSession* session_;
    DocumentLoader* loader_;
    ExportController* exporter_;
    MessageBar* messageBar_ = nullptr;
    TitleBar* titleBar_ = nullptr;
    BlockChartWidget* chart_ = nullptr;
    UsageChartView* usage_ = nullptr;
    QSplitter* chartSplitter_ = nullptr; // the block chart above the usage curve
    AddressStripWidget* strip_ = nullptr;
    BlockTablePanel* table_ = nullptr;
    BlockDetailsPanel* details_ = nullptr;
    SourcePanes* sourcePanes_ = nullptr;
    QDockWidget* detailsDock_ = nullptr;
    QDockWidget* tableDock_ = nullptr;
    QDockWidget* sourceDock_ = nullptr;
    DiagnosisDock* diagnosisDock_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    LoadProgress* progress_ = nullptr;
    QLabel* statusLabel_ = nullptr;
    QFileSystemWatcher* watcher_ = nullptr;
    QTimer* changeDebounce_ = nullptr;
    QList<QAction*> documentActions_; // enabled only with a document
    QAction* reloadAction_ = nullptr;
    LoadOptions commandLineOptions_;
    QString commandLineIr_;
    QString commandLineLog_; // --log, for commandLineDump_ only
    QString commandLineDump_;
    QString currentFile_;                                 // the dump on show
    QString loadingFile_;                                 // the dump being loaded
    FileStamp loadingStamp_;                              // that file as the load found it
    FileStamp shownStamp_;                                // the dump on show, as it was read
    std::shared_ptr<const PlanDocument> previousVersion_; // kept for the compare view after a reload
    QDateTime previousShownAt_;
    QDateTime shownAt_;
    JobRunner deltaJobs_; // the reload delta of the latest reload only
    DumpHistory* history_ = nullptr;
    // The system's reports of writes in the open dump's folder: each version is captured
    // as soon as it is closed (the debounced watcher above only says it changed).
    std::unique_ptr<DirectoryChanges> folderChanges_;
    QSocketNotifier* folderNotifier_ = nullptr;
    QString changesFolder_;
    int missedVersions_ = 0; // written and overwritten again before they could be captured
    void watchFolderOf(const QString& path);
    void onFolderChanged();
    HistoryMenu* historyMenu_ = nullptr;
    QString shownVersion_;       // the copy on show ("" when the dump itself is)
    bool layoutChecked_ = false; // the restored layout was checked once the window was shown

    // The Run view (main_window_run.cpp).
    void buildRunView();
    void chooseAndOpenRun();
    void updateRunActions();
    QStackedWidget* pages_ = nullptr; // the plan (page 0) or the run
    RunView* runView_ = nullptr;
    QAction* backToRunAction_ = nullptr;
    QToolButton* backToRunButton_ = nullptr;
    QList<QPointer<QDockWidget>> docksHiddenForRun_;

    // A kernel's folder (main_window_kernel.cpp).
    void buildKernelWidgets();
    void chooseAndOpenFolder();
    void chooseAndCompareFolder();
    void reloadKernel();
    void loadNextCore();
    // A load of one of the kernel's cores: kept, and the next one started; false for any other load.
    bool takeCoreLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document);
    void stopKernelLoad(const QString& failedPath);
    void selectNextOverCapacityInKernel();
    // Shows the first core of the kernel with a scope of that name; false when none has one.
    bool showScopeOfKernel(const QString& scope);
    // The compiler rewrote files of the kernel: every core's written file is kept (History), and
    // the bar names what changed. False when no kernel's folder is open.
    void captureOtherCores(const std::vector<std::string>& writtenNames);
    bool kernelChangedOnDisk();
    QStringList changedOnDisk_; // the kernel's files the watcher saw change, until the bar says so
    // One file of a pair opened: offers the other (or opens both, with the setting).
    void offerOtherHalf(const QString& path);
    KernelCores* cores_ = nullptr;
    CoreSelector* coreSelector_ = nullptr;
    KernelStrip* kernelStrip_ = nullptr;
    QStringList kernelPending_; // the cores still to load, in order
    QString kernelShowFirst_;   // the core to show once they are loaded
    QString shownCorePath_;     // the core being shown from its loaded document
};

} // namespace memlens
