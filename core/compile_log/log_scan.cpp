#include "core/compile_log/log_scan.hpp"

#include "core/base/cancellation.hpp"
#include "core/base/chip_table.hpp"
#include "core/base/input_file.hpp"
#include "core/base/release_storage.hpp"
#include "core/dump/dump_error.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>
#include <system_error>

namespace memlens {

namespace {

constexpr std::size_t kChunkBytes = 1 << 20;
// A longer line is cut: no log line the reader looks for is this long.
constexpr std::size_t kMaxLineBytes = 1u << 20;

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }
bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// Lines of IR start with these (indentation, aliases, values, closing braces, blocks,
// `module`, `func.func`, `}`); a compiler message never does.
bool mayBeIrLine(std::string_view line)
{
    if (line.empty())
        return true;
    const char c = line.front();
    return c == ' ' || c == '\t' || c == '#' || c == '%' || c == '}' || c == '^' || c == '{' || c == '"'
        || startsWith(line, "module") || startsWith(line, "func.func") || startsWith(line, "gpu.")
        || startsWith(line, "//"); // a comment (a section header is read before this)
}

class LogLineReader {
public:
    LogLineReader(std::string function, std::string label)
        : function_(std::move(function))
    {
        scan_.file = std::move(label);
        if (!function_.empty())
            definition_ = "func.func @" + function_;
    }

    void line(std::string_view text, std::int64_t number)
    {
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        if (startsWith(text, "// -----//")) {
            inAfter_ = false;
            header(text, number);
            return;
        }
        if (inAfter_ && mayBeIrLine(text)) {
            if (scan_.afterSectionText.size() + text.size() + 1 > kMaxLogSectionBytes) {
                inAfter_ = false; // a plan not read whole is not read
                scan_.afterSectionText.clear();
            } else {
                scan_.afterSectionText.append(text).push_back('\n');
            }
            return;
        }
        if (inSection_) {
            if (mayBeIrLine(text)) {
                append(text);
                return;
            }
            endSection();
        }
        message(text);
    }

    LogScan finish()
    {
        if (inSection_)
            endSection();
        return std::move(scan_);
    }

    LogScan& scan() { return scan_; }

private:
    void header(std::string_view text, std::int64_t number)
    {
        if (inSection_)
            endSection();
        const bool regBase = contains(text, kRegBasePlannerSectionMarker);
        if (regBase || contains(text, kPlanMemorySectionMarker)) {
            ++scan_.sectionsSeen;
            currentRegBase_ = regBase;
            inSection_ = true;
            current_.clear();
            currentFirstLine_ = number + 1;
            currentFunction_.clear();
            currentHasFunction_ = function_.empty();
            currentLocal_ = false;
            tooLarge_ = false;
            if (const auto at = text.find("operation: @"); at != std::string_view::npos) {
                const std::string_view rest = text.substr(at + 12);
                currentFunction_ = std::string(rest.substr(0, rest.find_first_of(") ")));
            }
        } else if (contains(text, "IR Dump After PlanMemory")
            && (contains(text, "(hivm-plan-memory)") || contains(text, "(hivm-plan-memory-regbase)"))
            && !scan_.sectionText.empty() && lastKept_) {
            // Only the planner's run on the section kept: another function's "After" (a log printing
            // the planner per function) neither clears nor replaces the kernel's own.
            if (contains(text, "Failed")) {
                scan_.plannerFailedAfter = true;
            } else {
                scan_.plannerRanAfter = true;
                // The pass's output: its pointer casts hold the compiler's own offsets.
                inAfter_ = lastKept_;
                scan_.afterSectionText.clear();
                scan_.afterSectionFirstLine = number + 1;
            }
        }
    }

    void append(std::string_view text)
    {
        noteKernel(text);
        if (!currentLocal_ && contains(text, "memref.alloc") && mentionsLocalSpace(text))
            currentLocal_ = true;
        if (!currentHasFunction_ && contains(text, definition_)) {
            const std::size_t at = text.find(definition_) + definition_.size();
            currentHasFunction_ = at >= text.size() || text[at] == '(' || text[at] == ' ';
        }
        if (tooLarge_)
            return;
        if (current_.size() + text.size() + 1 > kMaxLogSectionBytes) {
            tooLarge_ = true;
            std::string().swap(current_); // give the memory back now, not at the section's end
            return;
        }
        current_.append(text).push_back('\n');
    }

    // "  func.func @kernel(...) ... {": a device function the section defines.
    void noteKernel(std::string_view text)
    {
        const std::size_t at = text.find("func.func @");
        if (at == std::string_view::npos || contains(text, "hivm.vector_function") || text.back() != '{')
            return;
        const std::string_view rest = text.substr(at + 11);
        const std::string name(rest.substr(0, rest.find_first_of("( ")));
        if (!name.empty()
            && std::find(scan_.sectionKernels.begin(), scan_.sectionKernels.end(), name) == scan_.sectionKernels.end())
            scan_.sectionKernels.push_back(name);
    }

