#pragma once
// Triton's cache keeps, for every compiled kernel, <cache>/<hash>/<kernel>.json: the kernel's
// name, its core (mix_mode), the target arch, the kernel options (multibuffer, ...) and, with
// ENABLE_PRINT_UB_BITS=1, `required_ub_bits`: the UB the compiler reported. What is known:
// Triton-Ascend fills it only from a "UB size = N bits" line on the compiler's stdout, and the
// public compiler prints that line only from its A5 planner ("[AscendNPU IR] Allocated UB size =
// N bits", with --enable-print-memory-allocated-size). So on A2/A3 the field is 0 unless the
// compiler build prints it, and anywhere it is 0 when the run did not ask for it. 0 or an absent
// field reads as not planned, with that reason, never as a peak of 0 bits.
#include "core/run/run_row.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

struct CacheMetadata {
    std::string kernel;
    std::string core;                                         // mix_mode: "aiv", "aic", "mix"; "" when absent
    std::string arch;                                         // target.arch: "Ascend910B3"; "" when absent
    std::optional<std::uint64_t> requiredUbBits;              // nullopt when absent or 0
    std::vector<std::pair<std::string, std::string>> options; // the memory options, as Python writes them
};

// True for a JSON object shaped like Triton's metadata (never for a memory dump).
bool isCacheMetadata(const nlohmann::json& json);

// Throws DumpError naming `file` and the key when a field has the wrong type.
CacheMetadata readCacheMetadata(const nlohmann::json& json, const std::string& file);

// "multibuffer=True, plan_memory_strategy=largest-first"
std::string optionsText(const CacheMetadata& metadata);

// The row the metadata alone gives: UB against the arch's capacity, or not planned (and why)
// when the run did not set ENABLE_PRINT_UB_BITS=1.
RunRow rowOfCacheMetadata(const CacheMetadata& metadata, const std::string& file);

} // namespace memlens
