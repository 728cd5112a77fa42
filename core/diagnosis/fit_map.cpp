#include "core/diagnosis/fit_map.hpp"

#include "core/diagnosis/fit_map_replan.hpp"
#include "core/diagnosis/plan_prediction.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace memlens {

namespace {

// The grid's values for today's `value`: powers of two from a sixteenth of it to twice it (eight
// times it when today's plan fits: as far as the largest fitting value is searched), and itself.
std::vector<std::int64_t> gridValues(std::int64_t value, const Diagnosis& d)
{
    const std::int64_t upTo = d.requiredBytes <= d.capacityBytes ? 8 : 2;
    std::set<std::int64_t> values = {value};
    if (value > 0 && value < (std::int64_t(1) << 56))
        for (std::int64_t power = 1; power <= value * upTo; power *= 2)
            if (power * 16 >= value)
                values.insert(power);
    return {values.begin(), values.end()};
}

bool isLeader(const PlanAnalysis& analysis, int block) { return analysis.holdsStorage(block); }

// Dimensions named by the source: per set of root constexprs, the bytes of live storages whose buffer it sizes.
std::vector<FitDimension> namedDimensions(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& d)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const PlanAnalysis& analysis = document.analyses[scopeIndex];
    const TileNames& names = *d.tileNames;
    std::map<std::vector<std::string>, FitDimension> byKey;
    for (const int index : d.liveBlocks) {
        if (!isLeader(analysis, index))
            continue;
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        const auto b = static_cast<std::size_t>(block.bufferIndex);
        if (b >= names.dims.size())
            continue;
        std::set<std::vector<std::string>> counted;
        for (std::size_t p = 0; p < names.dims[b].size(); ++p) {
            const TileName& name = names.dims[b][p];
            if (name.empty() || !counted.insert(name.constexprs).second)
                continue;
            FitDimension& dim = byKey[name.constexprs];
            dim.constexprs = name.constexprs;
            dim.bytes += block.size;
            // Today's value: the root's own where it is written at this axis, else the dump's.
            const std::int64_t value = scope.buffers[b].shape()[p];
            const bool root = name.written == name.constexprs;
            if (dim.value == 0 || (root && dim.name.written != dim.constexprs)) {
                dim.name = name;
                dim.value = value;
            }
            if (!dim.name.python && name.python)
                dim.name.python = name.python;
        }
    }
    std::vector<FitDimension> dims;
    for (auto& [key, dim] : byKey) {
        // A root seen only through a derived name takes the value the source solved for.
        if (dim.constexprs.size() == 1)
            if (const KernelConstexpr* c = names.constexprNamed(dim.constexprs.front()); c && c->value) {
                dim.value = *c->value;
                if (dim.name.written != dim.constexprs) {
                    dim.name.written = dim.constexprs;
                    if (c->python)
                        dim.name.python = c->python;
                }
            }
        dims.push_back(std::move(dim));
    }
    std::stable_sort(dims.begin(), dims.end(), [](const FitDimension& a, const FitDimension& b) {
        return std::tie(a.bytes, a.value) > std::tie(b.bytes, b.value);
    });
    return dims;
}

// A dump of another config is of one of the map's cells only when the constexprs the map does
// not vary hold the same values in both (known in both; a derived one follows its source).
bool sameOffTheMap(const FitMap& map, const TileNames& today, const TileNames& other)
{
    for (const KernelConstexpr& c : today.constexprs) {
        if (!c.value || !c.derivedFrom.empty())
            continue;
        const bool onMap = std::any_of(
            map.dims.begin(), map.dims.end(), [&c](const FitDimension& dim) { return dim.configKey() == c.name; });
        const KernelConstexpr* theirs = other.constexprNamed(c.name);
        if (!onMap && theirs && theirs->value && *theirs->value != *c.value)
            return false;
    }
    return true;
}

} // namespace

std::string FitDimension::label() const
{
    if (!name.written.empty())
        return name.text();
    if (!constexprs.empty()) {
        std::string text;
        for (const std::string& c : constexprs)
            text += (text.empty() ? "" : " or ") + c;
        return text;
    }
    return "dim " + std::to_string(value);
}

std::string FitDimension::configKey() const { return constexprs.size() == 1 ? constexprs.front() : std::string(); }

