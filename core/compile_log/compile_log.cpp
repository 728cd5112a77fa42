#include "core/compile_log/compile_log.hpp"

#include "core/planner/mlir_reader.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/source/file_finder.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <system_error>
#include <unordered_set>

namespace memlens {

namespace fs = std::filesystem;

namespace {

using planner::EntryKind;
using planner::Op;
using planner::SequenceEntry;
using planner::Value;

constexpr std::size_t kCheckedBuffers = 256;
constexpr std::size_t kMaxDiscoveredLogs = 32;
constexpr std::uint64_t kMaxDiscoveredLogBytes = 1ull << 30;
constexpr std::size_t kPythonTextChars = 48;
constexpr std::uintmax_t kMaxPythonFileBytes = 8u << 20;

std::string entryName(const SequenceEntry& entry)
{
    // The printer writes func.return as `return`: name it in full, as every other op is.
    std::string name = entry.opName == "return" ? std::string("func.return") : std::string(entry.opName);
    switch (entry.kind) {
    case EntryKind::Begin: return name + " (begin)";
    case EntryKind::Else: return name + " (else)";
    case EntryKind::End: return name + " (end)";
    case EntryKind::Op: break;
    }
    // An op's kind printed right after its name, as `hivm.hir.vreduce <sum>`.
    if (entry.op) {
        const std::string& text = entry.op->text;
        const std::size_t at = text.find(name);
        if (at != std::string::npos && text.compare(at + name.size(), 2, " <") == 0) {
            const std::size_t close = text.find('>', at + name.size());
            if (close != std::string::npos && close - at < name.size() + 40)
                name = text.substr(at, close + 1 - at);
        }
    }
    return name;
}

std::string trimmed(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const std::size_t last = text.find_last_not_of(" \t\r");
    std::string out(text.substr(first, last - first + 1));
    if (out.size() > kPythonTextChars)
        out = out.substr(0, kPythonTextChars - 3) + "...";
    return out;
}

// Lines of the Python files the ops point at, each file read once.
class PythonLines {
public:
    explicit PythonLines(const FileFinder* finder)
        : finder_(finder)
    {
    }
    std::string line(const std::string& file, int number)
    {
        auto [it, added] = files_.try_emplace(file);
        if (added && finder_)
            if (const FindResult found = finder_->find(file); found.found) {
                // The project's one way to read a source file: regular, text, below the limit.
                const ReadResult read = readTextFile(*found.found, kMaxPythonFileBytes);
                std::istringstream lines(read.text);
                for (std::string text; read.ok() && std::getline(lines, text);)
                    it->second.push_back(std::move(text));
            }
        const auto& lines = it->second;
        return number >= 1 && static_cast<std::size_t>(number) <= lines.size()
            ? trimmed(lines[static_cast<std::size_t>(number) - 1])
            : std::string();
    }

private:
    const FileFinder* finder_;
    std::map<std::string, std::vector<std::string>> files_;
};

const planner::Function* functionFor(const planner::Module& module, const std::string& kernel)
{
    if (!kernel.empty())
        return module.findFunction(kernel);
    for (const auto& function : module.functions)
        if (!function.isHost)
            return &function;
    return nullptr;
}

bool isAlloc(const Op& op) { return op.name == "memref.alloc" || op.name == "memref.alloca"; }

// The function's allocs in op order: a dump names them as the printer does (%alloc, %alloc_0, ...)
// or by the IR's own names.
std::vector<const Value*> allocValues(const planner::Function& function)
{
    std::vector<const Value*> allocs;
    planner::walkNested(*function.op, [&](const Op& op) {
        if (isAlloc(op) && !op.results.empty())
            allocs.push_back(op.results.front());
    });
    return allocs;
}

const Value* allocOf(const std::vector<const Value*>& allocs, const std::string& ssaName)
{
    for (const Value* value : allocs)
        if (value->name == ssaName)
            return value;
    // The printer's names: %alloc is the first alloc, %alloc_N the (N+2)th.
    if (ssaName == "%alloc")
        return allocs.empty() ? nullptr : allocs.front();
    if (ssaName.rfind("%alloc_", 0) == 0) {
        std::size_t n = 0;
        const std::string digits = ssaName.substr(7);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 6)
            return nullptr;
        n = std::stoul(digits) + 1;
        return n < allocs.size() ? allocs[n] : nullptr;
    }
    return nullptr;
}

// The ops that touch `root` or a view of it.
std::unordered_set<const Op*> touchingOps(const Value* root)
{
    std::unordered_set<const Op*> ops;
    std::vector<const Value*> pending{root};
    std::unordered_set<const Value*> seen{root};
    while (!pending.empty()) {
        const Value* value = pending.back();
        pending.pop_back();
        for (const Op* user : value->users) {
            ops.insert(user);
            if (user->destinationStyle)
                continue;
            for (const Value* result : user->results)
                if (result->memref.valid && seen.insert(result).second)
                    pending.push_back(result);
        }
    }
    return ops;
}

bool entryTouches(const SequenceEntry& entry, const std::unordered_set<const Op*>& ops)
{
    if (!entry.op)
        return false;
    if (entry.kind == EntryKind::Op)
        return ops.count(entry.op) != 0 || entry.op->name == "annotation.mark";
    // A loop's or an if's entries gen and kill what is used inside it.
    return std::any_of(ops.begin(), ops.end(), [&](const Op* op) { return entry.op->isAncestorOf(op); });
}

// Why the function does not fit the dump's Lives ("" when it does).
std::string misfit(const planner::Function& function, const std::vector<SequenceEntry>& entries, const Dump& dump)
{
    std::int64_t lastEnd = -1;
    for (const auto& scope : dump.scopes)
        for (const Block& block : scope.blocks)
            lastEnd = std::max(lastEnd, block.end);
    if (lastEnd >= static_cast<std::int64_t>(entries.size()))
        return "its function " + function.name + " has " + std::to_string(entries.size())
            + " ops, the dump's Lives reach op " + std::to_string(lastEnd);
    const std::vector<const Value*> allocs = allocValues(function);
    std::size_t checked = 0, misplaced = 0;
    for (const auto& scope : dump.scopes)
        for (const Buffer& buffer : scope.buffers) {
            if (checked >= kCheckedBuffers)
                break;
            const Value* alloc = allocOf(allocs, buffer.ssaName);
            if (!alloc || buffer.lifeStart < 0 || buffer.lifeEnd < 0)
                continue;
            ++checked;
            const auto ops = touchingOps(alloc);
            const bool fits = entryTouches(entries[static_cast<std::size_t>(buffer.lifeStart)], ops)
                && entryTouches(entries[static_cast<std::size_t>(buffer.lifeEnd)], ops);
            misplaced += fits ? 0 : 1;
        }
    if (checked > 0 && misplaced * 2 > checked)
        return "the Lives of " + std::to_string(misplaced) + " of " + std::to_string(checked)
            + " buffers fall on ops that do not touch them";
    return {};
}

std::string pythonLabel(const LogOp& op)
{
    if (!op.python)
        return {};
    std::string label = fs::path(op.python->file).filename().string() + ":" + std::to_string(op.python->line);
    if (!op.pythonText.empty())
        label += " " + op.pythonText;
    return label;
}

} // namespace

