#include "core/run/input_rows.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/input_file.hpp"
#include "core/document/computed_plan.hpp"
#include "core/dump/dump_error.hpp"
#include "core/run/cache_metadata.hpp"
#include "core/run/document_row.hpp"
#include "core/source/sibling_dump.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <regex>
#include <sstream>

namespace memlens {

namespace fs = std::filesystem;

namespace {

// Metadata is a few KB; a dump says "Record" within its first bytes, keys in any order
// but the header is short. Past this a JSON file is read as a dump.
constexpr std::uintmax_t kMaxMetadataBytes = 1 << 20;
constexpr std::size_t kSniffBytes = 64 * 1024;

std::string readHead(const std::string& file, std::size_t bytes)
{
    std::ifstream in(file, std::ios::binary);
    std::string head(bytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(bytes));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head;
}

template <typename Work> std::vector<RunRow> rowsOrError(const std::string& file, Work work)
{
    try {
        return work();
    } catch (const LoadCancelled&) {
        throw;
    } catch (const std::exception& error) {
        return {errorRow(file, errorMessage(error, file))};
    }
}

RunRow rowOfFile(const std::string& file, RowSource source, const LoadOptions& options)
{
    const PlanDocument document = loadPlanDocument(file, options);
    RunRow row = rowOfDocument(document, document.computedFrom ? RowSource::CompileLog : source);
    row.versionTime = versionTimeOf(file);
    return row;
}

// A compile log's rows: one per kernel its sections define (a log of several compiles), each
// planned from that kernel's last section.
std::vector<RunRow> rowsOfLog(const std::string& file, const LoadOptions& options)
{
    const PlanDocument document = loadPlanDocument(file, options);
    std::vector<RunRow> rows{rowOfDocument(document, RowSource::CompileLog)};
    rows.back().versionTime = versionTimeOf(file);
    for (const std::string& kernel : document.logKernels) {
        if (kernel == document.dump.kernel)
            continue;
        LoadOptions one = options;
        one.function = kernel;
        std::vector<RunRow> more = rowsOrError(file, [&] {
            const PlanDocument other = loadPlanDocument(file, one);
            // A mix kernel's two halves plan as one module: the first load may have shown either.
            if (other.dump.kernel == document.dump.kernel)
                return std::vector<RunRow>{};
            return std::vector{rowOfDocument(other, RowSource::CompileLog)};
        });
        for (RunRow& row : more) {
            row.versionTime = rows.front().versionTime;
            if (row.status == RowStatus::Error)
                row.kernel = kernel;
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

// One JSON file of a run: a dump's row, Triton's cache metadata, or nothing (other JSON).
struct JsonPiece {
    std::vector<RunRow> rows;
    std::optional<CacheMetadata> metadata;
};

JsonPiece readJsonPiece(const std::string& file, const LoadOptions& options)
{
    const InputFileCheck check = checkInputFile(file);
    if (!check.ok())
        throw DumpError(file, "", check.problem);
    if (check.bytes <= kMaxMetadataBytes && readHead(file, kSniffBytes).find("\"Record\"") == std::string::npos) {
        const nlohmann::json json = nlohmann::json::parse(readHead(file, check.bytes), nullptr, false);
        if (isCacheMetadata(json))
            return {{}, readCacheMetadata(json, file)};
        // Valid JSON that is neither a dump nor metadata (a summary.json memlens wrote, an inspect
        // output, a tool's settings) is no kernel: not a row. Broken JSON is read as a dump, whose
        // reader says what is wrong.
        if (json.is_object() && !json.contains("Header"))
            return {};
    }
    return {{rowOfFile(file, RowSource::Dump, options)}, std::nullopt};
}

RunRow metadataRow(const CacheMetadata& metadata, const std::string& file)
{
    RunRow row = rowOfCacheMetadata(metadata, file);
    row.versionTime = versionTimeOf(file);
    return row;
}

std::vector<RunRow> rowsOfJson(const RunInput& input, const LoadOptions& options)
{
    const std::string& file = input.files.front();
    JsonPiece piece = readJsonPiece(file, options);
    if (piece.metadata)
        return {metadataRow(*piece.metadata, file)};
    return std::move(piece.rows);
}

// The log's plan speaks; the metadata adds the options and the figure the compiler printed.
void addMetadata(RunRow& row, const CacheMetadata& metadata, const std::string& file)
{
    const std::string cacheOptions = optionsText(metadata);
    row.config += (row.config.empty() || cacheOptions.empty() ? "" : ", ") + cacheOptions;
    if (!metadata.requiredUbBits)
        return;
    const std::string reported = "the compiler reported " + std::to_string(*metadata.requiredUbBits) + " bits of UB ("
        + fs::path(file).filename().string() + ")";
    const std::uint64_t reportedBytes = (*metadata.requiredUbBits + 7) / 8;
    if (row.scope == "ub" && row.status == RowStatus::Fits && row.capacityBytes && reportedBytes > *row.capacityBytes) {
        // The compiler's own figure is over the capacity where memlens's plan fits: they disagree,
        // and the compiler's word is the verdict (it is what the run compiled).
        const std::uint64_t plannedBytes = row.peakBytes.value_or(0);
        row.status = RowStatus::Overflows;
        row.peakBytes = reportedBytes;
        row.notes.push_back(reported + ", more than the capacity, where memlens's plan of the log fits in "
            + std::to_string(plannedBytes) + " B: the plans disagree");
        return;
    }
    row.notes.push_back(reported);
}

bool holdsNoPlan(const std::string& log) { return inputKindOfFile(log) == InputKind::Dump; }

// A folder of JSON and compile logs (a cache entry with the compile's log beside it): every
// log's rows, each kernel's metadata added to its rows; metadata no log plans is a row itself.
std::vector<RunRow> rowsOfJsonAndLogs(const RunInput& input, const LoadOptions& options)
{
    std::vector<RunRow> rows;
    std::vector<std::pair<CacheMetadata, std::string>> metadata;
    for (const std::string& file : input.files) {
        try {
            JsonPiece piece = readJsonPiece(file, options);
            if (piece.metadata)
                metadata.emplace_back(std::move(*piece.metadata), file);
            for (RunRow& row : piece.rows)
                rows.push_back(std::move(row));
        } catch (const LoadCancelled&) {
            throw;
        } catch (const std::exception& error) {
            rows.push_back(errorRow(file, errorMessage(error, file)));
        }
    }
    std::vector<bool> planned(metadata.size(), false);
    for (const std::string& log : input.logs) {
        // A text file without a planner section (a README, a run's stdout) is no plan: not a row.
        if (holdsNoPlan(log))
            continue;
        for (RunRow& row : rowsOrError(log, [&] { return rowsOfLog(log, options); })) {
            for (std::size_t m = 0; m < metadata.size(); ++m)
                if (row.status != RowStatus::Error && row.kernel == metadata[m].first.kernel) {
                    addMetadata(row, metadata[m].first, metadata[m].second);
                    planned[m] = true;
                }
            rows.push_back(std::move(row));
        }
    }
    for (std::size_t m = 0; m < metadata.size(); ++m)
        if (!planned[m])
            rows.push_back(metadataRow(metadata[m].first, metadata[m].second));
    return rows;
}

std::vector<RunRow> rowsOfKernelFolder(const RunInput& input, const LoadOptions& options)
{
    std::vector<RunRow> rows;
    std::vector<std::string> kernels(input.files.size());
    for (std::size_t i = 0; i < input.files.size(); ++i) {
        std::vector<RunRow> one = rowsOrError(input.files[i], [&] {
            const PlanDocument document = loadPlanDocument(input.files[i], options);
            kernels[i] = document.dump.kernel;
            RunRow row = rowOfDocument(document, RowSource::Dump);
            row.versionTime = versionTimeOf(input.files[i]);
            return std::vector{std::move(row)};
        });
        rows.insert(rows.end(), one.begin(), one.end());
    }
    // The mix kernel's halves (aic first, then aiv, as listed): the pair's health on both rows.
    if (input.files.size() >= 2 && fs::path(input.files[0]).filename() == "memory_info_aic.json"
        && fs::path(input.files[1]).filename() == "memory_info_aiv.json" && !kernels[0].empty()
        && !kernels[1].empty()) {
        const std::string warning = pairWarning(input.files[0], kernels[0], input.files[1], kernels[1]);
        if (!warning.empty())
            for (RunRow& row : rows)
                if ((row.file == input.files[0] || row.file == input.files[1])
                    && std::find(row.notes.begin(), row.notes.end(), warning) == row.notes.end())
                    row.notes.push_back(warning);
    }
    return rows;
}

} // namespace

RunRow errorRow(const std::string& file, const std::string& message)
{
    RunRow row;
    // The kernel a watch --keep name gives (<kernel>-<time>-<core>.json), else the file's stem.
    static const std::regex kept(R"(^(.+)-\d{8}-\d{6}\.\d{3}-(aiv|aic|unknown)(-\d+)?\.json$)");
    const std::string name = fs::path(file).filename().string();
    std::smatch match;
    row.kernel = std::regex_match(name, match, kept) ? match[1].str() : fs::path(file).stem().string();
    row.status = RowStatus::Error;
    row.file = file;
    row.error = message;
    return row;
}

std::string versionTimeOf(const std::string& file)
{
    static const std::regex kept(R"(-(\d{8}-\d{6}\.\d{3})-(aiv|aic|unknown)(-\d+)?\.json$)");
    const std::string name = fs::path(file).filename().string();
    std::smatch match;
    if (std::regex_search(name, match, kept))
        return match[1].str();
    std::error_code error;
    const fs::file_time_type written = fs::last_write_time(file, error);
    if (error)
        return {};
    const auto time
        = std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(written));
    const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count() % 1000;
    std::tm local{};
    localtime_r(&seconds, &local);
    std::ostringstream out;
    out << std::put_time(&local, "%Y%m%d-%H%M%S") << '.' << std::setw(3) << std::setfill('0')
        << (millis < 0 ? 0 : millis);
    return out.str();
}

std::vector<RunRow> rowsOfInput(const RunInput& input, const LoadOptions& loadOptions)
{
    LoadOptions options = loadOptions;
    options.searchIrBeside = options.searchIrBeside && input.irBeside;
    options.searchCompileLog = options.searchCompileLog && input.logsBeside;
    const std::string& first = input.files.front();
    switch (input.kind) {
    case RunInput::Kind::KernelFolder: return rowsOfKernelFolder(input, options);
    case RunInput::Kind::JsonFile: return rowsOrError(first, [&] { return rowsOfJson(input, options); });
    case RunInput::Kind::JsonAndLogs: return rowsOfJsonAndLogs(input, options);
    case RunInput::Kind::CompileLog:
        // A text file without a planner section (a README, a run's stdout) is no plan: not a row.
        if (holdsNoPlan(first))
            return {};
        return rowsOrError(first, [&] { return rowsOfLog(first, options); });
    }
    return {};
}

} // namespace memlens
