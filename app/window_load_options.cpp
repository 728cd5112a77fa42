#include "app/window_load_options.hpp"

#include "app/app_settings.hpp"

#include <QFileInfo>

namespace memlens {

void WindowLoadOptions::setCommandLine(const LoadOptions& options, const QString& dumpPath)
{
    options_ = options;
    ir_ = QString::fromStdString(options.irFile);
    dump_ = dumpPath.isEmpty() ? QString() : QFileInfo(dumpPath).absoluteFilePath();
    options_.irFile.clear();
    log_ = QString::fromStdString(options.logFile);
    options_.logFile.clear();
    options_.logRequired = false;
    options_.irRequired = false;
}

LoadOptions WindowLoadOptions::optionsFor(const QString& dumpPath) const
{
    LoadOptions options = options_;
    options.capacity.defaultTarget = settings_->value(SettingId::DefaultChip).toString().toStdString();
    for (const QString& dir : settings_->value(SettingId::SourceDirs).toStringList())
        options.sourceDirs.push_back(dir.toStdString());
    for (const auto& [from, to] : settings_->substitutions())
        options.substitutions.emplace_back(from.toStdString(), to.toStdString());
    if (const QString cache = settings_->value(SettingId::TritonCacheDir).toString();
        !cache.isEmpty() && options.tritonCache.cacheDir.empty())
        options.tritonCache.cacheDir = cache.toStdString(); // --triton-cache wins
    const bool named = QFileInfo(dumpPath).absoluteFilePath() == dump_;
    if (const QString log = settings_->logFileFor(dumpPath); !log.isEmpty())
        options.logFile = log.toStdString();
    else if (!log_.isEmpty() && named)
        options.logFile = log_.toStdString();
    if (const QString ir = settings_->irFileFor(dumpPath); !ir.isEmpty())
        options.irFile = ir.toStdString();
    else if (!ir_.isEmpty() && named)
        options.irFile = ir_.toStdString();
    return options;
}

CapacitySettings WindowLoadOptions::capacity() const
{
    CapacitySettings capacity = options_.capacity;
    capacity.defaultTarget = settings_->value(SettingId::DefaultChip).toString().toStdString();
    return capacity;
}

CapacitySettings WindowLoadOptions::capacitySettingsFor(const PlanDocument& document) const
{
    LoadOptions options;
    options.capacity = capacity();
    options.rememberedCapacities = settings_->capacitiesByKernel();
    return memlens::capacitySettingsFor(document, options);
}

VersionCapacityRule WindowLoadOptions::capacityRule(const std::optional<std::string>& target) const
{
    VersionCapacityRule rule;
    rule.settings = capacity();
    rule.remembered = settings_->capacitiesByKernel();
    rule.target = target;
    return rule;
}

} // namespace memlens
