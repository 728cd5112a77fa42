#include "core/source/sibling_dump.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace memlens {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kHeaderBytes = 64 * 1024;
constexpr auto kStaleAfter = std::chrono::minutes(1);

std::optional<fs::file_time_type> modified(const fs::path& path)
{
    std::error_code error;
    const auto time = fs::last_write_time(path, error);
    if (error)
        return std::nullopt;
    return time;
}

// The JSON string starting at `text[at]` (a quote), decoded; nullopt when it does not end in `text`.
std::optional<std::string> jsonStringAt(const std::string& text, std::size_t at)
{
    if (at >= text.size() || text[at] != '"')
        return std::nullopt;
    for (std::size_t i = at + 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
            ++i;
            continue;
        }
        if (text[i] == '"') {
            const auto value = nlohmann::json::parse(text.substr(at, i - at + 1), nullptr, false);
            if (value.is_string())
                return value.get<std::string>();
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string describeAge(fs::file_time_type::duration difference)
{
    const auto minutes = std::chrono::round<std::chrono::minutes>(difference).count();
    if (minutes < 120)
        return std::to_string(minutes) + " minutes";
    const auto hours = minutes / 60;
    if (hours < 48)
        return std::to_string(hours) + " hours";
    return std::to_string(hours / 24) + " days";
}

constexpr const char* kWhy = " (the compiler stops at the first function whose plan fails, so the file of a "
                             "function after it is not rewritten)";

} // namespace

std::optional<std::string> siblingDumpPath(const std::string& dumpPath)
{
    const fs::path path(dumpPath);
    const std::string name = path.filename().string();
    if (name == "memory_info_aiv.json")
        return (path.parent_path() / "memory_info_aic.json").string();
    if (name == "memory_info_aic.json")
        return (path.parent_path() / "memory_info_aiv.json").string();
    return std::nullopt;
}

std::optional<std::string> peekKernelName(const std::string& dumpPath)
{
    std::error_code error;
    if (!fs::is_regular_file(dumpPath, error))
        return std::nullopt;
    std::ifstream in(dumpPath, std::ios::binary);
    std::string head(kHeaderBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    const std::size_t key = head.find("\"KernelName\"");
    if (key == std::string::npos)
        return std::nullopt;
    std::size_t at = key + 12;
    while (at < head.size() && (head[at] == ' ' || head[at] == '\n' || head[at] == '\r' || head[at] == '\t'))
        ++at;
    if (at >= head.size() || head[at] != ':')
        return std::nullopt;
    ++at;
    while (at < head.size() && (head[at] == ' ' || head[at] == '\n' || head[at] == '\r' || head[at] == '\t'))
        ++at;
    return jsonStringAt(head, at);
}

std::optional<std::string> mixKernelBase(const std::string& kernel)
{
    for (const std::string_view suffix : {"_mix_aic", "_mix_aiv"})
        if (kernel.size() > suffix.size() && kernel.ends_with(suffix))
            return kernel.substr(0, kernel.size() - suffix.size());
    return std::nullopt;
}

namespace {

// `kernelsDoNotPair` opens the warning when the kernels are not one mix kernel's halves.
std::string judgePair(const std::string& pathA, const std::string& kernelA, const std::string& pathB,
    const std::string& kernelB, const std::string& kernelsDoNotPair)
{
    const std::string nameA = fs::path(pathA).filename().string();
    const std::string nameB = fs::path(pathB).filename().string();
    const auto baseA = mixKernelBase(kernelA);
    const auto baseB = mixKernelBase(kernelB);
    if (!baseA && !baseB)
        return {}; // two kernels of their own: neither says anything of the other
    const auto timeA = modified(pathA);
    const auto timeB = modified(pathB);
    if (baseA != baseB || !baseA) {
        std::string older;
        if (timeA && timeB && *timeA != *timeB)
            older = "; the older, " + (*timeA < *timeB ? nameA : nameB) + ", is the likelier";
        return kernelsDoNotPair + ": one of the two files may be left over from an earlier compile" + older + kWhy;
    }
    if (!timeA || !timeB)
        return {};
    const bool aOlder = *timeA < *timeB;
    const auto difference = aOlder ? *timeB - *timeA : *timeA - *timeB;
    if (difference <= kStaleAfter)
        return {};
    return (aOlder ? nameA : nameB) + " is " + describeAge(difference) + " older than " + (aOlder ? nameB : nameA)
        + " of the same mix kernel " + *baseA + ": it may be left over from an earlier compile" + kWhy;
}

} // namespace

std::string pairWarning(
    const std::string& pathA, const std::string& kernelA, const std::string& pathB, const std::string& kernelB)
{
    const auto named = [](const std::string& path, const std::string& kernel) {
        return fs::path(path).filename().string() + " (kernel " + (kernel.empty() ? std::string("unnamed") : kernel)
            + ")";
    };
    return judgePair(
        pathA, kernelA, pathB, kernelB, named(pathA, kernelA) + " and " + named(pathB, kernelB) + " do not pair");
}

std::string staleSiblingWarning(const std::string& dumpPath, const std::string& kernel)
{
    const auto siblingPath = siblingDumpPath(dumpPath);
    if (!siblingPath)
        return {};
    const auto siblingKernel = peekKernelName(*siblingPath);
    if (!siblingKernel)
        return {};
    return judgePair(dumpPath, kernel, *siblingPath, *siblingKernel,
        fs::path(*siblingPath).filename().string() + " beside this dump is of kernel " + *siblingKernel
            + ", which does not pair with " + (kernel.empty() ? std::string("this dump's kernel") : kernel));
}

} // namespace memlens
