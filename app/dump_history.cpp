#include "app/dump_history.hpp"

#include "core/analysis/capacity.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "views/view_text.hpp"

#include <algorithm>
#include <utility>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cerrno>
#include <csignal>
#include <limits>
#include <variant>

#include <sys/stat.h>
#include <unistd.h>

namespace memlens {

namespace {

// A run's own folder names its process, so a later run can tell whether it is still in use.
const QString kRunFolderPrefix = QStringLiteral("memlens-history-");

QString runFolderTemplate()
{
    return QDir::tempPath() + QLatin1Char('/') + kRunFolderPrefix + QString::number(QCoreApplication::applicationPid())
        + QStringLiteral("-XXXXXX");
}

bool processRuns(qint64 pid) { return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH; }

// Asked of the path itself (lstat), just before removal: a real folder owned by this user.
bool isOwnRealFolder(const QString& path)
{
    struct stat status { };
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 && S_ISDIR(status.st_mode)
        && status.st_uid == ::getuid();
}

} // namespace

int DumpHistory::removeFoldersOfEndedRuns(const QString& parent)
{
    // Anyone can write to the temp folder: a link named like a run's folder, or a folder another
    // user made there, is never ours to empty (removing through a link would empty its target).
    int removed = 0;
    const QFileInfoList folders = QDir(parent).entryInfoList({kRunFolderPrefix + QStringLiteral("*-*")},
        QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo& folder : folders) {
        bool isPid = false;
        const qint64 pid
            = folder.fileName().mid(kRunFolderPrefix.size()).section(QLatin1Char('-'), 0, 0).toLongLong(&isPid);
        if (!isPid || pid <= 0 || pid > std::numeric_limits<pid_t>::max() || processRuns(pid))
            continue;
        if (!isOwnRealFolder(folder.absoluteFilePath()))
            continue;
        if (QDir(folder.absoluteFilePath()).removeRecursively())
            ++removed;
    }
    return removed;
}

DumpHistory::DumpHistory(QObject* parent)
    : QObject(parent)
{
    removeFoldersOfEndedRuns(QDir::tempPath());
    ownDir_ = std::make_unique<QTemporaryDir>(runFolderTemplate());
    directory_ = ownDir_->isValid() ? ownDir_->path() : QString();
}

DumpHistory::DumpHistory(const QString& directory, QObject* parent)
    : QObject(parent)
    , directory_(directory)
{
    if (!QDir().mkpath(directory_))
        directory_.clear(); // no history rather than copies written nowhere
    else
        readIndex();
}

bool DumpHistory::isOwnFile(const QString& path) const
{
    // A file the history wrote: directly in its folder, named without any way out of it. An index
    // edited by hand ("../../x", "/etc/x") names no file the history may read as a copy or remove.
    if (directory_.isEmpty() || path.isEmpty())
        return false;
    const QFileInfo info(QDir::cleanPath(path));
    return info.isAbsolute() && QDir::cleanPath(info.absolutePath()) == QDir::cleanPath(QDir(directory_).absolutePath())
        && info.fileName() != QLatin1String(".") && info.fileName() != QLatin1String("..");
}

void DumpHistory::readIndex()
{
    QFile file(QDir(directory_).filePath(indexFileName()));
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QJsonArray entries = QJsonDocument::fromJson(file.readAll()).array();
    for (const QJsonValue& value : entries) {
        const QJsonObject entry = value.toObject();
        DumpVersion version;
        version.dumpPath = entry.value(QLatin1String("dump")).toString();
        const QString copyName = entry.value(QLatin1String("copy")).toString();
        version.snapshotPath = QDir(directory_).absoluteFilePath(copyName);
        QFile copy(version.snapshotPath);
        // A copy removed by hand, an entry that names none or names a file outside the folder, is no version.
        if (version.dumpPath.isEmpty() || copyName.isEmpty() || copyName.contains(QLatin1Char('/'))
            || !isOwnFile(version.snapshotPath) || !copy.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = copy.readAll();
        // The digest is never stored: another build may compute another.
        version.digest = contentDigest(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        version.kernel = entry.value(QLatin1String("kernel")).toString();
        version.core = entry.value(QLatin1String("core")).toString();
        version.written = QDateTime::fromMSecsSinceEpoch(entry.value(QLatin1String("written_ms")).toInteger());
        version.irFile = entry.value(QLatin1String("ir")).toString();
        version.logFile = entry.value(QLatin1String("log")).toString();
        version.summary = entry.value(QLatin1String("summary")).toString();
        versions_.append(version);
    }
}

void DumpHistory::writeIndex() const
{
    QJsonArray entries;
    for (const DumpVersion& version : versions_)
        entries.append(QJsonObject{
            {QStringLiteral("dump"), version.dumpPath},
            {QStringLiteral("copy"), QFileInfo(version.snapshotPath).fileName()},
            {QStringLiteral("kernel"), version.kernel},
            {QStringLiteral("core"), version.core},
            {QStringLiteral("written_ms"), version.written.toMSecsSinceEpoch()},
            {QStringLiteral("ir"), version.irFile},
            {QStringLiteral("log"), version.logFile},
            {QStringLiteral("summary"), version.summary},
        });
    QSaveFile file(QDir(directory_).filePath(indexFileName()));
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QJsonDocument(entries).toJson());
        file.commit();
    }
}

DumpHistory::~DumpHistory() = default;

DumpVersion DumpHistory::versionFrom(
    const QString& dumpPath, const DumpSnapshot& snapshot, const std::vector<std::uint64_t>& capacities)
{
    return versionFrom(dumpPath, snapshot.dump, snapshot.kept, snapshot.written, capacities);
}

std::vector<std::uint64_t> DumpHistory::capacitiesByRule(const Dump& dump, const VersionCapacityRule& rule)
{
    // The window's route: remembered capacities of this kernel on this target, then resolveCapacity.
    const CapacitySettings settings
        = withRemembered(rule.settings, rule.remembered, capacityOwner(dump.kernel, rule.target));
    std::vector<std::uint64_t> capacities;
    for (const ScopePlan& scope : dump.scopes)
        capacities.push_back(resolveCapacity(
            settings.settingFor(scope.scope), scope.scope, scope.error, rule.target, settings.defaultTarget)
                                 .bytes);
    return capacities;
}

namespace {

// The scope nearest its capacity (or furthest past it): what the menu can say at a glance.
QString versionSummary(const Dump& dump, const std::vector<std::uint64_t>& capacities)
{
    const ScopePlan* fullest = nullptr;
    std::uint64_t fullestPeak = 0;
    std::uint64_t fullestCapacity = 1;
    for (std::size_t s = 0; s < dump.scopes.size() && s < capacities.size(); ++s) {
        const ScopePlan& scope = dump.scopes[s];
        std::uint64_t peak = 0;
        for (const Block& block : scope.blocks)
            peak = std::max(peak, block.addressEnd());
        const std::uint64_t capacity = std::max<std::uint64_t>(1, capacities[s]);
        // peak / capacity > fullestPeak / fullestCapacity, without division.
        if (!fullest
            || static_cast<long double>(peak) * fullestCapacity > static_cast<long double>(fullestPeak) * capacity) {
            fullest = &scope;
            fullestPeak = peak;
            fullestCapacity = capacity;
        }
    }
    if (!fullest)
        return {};
    return QObject::tr("%1 %2 of %3: %4")
        .arg(QString::fromStdString(fullest->scope), bytesText(fullestPeak), bytesText(fullestCapacity),
            fullestPeak > fullestCapacity ? QObject::tr("overflow") : QObject::tr("fits"));
}

} // namespace

DumpVersion DumpHistory::versionFrom(const QString& dumpPath, const Dump& dump, const KeptDump& kept,
    std::chrono::system_clock::time_point written, const std::vector<std::uint64_t>& capacities)
{
    DumpVersion version;
    version.dumpPath = QFileInfo(dumpPath).absoluteFilePath();
    version.snapshotPath = QString::fromStdString(kept.path.string());
    version.kernel = QString::fromStdString(dump.kernel);
    const char* core = coreKindName(dump.core);
    version.core = core ? QString::fromLatin1(core) : QString();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(written.time_since_epoch()).count();
    version.written = QDateTime::fromMSecsSinceEpoch(ms);
    version.digest = kept.digest;
    version.summary = versionSummary(dump, capacities);
    return version;
}

int DumpHistory::record(const DumpVersion& version)
{
    int index = 0;
    for (DumpVersion& known : versions_) {
        if (known.dumpPath != version.dumpPath)
            continue;
        if (known.digest == version.digest) {
            if (version.snapshotPath != known.snapshotPath && isOwnFile(version.snapshotPath))
                QFile::remove(version.snapshotPath);
            // A capture knows no IR nor log: the load of the same bytes brings them.
            bool changed = false;
            for (const auto member : {&DumpVersion::irFile, &DumpVersion::logFile})
                if (!(version.*member).isEmpty() && version.*member != known.*member) {
                    known.*member = version.*member;
                    changed = true;
                }
            if (changed && keepsCopies())
                writeIndex();
            return index;
        }
        ++index;
    }
    versions_.append(version);
    if (keepsCopies())
        writeIndex();
    emit versionAdded(version);
    trimToLimit(); // the newest stays: this one
    return static_cast<int>(versionsOf(version.dumpPath).size()) - 1;
}

void DumpHistory::setMaxBytes(qint64 bytes)
{
    maxBytes_ = std::max<qint64>(0, bytes);
    trimToLimit();
}

qint64 DumpHistory::totalBytes() const
{
    qint64 total = 0;
    for (const DumpVersion& version : versions_)
        total += QFileInfo(version.snapshotPath).size();
    return total;
}

void DumpHistory::trimToLimit()
{
    if (maxBytes_ <= 0)
        return;
    qint64 total = totalBytes();
    bool removed = false;
    while (total > maxBytes_ && versions_.size() > 1) {
        const DumpVersion oldest = versions_.takeFirst();
        total -= QFileInfo(oldest.snapshotPath).size();
        removeCopies(oldest);
        removed = true;
    }
    if (!removed)
        return;
    if (keepsCopies())
        writeIndex();
    emit versionsRemoved();
}

void DumpHistory::removeCopies(const DumpVersion& version) const
{
    if (isOwnFile(version.snapshotPath))
        QFile::remove(version.snapshotPath);
    for (const QString& companion : {version.irFile, version.logFile}) {
        // Only a copy of the history's own, and only when no version left is read with it.
        if (!isOwnFile(companion))
            continue;
        const bool used = std::any_of(versions_.begin(), versions_.end(),
            [&](const DumpVersion& other) { return other.irFile == companion || other.logFile == companion; });
        if (!used)
            QFile::remove(companion);
    }
}

void DumpHistory::clear()
{
    if (versions_.isEmpty())
        return;
    const QList<DumpVersion> removed = std::exchange(versions_, {});
    for (const DumpVersion& version : removed)
        removeCopies(version);
    if (keepsCopies())
        writeIndex();
    emit versionsRemoved();
}

void DumpHistory::capture(const QString& dumpPath)
{
    const std::string dir = directory_.toStdString();
    startCapture(dumpPath, [dumpPath, dir, rule = capacityRule_] {
        const DumpSnapshot snapshot = snapshotDump(dumpPath.toStdString(), dir);
        return versionFrom(dumpPath, snapshot, capacitiesByRule(snapshot.dump, rule));
    });
}

void DumpHistory::captureWritten(const QString& dumpPath)
{
    QFile file(dumpPath);
    if (file.size() > kReadAtOnceBytes || !file.open(QIODevice::ReadOnly)) {
        capture(dumpPath);
        return;
    }
    const QByteArray bytes = file.readAll();
    captureBytes(dumpPath, bytes,
        std::chrono::system_clock::time_point(
            std::chrono::milliseconds(QFileInfo(dumpPath).lastModified().toMSecsSinceEpoch())));
}

void DumpHistory::captureBytes(
    const QString& dumpPath, const QByteArray& bytes, std::chrono::system_clock::time_point written)
{
    const std::string dir = directory_.toStdString();
    startCapture(dumpPath, [dumpPath, dir, bytes, written, rule = capacityRule_] {
        const std::string text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const Dump dump = parseDumpText(text, dumpPath.toStdString());
        return versionFrom(
            dumpPath, dump, keepDumpVersion(text, dump, written, dir), written, capacitiesByRule(dump, rule));
    });
}

void DumpHistory::startCapture(const QString& dumpPath, std::function<DumpVersion()> take)
{
    if (directory_.isEmpty())
        return;
    using Result = std::variant<DumpVersion, QString>;
    captures_.start(
        [dumpPath, take = std::move(take)](const JobCancel&) -> Result {
            try {
                return take();
            } catch (const std::exception& error) {
                return QString::fromStdString(errorMessage(error, dumpPath.toStdString()));
            }
        },
        [this, dumpPath](Result result) {
            if (const auto* version = std::get_if<DumpVersion>(&result))
                record(*version);
            else
                emit captureFailed(dumpPath, std::get<QString>(result));
        });
}

QList<DumpVersion> DumpHistory::versionsOf(const QString& dumpPath) const
{
    const QString absolute = QFileInfo(dumpPath).absoluteFilePath();
    QList<DumpVersion> out;
    for (const DumpVersion& version : versions_)
        if (version.dumpPath == absolute)
            out.append(version);
    return out;
}

const DumpVersion* DumpHistory::versionAt(const QString& snapshotPath) const
{
    if (snapshotPath.isEmpty())
        return nullptr;
    for (const DumpVersion& version : versions_)
        if (version.snapshotPath == snapshotPath)
            return &version;
    return nullptr;
}

} // namespace memlens