    void endSection()
    {
        inSection_ = false;
        lastKept_ = currentHasFunction_ && !tooLarge_;
        if (tooLarge_ && currentHasFunction_) {
            scan_.tooLargeSectionLine = currentFirstLine_;
            scan_.tooLargeAfterKept = true;
        }
        if (currentHasFunction_ && !tooLarge_) {
            scan_.tooLargeAfterKept = false;
            ++scan_.sectionsOfFunction;
            scan_.localSectionsOfFunction += currentLocal_ ? 1 : 0;
            scan_.sectionText.swap(current_);
            scan_.sectionFirstLine = currentFirstLine_;
            scan_.sectionFunction = currentFunction_;
            scan_.sectionRegBase = currentRegBase_;
            scan_.afterSectionText.clear();
            scan_.afterSectionFirstLine = 0;
            scan_.plannerRanAfter = false;
            scan_.plannerFailedAfter = false;
            scan_.allocatedUbBits.reset();
            // An error printed before this section was an earlier attempt's or compile's.
            scan_.overflowError.reset();
        }
        current_.clear();
    }

    void message(std::string_view text)
    {
        if (mayBeIrLine(text))
            return;
        if (contains(text, "automatically set")) {
            retryNote(text);
        } else if (const auto at = text.find("Allocated UB size = "); at != std::string_view::npos) {
            if (!scan_.sectionText.empty()) {
                std::uint64_t bits = 0;
                const std::string_view number = text.substr(at + 20);
                const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), bits);
                if (error == std::errc() && end != number.data())
                    scan_.allocatedUbBits = bits;
            }
        } else if (startsWith(text, "[hivm-plan-memory] There reused some dma buffers")) {
            scan_.dmaReuseWarning = std::string(text);
        } else if (const auto at = text.find(" overflow, requires "); at != std::string_view::npos) {
            // "<file>:2:3: error: ub overflow, requires N bits ...": from the scope's name on.
            const std::size_t start = text.rfind(' ', at - 1);
            scan_.overflowError = std::string(text.substr(start == std::string_view::npos ? 0 : start + 1));
        }
    }

    // "[NOTE] Due to Ub overflow, automatically set enable-code-motion to false, set
    // enable-auto-multi-buffer to false; compilation still failed."
    void retryNote(std::string_view text)
    {
        for (std::size_t at = text.find("set "); at != std::string_view::npos; at = text.find("set ", at + 4)) {
            if (at > 0 && text[at - 1] != ' ' && text[at - 1] != ',')
                continue;
            const std::string_view rest = text.substr(at + 4);
            const std::size_t to = rest.find(" to ");
            if (to == std::string_view::npos)
                continue;
            const std::string_view option = rest.substr(0, to);
            if (option.empty() || contains(option, " "))
                continue;
            std::string_view value = rest.substr(to + 4);
            value = value.substr(0, value.find_first_of(",; ."));
            const std::string retry = std::string(option) + "=" + std::string(value);
            if (std::find(scan_.retries.begin(), scan_.retries.end(), retry) == scan_.retries.end())
                scan_.retries.push_back(retry);
        }
        if (contains(text, "still failed"))
            scan_.stillFailed = true;
    }

    std::string function_;
    std::string definition_;
    LogScan scan_;
    bool inSection_ = false;
    bool currentHasFunction_ = false;
    bool currentRegBase_ = false;
    bool currentLocal_ = false; // the section allocates local memory (ub, cbuf, cc)
    bool inAfter_ = false;      // reading the section printed after the planner, for the kept one
    bool lastKept_ = false;     // the section that ended last was kept
    bool tooLarge_ = false;
    std::string current_;
    std::int64_t currentFirstLine_ = 0;
    std::string currentFunction_;
};

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

} // namespace

