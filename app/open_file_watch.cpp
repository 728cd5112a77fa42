#include "app/open_file_watch.hpp"

#include "core/base/directory_changes.hpp"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QSocketNotifier>
#include <QTimer>

#include <chrono>

namespace memlens {

OpenFileWatch::OpenFileWatch(QObject* parent)
    : QObject(parent)
    , watcher_(new QFileSystemWatcher(this))
    , changeDebounce_(new QTimer(this))
{
    // The compiler rewrites the dump on every compile; wait until it settles.
    changeDebounce_->setSingleShot(true);
    changeDebounce_->setInterval(400);
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, &OpenFileWatch::fileChanged);
    connect(watcher_, &QFileSystemWatcher::fileChanged, changeDebounce_, qOverload<>(&QTimer::start));
    connect(changeDebounce_, &QTimer::timeout, this, &OpenFileWatch::changeSettled);
}

OpenFileWatch::~OpenFileWatch() { delete folderNotifier_; } // before the descriptor it reads is closed

void OpenFileWatch::watch(const QString& path)
{
    if (!watcher_->files().contains(path))
        watcher_->addPath(path);
    watchFolderOf(path);
}

void OpenFileWatch::unwatch(const QString& path) { watcher_->removePath(path); }

void OpenFileWatch::loadStarts(const QString& path) { loadingStamp_ = FileStamp::of(path); }

void OpenFileWatch::loadShown(const QString& path)
{
    shownStamp_ = !path.isEmpty() && loadingStamp_.path == path ? loadingStamp_ : FileStamp{};
}

bool OpenFileWatch::showsCurrent(const QString& path) const
{
    return shownStamp_.isValid() && FileStamp::of(path) == shownStamp_;
}

int OpenFileWatch::addMissedVersions(int count) { return missedVersions_ += count; }

void OpenFileWatch::watchFolderOf(const QString& path)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (folder == changesFolder_)
        return;
    delete folderNotifier_;
    folderNotifier_ = nullptr;
    changesFolder_ = folder;
    folderChanges_ = std::make_unique<DirectoryChanges>(folder.toStdString());
    if (!folderChanges_->available())
        return; // the settled change captures the versions that live long enough
    folderNotifier_ = new QSocketNotifier(folderChanges_->descriptor(), QSocketNotifier::Read, this);
    connect(folderNotifier_, &QSocketNotifier::activated, this, &OpenFileWatch::onFolderChanged);
}

void OpenFileWatch::onFolderChanged()
{
    const DirectoryChanges::Batch batch = folderChanges_->wait(std::chrono::milliseconds(0));
    emit folderWritten(batch.written);
}

} // namespace memlens
