#include "core/diagnosis/diagnosis.hpp"

#include "core/analysis/capacity.hpp"

#include "core/diagnosis/fit_map_replan.hpp"
#include "core/diagnosis/plan_prediction.hpp"
#include "core/diagnosis/predicted_requirements.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace memlens {

namespace {

// Levers halve a dimension, then quarter it, ... down to a sixteenth.
constexpr int kLeverShifts = 4;

std::atomic<std::size_t> diagnosisCount{0};

// Per block, the block that stands for its storage: its holder, the earliest buffer, which carries its bytes.
std::vector<int> storageLeaders(const PlanAnalysis& analysis, std::size_t blockCount)
{
    std::vector<int> leaders(blockCount);
    for (std::size_t i = 0; i < blockCount; ++i)
        leaders[i] = analysis.storageHolderOf(static_cast<int>(i));
    return leaders;
}

bool isLeader(const std::vector<int>& leaders, int block) { return leaders[static_cast<std::size_t>(block)] == block; }

// Grouping key of a block's source: Python line, else IR line, else the buffer itself.
using SourceKey = std::tuple<int, std::string, int>;

SourceKey sourceKeyOf(const BlockSource* source, const Block& block)
{
    if (source && source->python)
        return {0, source->python->file, source->python->line};
    if (source && source->ir)
        return {1, source->ir->file, source->ir->line};
    return {2, std::string(), block.bufferIndex};
}

template <typename T> void appendUnique(std::vector<T>& list, const T& item)
{
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

// How a holder's row names a buffer that reuses it in place: by its line, short when it is in
// the holder's Python file (":62"), else by its name.
std::string reuserLabel(const BlockSource* holder, const BlockSource* reuser, const Buffer& buffer)
{
    if (reuser && reuser->python) {
        const std::string line = ":" + std::to_string(reuser->python->line);
        if (holder && holder->python && holder->python->file == reuser->python->file)
            return line;
        return std::filesystem::path(reuser->python->file).filename().string() + line;
    }
    if (reuser && reuser->ir)
        return "IR :" + std::to_string(reuser->ir->line);
    return buffer.ssaName;
}

// The buffers that reuse `holder`'s storage in place, named by their lines.
void noteReusers(const PlanDocument& document, std::size_t scopeIndex, const PlanAnalysis& analysis, int holder,
    std::vector<InPlaceReuse>& reuses)
{
    const std::span<const int> storage = analysis.blocksOfStorage(analysis.storageOf(holder));
    if (storage.size() < 2)
        return;
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const Block& holderBlock = scope.blocks[static_cast<std::size_t>(holder)];
    const std::string& name = scope.bufferOf(holderBlock).ssaName;
    auto reuse = std::find_if(reuses.begin(), reuses.end(), [&](const InPlaceReuse& r) { return r.buffer == name; });
    if (reuse == reuses.end())
        reuse = reuses.insert(reuses.end(), InPlaceReuse{name, {}});
    const BlockSource* holderSource = document.sourceOf(scopeIndex, holderBlock);
    for (const int other : storage.subspan(1)) {
        const Block& block = scope.blocks[static_cast<std::size_t>(other)];
        appendUnique(reuse->by, reuserLabel(holderSource, document.sourceOf(scopeIndex, block), scope.bufferOf(block)));
    }
}

std::vector<SourceShare> attributeBySource(const PlanDocument& document, std::size_t scopeIndex,
    const PlanAnalysis& analysis, const std::vector<int>& live, const std::vector<int>& leaders)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    std::vector<SourceShare> shares;
    std::map<SourceKey, std::size_t> indexOf;
    for (const int index : live) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        const Buffer& buffer = scope.bufferOf(block);
        const BlockSource* source = document.sourceOf(scopeIndex, block);
        const auto [it, added] = indexOf.try_emplace(sourceKeyOf(source, block), shares.size());
        if (added) {
            SourceShare share;
            if (source && source->python) {
                share.python = source->python;
                share.pythonFile = source->pythonLocalPath.empty() ? source->python->file : source->pythonLocalPath;
            }
            if (source && source->ir)
                share.ir = source->ir;
            shares.push_back(std::move(share));
        }
        SourceShare& share = shares[it->second];
        share.blocks.push_back(index);
        appendUnique(share.buffers, buffer.ssaName);
        if (source && source->python && !source->python->name.empty())
            appendUnique(share.names, source->python->name);
        if (source && source->ir)
            appendUnique(share.irLines, source->ir->line);
        if (!isLeader(leaders, index)) {
            share.inPlaceBytes += block.size; // its bytes are its storage's, counted with its holder
            continue;
        }
        share.bytes += block.size;
        noteReusers(document, scopeIndex, analysis, index, share.reusedInPlace);
        if (block.copy > 0)
            share.multiBufferBytes += block.size;
        if (block.tmp)
            share.tmpBytes += block.size;
    }
    for (SourceShare& share : shares)
        std::sort(share.irLines.begin(), share.irLines.end());
    std::stable_sort(
        shares.begin(), shares.end(), [](const SourceShare& a, const SourceShare& b) { return a.bytes > b.bytes; });
    return shares;
}