const FitCell* FitMap::find(const std::vector<std::int64_t>& values, std::optional<bool> multibuffer) const
{
    for (const FitCell& cell : cells)
        if (cell.values == values && cell.multibuffer == multibuffer)
            return &cell;
    return nullptr;
}

const FitCell* FitMap::today() const
{
    for (const FitCell& cell : cells)
        if (cell.today)
            return &cell;
    return nullptr;
}

std::vector<const FitCell*> FitMap::frontier() const
{
    std::vector<const FitCell*> out;
    for (const FitCell& cell : cells)
        if (cell.frontier)
            out.push_back(&cell);
    std::stable_sort(out.begin(), out.end(), [](const FitCell* a, const FitCell* b) {
        return std::tie(a->values, a->multibuffer) > std::tie(b->values, b->multibuffer);
    });
    return out;
}

int FitProblem::dimensionAt(std::size_t buffer, std::size_t position) const
{
    const TileNames& names = *diagnosis.tileNames;
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    for (std::size_t k = 0; k < dims.size(); ++k) {
        if (!dims[k].constexprs.empty()) {
            if (buffer < names.dims.size() && position < names.dims[buffer].size()
                && names.dims[buffer][position].constexprs == dims[k].constexprs)
                return static_cast<int>(k);
            continue;
        }
        // By value: the first position holding it, as a lever scales it.
        const std::vector<std::int64_t>& shape = scope.buffers[buffer].shape();
        const auto first = std::find(shape.begin(), shape.end(), dims[k].value);
        if (first != shape.end() && static_cast<std::size_t>(first - shape.begin()) == position)
            return static_cast<int>(k);
    }
    return -1;
}

std::int64_t FitProblem::dimensionValue(std::size_t buffer, std::size_t position, const FitConfig& config) const
{
    const std::int64_t old = document.dump.scopes[scopeIndex].buffers[buffer].shape()[position];
    const int k = dimensionAt(buffer, position);
    if (k < 0 || static_cast<std::size_t>(k) >= config.values.size())
        return old;
    const FitDimension& dim = dims[static_cast<std::size_t>(k)];
    const std::int64_t to = config.values[static_cast<std::size_t>(k)];
    if (to == dim.value)
        return old;
    // A derived constexpr at this axis: its expression of the new value.
    const TileNames& names = *diagnosis.tileNames;
    if (dim.constexprs.size() == 1 && buffer < names.dims.size()) {
        const TileName& name = names.dims[buffer][position];
        if (name.written.size() == 1 && name.written.front() != dim.constexprs.front()) {
            const auto derived = names.scan.derived.find(name.written.front());
            if (derived != names.scan.derived.end())
                if (const auto v = derived->second.valueFor(to); v && *v > 0)
                    return *v;
        }
    }
    return dim.value > 0 ? old * to / dim.value : old;
}

std::uint64_t FitProblem::bufferBytes(std::size_t buffer, const FitConfig& config) const
{
    const Buffer& b = document.dump.scopes[scopeIndex].buffers[buffer];
    unsigned __int128 bits = b.extentBits;
    unsigned __int128 divisor = 1;
    bool changed = false;
    for (std::size_t p = 0; p < b.shape().size(); ++p) {
        const std::int64_t old = b.shape()[p];
        if (old <= 0)
            continue;
        const std::int64_t now = dimensionValue(buffer, p, config);
        if (now == old)
            continue;
        bits *= static_cast<unsigned __int128>(now);
        divisor *= static_cast<unsigned __int128>(old);
        changed = true;
    }
    if (!changed)
        return b.sizeBytes;
    bits /= divisor;
    return static_cast<std::uint64_t>((bits + 7) / 8);
}

std::vector<std::optional<std::uint64_t>> configBlockSizes(const FitProblem& problem, const FitConfig& config)
{
    const ScopePlan& scope = problem.document.dump.scopes[problem.scopeIndex];
    std::vector<std::uint64_t> bytes(scope.buffers.size());
    for (std::size_t b = 0; b < scope.buffers.size(); ++b)
        bytes[b] = problem.bufferBytes(b, config);
    std::vector<std::optional<std::uint64_t>> sizes(scope.blocks.size());
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const Block& block = scope.blocks[i];
        if (!config.multibuffer && block.copy > 0)
            continue;
        sizes[i] = bytes[static_cast<std::size_t>(block.bufferIndex)];
    }
    return sizes;
}

