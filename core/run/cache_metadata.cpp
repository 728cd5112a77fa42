#include "core/run/cache_metadata.hpp"

#include "core/analysis/capacity.hpp"
#include "core/dump/dump_error.hpp"

#include <array>

namespace memlens {

namespace {

// The NPU options that change the memory plan (docs/shared DESIGN 2b); others are not shown.
constexpr std::array<const char*, 3> kMemoryOptions
    = {"multibuffer", "plan_memory_strategy", "limit_auto_multi_buffer_of_local_buffer"};

std::string pythonValue(const nlohmann::json& value)
{
    if (value.is_boolean())
        return value.get<bool>() ? "True" : "False";
    if (value.is_string())
        return value.get<std::string>();
    return value.dump();
}

std::string stringField(const nlohmann::json& json, const char* key, const std::string& file)
{
    const auto it = json.find(key);
    if (it == json.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw DumpError(file, key, std::string("expected a string, found ") + it->type_name());
    return it->get<std::string>();
}

} // namespace

bool isCacheMetadata(const nlohmann::json& json)
{
    if (!json.is_object() || json.contains("Record"))
        return false;
    return json.contains("required_ub_bits") || (json.contains("kernel_name") && json.contains("target"))
        || (json.contains("name") && json.contains("target") && json.contains("hash"));
}

CacheMetadata readCacheMetadata(const nlohmann::json& json, const std::string& file)
{
    CacheMetadata metadata;
    metadata.kernel = stringField(json, "kernel_name", file);
    if (metadata.kernel.empty()) // "name" may carry the core after a space ("add_kernel aiv")
        metadata.kernel = stringField(json, "name", file).substr(0, stringField(json, "name", file).find(' '));
    metadata.core = stringField(json, "mix_mode", file);
    if (const auto target = json.find("target"); target != json.end() && target->is_object())
        metadata.arch = stringField(*target, "arch", file);
    if (const auto bits = json.find("required_ub_bits"); bits != json.end() && !bits->is_null()) {
        if (!bits->is_number_integer() || bits->get<std::int64_t>() < 0)
            throw DumpError(file, "required_ub_bits", std::string("expected a count of bits, found ") + bits->dump());
        if (bits->get<std::int64_t>() > 0)
            metadata.requiredUbBits = bits->get<std::uint64_t>();
    }
    for (const char* option : kMemoryOptions)
        if (const auto value = json.find(option); value != json.end() && !value->is_null())
            metadata.options.emplace_back(option, pythonValue(*value));
    return metadata;
}

std::string optionsText(const CacheMetadata& metadata)
{
    std::string text;
    for (const auto& [name, value] : metadata.options)
        text += (text.empty() ? "" : ", ") + name + "=" + value;
    return text;
}

RunRow rowOfCacheMetadata(const CacheMetadata& metadata, const std::string& file)
{
    RunRow row;
    row.kernel = metadata.kernel;
    row.core = metadata.core;
    row.config = optionsText(metadata);
    row.source = RowSource::CacheMetadata;
    row.file = file;
    if (!metadata.requiredUbBits) {
        row.status = RowStatus::NotPlanned;
        row.notes.push_back(
            "the cache metadata holds no UB figure (required_ub_bits 0 or absent: it is filled only from the "
            "compiler's \"UB size = N bits\" line, which the A2/A3 compiler may not print): compile with "
            "ENABLE_PRINT_UB_BITS=1, or keep the dumps (TRITON_MEMORY_DISPLAY=1, memlens watch --keep)");
        return row;
    }
    row.scope = "ub";
    row.peakBytes = (*metadata.requiredUbBits + 7) / 8;
    row.capacityBytes = capacityOfTarget(metadata.arch, "ub").value_or(defaultCapacity("ub"));
    row.status = *row.peakBytes > *row.capacityBytes ? RowStatus::Overflows : RowStatus::Fits;
    if (!capacityOfTarget(metadata.arch, "ub"))
        row.notes.push_back(std::string("capacity: ") + kDefaultCapacityNote);
    return row;
}

} // namespace memlens
