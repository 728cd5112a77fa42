#include "core/source/triton_cache.hpp"

#include "core/source/file_finder.hpp"
#include "core/source/mlir_bytecode.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <system_error>
#include <utility>

namespace fs = std::filesystem;

namespace memlens {

namespace {

bool isOpNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
        || c == '.';
}

// Does an op name (`memref.alloc`, `"hivm.hir.load"`) start at 1-based `column`?
bool opStartsAt(std::string_view line, int column)
{
    if (column < 1 || static_cast<std::size_t>(column) > line.size())
        return false;
    const std::size_t at = static_cast<std::size_t>(column) - 1;
    if (at > 0 && isOpNameChar(line[at - 1]))
        return false; // inside a word, not at its start
    std::size_t i = at + (line[at] == '"' ? 1 : 0);
    const std::size_t begin = i;
    bool dotted = false;
    for (; i < line.size() && isOpNameChar(line[i]); ++i)
        dotted = dotted || line[i] == '.';
    return dotted && i > begin + 2 && !(line[begin] >= '0' && line[begin] <= '9');
}

// "16x?xf16" for memref<16x?xf16, ...>; "" when the type is not known.
std::string typeKey(const Buffer& buffer)
{
    if (buffer.shape().empty() || buffer.elementType().empty())
        return {};
    std::string key;
    for (const std::int64_t dim : buffer.shape())
        key += (dim < 0 ? std::string("?") : std::to_string(dim)) + "x";
    return key + buffer.elementType();
}

// Does `text` hold a shaped type `<key>` or `<key,` (memref or tensor)?
bool holdsType(std::string_view text, const std::string& key)
{
    const std::string needle = "<" + key;
    for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) {
        const std::size_t end = at + needle.size();
        if (end < text.size() && (text[end] == '>' || text[end] == ','))
            return true;
    }
    return false;
}

struct DumpPositions {
    std::set<std::pair<int, int>> irPositions;         // line:column in the IR the dump was compiled from
    std::set<std::pair<std::string, int>> pythonLines; // user frames: file name, line
    std::set<std::string> types;                       // typeKey of every buffer
};

DumpPositions positionsOf(const Dump& dump)
{
    DumpPositions out;
    const LocationResolver plain;
    for (const ScopePlan& scope : dump.scopes)
        for (const Buffer& buffer : scope.buffers) {
            if (const std::string key = typeKey(buffer); !key.empty())
                out.types.insert(key);
            const ResolvedLocation resolved = resolveLocationText(buffer.location(), plain);
            if (resolved.chain.empty())
                continue;
            const SourceFrame& first = resolved.chain.front();
            if (looksLikeIrFile(first.file)) {
                out.irPositions.emplace(first.line, first.column);
                continue;
            }
            for (const SourceFrame& frame : resolved.userFrames)
                out.pythonLines.emplace(std::string(fileNameOf(frame.file)), frame.line);
        }
    return out;
}

