// MainWindow: the menu bar, Open Recent, and the commands that ask the user for a file
// or a setting first (kept apart from main_window.cpp, which holds loading and showing).
#include "app/main_window.hpp"

#include "app/app_settings.hpp"
#include "app/export_controller.hpp"
#include "app/help_dialogs.hpp"
#include "app/message_bar.hpp"
#include "app/preferences_dialog.hpp"
#include "app/user_guide_window.hpp"
#include "app/version_trail.hpp"
#include "core/analysis/capacity.hpp"
#include "core/source/file_finder.hpp"
#include "core/text/byte_size.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_widget.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>

#include <algorithm>

namespace memlens {

namespace {

// The chips whose sizes core/capacity knows; the first is the one whose compiler writes these dumps.
const char* const kChips[] = {"Ascend910B", "Ascend310B", "Ascend950"};
const int kChartFontSizes[] = {10, 11, 12, 13, 14, 16, 18};

QString chipLabel(const QString& chip)
{
    const auto size = [&chip](const char* scope) {
        return QString::fromStdString(formatBytes(capacityOfTarget(chip.toStdString(), scope).value_or(0)));
    };
    const QString sizes = QObject::tr("UB %1, L1 %2, L0C %3").arg(size("ub"), size("cbuf"), size("cc"));
    if (chip == QLatin1String(kChips[0]))
        return QObject::tr("Ascend910B / 910_93 (%1): the chips whose compiler writes these dumps").arg(sizes);
    return QStringLiteral("%1 (%2)").arg(chip, sizes);
}

} // namespace

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Dump…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Folder…"), this, &MainWindow::chooseAndOpenFolder)
        ->setToolTip(tr("A kernel's folder: memory_info_aic.json and memory_info_aiv.json together"));
    QAction* openRun = file->addAction(tr("Open R&un…"), this, &MainWindow::chooseAndOpenRun);
    openRun->setObjectName(QStringLiteral("openRunAction"));
    openRun->setToolTip(tr("Every kernel of a run as one table: a folder of dumps (memlens watch --keep), kernel "
                           "folders, compile logs, or a Triton cache"));
    menus_.recent = file->addMenu(tr("Open &Recent"));
    connect(menus_.recent, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    QAction* openIr = file->addAction(tr("Open &IR for This Dump…"), this, &MainWindow::chooseIrFile);
    QAction* openLog = file->addAction(tr("Open Compile &Log…"), this, &MainWindow::chooseLogFile);
    openLog->setToolTip(tr("The log of bishengir-compile … --mlir-print-ir-before=hivm-plan-memory "
                           "--mlir-print-debuginfo: names the ops of every Life"));
    QAction* compare = file->addAction(tr("Co&mpare With…"), this, &MainWindow::chooseAndCompare);
    QAction* compareFolder
        = file->addAction(tr("Compare Kernel Folder With…"), this, &MainWindow::chooseAndCompareFolder);
    menus_.reload = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    menus_.reload->setShortcut(QKeySequence::Refresh);
    QAction* close = file->addAction(tr("&Close"), this, &MainWindow::closeDump);
    close->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction* png = file->addAction(tr("Export Chart as &PNG…"), exporter_, &ExportController::chooseAndExportChartPng);
    png->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction* svg = file->addAction(tr("Export Chart as &SVG…"), exporter_, &ExportController::chooseAndExportChartSvg);
    QAction* csv = file->addAction(tr("Export &Table as CSV…"), exporter_, &ExportController::chooseAndExportTableCsv);
    QAction* report = file->addAction(tr("Export &Report…"), exporter_, &ExportController::chooseAndExportReport);
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    menus_.exportActions = {png, svg, csv, report};
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    const QList<QAction*> viewActions = buildViewMenu();
    trail_->addMenuTo(menuBar());
    buildSettingsMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), this, [this] { (new UserGuideWindow(this))->show(); })
        ->setObjectName(QStringLiteral("userGuideAction"));
    help->addAction(tr("&Keyboard and Mouse"), this, [this] { showKeyboardHelp(this, menuBar()); })
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About memlens"), this, [this] { showAbout(this); })->setMenuRole(QAction::AboutRole);

    menus_.documentActions = {openIr, compare, compareFolder, menus_.reload, close, png, svg, csv, report};
    menus_.documentActions += viewActions;
}

