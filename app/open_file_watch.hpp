#pragma once
// Watches the dump on show: the compiler rewrites it on every compile. A change is reported at once
// and again once the writes settle; where the system reports a folder's writes, every file of the
// dump's folder closed after writing is reported too, so a version is kept before the next compile
// overwrites it. Remembers how the file looked when it was read, so a notice about the version
// already on show is recognised.
#include "app/file_stamp.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

class QFileSystemWatcher;
class QSocketNotifier;
class QTimer;

namespace memlens {

class DirectoryChanges;

class OpenFileWatch : public QObject {
    Q_OBJECT
public:
    explicit OpenFileWatch(QObject* parent = nullptr);
    ~OpenFileWatch() override;

    // Watches `path` (again, after it was replaced) and the writes in its folder.
    void watch(const QString& path);
    void unwatch(const QString& path);

    // A load of `path` starts: the file as the load finds it.
    void loadStarts(const QString& path);
    // The load of `path` is on show (or none is: an empty path).
    void loadShown(const QString& path);
    // True while `path` on disk is still what is on show: read after its last change.
    bool showsCurrent(const QString& path) const;

    // The folder's writes are reported as they happen; else only the settled change says so.
    bool hearsFolder() const { return folderNotifier_ != nullptr; }
    // Versions written and overwritten again before they could be kept; returns the total so far.
    int addMissedVersions(int count);

signals:
    void fileChanged(const QString& path); // every change of a watched file, at once
    void changeSettled();                  // a while after the last change
    // The names of the files of the folder closed after writing, since the last report.
    void folderWritten(const std::vector<std::string>& names);

private:
    void watchFolderOf(const QString& path);
    void onFolderChanged();

    QFileSystemWatcher* watcher_;
    QTimer* changeDebounce_;
    std::unique_ptr<DirectoryChanges> folderChanges_;
    QSocketNotifier* folderNotifier_ = nullptr;
    QString changesFolder_;
    int missedVersions_ = 0;
    FileStamp loadingStamp_; // the file being loaded, as the load found it
    FileStamp shownStamp_;   // the dump on show, as it was read
};

} // namespace memlens
