#pragma once
// How much on-chip memory a scope has. The dump does not say; memlens takes, in
// order: the user's setting, the "while N bits available" figure of the error
// text, the chip named by the IR's hacc.target, else a default.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace memlens {

enum class CapacitySource { Setting, ErrorInfo, Target, Default };

struct Capacity {
    std::uint64_t bytes = 0;
    CapacitySource source = CapacitySource::Default;
    std::string target; // the chip name when source is Target, or a Default the user chose
};

// "setting", "error_info", "target", "default" (the inspect JSON values).
const char* capacitySourceKey(CapacitySource source);
// The chip family whose planner writes memory_info_*.json: its capacities are the default.
inline constexpr std::string_view kDumpWritingTarget = "Ascend910B";
inline constexpr const char* kDefaultCapacityNote
    = "default: Ascend910B/910_93, the targets whose compiler writes this dump";

// "from your setting", "from the error message", "from target Ascend910B3", kDefaultCapacityNote, or
// "default: Ascend310B, your default chip" (a default of the user's choice).
std::string describeCapacitySource(const Capacity& capacity);

// "... requires 2097152 bits while 1572864 bits available ..." -> 1572864.
std::optional<std::uint64_t> availableBitsInError(std::string_view error);

// "... requires 2097152 bits while 1572864 bits available ..." -> 2097152: the high-water mark of the
// compiler's unlimited re-plan (the highest offset + size), not the most bytes live at once.
std::optional<std::uint64_t> requiredBitsInError(std::string_view error);

// Capacity of a scope ("ub", "cbuf", "cc") on a chip; nullopt for unknown chips or scopes.
std::optional<std::uint64_t> capacityOfTarget(std::string_view target, std::string_view scope);
std::uint64_t defaultCapacity(std::string_view scope); // the kDumpWritingTarget's

// `defaultTarget`: the chip the user assumes when neither the error text nor the IR names one
// ("": the kDumpWritingTarget's sizes); a chip of unknown size, or without that scope, is ignored.
Capacity resolveCapacity(std::optional<std::uint64_t> setting, std::string_view scope, std::string_view error,
    const std::optional<std::string>& target, std::string_view defaultTarget = {});

// The capacities the user asked for.
struct CapacitySettings {
    std::optional<std::uint64_t> all;             // --capacity: every scope
    std::map<std::string, std::uint64_t> byScope; // per scope (the window's setting); wins over `all`
    std::string defaultTarget; // the chip assumed when nothing names one (the window's setting); "": the usual

    std::optional<std::uint64_t> settingFor(const std::string& scope) const;
};

// Who a remembered capacity belongs to: the kernel on its target chip (the kernel
// alone when the target is unknown); a newline is in no kernel or target name.
std::string capacityOwner(const std::string& kernel, const std::optional<std::string>& target);
// Capacities remembered from earlier sessions: by capacityOwner(), then scope name.
using KernelCapacities = std::map<std::string, std::map<std::string, std::uint64_t>>;
// `settings` with what is remembered for this kernel on this target; a remembered scope wins.
CapacitySettings withRemembered(
    CapacitySettings settings, const KernelCapacities& remembered, const std::string& owner);

} // namespace memlens
