#pragma once
// A kernel's folder in the window (docs/design.md, A kernel's folder): every dump of the folder,
// the core selector and the kernel strip to switch between them, the cores still to load (one
// after the other on the window's loader) and the one to show once they are, and the kernel's
// files the watcher saw change. The window loads and shows; this keeps the kernel's state.
#include "core/document/plan_document.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

class CoreSelector;
class KernelCores;
class KernelStrip;
class PlanSession;
class TitleBar;

class KernelSession : public QObject {
    Q_OBJECT
public:
    // Puts the core selector before the title bar's scope selector (in its place while the kernel has
    // several cores) and the kernel strip right under the title bar.
    KernelSession(PlanSession* session, TitleBar* titleBar, QObject* parent);

    KernelCores* cores() const { return cores_; }
    CoreSelector* selector() const { return selector_; }
    KernelStrip* strip() const { return strip_; }

    // A kernel's folder with its dumps `files` (absolute): they are to load, and then `showFirst`
    // ("": the worst core) is to show. `shown`, the document on show of `shownPath`, is kept as
    // that core's rather than read again.
    void startFolder(const QString& folder, const QStringList& files, const QString& showFirst,
        const QString& shownPath, std::shared_ptr<const PlanDocument> shown);
    // Every core to load again, then `showFirst`.
    void startReload(const QString& showFirst);
    // The next core to load, "" once every one is.
    QString nextToLoad() const { return pending_.value(0); }
    // Once every core is loaded: the core to show ("" when none is loaded); forgets the one asked for.
    QString takeCoreToShow();
    // A load of a core still to load: kept (true); false for any other load.
    bool takeLoad(const QString& path, const std::shared_ptr<const PlanDocument>& document);
    // A core that cannot be read stops the kernel's load; the cores read so far stay selectable.
    void stopLoading(const QString& failedPath);
    void cancelLoading() { pending_.clear(); }
    // The core being shown from its loaded document (as a load is shown): never taken as a load.
    void setShowing(const QString& path) { showingPath_ = path; }

    // A file the watcher saw change: noted when it is one of the kernel's.
    void noteChanged(const QString& path);
    // The kernel's files that changed since the last call.
    QStringList takeChangedOnDisk() { return std::exchange(changedOnDisk_, {}); }
    // The kernel's cores among `writtenNames` (files of the folder just written), but `shownPath`.
    QStringList coresWritten(const std::vector<std::string>& writtenNames, const QString& shownPath) const;
    // The first core with a scope named `scope`, and that scope's index.
    std::optional<std::pair<QString, int>> coreWithScope(const QString& scope) const;

signals:
    // The user chose a core (and a scope of it, -1: as the session picks) in the selector or the strip.
    void coreChosen(const QString& path, int scopeIndex);

private:
    KernelCores* cores_;
    CoreSelector* selector_ = nullptr;
    KernelStrip* strip_ = nullptr;
    QStringList pending_;       // the cores still to load, in order
    QString showFirst_;         // the core to show once they are loaded
    QString showingPath_;       // the core being shown from its loaded document
    QStringList changedOnDisk_; // the kernel's files the watcher saw change, until the bar says so
};

} // namespace memlens
