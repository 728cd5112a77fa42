#include "app/app_settings.hpp"

#include <QByteArray>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>

namespace memlens {

namespace {
constexpr const char* kCapacityGroup = "capacity";

// Kernel names are free text; hex keeps them valid as keys. Scope names have no '_'.
QString capacityKey(const QString& kernel, const QString& scope)
{
    return QString::fromLatin1(kernel.toUtf8().toHex()) + QLatin1Char('_') + scope;
}

} // namespace

namespace {

const SettingSpec& specOf(SettingId id)
{
    for (const auto& spec : settingSpecs())
        if (spec.id == id)
            return spec;
    Q_UNREACHABLE();
}

// Map entries "key=value" stored as a list (QSettings keys cannot hold slashes well).
QString valueOfPair(const QStringList& pairs, const QString& key)
{
    const QString prefix = key + QLatin1Char('=');
    for (const QString& pair : pairs)
        if (pair.startsWith(prefix))
            return pair.mid(prefix.size());
    return {};
}
} // namespace

const std::vector<SettingSpec>& settingSpecs()
{
    static const std::vector<SettingSpec> specs = {
        {SettingId::RecentFiles, "files/recent", QStringList()},
        {SettingId::LastOpenDir, "files/lastOpenDir", QString()},
        {SettingId::LastExportDir, "export/lastDir", QString()},
        {SettingId::WindowGeometry, "window/geometry", QByteArray()},
        {SettingId::WindowState, "window/state", QByteArray()},
        {SettingId::SourceDirs, "sources/dirs", QStringList()},
        {SettingId::Substitutions, "sources/substitutions", QStringList()},
        {SettingId::IrFiles, "sources/irFiles", QStringList()},
        {SettingId::LogFiles, "sources/logFiles", QStringList()},
        {SettingId::BankCount, "view/bankCount", 48},
        {SettingId::TritonCacheDir, "sources/tritonCacheDir", QString()},
        {SettingId::OpenBothOfPair, "files/openBothOfPair", false},
        {SettingId::KeepHistory, "history/keepBetweenRuns", false},
        {SettingId::KeptHistoryDir, "history/keptDir", QString()},
        {SettingId::DefaultChip, "chip/default", QString()},
        {SettingId::ChartFontSize, "view/chartFontSize", 12},
        {SettingId::HistoryMaxMegabytes, "history/maxMegabytes", 1024},
    };
    return specs;
}

AppSettings::AppSettings()
    : settings_(std::make_unique<QSettings>())
{
}

AppSettings::AppSettings(const QString& iniFile)
    : settings_(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

QVariant AppSettings::value(SettingId id) const
{
    const SettingSpec& spec = specOf(id);
    QVariant stored = settings_->value(QLatin1String(spec.key), spec.defaultValue);
    if (spec.defaultValue.typeId() == QMetaType::QStringList && stored.typeId() == QMetaType::QString)
        return QStringList{stored.toString()}; // INI files store a one-item list as a string
    return stored;
}

QVariant AppSettings::defaultValue(SettingId id) { return specOf(id).defaultValue; }

void AppSettings::setValue(SettingId id, const QVariant& value)
{
    settings_->setValue(QLatin1String(specOf(id).key), value);
}

namespace {

// What a hand-edited or damaged settings file may hold is bounded here: at most
// kMaxRecentFiles entries, each a plausible path.
bool plausiblePath(const QString& path)
{
    constexpr int kMaxPathLength = 4096;
    return !path.isEmpty() && path.size() <= kMaxPathLength && !path.contains(QChar(0));
}

} // namespace

QStringList AppSettings::recentFiles() const
{
    QStringList files;
    for (const QString& file : value(SettingId::RecentFiles).toStringList()) {
        if (files.size() >= kMaxRecentFiles)
            break;
        if (plausiblePath(file) && !files.contains(file))
            files << file;
    }
    return files;
}

void AppSettings::addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    setValue(SettingId::RecentFiles, files);
}

QStringList AppSettings::pruneRecentFiles()
{
    QStringList kept;
    QStringList dropped;
    for (const QString& file : recentFiles())
        (QFileInfo::exists(file) ? kept : dropped).append(file);
    // Also rewrite a list that held more, or other, entries than recentFiles() reads.
    if (!dropped.isEmpty() || value(SettingId::RecentFiles).toStringList() != kept)
        setValue(SettingId::RecentFiles, kept);
    return dropped;
}

std::optional<quint64> AppSettings::capacityFor(const QString& kernel, const QString& scope) const
{
    settings_->beginGroup(QLatin1String(kCapacityGroup));
    const QVariant stored = settings_->value(capacityKey(kernel, scope));
    settings_->endGroup();
    bool ok = false;
    const quint64 bytes = stored.toULongLong(&ok);
    if (!stored.isValid() || !ok || bytes == 0)
        return std::nullopt;
    return bytes;
}

void AppSettings::setCapacityFor(const QString& kernel, const QString& scope, std::optional<quint64> bytes)
{
    settings_->beginGroup(QLatin1String(kCapacityGroup));
    const QString key = capacityKey(kernel, scope);
    if (bytes)
        settings_->setValue(key, QVariant::fromValue<qulonglong>(*bytes));
    else
        settings_->remove(key);
    settings_->endGroup();
}

KernelCapacities AppSettings::capacitiesByKernel() const
{
    KernelCapacities capacities;
    settings_->beginGroup(QLatin1String(kCapacityGroup));
    for (const QString& key : settings_->childKeys()) {
        const qsizetype underscore = key.lastIndexOf(QLatin1Char('_'));
        bool ok = false;
        const quint64 bytes = settings_->value(key).toULongLong(&ok);
        if (underscore <= 0 || !ok || bytes == 0)
            continue;
        const std::string kernel = QByteArray::fromHex(key.left(underscore).toLatin1()).toStdString();
        capacities[kernel][key.mid(underscore + 1).toStdString()] = bytes;
    }
    settings_->endGroup();
    return capacities;
}

std::vector<std::pair<QString, QString>> AppSettings::substitutions() const
{
    std::vector<std::pair<QString, QString>> pairs;
    for (const QString& entry : value(SettingId::Substitutions).toStringList()) {
        const qsizetype equals = entry.indexOf(QLatin1Char('='));
        if (equals > 0)
            pairs.emplace_back(entry.left(equals), entry.mid(equals + 1));
    }
    return pairs;
}

void AppSettings::addSubstitution(const QString& from, const QString& to)
{
    QStringList entries = value(SettingId::Substitutions).toStringList();
    const QString entry = from + QLatin1Char('=') + to;
    entries.removeAll(entry);
    entries.prepend(entry);
    setValue(SettingId::Substitutions, entries);
}

QString AppSettings::irFileFor(const QString& dumpPath) const { return fileFor(SettingId::IrFiles, dumpPath); }

void AppSettings::setIrFileFor(const QString& dumpPath, const QString& irPath)
{
    setFileFor(SettingId::IrFiles, dumpPath, irPath);
}

QString AppSettings::logFileFor(const QString& dumpPath) const { return fileFor(SettingId::LogFiles, dumpPath); }

void AppSettings::setLogFileFor(const QString& dumpPath, const QString& logPath)
{
    setFileFor(SettingId::LogFiles, dumpPath, logPath);
}

QString AppSettings::fileFor(SettingId id, const QString& dumpPath) const
{
    return valueOfPair(value(id).toStringList(), QFileInfo(dumpPath).absoluteFilePath());
}

void AppSettings::setFileFor(SettingId id, const QString& dumpPath, const QString& irPath)
{
    const QString key = QFileInfo(dumpPath).absoluteFilePath();
    QStringList pairs = value(id).toStringList();
    pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                    [&](const QString& pair) { return pair.startsWith(key + QLatin1Char('=')); }),
        pairs.end());
    if (!irPath.isEmpty())
        pairs.prepend(key + QLatin1Char('=') + irPath);
    while (pairs.size() > 50)
        pairs.removeLast();
    setValue(id, pairs);
}

void AppSettings::sync() { settings_->sync(); }

QString AppSettings::keptHistoryDir() const
{
    const QString chosen = value(SettingId::KeptHistoryDir).toString();
    if (!chosen.isEmpty())
        return chosen;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("history"));
}

} // namespace memlens