std::vector<FitEvaluation> PredictedFitEvaluator::evaluate(
    const FitProblem& problem, const std::vector<FitConfig>& configs)
{
    const ScopePlan& scope = problem.document.dump.scopes[problem.scopeIndex];
    const PlanPredictor predictor(scope);
    // Per config, per buffer: its size (buffers are few beside the blocks and the sweep asks per block).
    std::vector<std::vector<std::uint64_t>> bytes(configs.size(), std::vector<std::uint64_t>(scope.buffers.size()));
    std::vector<int> positions; // buffers some dimension of the map sizes
    for (std::size_t b = 0; b < scope.buffers.size(); ++b) {
        bool sized = false;
        for (std::size_t p = 0; p < scope.buffers[b].shape().size() && !sized; ++p)
            sized = problem.dimensionAt(b, p) >= 0;
        for (std::size_t c = 0; c < configs.size(); ++c)
            bytes[c][b] = sized ? problem.bufferBytes(b, configs[c]) : scope.buffers[b].sizeBytes;
    }
    const std::vector<std::uint64_t> required = predictor.requiredBytes(configs.size(),
        [&](std::size_t block, std::size_t, std::size_t first, std::size_t count, std::optional<std::uint64_t>* sizes) {
            const Block& blk = scope.blocks[block];
            for (std::size_t k = 0; k < count; ++k) {
                const FitConfig& config = configs[first + k];
                sizes[k] = !config.multibuffer && blk.copy > 0
                    ? std::nullopt
                    : std::optional<std::uint64_t>(bytes[first + k][static_cast<std::size_t>(blk.bufferIndex)]);
            }
        });
    std::vector<FitEvaluation> out;
    for (const std::uint64_t bytes : required)
        out.push_back({bytes, PlanMethod::Predicted, true, {}});
    return out;
}

std::vector<FitDimension> fitDimensions(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& d)
{
    std::vector<FitDimension> dims = namedDimensions(document, scopeIndex, d);
    // A dimension matters when the buffers it sizes carry a share of the live bytes, as for the levers.
    std::erase_if(dims, [&d](const FitDimension& dim) {
        return static_cast<double>(dim.bytes) < kDimensionShareThreshold * static_cast<double>(d.liveBytes);
    });
    if (dims.empty())
        for (const DimensionShare& share : d.dimensions) {
            FitDimension dim;
            dim.value = share.value;
            dim.bytes = share.bytes;
            dims.push_back(std::move(dim));
        }
    if (dims.size() > kMaxFitDimensions)
        dims.resize(kMaxFitDimensions);
    for (FitDimension& dim : dims)
        dim.values = gridValues(dim.value, d);
    return dims;
}

std::vector<FitDimension> fitDimensionsNamed(const PlanDocument& document, std::size_t scopeIndex,
    const Diagnosis& diagnosis, const std::vector<std::string>& constexprs)
{
    const std::vector<FitDimension> all = namedDimensions(document, scopeIndex, diagnosis);
    std::vector<FitDimension> dims;
    for (const std::string& name : constexprs)
        for (const FitDimension& dim : all)
            if (dim.configKey() == name) {
                dims.push_back(dim);
                dims.back().values = gridValues(dim.value, diagnosis);
            }
    return dims;
}

FitMap buildFitMap(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis, FitEvaluator* evaluator)
{
    std::vector<FitDimension> dims;
    if (diagnosis.criticalOp)
        dims = fitDimensions(document, scopeIndex, diagnosis);
    return buildFitMap(document, scopeIndex, diagnosis, std::move(dims), evaluator);
}