LogScan scanCompileLog(const std::string& path, const std::string& function, const std::atomic<bool>* cancel,
    std::atomic<std::uint64_t>* bytesRead, std::uint64_t countFrom, std::uint64_t keepTextUpTo)
{
    // Asked before opening: a FIFO would block the open, /dev/zero would never end.
    if (const InputFileCheck check = checkInputFile(path); !check.ok())
        throw DumpError(path, "", "cannot read the compile log: the path " + check.problem);
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file)
        throw DumpError(path, "", "cannot read the compile log: " + errnoText(errno));
    LogLineReader reader(function, path);
    std::string buffer(kChunkBytes, '\0');
    std::string partial; // a line that runs past the chunk
    bool cut = false;    // the rest of an overlong line is skipped
    std::int64_t number = 0;
    std::uint64_t total = 0;
    bool keeping = keepTextUpTo > 0;
    std::string whole;
    for (;;) {
        throwIfCancelled(cancel);
        const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get());
        if (got == 0) {
            if (std::ferror(file.get()))
                throw DumpError(path, "",
                    "cannot read the compile log: " + errnoText(errno) + " after " + std::to_string(total) + " bytes");
            break;
        }
        total += got;
        // Kept while the file is small: IR to plan, or a log whose text the IR pane shows.
        keeping = keeping && total <= keepTextUpTo;
        if (keeping)
            whole.append(buffer.data(), got);
        else
            releaseStorage(whole);
        if (bytesRead)
            bytesRead->store(countFrom + total, std::memory_order_relaxed);
        const char* at = buffer.data();
        const char* end = at + got;
        while (at < end) {
            const char* newline = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
            if (!newline) {
                if (!cut)
                    partial.append(at, std::min(static_cast<std::size_t>(end - at), kMaxLineBytes - partial.size()));
                cut = cut || partial.size() >= kMaxLineBytes;
                break;
            }
            ++number;
            if (partial.empty() && !cut) {
                reader.line(std::string_view(at, static_cast<std::size_t>(newline - at)), number);
            } else {
                if (!cut)
                    partial.append(
                        at, std::min(static_cast<std::size_t>(newline - at), kMaxLineBytes - partial.size()));
                reader.line(partial, number);
                partial.clear();
                cut = false;
            }
            at = newline + 1;
        }
    }
    if (!partial.empty())
        reader.line(partial, ++number);
    LogScan scan = reader.finish();
    scan.bytes = total;
    if (keeping)
        scan.wholeText = std::move(whole);
    return scan;
}

std::string droppedSectionNote(const LogScan& scan)
{
    if (scan.tooLargeSectionLine == 0 || (!scan.sectionText.empty() && !scan.tooLargeAfterKept))
        return {};
    return std::string(scan.sectionText.empty() ? "the" : "a later") + " section at log line "
        + std::to_string(scan.tooLargeSectionLine) + " is larger than the " + std::to_string(kMaxLogSectionBytes >> 20)
        + " MB memlens reads of one section (not read)";
}

LogScan scanCompileLogText(
    const std::string& text, const std::string& function, const std::string& label, std::int64_t firstLine)
{
    LogLineReader reader(function, label);
    std::int64_t number = firstLine - 1;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        reader.line(std::string_view(text).substr(at, end - at), ++number);
        at = end + 1;
    }
    LogScan scan = reader.finish();
    scan.bytes = text.size();
    return scan;
}

namespace {

// True when `window` has `definition` followed by '(' or a space ("func.func @f" is not @f2's);
// `bare`: any occurrence. One at the window's end is looked at again with the next chunk.
bool definesIn(std::string_view window, std::string_view definition, bool bare)
{
    for (auto at = window.find(definition); at != std::string_view::npos; at = window.find(definition, at + 1)) {
        const std::size_t after = at + definition.size();
        if (bare || (after < window.size() && (window[after] == '(' || window[after] == ' ')))
            return true;
    }
    return false;
}

} // namespace

LogSniff sniffCompileLog(const std::string& path, const std::string& function, std::uint64_t maxBytes)
{
    LogSniff sniff;
    if (!checkInputFile(path).ok())
        return sniff;
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file)
        return sniff;
    sniff.readable = true;
    const std::string definition = function.empty() ? std::string("func.func") : "func.func @" + function;
    // The tail of the chunk before, so that a header or a definition across two chunks is found.
    const std::size_t keep = std::max<std::size_t>(256, definition.size() + 1);
    std::string window;
    std::string buffer(kChunkBytes, '\0');
    for (std::uint64_t total = 0; total < maxBytes;) {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), maxBytes - total));
        const std::size_t got = std::fread(buffer.data(), 1, want, file.get());
        if (got == 0)
            break;
        const bool first = total == 0;
        total += got;
        window.append(buffer, 0, got);
        if (first) {
            const std::size_t bom = window.starts_with("\xEF\xBB\xBF") ? 3 : 0; // a UTF-8 byte order mark
            const auto start = window.find_first_not_of(" \t\r\n", bom);
            // JSON is a dump; a NUL byte says binary (neither a log nor IR): the dump reader says so.
            if ((start != std::string::npos && window[start] == '{') || window.find('\0') != std::string::npos) {
                sniff.looksLikeDump = true;
                return sniff;
            }
        }
        sniff.plannerSection = sniff.plannerSection || window.find(kPlanMemorySectionMarker) != std::string::npos
            || window.find(kRegBasePlannerSectionMarker) != std::string::npos;
        sniff.definesFunction = sniff.definesFunction || definesIn(window, definition, function.empty());
        if (sniff.plannerSection && sniff.definesFunction)
            return sniff;
        window.erase(0, window.size() > keep ? window.size() - keep : 0);
    }
    return sniff;
}

bool logHoldsPlanMemorySection(const std::string& path, const std::string& function, std::uint64_t maxBytes)
{
    const LogSniff sniff = sniffCompileLog(path, function, maxBytes);
    return sniff.plannerSection && (function.empty() || sniff.definesFunction);
}

} // namespace memlens
