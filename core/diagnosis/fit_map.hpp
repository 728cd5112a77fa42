#pragma once
// The fit map: for the one or two tile dimensions that hold the most bytes at
// the critical op (named by their constexprs where the kernel's source says)
// and multi-buffering on and off where the dump has copies, every
// power-of-two combination from a sixteenth to twice today's values, each
// with the bytes it needs and whether it fits. Each cell is evaluated through
// a FitEvaluator: predicted from the dump (PlanPredictor) today, re-planned by
// a planner where one is plugged in. Where other dumps of the same kernel are
// at hand, their cells carry the compiled numbers beside the prediction.
#include "core/base/work_thresholds.hpp"
#include "core/diagnosis/diagnosis.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct FitDimension {
    std::vector<std::string> constexprs; // roots that set it (one, or several when nothing decides); empty: by value
    TileName name;                       // as the kernel writes it, with the line that sized it
    std::int64_t value = 0;              // today's
    std::vector<std::int64_t> values;    // the grid's, ascending (today's among them)
    std::uint64_t bytes = 0;             // live at the critical op in buffers it sizes

    // "BLOCK_SIZE", "BLOCK_SIZE or N_COLS", "dim 16384".
    std::string label() const;
    // The constexpr a Python config sets: the one name, "" when none or ambiguous.
    std::string configKey() const;
};

struct FitConfig {
    std::vector<std::int64_t> values; // one per dimension
    bool multibuffer = true;          // false: every copy beyond the first removed
};

struct CompiledCell {
    std::string file;
    std::uint64_t requiredBytes = 0;
    bool fits = false;
};

struct FitCell {
    std::vector<std::int64_t> values;
    std::optional<bool> multibuffer; // nullopt when the dump has no copies
    std::uint64_t requiredBytes = 0;
    bool fits = false;
    PlanMethod how = PlanMethod::Predicted;
    // false: re-planning stopped at its search budget before any seed fitted, so whether the
    // config fits is not known (fits is false); `undecided` says so.
    bool decided = true;
    std::string undecided; // "search stopped after N placements: not decided"
    bool today = false;
    bool frontier = false; // fits, and no single step up (a dimension doubled, multi-buffering on) does
    std::optional<CompiledCell> compiled;

    FitConfig config() const { return {values, multibuffer.value_or(true)}; }
};

struct FitMap {
    std::vector<FitDimension> dims; // at most kMaxFitDimensions; empty when no dimension explains the bytes
    std::vector<bool> multibuffer;  // {true, false} when the dump has copies, else empty
    std::vector<FitCell> cells;     // dims[0] slowest, then dims[1], then multibuffer (on first)
    std::uint64_t capacityBytes = 0;
    std::string skipped; // why no cells were evaluated ("" when they were, or when nothing varies)

    bool empty() const { return cells.empty(); }
    const FitCell* find(const std::vector<std::int64_t>& values, std::optional<bool> multibuffer) const;
    const FitCell* today() const;
    std::vector<const FitCell*> frontier() const; // largest values first
};

inline constexpr std::size_t kMaxFitDimensions = 2;
// Past this many blocks the map is not evaluated: some 72 predicted plans of a million blocks take
// seconds, which inspect and explain of such a plan should not pay for a grid nobody asked for.

// What a FitEvaluator is asked about: the scope, the dimensions and how each buffer's shape holds them.
struct FitProblem {
    const PlanDocument& document;
    std::size_t scopeIndex;
    const Diagnosis& diagnosis;
    const std::vector<FitDimension>& dims;

    // A buffer's size in bytes under `config` (its dimensions set to the config's values).
    std::uint64_t bufferBytes(std::size_t buffer, const FitConfig& config) const;
    // The value of dimension position `position` of `buffer` under `config`.
    std::int64_t dimensionValue(std::size_t buffer, std::size_t position, const FitConfig& config) const;
    // The dimension of the map that sets `buffer`'s position, or -1.
    int dimensionAt(std::size_t buffer, std::size_t position) const;
};

