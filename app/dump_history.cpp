#include "app/dump_history.hpp"

#include "core/capacity.hpp"
#include "core/dump_error.hpp"
#include "core/dump_parser.hpp"
#include "views/view_text.hpp"

#include <algorithm>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <variant>

namespace memlens {

DumpHistory::DumpHistory(QObject* parent)
    : QObject(parent)
    , ownDir_(std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/memlens-history-XXXXXX")))
    , directory_(ownDir_->isValid() ? ownDir_->path() : QString())
{
}

DumpHistory::DumpHistory(const QString& directory, QObject* parent)
    : QObject(parent)
    , directory_(directory)
{
}

DumpHistory::~DumpHistory() = default;

DumpVersion DumpHistory::versionFrom(const QString& dumpPath, const DumpSnapshot& snapshot)
{
    return versionFrom(dumpPath, snapshot.dump, snapshot.kept, snapshot.written);
}

namespace {

// The scope nearest its capacity (or furthest past it), judged without the IR: the capacity of
// the error text or the default of the targets that write dumps. What the menu can say at a glance.
QString versionSummary(const Dump& dump)
{
    const ScopePlan* fullest = nullptr;
    std::uint64_t fullestPeak = 0;
    std::uint64_t fullestCapacity = 1;
    for (const ScopePlan& scope : dump.scopes) {
        std::uint64_t peak = 0;
        for (const Block& block : scope.blocks)
            peak = std::max(peak, block.addressEnd());
        const std::uint64_t capacity
            = std::max<std::uint64_t>(1, resolveCapacity(std::nullopt, scope.scope, scope.error, std::nullopt).bytes);
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

DumpVersion DumpHistory::versionFrom(
    const QString& dumpPath, const Dump& dump, const KeptDump& kept, std::chrono::system_clock::time_point written)
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
    version.summary = versionSummary(dump);
    return version;
}

int DumpHistory::record(const DumpVersion& version)
{
    int index = 0;
    for (DumpVersion& known : versions_) {
        if (known.dumpPath != version.dumpPath)
            continue;
        if (known.digest == version.digest) {
            if (version.snapshotPath != known.snapshotPath)
                QFile::remove(version.snapshotPath);
            if (!version.irFile.isEmpty())
                known.irFile = version.irFile;
            return index;
        }
        ++index;
    }
    versions_.append(version);
    emit versionAdded(version);
    return index;
}

void DumpHistory::capture(const QString& dumpPath)
{
    const std::string dir = directory_.toStdString();
    startCapture(
        dumpPath, [dumpPath, dir] { return versionFrom(dumpPath, snapshotDump(dumpPath.toStdString(), dir)); });
}

void DumpHistory::captureBytes(
    const QString& dumpPath, const QByteArray& bytes, std::chrono::system_clock::time_point written)
{
    const std::string dir = directory_.toStdString();
    startCapture(dumpPath, [dumpPath, dir, bytes, written] {
        const std::string text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const Dump dump = parseDumpText(text, dumpPath.toStdString());
        return versionFrom(dumpPath, dump, keepDumpVersion(text, dump, written, dir), written);
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
