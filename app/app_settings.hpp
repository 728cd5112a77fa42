#pragma once
// Every persisted setting of the window in one table of keys and defaults, so
// no two places can read one key into another setting.
#include "core/analysis/capacity.hpp"

#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace memlens {

enum class SettingId {
    RecentFiles,
    LastOpenDir,
    LastExportDir,
    WindowGeometry,
    WindowState,
    SourceDirs,
    Substitutions,       // "FROM=TO" entries
    IrFiles,             // "dump path=IR path": the IR the user opened for a dump
    LogFiles,            // "dump path=log path": the compile log the user opened for a dump
    BankCount,           // banks the address snapshot divides the capacity into
    TritonCacheDir,      // Triton's cache searched for the IR; "" = $TRITON_CACHE_DIR, else ~/.triton/cache
    OpenBothOfPair,      // opening memory_info_aiv.json (or _aic) opens its folder's other core too
    KeepHistory,         // History's copies stay from one run to the next (read at start)
    KeptHistoryDir,      // where they stay; "" = the application's data folder, "history"
    DefaultChip,         // the chip whose capacities apply when nothing else says ("" = Ascend910B, what writes dumps)
    ChartFontSize,       // pixels of the block chart's text (the address snapshot's is one less)
    HistoryMaxMegabytes, // History keeps at most this many MiB of copies, the oldest go first; 0: no limit
};

struct SettingSpec {
    SettingId id;
    const char* key;
    QVariant defaultValue;
};

const std::vector<SettingSpec>& settingSpecs();

class AppSettings {
public:
    static constexpr int kMaxRecentFiles = 10;

    // Uses the application's QSettings unless given a file (tests).
    AppSettings();
    explicit AppSettings(const QString& iniFile);

    QVariant value(SettingId id) const;
    // The value a setting has until it is set (its row of settingSpecs()).
    static QVariant defaultValue(SettingId id);
    void setValue(SettingId id, const QVariant& value);

    // At most kMaxRecentFiles non-empty paths, whatever the settings file holds.
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    // Drops entries whose file is gone; returns the dropped ones (at most
    // kMaxRecentFiles: entries past those of a damaged list go unmentioned).
    QStringList pruneRecentFiles();

    // Capacity the user set for a kernel's scope; remembered per kernel and
    // target (`kernel` is capacityOwner(): the same kernel on another chip is another entry).
    std::optional<quint64> capacityFor(const QString& kernel, const QString& scope) const;
    void setCapacityFor(const QString& kernel, const QString& scope, std::optional<quint64> bytes);
    // Every remembered capacity, for a load to apply off the GUI thread.
    KernelCapacities capacitiesByKernel() const;

    std::vector<std::pair<QString, QString>> substitutions() const;
    void addSubstitution(const QString& from, const QString& to);
    QString irFileFor(const QString& dumpPath) const;
    void setIrFileFor(const QString& dumpPath, const QString& irPath);
    // The compile log the user opened for a dump ("" when none).
    QString logFileFor(const QString& dumpPath) const;
    void setLogFileFor(const QString& dumpPath, const QString& logPath);

    // The folder History keeps its copies in when KeepHistory is on.
    QString keptHistoryDir() const;

    void sync();

private:
    // "dump path=file" lists (IrFiles, LogFiles): the file the user chose for a dump.
    QString fileFor(SettingId id, const QString& dumpPath) const;
    void setFileFor(SettingId id, const QString& dumpPath, const QString& path);
    std::unique_ptr<QSettings> settings_;
};

} // namespace memlens