FitMap buildFitMap(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis,
    std::vector<FitDimension> dims, FitEvaluator* evaluator)
{
    FitMap map;
    map.capacityBytes = diagnosis.capacityBytes;
    if (!diagnosis.criticalOp)
        return map;
    map.dims = std::move(dims);
    if (diagnosis.multiBufferBytes > 0)
        map.multibuffer = {true, false};
    if (map.dims.empty() && map.multibuffer.empty())
        return map;
    if (document.dump.scopes[scopeIndex].blocks.size() > kMaxFitMapBlocks) {
        map.skipped = "not evaluated for a plan of more than " + std::to_string(kMaxFitMapBlocks) + " blocks";
        return map;
    }
    // Every combination, dims[0] slowest.
    std::vector<std::vector<std::int64_t>> combinations = {{}};
    for (const FitDimension& dim : map.dims) {
        std::vector<std::vector<std::int64_t>> next;
        for (const auto& prefix : combinations)
            for (const std::int64_t value : dim.values) {
                next.push_back(prefix);
                next.back().push_back(value);
            }
        combinations = std::move(next);
    }
    std::vector<std::optional<bool>> multi;
    if (map.multibuffer.empty())
        multi = {std::nullopt};
    else
        multi = {true, false};
    std::vector<FitConfig> configs;
    for (const auto& values : combinations)
        for (const std::optional<bool> mb : multi) {
            FitCell cell;
            cell.values = values;
            cell.multibuffer = mb;
            cell.today = mb.value_or(true);
            for (std::size_t k = 0; k < values.size(); ++k)
                cell.today = cell.today && values[k] == map.dims[k].value;
            configs.push_back(cell.config());
            map.cells.push_back(std::move(cell));
        }
    PredictedFitEvaluator predicted;
    std::unique_ptr<FitEvaluator> replanned = evaluator ? nullptr : replannedEvaluator(document, scopeIndex);
    FitEvaluator& chosen = evaluator ? *evaluator : replanned ? *replanned : predicted;
    const FitProblem problem{document, scopeIndex, diagnosis, map.dims};
    const std::vector<FitEvaluation> required = chosen.evaluate(problem, configs);
    for (std::size_t i = 0; i < map.cells.size() && i < required.size(); ++i) {
        FitCell& cell = map.cells[i];
        cell.requiredBytes = cell.today ? diagnosis.requiredBytes : required[i].requiredBytes;
        cell.how = required[i].how;
        cell.decided = cell.today || required[i].decided;
        cell.undecided = cell.decided ? std::string() : required[i].undecided;
        cell.fits = cell.decided && cell.requiredBytes <= map.capacityBytes;
    }
    // The frontier: cells that fit where no single step up (one dimension to its next value,
    // or multi-buffering turned on) still fits.
    for (FitCell& cell : map.cells) {
        if (!cell.fits)
            continue;
        bool stepUpFits = false;
        for (std::size_t k = 0; k < map.dims.size() && !stepUpFits; ++k) {
            const auto& values = map.dims[k].values;
            const auto at = std::find(values.begin(), values.end(), cell.values[k]);
            if (at + 1 >= values.end())
                continue;
            std::vector<std::int64_t> up = cell.values;
            up[k] = *(at + 1);
            const FitCell* next = map.find(up, cell.multibuffer);
            stepUpFits = next && (next->fits || !next->decided); // not known: not claimed the largest
        }
        if (cell.multibuffer == false) {
            const FitCell* on = map.find(cell.values, true);
            stepUpFits = stepUpFits || (on && (on->fits || !on->decided));
        }
        cell.frontier = !stepUpFits;
    }
    return map;
}

void attachCompiled(FitMap& map, const PlanDocument& document, std::size_t scopeIndex,
    const std::vector<std::shared_ptr<const PlanDocument>>& others)
{
    const std::string& scopeName = document.dump.scopes.at(scopeIndex).scope;
    const TileNames todayNames = nameTiles(document, scopeIndex);
    for (const auto& other : others) {
        if (!other || other.get() == &document || other->dump.kernel != document.dump.kernel)
            continue;
        for (std::size_t s = 0; s < other->dump.scopes.size(); ++s) {
            const ScopePlan& scope = other->dump.scopes[s];
            if (scope.scope != scopeName || !other->analyses[s].planned)
                continue;
            const TileNames names = nameTiles(*other, s);
            std::vector<std::int64_t> values;
            for (const FitDimension& dim : map.dims) {
                const KernelConstexpr* c
                    = dim.constexprs.size() == 1 ? names.constexprNamed(dim.constexprs.front()) : nullptr;
                if (!c || !c->value)
                    break;
                values.push_back(*c->value);
            }
            if (values.size() != map.dims.size() || !sameOffTheMap(map, todayNames, names))
                continue;
            std::optional<bool> multibuffer;
            if (!map.multibuffer.empty())
                multibuffer = std::any_of(
                    scope.blocks.begin(), scope.blocks.end(), [](const Block& block) { return block.copy > 0; });
            for (FitCell& cell : map.cells)
                if (cell.values == values && cell.multibuffer == multibuffer && !cell.today) {
                    const std::uint64_t required = other->analyses[s].peakAddressBytes;
                    cell.compiled = CompiledCell{other->dump.file, required, !other->analyses[s].overflow};
                }
        }
    }
}

