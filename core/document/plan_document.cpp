#include "core/document/plan_document.hpp"

#include "core/base/run_beside.hpp"

#include "core/base/work_thresholds.hpp"
#include "core/document/planner_check.hpp"

#include "core/analysis/capacity.hpp"
#include "core/base/cancellation.hpp"
#include "core/base/text_slots.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/document/computed_plan.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/ir_type_check.hpp"
#include "core/source/mlir_bytecode.hpp"
#include "core/source/sibling_dump.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string_view>
#include <unordered_map>

namespace memlens {

const PlanAnalysis* PlanDocument::analysisOf(const std::string& scope) const
{
    for (std::size_t i = 0; i < dump.scopes.size(); ++i)
        if (dump.scopes[i].scope == scope)
            return &analyses[i];
    return nullptr;
}

const BlockSource* PlanDocument::sourceOf(std::size_t scopeIndex, const Block& block) const
{
    if (scopeIndex >= sources.size() || block.bufferIndex < 0
        || static_cast<std::size_t>(block.bufferIndex) >= sources[scopeIndex].size())
        return nullptr;
    return &sources[scopeIndex][static_cast<std::size_t>(block.bufferIndex)];
}

const BlockSource* PlanDocument::sourceInto(std::size_t scopeIndex, const Block& block, BlockSource& scratch) const
{
    if (scopeIndex >= sources.size() || block.bufferIndex < 0
        || static_cast<std::size_t>(block.bufferIndex) >= sources[scopeIndex].size())
        return nullptr;
    return &sources[scopeIndex].sourceInto(static_cast<std::size_t>(block.bufferIndex), scratch);
}

namespace {

std::shared_ptr<FileFinder> finderFor(const std::string& dumpPath, const LoadOptions& options)
{
    auto finder = std::make_shared<FileFinder>();
    finder->setDumpDir(std::filesystem::absolute(dumpPath).parent_path());
    for (const auto& [from, to] : options.substitutions)
        finder->addSubstitution(from, to);
    for (const auto& dir : options.sourceDirs)
        finder->addSourceDir(dir);
    return finder;
}

// The file named by the first location that has one: where an IR compiled
// without locations is, the dump points into the IR itself.
std::string firstLocationFile(const Dump& dump)
{
    for (const auto& scope : dump.scopes)
        for (const auto& buffer : scope.buffers) {
            const ResolvedLocation resolved = resolveLocationText(buffer.location(), LocationResolver());
            if (!resolved.chain.empty())
                return resolved.chain.front().file;
        }
    return {};
}

// Why an IR found by itself is not the dump's ("" when it may be): none of the
// dump's locations that name an IR file of this name lands on an allocating op
// of it, and none that names Python has an op in it. Dumps without locations
// prove nothing.
std::string mismatch(const Dump& dump, const IrIndex& index)
{
    const std::string irName = std::filesystem::path(index.path()).filename().string();
    std::size_t checked = 0, matched = 0;
    constexpr std::size_t kSample = 256;
    const LocationResolver resolver(index.locationAliases()); // the index is shared: never its memo
    for (const auto& scope : dump.scopes) {
        for (const auto& buffer : scope.buffers) {
            if (checked >= kSample)
                break;
            const ResolvedLocation resolved = resolveLocationText(buffer.location(), resolver);
            if (resolved.chain.empty())
                continue;
            const SourceFrame& first = resolved.chain.front();
            if (looksLikeIrFile(first.file)) {
                if (std::filesystem::path(first.file).filename().string() != irName)
                    continue; // another IR file: the source linker says so per block
                ++checked;
                matched += index.isAllocLine(first.line) ? 1 : 0; // the allocating op is on that line
            } else if (resolved.primary) {
                ++checked;
                matched += index.linesFor(resolved.primary->file, resolved.primary->line).empty() ? 0 : 1;
            }
        }
    }
    if (checked == 0 || matched > 0)
        return {};
    return "none of the " + std::to_string(checked) + " locations checked is in it";
}

// The IR files the dump's locations name: the IR found for the dump stands for them.
std::vector<std::string> irLocationFiles(const Dump& dump)
{
    std::vector<std::string> files;
    const LocationResolver plain;
    for (const auto& scope : dump.scopes)
        for (const auto& buffer : scope.buffers) {
            const ResolvedLocation resolved = resolveLocationText(buffer.location(), plain);
            if (!resolved.chain.empty() && looksLikeIrFile(resolved.chain.front().file)
                && std::find(files.begin(), files.end(), resolved.chain.front().file) == files.end())
                files.push_back(resolved.chain.front().file);
        }
    return files;
}

// Records that share a scope name are scopes nobody can tell apart (in the scope selector,
// in --scope, which takes the first): said once per name.
void warnRepeatedScopeNames(const Dump& dump)
{
    std::unordered_map<std::string_view, std::size_t> count;
    std::vector<std::string_view> order;
    for (const ScopePlan& scope : dump.scopes)
        if (++count[scope.scope] == 2)
            order.push_back(scope.scope);
    for (const std::string_view name : order)
        spdlog::warn("{}: {} records share the scope name \"{}\"; they are shown as separate scopes of that name, "
                     "and --scope {} takes the first",
            dump.file, count[name], name, name);
}

void useIr(PlanDocument& document, const std::filesystem::path& irPath, IrIndex index)
{
    for (const auto& warning : index.warnings())
        spdlog::debug("{}: {}", irPath.string(), warning);
    document.irFile = irPath.string();
    document.target = index.target();
    document.irWarning = irTypeMismatch(document.dump, index);
    if (!document.irWarning.empty())
        spdlog::warn("{}", document.irWarning);
    document.ir = std::make_shared<const IrIndex>(std::move(index));
}

// Triton-Ascend compiles from a temporary folder it deletes: the copy that survives is in its cache.
bool attachIrFromTritonCache(PlanDocument& document, const LoadOptions& options, const std::string& besideNote)
{
    TritonCacheResult cached = findIrInTritonCache(document.dump, options.tritonCache);
    if (!cached.taken || !cached.index) {
        document.irNote
            = "no IR file beside the dump (" + besideNote + "); " + cached.message() + "; use --ir or File > Open IR";
        spdlog::debug("{}", document.irNote);
        return false;
    }
    document.irNote = cached.message();
    spdlog::debug("{}", document.irNote);
    useIr(document, *cached.taken, std::move(*cached.index));
    return true;
}

// Returns true when the IR was found automatically (not named by the user).
bool attachIr(PlanDocument& document, const std::string& dumpPath, const LoadOptions& options, const PreRead& preRead)
{
    std::filesystem::path irPath = options.irFile;
    const bool automatic = irPath.empty();
    if (automatic && !options.searchIrBeside && !options.searchTritonCache) {
        document.irNote = "no IR file beside the dump; use --ir or File > Open IR";
        return false;
    }
    if (automatic) {
        const FindResult found
            = discoverIrFile(dumpPath, firstLocationFile(document.dump), document.dump.kernel, *document.finder);
        if (!found.found) {
            if (options.searchTritonCache)
                return attachIrFromTritonCache(document, options, found.message());
            document.irNote = "no IR file beside the dump (" + found.message() + "); use --ir or File > Open IR";
            spdlog::debug("{}", document.irNote);
            return false;
        }
        irPath = *found.found;
        spdlog::debug("IR found beside the dump: {}", irPath.string());
    }
    IrLoadResult loaded = preRead.irText && !automatic
        ? IrLoadResult{IrIndex::build(*preRead.irText, irPath.string(), options.cancel.get()), {}}
        : loadIrIndex(irPath, options.cancel.get());
    if (!loaded.ok() && options.irRequired)
        throw DumpError(irPath.string(), "", "cannot read the IR: " + loaded.error);
    if (!loaded.ok()) {
        document.irNote
            = isMlirBytecodeFile(irPath) ? loaded.error : "cannot read the IR " + irPath.string() + ": " + loaded.error;
        spdlog::warn("{}", document.irNote);
        return false;
    }
    if (automatic) {
        if (std::string why = mismatch(document.dump, *loaded.index); !why.empty()) {
            document.irNote = "the IR beside the dump, " + irPath.string() + ", does not match it (" + why
                + "); not used (use --ir or File > Open IR to choose one)";
            spdlog::warn("{}", document.irNote);
            return false;
        }
    }
    useIr(document, irPath, std::move(*loaded.index));
    return automatic;
}

void throwIfCancelled(const LoadOptions& options) { memlens::throwIfCancelled(options.cancel.get()); }

// The compile log named with --log (an unreadable one is an error), else one found beside the dump.
void attachCompileLog(
    PlanDocument& document, const std::string& dumpPath, const LoadOptions& options, const PreRead& preRead)
{
    if (preRead.logScan && options.logFile.empty()) { // the planned log itself, scanned and read once
        // The log opened is the plan's own compile by construction: never "another compile's".
        CompileLogResult result = compileLogFromScan(
            *preRead.logScan, document.dump, document.finder.get(), /*checkFit=*/false, preRead.logModule);
        if (!result.log) {
            document.logNote = "the compile log " + preRead.logScan->file + " is not used: " + result.problem;
            spdlog::warn("{}", document.logNote);
            return;
        }
        document.log = std::move(result.log);
        return;
    }
    std::string path = options.logFile;
    const bool named = !path.empty();
    if (!named && options.searchCompileLog)
        path = discoverCompileLog(dumpPath, document.dump.kernel);
    if (path.empty())
        return;
    CompileLogResult result;
    try {
        // The load's progress goes on counting past the dump's bytes (the window adds the log's size).
        std::atomic<std::uint64_t>* counter = options.bytesRead.get();
        result = readCompileLog(path, document.dump, document.finder.get(), options.cancel.get(), counter,
            counter ? counter->load(std::memory_order_relaxed) : 0);
    } catch (const DumpError& error) {
        if (named)
            throw;
        result.problem = error.what();
    }
    if (!result.log && named && options.logRequired)
        throw DumpError(path, "", "the compile log does not fit the dump: " + result.problem);
    if (!result.log) {
        document.logNote = "the compile log " + path + " is not used: " + result.problem;
        spdlog::warn("{}", document.logNote);
        return;
    }
    spdlog::debug("compile log {}: {} ops, {}", path, result.log->ops.size(), result.log->note);
    document.log = std::move(result.log);
}

void linkSources(PlanDocument& document, const std::vector<std::string>& irAliases, const LoadOptions& options)
{
    SourceLinker linker(document.ir.get(), document.finder.get());
    linker.setIrAliases(irAliases);
    document.sources.clear();
    // Each distinct location is linked and kept once; a buffer holds its index.
    auto distinct = std::make_shared<DistinctSources>();
    TextSlots indexOfLocation;
    std::vector<std::string_view> locations; // each distinct one: its first buffer's text
    std::vector<std::vector<std::uint32_t>> indices;
    std::size_t linked = 0;
    // Read through a const view: a plan shared with another document is not copied (and the
    // analysis may be reading it beside).
    const Dump& dump = document.dump;
    for (const auto& scope : dump.scopes) {
        std::vector<std::uint32_t>& scopeIndices = indices.emplace_back();
        scopeIndices.reserve(scope.buffers.size());
        for (const auto& buffer : scope.buffers) {
            if ((++linked & 1023) == 0)
                throwIfCancelled(options);
            const std::string& location = buffer.location();
            const auto [index, added] = indexOfLocation.find(
                location, locations.size(), [&locations](std::uint32_t i) { return locations[i]; });
            if (added) { // kept here once: the linker's own memo would hold a second copy
                locations.push_back(location);
                linker.linkInto(location, *distinct);
            }
            scopeIndices.push_back(index);
        }
    }
    std::shared_ptr<const DistinctSources> shared = std::move(distinct);
    for (auto& scopeIndices : indices)
        document.sources.emplace_back(shared, std::move(scopeIndices));
}

} // namespace

PlanDocument loadComputedPlanDocument(const std::string& path, const LoadOptions& options)
{
    ComputeOptions compute;
    compute.cancel = options.cancel.get();
    compute.function = options.function;
    ComputedDump computed = computeDump(path, compute);
    if (!computed.note.empty())
        spdlog::info("{}: {}", path, computed.note);
    LoadOptions withIr = options;
    if (withIr.irFile.empty())
        withIr.irFile = path; // the IR planned is the IR to show
    PreRead preRead;
    preRead.plannedFor = computed.target;
    if (withIr.irFile == path) // the file planned, read once: its text and its scan are at hand
        preRead.irText = computed.fileText;
    preRead.logScan = computed.logScan;
    if (computed.logScan)
        preRead.logModule = computed.module;
    PlanDocument document = buildPlanDocument(std::move(computed.dump), path, withIr, preRead);
    document.computedFrom = path;
    document.planSource = computed.planSource;
    document.plannedAs = computed.pass;
    for (PlanAnalysis& analysis : document.analyses)
        analysis.decided = computed.decided;
    document.logKernels = std::move(computed.logKernels);
    if (!computed.compilerNote.empty())
        spdlog::info("{}: {}", path, computed.compilerNote);
    // The plan is memlens's own, or the compiler's that memlens plans identically: the check
    // holds, and the what-ifs re-plan the IR already read (a log is not streamed again).
    if (computed.planSource == PlanSource::CompilerLog && computed.compilerDifferences > 0)
        document.plannerNote = "memlens plans " + std::to_string(computed.compilerDifferences)
            + " of the buffers elsewhere than the compiler did (its offsets are read from the log): what-ifs are "
              "predicted, not re-planned";
    else if (computed.decided) {
        document.plannerCheck = ownPlanCheck(document.dump, {computed.ir, path, computed.lineOffset, computed.module},
            computed.function, computed.generation);
        if (document.plannerCheck) {
            // There is no dump: the check is of the plan read from (or computed from) this file.
            auto named = std::make_shared<PlannerCheck>(*document.plannerCheck);
            named->subject
                = (computed.planSource == PlanSource::CompilerLog ? "the compiler's plan in " : "the plan in ")
                + std::filesystem::path(path).filename().string();
            document.plannerCheck = std::move(named);
        }
    } else
        document.plannerNote = "memlens's plan of it is not decided within the load's budget";
    if (!computed.compilerNote.empty() && computed.planSource != PlanSource::CompilerLog)
        document.plannerNote += (document.plannerNote.empty() ? "" : "; ") + computed.compilerNote;
    if (computed.logAllocatedUbBits && computed.plannedAllocatedUbBits
        && *computed.logAllocatedUbBits != *computed.plannedAllocatedUbBits)
        document.plannerNote += (document.plannerNote.empty() ? "" : "; ")
            + std::string("the log says Allocated UB size = ") + std::to_string(*computed.logAllocatedUbBits)
            + " bits, memlens's own plan allocates " + std::to_string(*computed.plannedAllocatedUbBits) + " bits";
    return document;
}

bool planDecided(const PlanDocument& document)
{
    return std::all_of(document.analyses.begin(), document.analyses.end(),
        [](const PlanAnalysis& analysis) { return analysis.decided; });
}

void keepOnlyScope(PlanDocument& document, const std::string& scope)
{
    document.indexes = std::make_shared<ScopeIndexes>(); // scope numbers change
    for (std::size_t i = document.dump.scopes.size(); i-- > 0;) {
        if (document.dump.scopes[i].scope == scope)
            continue;
        const auto at = static_cast<std::ptrdiff_t>(i);
        document.dump.scopes.erase(document.dump.scopes.begin() + at);
        document.analyses.erase(document.analyses.begin() + at);
        if (i < document.sources.size())
            document.sources.erase(document.sources.begin() + at);
    }
}

CapacitySettings capacitySettingsOf(const PlanDocument& document)
{
    CapacitySettings capacity;
    for (std::size_t s = 0; s < document.dump.scopes.size() && s < document.analyses.size(); ++s)
        capacity.byScope[document.dump.scopes[s].scope] = document.analyses[s].capacity.bytes;
    return capacity;
}

PlanDocument documentWithDump(const PlanDocument& document, Dump dump)
{
    PlanDocument out;
    out.dump = std::move(dump);
    out.irFile = document.irFile;
    out.irNote = document.irNote;
    out.computedFrom = document.computedFrom;
    out.planSource = PlanSource::Memlens; // a re-planned what-if
    out.plannedAs = document.plannedAs;
    out.target = document.target;
    out.ir = document.ir;
    out.finder = document.finder;
    linkSources(out, {}, LoadOptions{});
    out.lineInfo = detectLineInfo(out.dump, out.ir.get(), out.sources);
    reanalyze(out, capacitySettingsOf(document));
    return out;
}

CapacitySettings capacitySettingsFor(const PlanDocument& document, const LoadOptions& options)
{
    return withRemembered(
        options.capacity, options.rememberedCapacities, capacityOwner(document.dump.kernel, document.target));
}

void reanalyze(PlanDocument& document, const CapacitySettings& capacity, const std::atomic<bool>* cancel)
{
    document.analyses.clear();
    for (const auto& scope : document.dump.scopes)
        document.analyses.push_back(analyzeUsage(scope, cancel));
    rejudge(document, capacity);
}

void rejudge(PlanDocument& document, const CapacitySettings& capacity)
{
    const Dump& dump = document.dump;
    for (std::size_t s = 0; s < dump.scopes.size() && s < document.analyses.size(); ++s) {
        const ScopePlan& scope = dump.scopes[s];
        judgeCapacity(document.analyses[s], scope,
            resolveCapacity(
                capacity.settingFor(scope.scope), scope.scope, scope.error, document.target, capacity.defaultTarget));
    }
}

void attachPlannerCheck(PlanDocument& document, const LoadOptions& options)
{
    if (document.computedFrom)
        return; // loadComputedPlanDocument gave its own
    std::size_t blocks = 0;
    for (const ScopePlan& scope : document.dump.scopes)
        blocks += scope.blocks.size();
    if (blocks > kMaxReplannedBlocks) {
        document.plannerNote = "a plan of " + std::to_string(blocks) + " blocks is not checked against memlens's plan";
        return;
    }
    const PlannerIrResult ir = plannerIrOf(document);
    if (!ir.ir) {
        document.plannerNote = ir.reason;
        return;
    }
    const auto started = std::chrono::steady_clock::now();
    document.plannerCheck = checkPlanner(document.dump, *ir.ir, document.plannerNote, options.cancel.get());
    throwIfCancelled(options);
    spdlog::debug("{}: planner check against {} in {} ms: {}", document.dump.file, ir.ir->file,
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count(),
        document.plannerCheck ? document.plannerCheck->summary() : document.plannerNote);
}

PlanDocument loadPlanDocument(const std::string& dumpPath, const LoadOptions& options)
{
    PlanDocument document = startsLikeDumpFile(dumpPath)
        ? buildPlanDocument(loadDumpFile(dumpPath, options.cancel.get(), options.bytesRead.get()), dumpPath, options)
        : loadComputedPlanDocument(dumpPath, options);
    attachPlannerCheck(document, options);
    return document;
}

PlanDocument buildPlanDocument(
    Dump dump, const std::string& dumpPath, const LoadOptions& options, const PreRead& preRead)
{
    PlanDocument document;
    document.dump = std::move(dump);
    warnRepeatedScopeNames(document.dump);
    // A kept copy is read from its own file; what lies beside a dump is looked for beside the original.
    const std::string& besidePath = options.copyOf.empty() ? dumpPath : options.copyOf;
    document.copyOf = options.copyOf;
    document.finder = finderFor(besidePath, options);
    if (options.copyOf.empty()) // an earlier version is older than the other core's dump by nature
        document.siblingWarning = staleSiblingWarning(dumpPath, document.dump.kernel);
    throwIfCancelled(options);
    const bool automatic = attachIr(document, besidePath, options, preRead);
    throwIfCancelled(options);
    // An IR found for the dump that matches it is the file its locations name (a deleted temporary path).
    const bool stands = automatic && document.ir && matchIrToDump(*document.ir, document.dump).matches;
    // Linking the sources is one thread's work and reading the log reads files: both run beside
    // the analyses (neither changes the plan, nor reads the analyses). The capacity can come from
    // the log, so the plan is judged after both.
    std::future<void> linked = runBeside([&] {
        linkSources(document, stands ? irLocationFiles(document.dump) : std::vector<std::string>(), options);
        document.lineInfo = detectLineInfo(document.dump, document.ir.get(), document.sources);
        throwIfCancelled(options);
        attachCompileLog(document, besidePath, options, preRead);
        // The chart's hit index of every scope, so the window never waits for one.
        for (std::size_t scope = 0; options.buildHitIndexes && scope < document.dump.scopes.size(); ++scope) {
            throwIfCancelled(options);
            document.hitIndexOf(scope);
        }
    });
    // Read only from here: a plan shared with another document stays shared, nothing is copied under a reader.
    const Dump& plan = document.dump;
    document.analyses.clear();
    for (const ScopePlan& scope : plan.scopes)
        document.analyses.push_back(analyzeUsage(scope, options.cancel.get()));
    linked.get();
    if (!document.target && !preRead.plannedFor.empty())
        document.target = preRead.plannedFor; // capacities of the target planned for, not a guess
    rejudge(document, capacitySettingsFor(document, options));
    return document;
}

} // namespace memlens