const LogOp* CompileLog::op(std::int64_t index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < ops.size() ? &ops[static_cast<std::size_t>(index)] : nullptr;
}

bool CompileLog::multiBufferingSwitchedOff() const
{
    const auto set
        = [this](const char* retry) { return std::find(retries.begin(), retries.end(), retry) != retries.end(); };
    return set("enable-auto-multi-buffer=false") || set("disable-multi-buffer-on-ub=true");
}

std::vector<std::string> regBaseRetrySwitches(int attempt)
{
    static const char* const order[] = {"disable-multi-buffer-on-ub=true", "enable-auto-multi-buffer=false",
        "vf-fusion-mode=all-op", "disable-vf-reachable-check=true"};
    std::vector<std::string> switches;
    for (int i = 0; i + 1 < attempt && i < static_cast<int>(std::size(order)); ++i)
        switches.emplace_back(order[i]);
    return switches;
}

std::string CompileLog::describe(std::int64_t index) const
{
    const LogOp* entry = op(index);
    if (!entry)
        return "op " + std::to_string(index);
    std::string text = "op " + std::to_string(index) + "  " + entry->name;
    if (entry->python)
        text += "  " + fs::path(entry->python->file).filename().string() + ":" + std::to_string(entry->python->line);
    return text;
}

CompileLogResult compileLogFromScan(LogScan scan, const Dump& dump, const FileFinder* finder, bool checkFit,
    std::shared_ptr<const planner::Module> module)
{
    CompileLogResult result;
    const std::string kernel = dump.kernel;
    if (scan.sectionText.empty() && scan.tooLargeSectionLine > 0) {
        result.problem = droppedSectionNote(scan);
        return result;
    }
    if (scan.sectionText.empty()) {
        result.problem = scan.sectionsSeen == 0
            ? std::string("it holds no \"") + kPlanMemorySectionMarker + "\" section"
            : "none of its " + std::to_string(scan.sectionsSeen) + " sections before hivm-plan-memory holds "
                + (kernel.empty() ? std::string("a function") : "func.func @" + kernel);
        return result;
    }
    if (!module)
        module = planner::readMlir(scan.sectionText, scan.file);
    const planner::Function* function = functionFor(*module, kernel);
    if (!function) {
        result.problem = "its last section before hivm-plan-memory has no function " + kernel;
        return result;
    }
    const std::vector<SequenceEntry> entries = planner::linearize(*function);
    if (std::string why = checkFit ? misfit(*function, entries, dump) : std::string(); !why.empty()) {
        result.problem = why + ": it is the log of another compile";
        return result;
    }
    auto log = std::make_shared<CompileLog>();
    log->file = scan.file;
    log->function = function->name;
    log->sectionFirstLine = scan.sectionFirstLine;
    log->plannerModule = module;
    auto ir = std::make_shared<IrIndex>(IrIndex::build(scan.sectionText, scan.file));
    PythonLines python(finder);
    log->ops.reserve(entries.size());
    for (const SequenceEntry& entry : entries) {
        LogOp op;
        op.index = entry.index;
        op.name = entryName(entry);
        op.sectionLine = entry.line;
        op.logLine = entry.line > 0 ? scan.sectionFirstLine + entry.line - 1 : 0;
        if (const ResolvedLocation* location = ir->locationAt(entry.line); location && location->primary) {
            op.python = location->primary;
            op.pythonText = python.line(op.python->file, op.python->line);
        }
        log->ops.push_back(std::move(op));
    }
    log->ir = std::move(ir);
    log->retries = std::move(scan.retries);
    if (scan.compileFailed())
        log->outcome = "failed";
    else if (scan.plannerRanAfter)
        log->outcome = "succeeded";
    log->overflowError = std::move(scan.overflowError);
    log->dmaReuseWarning = std::move(scan.dmaReuseWarning);
    if (const auto regBaseAttempt = scan.regBaseAttempt()) {
        const int attempt = *regBaseAttempt;
        if (log->retries.empty())
            log->retries = regBaseRetrySwitches(attempt);
        std::string switches;
        for (const std::string& retry : log->retries)
            switches += (switches.empty() ? "" : ", ") + retry;
        log->note = "the last of " + std::to_string(attempt)
            + " local plans printed before hivm-plan-memory-regbase for " + function->name + ": the compiler's attempt "
            + std::to_string(attempt)
            + " (it retries the whole compile after an overflow, up to 6 attempts; inferred from its order, assuming "
              "each earlier attempt overflowed ub: it ran with "
            + switches + ")";
    } else {
        const char* pass = scan.sectionRegBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory";
        log->note = scan.sectionsOfFunction > 1
            ? "the last of " + std::to_string(scan.sectionsOfFunction) + " sections dumped before " + pass + " for "
                + function->name + " (the compiler retried its pipeline; the last attempt wrote the plan)"
            : "the section dumped before " + std::string(pass) + " for " + function->name;
    }
    log->note += ", from line " + std::to_string(scan.sectionFirstLine);
    if (const std::string dropped = droppedSectionNote(scan); !dropped.empty())
        log->note += "; " + dropped;
    for (const auto& note : module->notes)
        if (log->note.size() < 2000)
            log->note += "; line " + std::to_string(scan.sectionFirstLine + note.line - 1) + ": " + note.message;
    result.log = std::move(log);
    return result;
}

