#pragma once
// Every version of a dump the window has seen. The compiler overwrites
// memory_info_aiv.json with each kernel of that core type, so each version
// read is copied (the bytes that were parsed) into a folder of the window's
// own; a version can be shown again, or handed to a compare view, later.
#include "core/analysis/capacity.hpp"
#include "core/dump/dump_keeper.hpp"
#include "views/job_runner.hpp"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct DumpVersion {
    QString dumpPath;     // the dump as the compiler writes it (absolute)
    QString snapshotPath; // the copy of this version's bytes
    QString kernel;
    QString core;      // "aiv", "aic", or "" when unknown
    QDateTime written; // when the compiler wrote it (the file's time)
    quint64 digest = 0;
    // The IR and the compile log it was shown with: copies kept beside the version's (shared by
    // versions of one compile), so that it is read with them after the compiler overwrote the
    // files ("" when none, or not shown yet).
    QString irFile;
    QString logFile;
    // Its fullest scope against the capacity the window gives it ("ub 321 KB of 192 KB: overflow").
    QString summary;
};

// The window's capacity rule, for a version read apart from the window's load (a capture): History
// says fits or overflow as the window would. A capture has no IR of its own, so the target is the
// one of the IR on show (the same compile's chip).
struct VersionCapacityRule {
    CapacitySettings settings;         // --capacity and the default chip
    KernelCapacities remembered;       // the capacities the user set, by kernel and target
    std::optional<std::string> target; // of the IR on show
};

class DumpHistory : public QObject {
    Q_OBJECT
public:
    // Copies go into a temporary folder removed with the history. The folders of earlier runs
    // that ended without removing theirs (killed, crashed) are removed first.
    explicit DumpHistory(QObject* parent = nullptr);
    // Copies go into `directory` and stay there from one run to the next: the versions an
    // earlier run kept there (listed in its index file) are known again.
    DumpHistory(const QString& directory, QObject* parent);
    ~DumpHistory() override;

    QString directory() const { return directory_; }
    // True when the copies outlive the run (the second constructor).
    bool keepsCopies() const { return !ownDir_; }

    // Removes the temporary folders in `parent` of memlens processes no longer running;
    // returns how many it removed.
    static int removeFoldersOfEndedRuns(const QString& parent);
    // The index of the versions a kept folder holds.
    static QString indexFileName() { return QStringLiteral("versions.json"); }

    // Adds a version unless one of the same dump with the same bytes is known
    // (then the new copy is removed and the known version's IR is updated).
    // Returns the version's index in versionsOf(version.dumpPath).
    int record(const DumpVersion& version);
    // Takes a copy of the dump at `dumpPath` as it is now, off the GUI thread,
    // and records it (a dump that is being written or broken is skipped).
    void capture(const QString& dumpPath);
    // The same for `bytes` already read from `dumpPath` (written at `written`): the next
    // compile may overwrite the file before a worker thread would get to read it.
    void captureBytes(const QString& dumpPath, const QByteArray& bytes, std::chrono::system_clock::time_point written);
    // A dump the compiler just closed: kept before the next compile overwrites it. A small one
    // (kReadAtOnceBytes) is read at once, on this thread (a few ms); a larger one as capture() does.
    void captureWritten(const QString& dumpPath);
    static constexpr qint64 kReadAtOnceBytes = 8 << 20;

    // Oldest first.
    QList<DumpVersion> versionsOf(const QString& dumpPath) const;
    // The version whose copy is `snapshotPath`, or null.
    const DumpVersion* versionAt(const QString& snapshotPath) const;
    bool isSnapshot(const QString& path) const { return versionAt(path) != nullptr; }
    int size() const { return static_cast<int>(versions_.size()); }

    // At most this many bytes of copies (0: no limit): past it the oldest versions go, but never
    // the newest. Applies at once and after every version recorded.
    void setMaxBytes(qint64 bytes);
    qint64 maxBytes() const { return maxBytes_; }
    // The bytes of every copy kept now.
    qint64 totalBytes() const;
    // Removes every version and its copy (History > Clear History).
    void clear();

    // The rule captures are judged by from now on (the window sets it when what it shows changes).
    void setCapacityRule(VersionCapacityRule rule) { capacityRule_ = std::move(rule); }
    // Each scope's capacity in bytes by `rule`, as the window resolves it (resolveCapacity, withRemembered).
    static std::vector<std::uint64_t> capacitiesByRule(const Dump& dump, const VersionCapacityRule& rule);

    // A version from a snapshot of the core (its kernel, core, copy and time); `capacities` (bytes,
    // one per scope of the dump) are what its summary judges against.
    static DumpVersion versionFrom(
        const QString& dumpPath, const DumpSnapshot& snapshot, const std::vector<std::uint64_t>& capacities);
    static DumpVersion versionFrom(const QString& dumpPath, const Dump& dump, const KeptDump& kept,
        std::chrono::system_clock::time_point written, const std::vector<std::uint64_t>& capacities);

signals:
    void versionAdded(const memlens::DumpVersion& version);
    // Versions went: cleared, or the oldest past the limit.
    void versionsRemoved();
    void captureFailed(const QString& dumpPath, const QString& message);

private:
    // Runs `take` (which reads and copies a version) on a worker and records what it gives.
    void startCapture(const QString& dumpPath, std::function<DumpVersion()> take);
    // A kept folder's index: read once, written after each change.
    void readIndex();
    // `path` is a file in the history's own folder (the only files it reads as copies or removes).
    bool isOwnFile(const QString& path) const;
    void writeIndex() const;
    // The oldest versions removed until the copies fit maxBytes_ (the newest stays).
    void trimToLimit();
    // Removes the copy of `version` and its IR's and log's copies that no version left uses.
    void removeCopies(const DumpVersion& version) const;

    std::unique_ptr<QTemporaryDir> ownDir_;
    QString directory_;
    QList<DumpVersion> versions_; // in the order recorded: oldest first
    qint64 maxBytes_ = 0;
    VersionCapacityRule capacityRule_;
    JobRunner captures_{JobRunner::Mode::Concurrent}; // every capture is recorded
};

} // namespace memlens