PlanDocument predictedDocument(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis,
    const FitMap& map, const FitConfig& config)
{
    PlanDocument out = document;
    ScopePlan& scope = out.dump.scopes.at(scopeIndex);
    const FitProblem problem{document, scopeIndex, diagnosis, map.dims};
    const std::vector<std::optional<std::uint64_t>> sizes = configBlockSizes(problem, config);
    const PredictedPlan plan = PlanPredictor(document.dump.scopes[scopeIndex]).predict(sizes);
    for (std::size_t b = 0; b < scope.buffers.size(); ++b) {
        Buffer& buffer = scope.buffers[b];
        const std::uint64_t bytes = problem.bufferBytes(b, config);
        if (bytes == buffer.sizeBytes)
            continue;
        std::vector<std::int64_t> shape = buffer.shape();
        for (std::size_t p = 0; p < shape.size(); ++p)
            shape[p] = problem.dimensionValue(b, p, config);
        if (const std::string type = memrefTypeWithShape(buffer.memrefType(), shape); type != buffer.memrefType())
            buffer.setType(type);
        buffer.extentBits = bytes * 8;
        buffer.sizeBytes = bytes;
    }
    std::vector<Block> blocks;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        if (!sizes[i] || !plan.offsets[i])
            continue;
        Block block = scope.blocks[i];
        block.size = *sizes[i];
        block.offset = *plan.offsets[i];
        Buffer& buffer = scope.buffers[static_cast<std::size_t>(block.bufferIndex)];
        if (static_cast<std::size_t>(block.copy) < buffer.offsets.size())
            buffer.offsets[static_cast<std::size_t>(block.copy)] = block.offset;
        blocks.push_back(block);
    }
    if (!config.multibuffer)
        for (Buffer& buffer : scope.buffers)
            if (buffer.offsets.size() > 1)
                buffer.offsets.resize(1);
    scope.blocks = std::move(blocks);
    scope.status.reset();
    scope.error.clear();
    reanalyze(out, capacitySettingsOf(document));
    return out;
}

std::string memrefTypeWithShape(const std::string& type, const std::vector<std::int64_t>& shape)
{
    const std::size_t open = type.find('<');
    std::size_t element = open == std::string::npos ? std::string::npos : open + 1;
    while (element != std::string::npos && element < type.size()
        && (std::isdigit(static_cast<unsigned char>(type[element])) || type[element] == 'x' || type[element] == '?'))
        ++element;
    if (element == std::string::npos || element >= type.size() || shape.empty())
        return type; // memref<f32> (rank 0) has no dimensions to rewrite
    std::string text = type.substr(0, open + 1);
    for (const std::int64_t dim : shape)
        text += (dim < 0 ? std::string("?") : std::to_string(dim)) + "x";
    return text + type.substr(element);
}

std::string configText(const FitMap& map, const FitCell& cell)
{
    std::string text;
    for (std::size_t k = 0; k < map.dims.size() && k < cell.values.size(); ++k)
        text += (text.empty() ? "" : ", ") + map.dims[k].label() + "=" + std::to_string(cell.values[k]);
    if (cell.multibuffer)
        text += std::string(text.empty() ? "" : ", ") + "multibuffer=" + (*cell.multibuffer ? "True" : "False");
    return text;
}

std::string exampleConfigText(const FitMap& map)
{
    if (map.dims.empty())
        return {};
    FitCell example;
    for (const FitDimension& dim : map.dims)
        example.values.push_back(dim.value);
    const std::vector<std::int64_t>& values = map.dims.front().values;
    const auto today = std::find(values.begin(), values.end(), map.dims.front().value);
    if (today != values.end() && today != values.begin())
        example.values.front() = *std::prev(today);
    else if (map.dims.front().value > 1)
        example.values.front() = map.dims.front().value / 2;
    if (!map.multibuffer.empty())
        example.multibuffer = false;
    return configText(map, example);
}