CompileLogResult readCompileLog(const std::string& path, const Dump& dump, const FileFinder* finder,
    const std::atomic<bool>* cancel, std::atomic<std::uint64_t>* bytesRead, std::uint64_t countFrom)
{
    return compileLogFromScan(scanCompileLog(path, dump.kernel, cancel, bytesRead, countFrom), dump, finder);
}

std::string discoverCompileLog(const std::string& dumpPath, const std::string& kernel)
{
    std::error_code error;
    const fs::path folder = fs::absolute(dumpPath, error).parent_path();
    std::vector<std::pair<fs::file_time_type, fs::path>> candidates;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const fs::path& path = it->path();
        const std::string extension = path.extension().string();
        if (extension != ".log" && extension != ".txt")
            continue;
        std::error_code statError;
        if (!it->is_regular_file(statError) || it->file_size(statError) > kMaxDiscoveredLogBytes)
            continue;
        candidates.emplace_back(it->last_write_time(statError), path);
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (candidates.size() > kMaxDiscoveredLogs)
        candidates.resize(kMaxDiscoveredLogs);
    for (const auto& [time, path] : candidates)
        if (logHoldsPlanMemorySection(path.string(), kernel, kMaxDiscoveredLogBytes))
            return path.string();
    return {};
}

std::string shortOpName(const std::string& name)
{
    const std::size_t space = name.find(' ');
    const std::string op = name.substr(0, space);
    const std::size_t dot = op.rfind('.');
    std::string text = dot == std::string::npos ? op : op.substr(dot + 1);
    if (space != std::string::npos && name.compare(space + 1, 1, "(") == 0)
        text += name.substr(space);
    return text;
}

std::string lifeOpsText(const CompileLog* log, std::int64_t start, std::int64_t end)
{
    if (!log || !log->op(start) || !log->op(end))
        return {};
    const auto side = [log](std::int64_t index) {
        const LogOp& op = *log->op(index);
        const std::string python = pythonLabel(op);
        return "op " + std::to_string(index) + " " + op.name + (python.empty() ? "" : " (" + python + ")");
    };
    return "from " + side(start) + " to " + side(end);
}

std::string lifeText(const CompileLog* log, std::int64_t start, std::int64_t end)
{
    const std::string text = "Life [" + std::to_string(start) + ", " + std::to_string(end) + "]";
    const std::string ops = lifeOpsText(log, start, end);
    return ops.empty() ? text : text + ": " + ops;
}

} // namespace memlens