void MainWindow::buildSettingsMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&Settings"));
    menu->addAction(tr("Source &Folders and Path Substitutions…"), this, &MainWindow::showPreferences);

    // Only where nothing else says: a capacity you set, the error text's figure and the IR's target come first.
    QMenu* chips = menu->addMenu(tr("Default &Chip"));
    auto* chipGroup = new QActionGroup(chips);
    const QString chosen = settings_->value(SettingId::DefaultChip).toString();
    for (const char* chip : kChips) {
        const QString name = QString::fromLatin1(chip);
        const QString value = chip == kChips[0] ? QString() : name; // "": the usual default
        QAction* action = chips->addAction(chipLabel(name), this, [this, value] {
            settings_->setValue(SettingId::DefaultChip, value);
            reapplyCapacities();
        });
        action->setObjectName(QStringLiteral("defaultChip") + name);
        action->setCheckable(true);
        action->setChecked(value == chosen);
        action->setActionGroup(chipGroup);
    }
    chips->addSeparator();
    chips->addAction(tr("Its capacities apply where neither you, the error text nor the IR gives one"))
        ->setEnabled(false);

    QMenu* fonts = menu->addMenu(tr("Chart Font &Size"));
    auto* fontGroup = new QActionGroup(fonts);
    const int shownSize = settings_->value(SettingId::ChartFontSize).toInt();
    const int standard = AppSettings::defaultValue(SettingId::ChartFontSize).toInt();
    for (const int pixels : kChartFontSizes) {
        QAction* action = fonts->addAction(
            pixels == standard ? tr("%1 px (default)").arg(pixels) : tr("%1 px").arg(pixels), this, [this, pixels] {
                settings_->setValue(SettingId::ChartFontSize, pixels);
                applyChartFontSize();
            });
        action->setObjectName(QStringLiteral("chartFontSize%1").arg(pixels));
        action->setCheckable(true);
        action->setChecked(pixels == shownSize);
        action->setActionGroup(fontGroup);
    }
}

void MainWindow::applyChartFontSize()
{
    const int pixels = std::clamp(settings_->value(SettingId::ChartFontSize).toInt(), 6, 48);
    views_.chart->setFontPixelSize(pixels);
    views_.strip->setFontPixelSize(pixels - 1);
    alignUsagePlot(); // the address labels' width moves the chart's plot
}

void MainWindow::rebuildRecentMenu()
{
    const QStringList dropped = settings_->pruneRecentFiles();
    if (!dropped.isEmpty()) {
        views_.messageBar->showMessage(MessageBar::Kind::Info,
            tr("Removed from Open Recent because they no longer exist: %1").arg(dropped.join(QStringLiteral(", "))));
    }
    menus_.recent->clear();
    const QStringList files = settings_->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        const QString label = QStringLiteral("&%1 %2  (%3)")
                                  .arg(i + 1 == 10 ? 0 : i + 1)
                                  .arg(QFileInfo(path).fileName(), QFileInfo(path).absolutePath());
        menus_.recent->addAction(label, this, [this, path] { openDump(path); });
    }
    if (files.isEmpty())
        menus_.recent->addAction(tr("No Recent Dumps"))->setEnabled(false);
    menus_.recent->addSeparator();
    QAction* clear = menus_.recent->addAction(
        tr("Clear Recent Dumps"), this, [this] { settings_->setValue(SettingId::RecentFiles, QStringList()); });
    clear->setEnabled(!files.isEmpty());
}

void MainWindow::chooseLogFile()
{
    if (currentFile_.isEmpty())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open the Compile Log of This Dump"),
        QFileInfo(currentFile_).absolutePath(), tr("Compile logs (*.log *.txt);;All files (*)"));
    if (!path.isEmpty())
        openLogFile(path);
}

void MainWindow::chooseAndOpen()
{
    const QString start = settings_->value(SettingId::LastOpenDir).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Memory Dump"), start, openFileFilter());
    if (!path.isEmpty())
        openDump(path);
}

namespace {

// "*.ttadapter *.mlir ...": the IR files memlens reads.
QString irPatterns()
{
    QStringList patterns;
    for (std::string_view suffix : irFileSuffixes())
        patterns << QStringLiteral("*") + QString::fromUtf8(suffix.data(), static_cast<qsizetype>(suffix.size()));
    return patterns.join(u' ');
}

} // namespace

QString MainWindow::openFileFilter()
{
    // Everything File > Open opens: a dump, and an IR or a compile log that memlens plans itself.
    const QString ir = irPatterns();
    return tr("Dumps, IR and compile logs (*.json %1 *.log *.txt);;Memory dumps (*.json);;IR (%1);;Compile logs "
              "(*.log *.txt);;All files (*)")
        .arg(ir);
}

void MainWindow::chooseIrFile()
{
    if (currentFile_.isEmpty())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open the IR This Dump Was Compiled From"),
        QFileInfo(currentFile_).absolutePath(), tr("IR (%1);;All files (*)").arg(irPatterns()));
    if (!path.isEmpty())
        openIrFile(path);
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(settings_, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    reload();
}

} // namespace memlens
