#pragma once
// The plain parts MainWindow owns by value: the widgets it lays out and its menus' actions. Named here so the window's
// own members stay few.

#include <QList>
#include <QPointer>
#include <QString>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QToolButton;

namespace memlens {

class AddressStripWidget;
class BlockChartWidget;
class BlockDetailsPanel;
class BlockTablePanel;
class DiagnosisDock;
class LoadProgress;
class MessageBar;
class RunView;
class SourcePanes;
class TitleBar;
class UsageChartView;

// The plan's widgets: the central area (title bar, chart, usage curve), the docks, the status line.
struct MainWindowViews {
    MessageBar* messageBar = nullptr;
    TitleBar* titleBar = nullptr;
    BlockChartWidget* chart = nullptr;
    UsageChartView* usage = nullptr;
    QSplitter* chartSplitter = nullptr; // the block chart above the usage curve
    AddressStripWidget* strip = nullptr;
    BlockTablePanel* table = nullptr;
    BlockDetailsPanel* details = nullptr;
    SourcePanes* sourcePanes = nullptr;
    QDockWidget* detailsDock = nullptr;
    QDockWidget* tableDock = nullptr;
    QDockWidget* sourceDock = nullptr;
    DiagnosisDock* diagnosisDock = nullptr;
    QStackedWidget* pages = nullptr; // the plan (page 0) or the run
    LoadProgress* progress = nullptr;
    QLabel* statusLabel = nullptr;
};

// The menu items whose state follows the document on show.
struct WindowMenus {
    QMenu* recent = nullptr;
    QAction* reload = nullptr;
    QList<QAction*> exportActions;   // off too while an export is being written
    QList<QAction*> documentActions; // enabled only with a document
};

} // namespace memlens
