#pragma once
// The chips memlens knows, in one table: each family's on-chip spaces (capacity and
// alignment in bits), the planner pass its compiler runs, and the target names that
// select it. The capacity (core/analysis) and the planner (core/planner) both read it.
// Header-only: the planner library links nothing else of core.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

enum class ChipFamily { A2A3, Ascend310B, Ascend950 };

struct ChipSpace {
    std::uint64_t capacityBits = 0;
    std::uint64_t alignBits = 0;
};

struct ChipSpec {
    ChipFamily family = ChipFamily::A2A3;
    const char* name = "";       // "Ascend910B / 910_93"
    ChipSpace ub, cbuf, cc;      // UB, L1, L0C
    bool regBasePlanner = false; // the compiler plans it with hivm-plan-memory-regbase
    // The SIMT data cache's least and most size, in bits, on chips whose SIMT and MIX
    // functions give part of the UB to it (0: not known to memlens).
    std::uint64_t minDataCacheBits = 0;
    std::uint64_t maxDataCacheBits = 0;

    // The space a scope names ("ub", "cbuf", "cc"); nullptr for a space without a size here.
    constexpr const ChipSpace* space(std::string_view scope) const
    {
        return scope == "ub" ? &ub : scope == "cbuf" ? &cbuf : scope == "cc" ? &cc : nullptr;
    }
};

// Every address space a dump or the IR names, in one table. `local`: on-chip memory whose
// allocations the compiler's planner places (its isLocalBuffer: UB, L1, L0C, SSBUF), and
// L0A/L0B, which the pass refuses at the alloc, so memlens reports them rather than skips
// them. gm is global memory: never planned. Only ub, cbuf and cc have sizes in ChipSpec.
struct MemorySpace {
    std::string_view name;
    bool local = false;
};

inline constexpr std::array<MemorySpace, 7> kMemorySpaces{{
    {"ub", true},
    {"cbuf", true},
    {"cc", true},
    {"ca", true},
    {"cb", true},
    {"ssbuf", true},
    {"gm", false},
}};

inline bool isKnownSpace(std::string_view name)
{
    return std::any_of(
        kMemorySpaces.begin(), kMemorySpaces.end(), [&](const MemorySpace& space) { return space.name == name; });
}

inline bool isLocalSpace(std::string_view name)
{
    return std::any_of(kMemorySpaces.begin(), kMemorySpaces.end(),
        [&](const MemorySpace& space) { return space.local && space.name == name; });
}

// True when `text` names a local space as a memref type does ("#hivm.address_space<ub>").
inline bool mentionsLocalSpace(std::string_view text)
{
    constexpr std::string_view kOpen = "address_space<";
    for (auto at = text.find(kOpen); at != std::string_view::npos; at = text.find(kOpen, at + 1)) {
        const std::size_t from = at + kOpen.size();
        const std::size_t close = text.find('>', from);
        if (close != std::string_view::npos && isLocalSpace(text.substr(from, close - from)))
            return true;
    }
    return false;
}

inline constexpr std::array<ChipSpec, 3> kChipTable{{
    {ChipFamily::A2A3, "Ascend910B / 910_93", {1572864, 256}, {4194304, 256}, {1048576, 4096}, false},
    // Reg-based, as the 950s (the compiler's isRegBasedArch), with its own sizes.
    {ChipFamily::Ascend310B, "Ascend310B", {2097152, 256}, {8388608, 256}, {1048576, 4096}, true},
    // UB 248 KB (256 KB less 8 KB the compiler keeps), L0C 256 KB.
    {ChipFamily::Ascend950, "Ascend950", {2031616, 256}, {4194304, 256}, {2097152, 4096}, true, 262144, 983040},
}};

// The A5 targets the compiler knows (NPUTargetSpec.td): a name of these plans with RegBase.
inline const std::vector<std::string>& ascend950TargetNames()
{
    static const std::vector<std::string> names = {"Ascend910_950z", "Ascend910_9579", "Ascend910_957b",
        "Ascend910_957d", "Ascend910_9581", "Ascend910_9589", "Ascend910_958a", "Ascend910_958b", "Ascend910_9599",
        "Ascend950PR_950z", "Ascend950PR_9579", "Ascend950PR_957a", "Ascend950PR_957b", "Ascend950PR_957c",
        "Ascend950PR_957d", "Ascend950PR_9589", "Ascend950PR_958a", "Ascend950PR_958b", "Ascend950PR_958c",
        "Ascend950PR_958d", "Ascend950PR_9599", "Ascend950PR_959a", "Ascend950PR_959b", "Ascend950DT_950x",
        "Ascend950DT_950y", "Ascend950DT_9571", "Ascend950DT_9572", "Ascend950DT_9573", "Ascend950DT_9574",
        "Ascend950DT_9575", "Ascend950DT_9576", "Ascend950DT_9577", "Ascend950DT_9578", "Ascend950DT_9581",
        "Ascend950DT_9582", "Ascend950DT_9583", "Ascend950DT_9584", "Ascend950DT_9585", "Ascend950DT_9586",
        "Ascend950DT_9587", "Ascend950DT_9588", "Ascend950DT_9591", "Ascend950DT_9592", "Ascend950DT_9595",
        "Ascend950DT_9596", "Ascend950DT_95A1", "Ascend950DT_95A2"};
    return names;
}

inline const ChipSpec& chipSpec(ChipFamily family)
{
    return *std::find_if(
        kChipTable.begin(), kChipTable.end(), [&](const ChipSpec& spec) { return spec.family == family; });
}

// The family a target name belongs to, by its prefix (what the capacity needs: a chip's
// sizes); nullopt for a name of no known family.
inline std::optional<ChipFamily> chipFamilyOf(std::string_view target)
{
    auto startsWith = [&](std::string_view prefix) { return target.substr(0, prefix.size()) == prefix; };
    if (startsWith("Ascend910B") || startsWith("Ascend910_93"))
        return ChipFamily::A2A3;
    if (startsWith("Ascend310B"))
        return ChipFamily::Ascend310B;
    if (startsWith("Ascend910_95") || startsWith("Ascend950"))
        return ChipFamily::Ascend950;
    return std::nullopt;
}

// The family of a target name the compiler accepts, exactly (what the planner needs: the
// pass the compiler would run); nullopt otherwise.
inline std::optional<ChipFamily> exactChipFamilyOf(std::string_view name)
{
    if (name == "Ascend910B1" || name == "Ascend910B2" || name == "Ascend910B3" || name == "Ascend910B4"
        || name == "Ascend910B2C" || (name.substr(0, 12) == "Ascend910_93" && name.size() == 14))
        return ChipFamily::A2A3;
    if (name.substr(0, 10) == "Ascend310B") // Ascend310B1..4, and the family's own name
        return ChipFamily::Ascend310B;
    const auto& a5 = ascend950TargetNames();
    if (std::find(a5.begin(), a5.end(), name) != a5.end())
        return ChipFamily::Ascend950;
    return std::nullopt;
}

} // namespace memlens