struct FitEvaluation {
    std::uint64_t requiredBytes = 0;
    PlanMethod how = PlanMethod::Predicted;
    bool decided = true;   // false: the re-plan's search stopped at its budget
    std::string undecided; // why not, when not decided
};

// How each cell's bytes are found. One call for all cells, so an evaluator can share work.
class FitEvaluator {
public:
    virtual ~FitEvaluator() = default;
    // Each config's required bytes and how they were found, in order.
    virtual std::vector<FitEvaluation> evaluate(const FitProblem& problem, const std::vector<FitConfig>& configs) = 0;
};

// From the dump: the PlanPredictor's stacking with each block resized.
class PredictedFitEvaluator : public FitEvaluator {
public:
    std::vector<FitEvaluation> evaluate(const FitProblem& problem, const std::vector<FitConfig>& configs) override;
};

// The dimensions that matter most, in the kernel's words where its source names them.
std::vector<FitDimension> fitDimensions(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis);

// The named dimensions `constexprs` (whatever their share of the bytes), in that order.
std::vector<FitDimension> fitDimensionsNamed(const PlanDocument& document, std::size_t scopeIndex,
    const Diagnosis& diagnosis, const std::vector<std::string>& constexprs);

// The whole map, every cell through `evaluator`; when null, re-planned where the document's IR is
// in the planner's form and reproduces the dump (core/fit_map_replan), else predicted.
FitMap buildFitMap(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis,
    FitEvaluator* evaluator = nullptr);
// The same over chosen dimensions (fitDimensionsNamed: a user's choice of axes).
FitMap buildFitMap(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis,
    std::vector<FitDimension> dims, FitEvaluator* evaluator = nullptr);

// Cells that other dumps of the same kernel and scope were compiled with get those dumps' numbers.
// A document is matched by its constexprs' values (named from its own buffers) and its copies.
void attachCompiled(FitMap& map, const PlanDocument& document, std::size_t scopeIndex,
    const std::vector<std::shared_ptr<const PlanDocument>>& others);

// The sizes of the scope's blocks under `config` (nullopt: a copy removed), for predicting its plan.
std::vector<std::optional<std::uint64_t>> configBlockSizes(const FitProblem& problem, const FitConfig& config);

// The document with the scope's plan as predicted for `config`: buffers resized, copies
// removed when multi-buffering is off, blocks at their predicted offsets, analysed again.
PlanDocument predictedDocument(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis,
    const FitMap& map, const FitConfig& config);

// `type` ("memref<16384xf32, ...>") with its shape replaced by `shape`; `type` itself when it has none.
std::string memrefTypeWithShape(const std::string& type, const std::vector<std::int64_t>& shape);

// "BLOCK_M=64, BLOCK_N=128, multibuffer=False".
std::string configText(const FitMap& map, const FitCell& cell);
// A config to offer as an example of what to type: the map's first dimension a step below
// today's (its own name: "BLOCK_SIZE=8192", "dim 65536=32768"), and multi-buffering off where
// the map varies it. "" for a map without dimensions.
std::string exampleConfigText(const FitMap& map);

// A config typed as "BLOCK_SIZE=8192, multibuffer=False" (a dimension by its label, its
// constexpr or "dim VALUE"; those not named keep today's value). nullopt with `error` set
// when a name is not a dimension of the map or a value is not a positive integer.
std::optional<FitConfig> parseConfigText(const FitMap& map, const std::string& text, std::string* error);

// The config a lever stands for ("BLOCK_SIZE=8192", "multibuffer=False"), "" when the map lacks its dimension.
std::string leverConfigText(const FitMap& map, const Lever& lever);

// The frontier as Python to paste into triton.autotune, with a comment that it comes from one
// dump and the compiler decides. "" when a dimension has no constexpr name.
std::string frontierConfigs(const FitMap& map);

// The frontier's cells when every dimension of `map` is a kernel option (each has a config
// key), and whether memlens re-planned all of them; nothing to offer otherwise.
struct KeyedFrontier {
    std::vector<const FitCell*> cells; // largest values first
    bool replanned = false;
};
std::optional<KeyedFrontier> keyedFrontier(const FitMap& map);

} // namespace memlens
