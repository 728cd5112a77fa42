#include "core/analysis/capacity.hpp"

#include "core/base/chip_table.hpp"

#include <charconv>
#include <regex>

namespace memlens {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// "... while 1572864 bits available ...": the number between `before` and
// "bits <after>", scanned by hand (a regex recurses per character in libstdc++
// and overflows the stack on long error texts).
std::optional<std::uint64_t> bitsBetween(std::string_view text, std::string_view before, std::string_view after)
{
    for (std::size_t at = text.find(before); at != std::string_view::npos; at = text.find(before, at + 1)) {
        std::size_t i = at + before.size();
        if (i >= text.size() || !isSpace(text[i]))
            continue;
        while (i < text.size() && isSpace(text[i]))
            ++i;
        std::uint64_t bits = 0;
        const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), bits);
        if (ec != std::errc() || end == text.data() + i)
            continue;
        std::string_view rest = text.substr(static_cast<std::size_t>(end - text.data()));
        std::size_t j = 0;
        while (j < rest.size() && isSpace(rest[j]))
            ++j;
        rest.remove_prefix(j);
        if (rest.substr(0, 4) != "bits")
            continue;
        rest.remove_prefix(4);
        j = 0;
        while (j < rest.size() && isSpace(rest[j]))
            ++j;
        if (!after.empty() && rest.substr(j, after.size()) != after)
            continue;
        return bits;
    }
    return std::nullopt;
}

} // namespace

const char* capacitySourceKey(CapacitySource source)
{
    switch (source) {
    case CapacitySource::Setting: return "setting";
    case CapacitySource::ErrorInfo: return "error_info";
    case CapacitySource::Target: return "target";
    case CapacitySource::Default: break;
    }
    return "default";
}

std::string describeCapacitySource(const Capacity& capacity)
{
    switch (capacity.source) {
    case CapacitySource::Setting: return "from your setting";
    case CapacitySource::ErrorInfo: return "from the error message";
    case CapacitySource::Target: return "from target " + capacity.target;
    case CapacitySource::Default: break;
    }
    if (!capacity.target.empty())
        return "default: " + capacity.target + ", your default chip";
    return kDefaultCapacityNote;
}

std::optional<std::uint64_t> availableBitsInError(std::string_view error)
{
    return bitsBetween(error, "while", "available");
}

std::optional<std::uint64_t> capacityOfTarget(std::string_view target, std::string_view scope)
{
    const auto family = chipFamilyOf(target);
    if (!family)
        return std::nullopt;
    const ChipSpec& chip = chipSpec(*family);
    const ChipSpace* space = chip.space(scope);
    if (!space)
        return std::nullopt;
    return space->capacityBits / 8;
}

std::optional<std::uint64_t> requiredBitsInError(std::string_view error)
{
    return bitsBetween(error, "requires", "while");
}

std::uint64_t defaultCapacity(std::string_view scope)
{
    // Only the Ascend910B / 910_93 planner writes this dump (the 950's has no memory display), so its sizes
    // are the default; a scope the enum names but the planner never plans gets the UB's.
    if (const auto bytes = capacityOfTarget(kDumpWritingTarget, scope))
        return *bytes;
    return *capacityOfTarget(kDumpWritingTarget, "ub");
}

Capacity resolveCapacity(std::optional<std::uint64_t> setting, std::string_view scope, std::string_view error,
    const std::optional<std::string>& target, std::string_view defaultTarget)
{
    if (setting)
        return {*setting, CapacitySource::Setting, {}};
    // A figure of 0 bits says nothing about the chip; ignore it like a missing one.
    if (const auto bits = availableBitsInError(error); bits && *bits > 0)
        return {*bits / 8 + (*bits % 8 != 0 ? 1 : 0), CapacitySource::ErrorInfo, {}};
    if (target)
        if (const auto bytes = capacityOfTarget(*target, scope))
            return {*bytes, CapacitySource::Target, *target};
    if (!defaultTarget.empty())
        if (const auto bytes = capacityOfTarget(defaultTarget, scope))
            return {*bytes, CapacitySource::Default, std::string(defaultTarget)};
    return {defaultCapacity(scope), CapacitySource::Default, {}};
}

std::optional<std::uint64_t> CapacitySettings::settingFor(const std::string& scope) const
{
    if (const auto it = byScope.find(scope); it != byScope.end())
        return it->second;
    return all;
}

std::string capacityOwner(const std::string& kernel, const std::optional<std::string>& target)
{
    return target ? kernel + "\n" + *target : kernel;
}

CapacitySettings withRemembered(CapacitySettings settings, const KernelCapacities& remembered, const std::string& owner)
{
    if (const auto it = remembered.find(owner); it != remembered.end())
        for (const auto& [scope, bytes] : it->second)
            settings.byScope[scope] = bytes;
    return settings;
}

} // namespace memlens
