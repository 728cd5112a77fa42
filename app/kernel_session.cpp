#include "app/kernel_session.hpp"

#include "app/dump_history.hpp"
#include "app/open_file_watch.hpp"
#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/kernel_strip.hpp"
#include "views/plan_session.hpp"
#include "views/title_bar.hpp"

#include <QBoxLayout>
#include <QFileInfo>

#include <algorithm>

namespace memlens {

KernelSession::KernelSession(PlanSession* session, TitleBar* titleBar, CoreLoader loader, QObject* parent)
    : QObject(parent)
    , session_(session)
    , loader_(std::move(loader))
    , cores_(new KernelCores(this))
{
    // The core selector lists every core's scopes: it takes the scope selector's place. One goes
    // before the other comes (showing a widget lays its parent out at once: both at a time would
    // widen the window for a moment, and it stays wider).
    const auto several = [this] { return cores_->cores().size() > 1; };
    connect(cores_, &KernelCores::changed, titleBar, [titleBar, several] {
        if (several())
            titleBar->setScopeSelectorVisible(false);
    });
    // Cores of different kernels: the bar names them all, and says so.
    connect(cores_, &KernelCores::changed, titleBar,
        [this, titleBar] { titleBar->setKernelFolder(cores_->differentKernels(), cores_->differentKernelsNote()); });
    selector_ = new CoreSelector(cores_, session, titleBar);
    titleBar->insertBeforeScope(selector_);
    connect(cores_, &KernelCores::changed, titleBar, [titleBar, several] {
        if (!several())
            titleBar->setScopeSelectorVisible(true);
    });
    QWidget* planPage = titleBar->parentWidget(); // the plan's page of the central area (the run has the other)
    strip_ = new KernelStrip(cores_, session, planPage);
    auto* layout = static_cast<QBoxLayout*>(planPage->layout());
    layout->insertWidget(layout->indexOf(titleBar) + 1, strip_); // right under the title bar
    connect(selector_, &CoreSelector::chosen, this, &KernelSession::coreToShow);
    connect(strip_, &KernelStrip::chosen, this, &KernelSession::coreToShow);
}

void KernelSession::startFolder(const QString& folder, const QStringList& files, const QString& showFirst,
    const QString& shownPath, std::shared_ptr<const PlanDocument> shown)
{
    cores_->setFolder(folder, files);
    showFirst_ = showFirst;
    pending_ = files;
    if (shown && files.contains(shownPath)) {
        cores_->setDocument(shownPath, std::move(shown));
        pending_.removeAll(shownPath);
    }
    loadNext();
}

void KernelSession::startReload(const QString& showFirst)
{
    showFirst_ = showFirst;
    pending_.clear();
    for (const KernelCores::Core& core : cores_->cores())
        pending_ << core.path;
    loadNext();
}

void KernelSession::loadNext()
{
    // The cores are loaded one after the other, then the one to show is shown.
    if (const QString next = nextToLoad(); !next.isEmpty()) {
        loader_(next);
        return;
    }
    const QString show = cores_->documentOf(showFirst_) ? showFirst_ : cores_->worstCore();
    showFirst_.clear();
    if (!show.isEmpty())
        emit coreToShow(show, -1);
    emit coresLoaded();
}

bool KernelSession::takeLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!pending_.contains(absolute) || absolute == showingPath_)
        return false;
    cores_->setDocument(absolute, document);
    pending_.removeAll(absolute);
    emit coreReady(absolute);
    loadNext();
    return true;
}

void KernelSession::stopLoading(const QString& failedPath)
{
    if (pending_.contains(QFileInfo(failedPath).absoluteFilePath()))
        pending_.clear();
}

void KernelSession::rejudgeCores(const QString& shownPath, std::shared_ptr<const PlanDocument> shown,
    const std::function<CapacitySettings(const PlanDocument&)>& capacities)
{
    cores_->setDocument(shownPath, shown);
    for (const KernelCores::Core& core : std::vector<KernelCores::Core>(cores_->cores())) // setDocument changes them
        if (core.document && core.document != shown) {
            auto other = std::make_shared<PlanDocument>(*core.document); // shares the plan
            rejudge(*other, capacities(*other));
            cores_->setDocument(core.path, other);
        }
}

void KernelSession::noteChanged(const QString& path)
{
    if (cores_->contains(path) && !changedOnDisk_.contains(path))
        changedOnDisk_ << path;
}

void KernelSession::keepWritten(
    const std::vector<std::string>& writtenNames, const QString& shownPath, DumpHistory& history)
{
    const QString shown = QFileInfo(shownPath).absoluteFilePath();
    for (const KernelCores::Core& core : cores_->cores())
        if (core.path != shown
            && std::find(writtenNames.begin(), writtenNames.end(), QFileInfo(core.path).fileName().toStdString())
                != writtenNames.end())
            history.capture(core.path);
}

QStringList KernelSession::keepChangedOnDisk(OpenFileWatch& watch, DumpHistory& history)
{
    QStringList names;
    for (const QString& path : std::exchange(changedOnDisk_, {})) {
        if (QFileInfo::exists(path))
            watch.watch(path); // rewritten by replacing the file: watch the new one
        if (!watch.hearsFolder())
            history.capture(path);
        names << QFileInfo(path).fileName();
    }
    return names;
}

std::optional<std::pair<QString, int>> KernelSession::coreWithScope(const QString& scope) const
{
    for (const KernelCores::Core& core : cores_->cores())
        for (std::size_t i = 0; core.document && i < core.document->dump.scopes.size(); ++i)
            if (QString::fromStdString(core.document->dump.scopes[i].scope) == scope)
                return std::pair{core.path, static_cast<int>(i)};
    return std::nullopt;
}

bool KernelSession::showScope(const QString& scope)
{
    const auto core = coreWithScope(scope);
    if (core)
        emit coreToShow(core->first, core->second);
    return core.has_value();
}

bool KernelSession::selectNextOverCapacity(const QString& shownPath)
{
    const KernelCores::Place from{cores_->indexOf(shownPath), session_->scopeIndex(), session_->selectedBlock()};
    const auto next = cores_->nextOverCapacity(from);
    if (!next)
        return false;
    const KernelCores::Core& core = cores_->cores()[static_cast<std::size_t>(next->core)];
    if (core.path != QFileInfo(shownPath).absoluteFilePath() || next->scope != session_->scopeIndex())
        emit coreToShow(core.path, next->scope);
    session_->selectBlock(next->block);
    return true;
}

} // namespace memlens
