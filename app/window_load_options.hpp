#pragma once
// The options every load of the window takes: the command line's, then the settings' (default
// chip, source folders, path substitutions, Triton cache, the IR and log remembered for a dump).
// --ir and --log belong to the dump named beside them, not to every dump opened later: they are
// kept apart. Also the capacity rule History judges its captured versions by.
#include "app/dump_history.hpp"
#include "core/document/plan_document.hpp"

#include <QString>

#include <optional>
#include <string>

namespace memlens {

class AppSettings;

class WindowLoadOptions {
public:
    explicit WindowLoadOptions(const AppSettings& settings)
        : settings_(&settings)
    {
    }

    // The command line's options; `dumpPath` is the dump named there (--ir and --log belong to it).
    void setCommandLine(const LoadOptions& options, const QString& dumpPath);
    // What a load of `dumpPath` (a dump, a run folder) takes.
    LoadOptions optionsFor(const QString& dumpPath) const;
    // The capacities a loaded document is judged by now (after the user set one, or another chip).
    CapacitySettings capacitySettingsFor(const PlanDocument& document) const;
    // The same rule for History's captures, with the target of the IR on show.
    VersionCapacityRule capacityRule(const std::optional<std::string>& target) const;

private:
    // The command line's capacity with the settings' default chip.
    CapacitySettings capacity() const;

    const AppSettings* settings_;
    LoadOptions options_; // without irFile and logFile
    QString ir_;
    QString log_;
    QString dump_; // absolute, "" when none was named
};

} // namespace memlens