std::optional<FitConfig> parseConfigText(const FitMap& map, const std::string& text, std::string* error)
{
    FitConfig config;
    for (const FitDimension& dim : map.dims)
        config.values.push_back(dim.value);
    const auto fail = [error](std::string why) -> std::optional<FitConfig> {
        if (error)
            *error = std::move(why);
        return std::nullopt;
    };
    const auto trim = [](std::string item) {
        const std::size_t start = item.find_first_not_of(" \t");
        const std::size_t end = item.find_last_not_of(" \t");
        return start == std::string::npos ? std::string() : item.substr(start, end - start + 1);
    };
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = trim(text.substr(start, comma - start));
        start = comma + 1;
        if (item.empty())
            continue;
        // NAME=VALUE, or NAME VALUE as a lever writes it ("BLOCK_SIZE 8192").
        std::size_t equals = item.find('=');
        if (equals == std::string::npos)
            equals = item.find_last_of(" \t");
        if (equals == std::string::npos)
            return fail("\"" + item + "\": expected NAME=VALUE");
        const std::string name = trim(item.substr(0, equals));
        const std::string value = trim(item.substr(equals + 1));
        if (name == "multibuffer") {
            if (value != "True" && value != "False" && value != "true" && value != "false")
                return fail("multibuffer: expected True or False, found \"" + value + "\"");
            config.multibuffer = value == "True" || value == "true";
            continue;
        }
        std::size_t k = 0;
        while (k < map.dims.size() && name != map.dims[k].label() && name != map.dims[k].configKey()
            && name != "dim " + std::to_string(map.dims[k].value))
            ++k;
        if (k == map.dims.size())
            return fail("\"" + name + "\" is not a dimension of the fit map");
        std::int64_t number = 0;
        const auto [end, parseError] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (parseError != std::errc() || end != value.data() + value.size() || number <= 0)
            return fail(name + ": expected a positive integer, found \"" + value + "\"");
        config.values[k] = number;
    }
    return config;
}

std::string leverConfigText(const FitMap& map, const Lever& lever)
{
    if (lever.kind == LeverKind::SingleBuffer)
        return map.multibuffer.empty() ? std::string() : "multibuffer=False";
    for (const FitDimension& dim : map.dims)
        if (dim.value == lever.dimension)
            return dim.label() + "=" + std::to_string(lever.to);
    return {};
}

std::optional<KeyedFrontier> keyedFrontier(const FitMap& map)
{
    for (const FitDimension& dim : map.dims)
        if (dim.configKey().empty())
            return std::nullopt;
    KeyedFrontier frontier;
    frontier.cells = map.frontier();
    if (frontier.cells.empty())
        return std::nullopt;
    // As the cells say: re-planned where memlens planned each config again from the planner's IR.
    frontier.replanned = std::all_of(frontier.cells.begin(), frontier.cells.end(),
        [](const FitCell* cell) { return cell->how == PlanMethod::Replanned; });
    return frontier;
}

std::string frontierConfigs(const FitMap& map)
{
    const std::optional<KeyedFrontier> keyed = keyedFrontier(map);
    if (!keyed)
        return {};
    const std::vector<const FitCell*>& frontier = keyed->cells;
    std::string text = keyed->replanned
        ? "# The largest configs that fit, re-planned by memlens from the planner's IR; the compiler\n"
          "# may tile them differently and decides in the end.\nconfigs = [\n"
        : "# The largest configs that fit, predicted from one dump (memlens); the compiler\n"
          "# plans each config again and decides in the end.\nconfigs = [\n";
    for (const FitCell* cell : frontier) {
        std::string items;
        for (std::size_t k = 0; k < map.dims.size(); ++k)
            items += (items.empty() ? "" : ", ") + ("'" + map.dims[k].configKey() + "': ")
                + std::to_string(cell->values[k]);
        if (cell->multibuffer)
            items
                += std::string(items.empty() ? "" : ", ") + "'multibuffer': " + (*cell->multibuffer ? "True" : "False");
        text += "    triton.Config({" + items + "}),\n";
    }
    return text + "]\n";
}

} // namespace memlens
