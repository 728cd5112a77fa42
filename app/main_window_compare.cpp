// The main window's part in comparing: File > Compare With…, `memlens A B`,
// and the bar a reload shows with what changed and the way to the compare view.
#include "app/app_settings.hpp"
#include "app/compare_window.hpp"
#include "app/document_loader.hpp"
#include "app/main_window.hpp"
#include "app/message_bar.hpp"
#include "core/diff/plan_diff.hpp"
#include "core/document/planner_check.hpp"
#include "core/dump/dump_display_name.hpp"
#include "views/plan_session.hpp"

#include <QFileDialog>
#include <QFileInfo>

namespace memlens {

namespace {

struct ReloadDelta {
    QString text;
    bool changed = false;
};

// Off the GUI thread: judged by one capacity, as the compare view judges them.
ReloadDelta describeReload(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after)
{
    PlanDocument was = *before;
    PlanDocument now = *after;
    shareCapacities(was, now);
    const PlanDiff diff = diffPlans(was, now);
    ReloadDelta delta;
    for (const ScopeDiff& scope : diff.scopes) {
        if (scope.a < 0 || scope.b < 0) {
            delta.changed = true;
            continue;
        }
        const PlanAnalysis& a = was.analyses[static_cast<std::size_t>(scope.a)];
        const PlanAnalysis& b = now.analyses[static_cast<std::size_t>(scope.b)];
        delta.changed |= a.peakAddressBytes != b.peakAddressBytes || a.overflow != b.overflow
            || a.peakLiveBytes != b.peakLiveBytes;
        for (const BufferPair& pair : scope.pairs)
            delta.changed |= pair.change != BufferChange::Same;
    }
    delta.text = QString::fromStdString(describePlanChange(was, now));
    return delta;
}

QString timeText(const QDateTime& at)
{
    return at.isValid() ? at.toString(QStringLiteral("HH:mm:ss")) : QStringLiteral("?");
}

} // namespace

void MainWindow::chooseAndCompare()
{
    if (currentFile_.isEmpty())
        return;
    const QString path = QFileDialog::getOpenFileName(this,
        tr("Compare %1 With").arg(QString::fromStdString(dumpDisplayName(currentFile_.toStdString()))),
        QFileInfo(currentFile_).absolutePath(), tr("Memory dumps (*.json);;All files (*)"));
    if (!path.isEmpty())
        compareFiles(currentFile_, path);
}

CompareWindow* MainWindow::compareFiles(const QString& pathA, const QString& pathB)
{
    if (QFileInfo(pathA).isDir() || QFileInfo(pathB).isDir())
        return compareFolders(pathA, pathB); // kernel folders: core by core
    auto* window = new CompareWindow(this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    window->compareFiles(pathA, optionsFor(pathA), pathB, optionsFor(pathB), settings_->capacitiesByKernel());
    return window;
}

CompareWindow* MainWindow::compareWithPreviousVersion()
{
    const auto now = session_->sharedDocument();
    if (!previousVersion_ || !now)
        return nullptr;
    const QString name = QString::fromStdString(dumpDisplayName(now->dump.file));
    auto* window = new CompareWindow(this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    window->compareDocuments(previousVersion_,
        tr("%1 before the reload (loaded %2)").arg(name, timeText(previousShownAt_)), now,
        tr("%1 now (loaded %2)").arg(name, timeText(shownAt_)));
    return window;
}

void MainWindow::trackVersions(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after)
{
    previousShownAt_ = std::exchange(shownAt_, QDateTime::currentDateTime());
    if (before) {
        showReloadDelta(std::move(before), std::move(after));
        return;
    }
    // Another dump: no before and after to compare.
    deltaJobs_.cancelAll();
    previousVersion_.reset();
}

void MainWindow::showReloadDelta(std::shared_ptr<const PlanDocument> before, std::shared_ptr<const PlanDocument> after)
{
    previousVersion_ = before;
    deltaJobs_.start([before, after](const JobCancel&) { return describeReload(before, after); },
        [this, before](ReloadDelta delta) {
            if (!session_->document())
                return;
            QString text = delta.changed ? tr("<b>Reloaded:</b> %1").arg(delta.text.toHtmlEscaped())
                                         : tr("Reloaded: the memory plan did not change.");
            // A compile log attached (File > Open Compile Log…, a drop): what it changed for the what-ifs.
            if (const std::string log = attachedLogText(*before, *session_->document()); !log.empty())
                text += QStringLiteral("<br>") + QString::fromStdString(log).toHtmlEscaped();
            if (const QString ir = irChangeText(*before, *session_->document()); !ir.isEmpty())
                text += QStringLiteral("<br>") + ir.toHtmlEscaped();
            QList<QPair<QString, std::function<void()>>> actions;
            if (delta.changed)
                actions.append({tr("Compare Before and After"), [this] { compareWithPreviousVersion(); }});
            showDocumentMessage(*session_->document(), text, actions);
            emit reloadDeltaShown(delta.changed ? delta.text : QString());
        });
}

} // namespace memlens
