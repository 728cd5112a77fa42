#include "app/kernel_session.hpp"

#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/kernel_strip.hpp"
#include "views/title_bar.hpp"

#include <QBoxLayout>
#include <QFileInfo>

#include <algorithm>

namespace memlens {

KernelSession::KernelSession(PlanSession* session, TitleBar* titleBar, QObject* parent)
    : QObject(parent)
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
    connect(selector_, &CoreSelector::chosen, this, &KernelSession::coreChosen);
    connect(strip_, &KernelStrip::chosen, this, &KernelSession::coreChosen);
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
}

void KernelSession::startReload(const QString& showFirst)
{
    showFirst_ = showFirst;
    pending_.clear();
    for (const KernelCores::Core& core : cores_->cores())
        pending_ << core.path;
}

QString KernelSession::takeCoreToShow()
{
    const QString show = cores_->documentOf(showFirst_) ? showFirst_ : cores_->worstCore();
    showFirst_.clear();
    return show;
}

bool KernelSession::takeLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!pending_.contains(absolute) || absolute == showingPath_)
        return false;
    cores_->setDocument(absolute, document);
    pending_.removeAll(absolute);
    return true;
}

void KernelSession::stopLoading(const QString& failedPath)
{
    if (pending_.contains(QFileInfo(failedPath).absoluteFilePath()))
        pending_.clear();
}

void KernelSession::noteChanged(const QString& path)
{
    if (cores_->contains(path) && !changedOnDisk_.contains(path))
        changedOnDisk_ << path;
}

QStringList KernelSession::coresWritten(const std::vector<std::string>& writtenNames, const QString& shownPath) const
{
    QStringList written;
    for (const KernelCores::Core& core : cores_->cores())
        if (core.path != shownPath
            && std::find(writtenNames.begin(), writtenNames.end(), QFileInfo(core.path).fileName().toStdString())
                != writtenNames.end())
            written << core.path;
    return written;
}

std::optional<std::pair<QString, int>> KernelSession::coreWithScope(const QString& scope) const
{
    for (const KernelCores::Core& core : cores_->cores())
        for (std::size_t i = 0; core.document && i < core.document->dump.scopes.size(); ++i)
            if (QString::fromStdString(core.document->dump.scopes[i].scope) == scope)
                return std::pair{core.path, static_cast<int>(i)};
    return std::nullopt;
}

} // namespace memlens