std::vector<DimensionShare> candidateDimensions(
    const ScopePlan& scope, const std::vector<int>& live, const std::vector<int>& leaders, std::uint64_t liveBytes)
{
    std::map<std::int64_t, std::uint64_t> bytesOf;
    for (const int index : live) {
        if (!isLeader(leaders, index))
            continue;
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        const std::set<std::int64_t> dims(scope.bufferOf(block).shape().begin(), scope.bufferOf(block).shape().end());
        for (const std::int64_t dim : dims)
            if (dim > 1)
                bytesOf[dim] += block.size;
    }
    std::vector<DimensionShare> dims;
    for (const auto& [value, bytes] : bytesOf)
        if (liveBytes > 0 && static_cast<double>(bytes) >= kDimensionShareThreshold * static_cast<double>(liveBytes))
            dims.push_back({value, bytes});
    // Most bytes first; on a tie the larger value (a tile's long side).
    std::sort(dims.begin(), dims.end(), [](const DimensionShare& a, const DimensionShare& b) {
        return std::tie(a.bytes, a.value) > std::tie(b.bytes, b.value);
    });
    if (dims.size() > kMaxDimensions)
        dims.resize(kMaxDimensions);
    return dims;
}

// Fewer bytes live at the critical op: per storage, its size minus the largest new size of its blocks.
std::uint64_t savedAt(
    const ScopePlan& scope, const std::vector<int>& live, const std::vector<int>& leaders, const SizeRule& sizes)
{
    std::map<int, std::uint64_t> newSize; // storage leader -> its new size (0 when every block is gone)
    for (const int index : live) {
        const auto i = static_cast<std::size_t>(index);
        std::uint64_t& size = newSize[leaders[i]];
        size = std::max(size, sizes(i).value_or(0));
    }
    std::uint64_t saved = 0;
    for (const auto& [leader, size] : newSize) {
        const std::uint64_t old = scope.blocks[static_cast<std::size_t>(leader)].size;
        saved += old > size ? old - size : 0;
    }
    return saved;
}

// The powers of two from a sixteenth of today's value up to eight times it, ascending.
std::vector<std::int64_t> powersOfTwoAround(std::int64_t value)
{
    if (value <= 0 || value > (std::int64_t(1) << 56))
        return {value};
    std::vector<std::int64_t> powers;
    for (std::int64_t power = 1; power <= value * 8; power *= 2)
        if (power * 16 >= value)
            powers.push_back(power);
    return powers;
}

// The values the largest-fitting search tries for the first dimension. Smaller tiles never
// need more (each block sits on smaller blocks), so when today's plan overflows no larger
// value can fit and none is tried.
std::vector<std::int64_t> searchedPowers(const Diagnosis& diagnosis)
{
    const std::int64_t dim = diagnosis.dimensions.front().value;
    std::vector<std::int64_t> powers = powersOfTwoAround(dim);
    if (diagnosis.requiredBytes > diagnosis.capacityBytes && powers.front() < dim)
        std::erase_if(powers, [dim](std::int64_t power) { return power >= dim; });
    return powers;
}

// Every (dimension, value) the levers and the largest-fitting search may ask for, swept together.
std::vector<std::pair<std::int64_t, std::int64_t>> variantsAskedFor(const Diagnosis& diagnosis)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> scalings;
    for (const DimensionShare& dim : diagnosis.dimensions)
        for (int shift = 1; shift <= kLeverShifts && (dim.value >> shift) >= 1; ++shift)
            scalings.emplace_back(dim.value, dim.value >> shift);
    if (!diagnosis.dimensions.empty()) {
        const std::int64_t dim = diagnosis.dimensions.front().value;
        for (const std::int64_t to : searchedPowers(diagnosis))
            if (to != dim && std::find(scalings.begin(), scalings.end(), std::pair(dim, to)) == scalings.end())
                scalings.emplace_back(dim, to);
    }
    return scalings;
}

