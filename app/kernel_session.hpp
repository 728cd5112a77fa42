#pragma once
// A kernel's folder in the window (docs/design.md, A kernel's folder): every dump of the folder,
// the core selector and the kernel strip to switch between them, the cores loaded one after the
// other through a CoreLoader (the window's loader; a test's own), the core to show once they are
// (coreToShow), F8 over every core, and the kernel's files the watcher saw change. The window
// only shows what it is told to.
#include "core/document/plan_document.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

class CoreSelector;
class DumpHistory;
class KernelCores;
class KernelStrip;
class OpenFileWatch;
class PlanSession;
class TitleBar;

// Starts the load of one core's dump; its result comes back through takeLoad() (stopLoading() when
// it fails). One load at a time: the next starts once the last is taken.
using CoreLoader = std::function<void(const QString& path)>;

class KernelSession : public QObject {
    Q_OBJECT
public:
    // Puts the core selector before the title bar's scope selector (in its place while the kernel has
    // several cores) and the kernel strip right under the title bar.
    KernelSession(PlanSession* session, TitleBar* titleBar, CoreLoader loader, QObject* parent);

    KernelCores* cores() const { return cores_; }
    CoreSelector* selector() const { return selector_; }
    KernelStrip* strip() const { return strip_; }

    // A kernel's folder with its dumps `files` (absolute): loads them, then `showFirst` ("": the
    // worst core) is to show. `shown`, the document on show of `shownPath`, is kept as that core's
    // rather than read again.
    void startFolder(const QString& folder, const QStringList& files, const QString& showFirst,
        const QString& shownPath, std::shared_ptr<const PlanDocument> shown);
    // Loads every core again, then `showFirst` is to show.
    void startReload(const QString& showFirst);
    // The next core to load, "" once every one is.
    QString nextToLoad() const { return pending_.value(0); }
    // A load of a core still to load: kept (coreReady), and the next started or, after the last,
    // the core to show said (coreToShow, then coresLoaded). False for any other load.
    bool takeLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document);
    // A core that cannot be read stops the kernel's load; the cores read so far stay selectable.
    void stopLoading(const QString& failedPath);
    void cancelLoading() { pending_.clear(); }
    // The core being shown from its loaded document (as a load is shown): never taken as a load.
    void setShowing(const QString& path) { showingPath_ = path; }

    // The capacities changed: `shown`, judged again, is the document of the core `shownPath`, and every
    // other core loaded is judged again by `capacities`.
    void rejudgeCores(const QString& shownPath, std::shared_ptr<const PlanDocument> shown,
        const std::function<CapacitySettings(const PlanDocument&)>& capacities);

    // A file the watcher saw change: noted when it is one of the kernel's.
    void noteChanged(const QString& path);
    // The first core with a scope named `scope`, and that scope's index.
    std::optional<std::pair<QString, int>> coreWithScope(const QString& scope) const;
    // Shows (coreToShow) the first core with a scope named `scope`; false when none has one.
    bool showScope(const QString& scope);
    // F8 over every core: the next block above capacity after the one selected in `shownPath`, its
    // core shown (coreToShow) when another, then selected. False when no core has one.
    bool selectNextOverCapacity(const QString& shownPath);

    // The kernel's cores among `writtenNames` but `shownPath` (the window keeps that one): kept in
    // `history` now, before the next compile overwrites them.
    void keepWritten(const std::vector<std::string>& writtenNames, const QString& shownPath, DumpHistory& history);
    // The kernel's files that changed on disk since the last call: watched again (a compiler replaces
    // them), kept in `history` where the folder's writes are not heard; returns their names.
    QStringList keepChangedOnDisk(OpenFileWatch& watch, DumpHistory& history);

signals:
    // A core's document was loaded and kept.
    void coreReady(const QString& path);
    // The core to show (and a scope of it, -1: as the session picks): once every core is loaded, or
    // as the user chose in the selector or the strip, or for F8 and a scope asked for by name.
    void coreToShow(const QString& path, int scopeIndex);
    // Every core is loaded, and the one to show was said (the window then says the kernel's notes).
    void coresLoaded();

private:
    // Starts the next core's load, or says which core to show once every one is loaded.
    void loadNext();

    PlanSession* session_;
    CoreLoader loader_;
    KernelCores* cores_;
    CoreSelector* selector_ = nullptr;
    KernelStrip* strip_ = nullptr;
    QStringList pending_;       // the cores still to load, in order
    QString showFirst_;         // the core to show once they are loaded
    QString showingPath_;       // the core being shown from its loaded document
    QStringList changedOnDisk_; // the kernel's files the watcher saw change, until the bar says so
};

} // namespace memlens
