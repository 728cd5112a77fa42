// MainWindow: the Run view's commands (File > Open Run…, a run folder dropped or named on the
// command line, a row opened, the table's filter). The RunPage shows the run or the plan; a row's
// plan is opened here, as File > Open and Open Folder… open it.
#include "app/main_window.hpp"

#include "app/app_settings.hpp"
#include "app/document_loader.hpp"
#include "app/kernel_session.hpp"
#include "views/kernel_cores.hpp"
#include "views/plan_session.hpp"
#include "views/run/run_view.hpp"
#include "views/table/block_table_panel.hpp"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>

namespace memlens {

void MainWindow::chooseAndOpenRun()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open Run"), settings_->value(SettingId::LastOpenDir).toString(), QFileDialog::ShowDirsOnly);
    if (!folder.isEmpty())
        openRun(folder);
}

void MainWindow::openRun(const QString& path)
{
    settings_->setValue(SettingId::LastOpenDir, QFileInfo(path).absoluteFilePath());
    run_->open(QFileInfo(path).absoluteFilePath(), loadOptions_.optionsFor(path));
}

void MainWindow::focusTableFilter()
{
    QLineEdit* filter = runShown() ? run_->view()->filterEdit() : views_.table->filterEdit();
    if (!runShown()) {
        views_.tableDock->show();
        views_.tableDock->raise();
    }
    filter->setFocus(Qt::ShortcutFocusReason);
    filter->selectAll();
}

void MainWindow::openRunRow(const RunRow& row)
{
    const auto plan = run_->planOf(row);
    if (!plan)
        return;
    run_->showPlan();
    // The kernel on show already (opened from this row before, then Back): the plan page
    // again as it was left, not a reload that says "the plan did not change". The file
    // watch reloads it if it changed meanwhile.
    const bool onShow = !plan->folder && session_->document() && !loader_->isBusy() && !kernel_->cores()->active()
        && QFileInfo(currentFile_) == QFileInfo(plan->path);
    if (plan->folder) // a mix kernel's half opens with its other half, as File > Open Folder… opens them
        openFolder(QFileInfo(plan->path).absolutePath(), plan->path);
    else if (!onShow)
        openDump(plan->path);
    run_->updateActions();
}

} // namespace memlens