void addLevers(
    const ScopePlan& scope, PredictedRequirements& predicted, const std::vector<int>& leaders, Diagnosis& diagnosis)
{
    const auto fits = [&diagnosis](std::uint64_t required) { return required <= diagnosis.capacityBytes; };
    if (diagnosis.multiBufferBytes > 0 && !diagnosis.multiBufferingSwitchedOff) {
        const std::uint64_t required = predicted.singleBuffer();
        diagnosis.levers.push_back({LeverKind::SingleBuffer, 0, 0,
            savedAt(scope, diagnosis.liveBlocks, leaders, predicted.singleBufferSizes()), required, fits(required),
            {}});
    }
    // Halved, quartered, ... down to a sixteenth, until the plan fits.
    for (const DimensionShare& dim : diagnosis.dimensions) {
        for (int shift = 1; shift <= kLeverShifts && (dim.value >> shift) >= 1; ++shift) {
            const std::int64_t to = dim.value >> shift;
            const std::uint64_t required = predicted.at(dim.value, to);
            const std::uint64_t saves
                = savedAt(scope, diagnosis.liveBlocks, leaders, predicted.scaledSizes(dim.value, to));
            diagnosis.levers.push_back(
                {LeverKind::ScaleDimension, dim.value, to, saves, required, fits(required), {}, PlanMethod::Predicted});
            if (fits(required))
                break;
        }
    }
}

std::optional<LargestFitting> findLargestFitting(PredictedRequirements& scaled, const Diagnosis& diagnosis)
{
    if (diagnosis.dimensions.empty())
        return std::nullopt;
    LargestFitting result;
    result.dimension = diagnosis.dimensions.front().value;
    const std::vector<std::int64_t> powers = searchedPowers(diagnosis);
    // Smaller tiles never need more (each block sits on smaller blocks): search for the last that fits.
    std::ptrdiff_t low = 0, high = static_cast<std::ptrdiff_t>(powers.size()) - 1, best = -1;
    while (low <= high) {
        const std::ptrdiff_t middle = (low + high) / 2;
        if (scaled.at(result.dimension, powers[static_cast<std::size_t>(middle)]) <= diagnosis.capacityBytes) {
            best = middle;
            low = middle + 1;
        } else {
            high = middle - 1;
        }
    }
    if (best >= 0)
        result.value = powers[static_cast<std::size_t>(best)];
    result.searchedFrom = powers.front();
    result.searchedTo = powers.back();
    result.predictedRequiredBytes = scaled.at(result.dimension, result.value.value_or(powers.front()));
    return result;
}

} // namespace