std::string positionList(const std::set<std::pair<int, int>>& positions, std::size_t most = 4)
{
    std::string out;
    std::size_t n = 0;
    for (const auto& [line, column] : positions) {
        if (n++ == most) {
            out += ", ...";
            break;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(line) + ":" + std::to_string(column);
    }
    return out;
}

std::string plural(std::size_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::optional<std::string> processEnvironment(const std::string& name)
{
    const char* value = std::getenv(name.c_str());
    if (!value || !*value)
        return std::nullopt;
    return std::string(value);
}

// The names the adapter IR of `kernel` has in a cache folder. A mix kernel's
// dump is named <kernel>_mix_aiv / _mix_aic; its IR is <kernel>.
std::vector<std::string> candidateStems(const std::string& kernel)
{
    std::vector<std::string> stems;
    if (!kernel.empty())
        stems.push_back(kernel);
    for (const char* suffix : {"_mix_aiv", "_mix_aic"}) {
        const std::string_view s(suffix);
        if (kernel.size() > s.size() && kernel.compare(kernel.size() - s.size(), s.size(), s) == 0)
            stems.push_back(kernel.substr(0, kernel.size() - s.size()));
    }
    stems.emplace_back("kernel"); // the name inside Triton-Ascend's temporary folder
    return stems;
}

bool isCandidateName(const std::string& name, const std::vector<std::string>& stems)
{
    for (const std::string& stem : stems)
        for (const char* ext : {".ttadapter", ".ttadapter.mlir", ".bcmlir", ".ttadapter.bcmlir"})
            if (name == stem + ext)
                return true;
    return false;
}

struct Candidate {
    fs::path path;
    fs::file_time_type time;
    std::uintmax_t size = 0;
};

constexpr std::size_t kMaxFilesPerEntry = 256;
constexpr std::size_t kMaxListedEntries = 1000000; // a cache entry costs a stat: about 7 us

void addCandidate(const fs::directory_entry& file, std::vector<Candidate>& candidates)
{
    std::error_code ec;
    if (!file.is_regular_file(ec))
        return;
    Candidate candidate{file.path(), file.last_write_time(ec), 0};
    if (!ec)
        candidate.size = file.file_size(ec);
    if (!ec)
        candidates.push_back(std::move(candidate));
}

void addNote(TritonCacheResult& result, const std::string& note)
{
    result.note += (result.note.empty() ? "" : "; ") + note;
}

} // namespace

fs::path tritonCacheDir(const TritonCacheSearch& search)
{
    if (!search.cacheDir.empty())
        return search.cacheDir;
    const EnvironmentLookup environment
        = search.environment ? search.environment : EnvironmentLookup(processEnvironment);
    if (const auto dir = environment("TRITON_CACHE_DIR"))
        return *dir;
    if (const auto home = environment("HOME"))
        return fs::path(*home) / ".triton" / "cache";
    return {};
}

IrDumpMatch matchIrToDump(const IrIndex& ir, const Dump& dump)
{
    IrDumpMatch match;
    const DumpPositions positions = positionsOf(dump);
    std::size_t typesFound = 0;
    for (const std::string& key : positions.types)
        typesFound += holdsType(ir.text(), key) ? 1 : 0;
    match.typesAgree = !positions.types.empty() && typesFound == positions.types.size();
    const std::string types = match.typesAgree
        ? "its types agree with the dump's " + plural(typesFound, "buffer type", "buffer types")
        : std::to_string(typesFound) + " of the dump's " + plural(positions.types.size(), "buffer type", "buffer types")
            + " occur in it";

    if (!positions.irPositions.empty()) {
        std::set<std::pair<int, int>> missing;
        std::size_t allocs = 0;
        for (const auto& [line, column] : positions.irPositions) {
            if (line < 1 || line > ir.lineCount() || !opStartsAt(ir.lineText(line), column))
                missing.insert({line, column});
            else
                allocs += ir.isAllocLine(line) ? 1 : 0;
        }
        match.matches = missing.empty();
        match.reason = match.matches ? "an op starts at each of the dump's "
                + plural(positions.irPositions.size(), "location", "locations") + " ("
                + positionList(positions.irPositions) + "; " + std::to_string(allocs) + " allocating), and " + types
                                     : "no op starts at " + positionList(missing) + " of the dump's locations";
        return match;
    }
    if (!positions.pythonLines.empty()) {
        std::size_t found = 0;
        std::string firstMissing;
        for (const auto& [file, line] : positions.pythonLines) {
            if (!ir.linesFor(file, line).empty())
                ++found;
            else if (firstMissing.empty())
                firstMissing = file + ":" + std::to_string(line);
        }
        match.matches = found == positions.pythonLines.size();
        match.reason = match.matches
            ? "its ops carry each of the dump's " + plural(found, "Python line", "Python lines") + ", and " + types
            : "no op carries the dump's Python line " + firstMissing;
        return match;
    }
    match.matches = match.typesAgree;
    match.reason = positions.types.empty() ? std::string("the dump has neither locations nor buffer types to compare")
                                           : "the dump's locations name no position; " + types;
    return match;
}

std::string TritonCacheResult::message() const
{
    if (cacheDir.empty())
        return "no Triton cache: neither TRITON_CACHE_DIR nor HOME is set";
    if (taken) {
        std::string out = "IR from the Triton cache: " + taken->string() + ", the newest of "
            + plural(candidates, "candidate", "candidates") + " that matches the dump: " + reason;
        if (!tried.empty())
            out += "; passed over: " + tried.front()
                + (tried.size() > 1 ? " and " + std::to_string(tried.size() - 1) + " more" : std::string());
        return out;
    }
    std::string out = "the Triton cache " + cacheDir.string();
    if (candidates == 0)
        out += " holds no adapter IR of this kernel";
    else
        out += ": " + plural(candidates, "candidate", "candidates") + ", none matches the dump";
    if (!note.empty())
        out += " (" + note + ")";
    for (std::size_t i = 0; i < tried.size() && i < 3; ++i)
        out += "; " + tried[i];
    if (tried.size() > 3)
        out += "; " + std::to_string(tried.size() - 3) + " more";
    if (bytecode)
        out += ". " + mlirBytecodeAdvice(*bytecode);
    return out;
}

TritonCacheResult findIrInTritonCache(const Dump& dump, const TritonCacheSearch& search)
{
    TritonCacheResult result;
    result.cacheDir = tritonCacheDir(search);
    if (result.cacheDir.empty())
        return result;
    std::error_code ec;
    const fs::file_status status = fs::status(result.cacheDir, ec);
    if (ec || !fs::exists(status)) {
        result.note = "no such folder";
        return result;
    }
    if (!fs::is_directory(status)) {
        result.note = "not a folder: pass the cache root (~/.triton/cache), or the IR itself with --ir";
        return result;
    }

    // Every file named like the kernel's adapter IR, in the cache folder itself and in
    // its newest entries (by folder time over all of them: the IR just compiled may be
    // listed last).
    const std::vector<std::string> stems = candidateStems(dump.kernel);
    std::vector<Candidate> candidates;
    std::vector<std::pair<fs::file_time_type, fs::path>> entries;
    for (fs::directory_iterator it(result.cacheDir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        if (entries.size() == kMaxListedEntries) {
            addNote(result, "listed only the first " + std::to_string(kMaxListedEntries) + " entries");
            break;
        }
        std::error_code typeEc;
        if (it->is_directory(typeEc)) {
            const fs::file_time_type time = it->last_write_time(typeEc);
            if (!typeEc)
                entries.emplace_back(time, it->path());
        } else if (isCandidateName(it->path().filename().string(), stems)) {
            addCandidate(*it, candidates);
        }
    }
    if (entries.size() > search.maxEntries) {
        std::partial_sort(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(search.maxEntries),
            entries.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        addNote(result,
            "looked into the newest " + std::to_string(search.maxEntries) + " of " + std::to_string(entries.size())
                + " entries (by folder time)");
        entries.resize(search.maxEntries);
    }
    for (const auto& entry : entries) {
        std::size_t files = 0;
        std::error_code innerEc;
        for (fs::directory_iterator file(entry.second, innerEc);
             !innerEc && file != fs::directory_iterator() && files++ < kMaxFilesPerEntry; file.increment(innerEc))
            if (isCandidateName(file->path().filename().string(), stems))
                addCandidate(*file, candidates);
    }
    result.candidates = candidates.size();
    std::sort(candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.time != b.time ? a.time > b.time : a.path < b.path; });

    // Newest first: the first that matches by position and type wins; one that
    // matches by position only is kept in case none agrees in type too.
    std::optional<std::pair<Candidate, IrIndex>> fallback;
    std::string fallbackReason;
    std::size_t filesRead = 0;
    std::uintmax_t bytesRead = 0;
    bool passedOverBudget = false;
    for (const Candidate& candidate : candidates) {
        if (isMlirBytecodeFile(candidate.path)) {
            if (!result.bytecode)
                result.bytecode = candidate.path;
            result.tried.push_back(candidate.path.string() + ": MLIR bytecode, not read");
            continue;
        }
        if (filesRead == search.maxFiles) {
            addNote(result,
                "stopped after reading " + plural(filesRead, "file", "files") + " and " + std::to_string(bytesRead)
                    + " bytes, the limit of the search");
            break;
        }
        // An oversized file is passed over, not the end of the search: an older match may be small.
        if (candidate.size > search.maxFileBytes) {
            result.tried.push_back(candidate.path.string() + ": too large (" + std::to_string(candidate.size)
                + " bytes, the limit for IR is " + std::to_string(search.maxFileBytes) + "), not read");
            continue;
        }
        if (bytesRead + candidate.size > search.maxBytes) {
            result.tried.push_back(candidate.path.string() + ": not read (" + std::to_string(candidate.size)
                + " bytes, " + std::to_string(search.maxBytes - bytesRead) + " left of the search's "
                + std::to_string(search.maxBytes) + ")");
            if (!passedOverBudget)
                addNote(result,
                    "passed over files past the limit of the search (" + std::to_string(search.maxBytes)
                        + " bytes in all)");
            passedOverBudget = true;
            continue;
        }
        ++filesRead;
        ReadResult read = readTextFile(candidate.path, std::min(search.maxFileBytes, search.maxBytes - bytesRead));
        bytesRead += read.text.size();
        if (!read.ok()) {
            result.tried.push_back(read.error);
            continue;
        }
        IrIndex index = IrIndex::build(std::move(read.text), candidate.path.string());
        const IrDumpMatch match = matchIrToDump(index, dump);
        if (match.matches && match.typesAgree) {
            result.taken = candidate.path;
            result.index = std::move(index);
            result.reason = match.reason;
            return result;
        }
        result.tried.push_back(candidate.path.string() + ": " + match.reason);
        if (match.matches && !fallback) {
            fallback.emplace(candidate, std::move(index));
            fallbackReason = match.reason;
        }
    }
    if (fallback) {
        result.taken = fallback->first.path;
        result.index = std::move(fallback->second);
        result.reason = fallbackReason + " (no candidate agrees in every type too)";
        const std::string takenPrefix = result.taken->string() + ": ";
        std::erase_if(result.tried, [&](const std::string& entry) { return entry.rfind(takenPrefix, 0) == 0; });
    }
    return result;
}

} // namespace memlens