std::string SourceShare::nameText() const
{
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::uint64_t scaledBufferBytes(const Buffer& buffer, std::int64_t from, std::int64_t to)
{
    if (from <= 0 || to < 0)
        return buffer.sizeBytes;
    // In 64 bits when the product fits (every real buffer): a 128-bit division is a library
    // call, and the diagnosis asks this for every block of every variant.
    std::uint64_t product = 0;
    if (!__builtin_mul_overflow(buffer.extentBits, static_cast<std::uint64_t>(to), &product)) {
        const std::uint64_t bits = product / static_cast<std::uint64_t>(from);
        return bits / 8 + (bits % 8 != 0 ? 1 : 0);
    }
    const auto bits = static_cast<unsigned __int128>(buffer.extentBits) * static_cast<unsigned __int128>(to)
        / static_cast<unsigned __int128>(from);
    return static_cast<std::uint64_t>((bits + 7) / 8);
}

Diagnosis diagnoseScope(const PlanDocument& document, std::size_t scopeIndex)
{
    return diagnoseScope(document, scopeIndex, std::make_shared<const TileNames>(nameTiles(document, scopeIndex)));
}

std::size_t diagnosesWorkedOut() { return diagnosisCount.load(std::memory_order_relaxed); }

Diagnosis diagnoseScope(const PlanDocument& document, std::size_t scopeIndex, std::shared_ptr<const TileNames> names)
{
    diagnosisCount.fetch_add(1, std::memory_order_relaxed);
    const ScopePlan& scope = document.dump.scopes.at(scopeIndex);
    const PlanAnalysis& analysis = document.analyses.at(scopeIndex);
    Diagnosis diagnosis;
    diagnosis.tileNames = names ? std::move(names) : std::make_shared<const TileNames>();
    diagnosis.capacityBytes = analysis.capacity.bytes;
    diagnosis.undecided = !analysis.decided;
    diagnosis.requiredBytes = analysis.peakAddressBytes;
    // Where the addresses fit but the verdict does not, the figure that overflows is the one shown.
    if (analysis.overflowByCompilerFigure) {
        diagnosis.requiredBytes = (requiredBitsInError(scope.error).value_or(0) + 7) / 8;
        diagnosis.requiredIsCompilerFigure = true;
    } else if (analysis.overflowByDemand) {
        diagnosis.requiredBytes = analysis.peakLiveBytes;
    }
    diagnosis.shortBytes
        = diagnosis.requiredBytes > diagnosis.capacityBytes ? diagnosis.requiredBytes - diagnosis.capacityBytes : 0;
    // The storage analysis's fragmentation is taken where the peak address is first reached: the critical op.
    if (!analysis.fragmentation)
        return diagnosis;
    const AddressSnapshot& peak = *analysis.fragmentation;
    diagnosis.criticalOp = peak.op;
    diagnosis.liveBytes = peak.liveBytes;
    diagnosis.holeBytes = peak.holeBytes();
    diagnosis.liveBlocks = peak.liveBlocks;
    std::sort(diagnosis.liveBlocks.begin(), diagnosis.liveBlocks.end());

    const std::vector<int> leaders = storageLeaders(analysis, scope.blocks.size());
    diagnosis.bySource = attributeBySource(document, scopeIndex, analysis, diagnosis.liveBlocks, leaders);
    for (const SourceShare& share : diagnosis.bySource) {
        diagnosis.multiBufferBytes += share.multiBufferBytes;
        diagnosis.tmpBytes += share.tmpBytes;
    }
    diagnosis.cause = overflowCause(analysis);
    diagnosis.peakLiveBytes = analysis.peakLiveBytes;
    diagnosis.peakLiveAt = analysis.peakLiveAt;
    diagnosis.multiBufferingSwitchedOff = document.log && document.log->multiBufferingSwitchedOff();

    diagnosis.dimensions = candidateDimensions(scope, diagnosis.liveBlocks, leaders, diagnosis.liveBytes);
    PredictedRequirements predicted(scope, diagnosis, variantsAskedFor(diagnosis));
    addLevers(scope, predicted, leaders, diagnosis);
    diagnosis.largestFitting = findLargestFitting(predicted, diagnosis);
    // Each dimension in the kernel's words: the constexpr that sets it where the source says so.
    for (Lever& lever : diagnosis.levers)
        if (lever.kind == LeverKind::ScaleDimension)
            lever.name = diagnosis.tileNames->nameOfValue(scope, diagnosis.liveBlocks, lever.dimension);
    if (diagnosis.largestFitting)
        diagnosis.largestFitting->name
            = diagnosis.tileNames->nameOfValue(scope, diagnosis.liveBlocks, diagnosis.largestFitting->dimension);
    // Where the IR is the planner's and reproduces the dump, the levers are planned again.
    replanLevers(document, scopeIndex, diagnosis);
    // A lever that would not lower what the plan needs is no lever (a plan that fits at 64 B
    // needs 64 B at half its tile too: the placement's alignment keeps it).
    std::erase_if(diagnosis.levers,
        [&diagnosis](const Lever& lever) { return lever.predictedRequiredBytes >= diagnosis.requiredBytes; });
    // Where the value is chosen: the autotune configs, or the launcher.
    if (const KernelScan& scan = diagnosis.tileNames->scan; scan.found()) {
        diagnosis.autotuned = kernelAutotuned(scan.lines, scan.function);
        for (Lever& lever : diagnosis.levers)
            if (lever.kind == LeverKind::ScaleDimension && lever.name.constexprs.size() == 1)
                lever.chosen = findValueChoice(scan.lines, scan.function, lever.name.constexprs.front());
    }
    return diagnosis;
}

std::vector<int> leverBlocks(const ScopePlan& scope, const Lever& lever)
{
    std::vector<int> blocks;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const auto buffer = static_cast<std::size_t>(scope.blocks[i].bufferIndex);
        if (buffer >= scope.buffers.size())
            continue;
        const Buffer& b = scope.buffers[buffer];
        const std::vector<std::int64_t>& shape = b.shape();
        const bool changed = lever.kind == LeverKind::SingleBuffer
            ? b.offsets.size() > 1
            : std::find(shape.begin(), shape.end(), lever.dimension) != shape.end();
        if (changed)
            blocks.push_back(static_cast<int>(i));
    }
    return blocks;
}

const char* leverOption(LeverKind kind) { return kind == LeverKind::SingleBuffer ? "multibuffer=False" : ""; }

const char* leverKindKey(LeverKind kind) { return kind == LeverKind::SingleBuffer ? "single_buffer" : "scale_dim"; }

const char* overflowCauseKey(OverflowCause cause)
{
    switch (cause) {
    case OverflowCause::Fits: return "fits";
    case OverflowCause::Demand: return "demand";
    case OverflowCause::Placement: return "placement";
    }
    return "fits";
}

} // namespace memlens
