#pragma once
// Why a scope's plan overflows and what would make it fit: the critical op
// (where the address space reaches its peak), what is live there grouped by
// the Python line that allocated it, and levers with predicted plans.
// For a plan that fits the same answers give the headroom.
#include "core/diagnosis/plan_method.hpp"
#include "core/document/plan_document.hpp"
#include "core/kernel_source/tile_names.hpp"
#include "core/kernel_source/value_choice.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// A buffer whose storage other buffers reuse in place, and the lines of those buffers
// (":62" for a line of the holder's Python file, "other.py:40", "IR :81", or an SSA name).
struct InPlaceReuse {
    std::string buffer;
    std::vector<std::string> by;
};

// What is live at the critical op from one Python line (or one IR line when
// the location has no Python frame, or one buffer when it has neither).
struct SourceShare {
    std::string nameText() const; // the names joined by ", "; "" when none

    std::optional<SourceFrame> python;       // the user frame; its column is that of the first block
    std::string pythonFile;                  // the file found on this machine, else as written
    std::optional<IrRef> ir;                 // the IR line of the first block
    std::vector<int> irLines;                // every IR line of the group, ascending
    std::vector<std::string> names;          // the variable names of its Python frames, first seen first
    std::vector<std::string> buffers;        // the SSA names, in block order
    std::uint64_t bytes = 0;                 // each storage counted once, with the line of its holder
    std::vector<InPlaceReuse> reusedInPlace; // its buffers that hold a storage others reuse, in block order
    std::uint64_t inPlaceBytes = 0;          // of its blocks merged in place into a storage counted with another block
    std::uint64_t multiBufferBytes = 0;      // in copies beyond the first
    std::uint64_t tmpBytes = 0;              // in temporary buffers
    std::vector<int> blocks;                 // indices into ScopePlan::blocks, in block order
};

// A tile dimension found in the shapes of the buffers live at the critical op.
struct DimensionShare {
    std::int64_t value = 0;
    std::uint64_t bytes = 0; // live at the critical op in buffers whose shape has it
};

enum class LeverKind { SingleBuffer, ScaleDimension };

struct Lever {
    LeverKind kind = LeverKind::SingleBuffer;
    std::int64_t dimension = 0;   // ScaleDimension: today's value
    std::int64_t to = 0;          // ScaleDimension: the value predicted
    std::uint64_t savesBytes = 0; // fewer bytes live at the critical op
    std::uint64_t predictedRequiredBytes = 0;
    bool fits = false;
    TileName name; // ScaleDimension: the constexpr(s) that set the dimension, empty when unknown
    PlanMethod how = PlanMethod::Predicted; // Replanned when the planner planned it from the IR
    // ScaleDimension: where the launcher chooses the constexpr's value (its keyword in the launch,
    // the function that computes it); nullopt when the kernel's file does not say.
    std::optional<ValueChoice> chosen;
};

struct LargestFitting {
    std::int64_t dimension = 0;
    TileName name;
    PlanMethod how = PlanMethod::Predicted;   // Replanned when the planner searched it from the IR
    std::optional<std::int64_t> value;        // nullopt when no power of two tried fits
    std::uint64_t predictedRequiredBytes = 0; // at `value`, else at the smallest value tried
    // The values searched, smallest and largest (0: not known). A `value` equal to `searchedTo`
    // above today's is where the search ended, not the largest that fits: "at least".
    std::int64_t searchedFrom = 0;
    std::int64_t searchedTo = 0;

    bool searchEnded() const { return value && searchedTo > dimension && *value >= searchedTo; }
};

struct Diagnosis {
    std::optional<std::int64_t> criticalOp; // nullopt for a scope without blocks
    // Why the levers are predicted from the dump and not re-planned ("" when they are re-planned):
    // the planner check's difference, or why there is no planner IR.
    std::string predictedBecause;
    std::uint64_t requiredBytes = 0; // the peak address: the compiler's "requires N bits" / 8
    std::uint64_t capacityBytes = 0;
    std::uint64_t shortBytes = 0; // required - capacity, 0 when it fits
    // requiredBytes is the compiler's "requires N bits", not the plan's addresses (they fit, but
    // the compiler failed: a log whose compile failed, a failed plan's dump).
    bool requiredIsCompilerFigure = false;
    // memlens's plan stopped at the search's limit before it was decided: no verdict.
    bool undecided = false;
    std::uint64_t liveBytes = 0;               // at the critical op, each address counted once
    std::uint64_t holeBytes = 0;               // required - live
    std::uint64_t multiBufferBytes = 0;        // live at the critical op in copies beyond the first
    std::uint64_t tmpBytes = 0;                // live at the critical op in temporary buffers
    OverflowCause cause = OverflowCause::Fits; // overflowCause() of the scope's analysis
    std::uint64_t peakLiveBytes = 0;           // the most live at once, at any op (decides demand)
    // The compile log says the compiler's retry already switched multi-buffering off: the dump is the plan
    // without double buffering, and single buffering is no lever.
    bool multiBufferingSwitchedOff = false;
    std::optional<std::int64_t> peakLiveAt;
    std::vector<int> liveBlocks;            // live at the critical op, block order
    std::vector<SourceShare> bySource;      // largest first
    std::vector<DimensionShare> dimensions; // candidate tile dimensions, most bytes first
    std::vector<Lever> levers;
    std::optional<LargestFitting> largestFitting; // nullopt when no dimension explains the bytes
    std::shared_ptr<const TileNames> tileNames;   // what the kernel's source names; never null after diagnoseScope
    bool autotuned = false; // the kernel is decorated with triton.autotune: its configs choose the constexprs

    std::uint64_t headroomBytes() const { return requiredBytes < capacityBytes ? capacityBytes - requiredBytes : 0; }
};

// A dimension explains the bytes when the buffers holding it carry at least this share of the live bytes.
inline constexpr double kDimensionShareThreshold = 0.25;
inline constexpr std::size_t kMaxDimensions = 3;

Diagnosis diagnoseScope(const PlanDocument& document, std::size_t scopeIndex);
// The same with the tile names already found (nameTiles() reads the kernel's file).
Diagnosis diagnoseScope(const PlanDocument& document, std::size_t scopeIndex, std::shared_ptr<const TileNames> names);
// How many diagnoses this process has worked out: a writer that shows one twice (a report's
// summary.md and plan.html) shares it (ScopeDiagnoses), and the tests count that it did.
std::size_t diagnosesWorkedOut();

// The size of a buffer whose dimension `from` becomes `to` (one occurrence of it in the shape).
std::uint64_t scaledBufferBytes(const Buffer& buffer, std::int64_t from, std::int64_t to);

// "multibuffer=False" and the like: the kernel option a lever corresponds to ("" when none).
const char* leverOption(LeverKind kind);
// The blocks of the buffers a lever changes (ascending): those with multi-buffer copies for
// single buffering, those whose memref shape holds the lever's dimension for a scale.
std::vector<int> leverBlocks(const ScopePlan& scope, const Lever& lever);
const char* leverKindKey(LeverKind kind);          // "single_buffer", "scale_dim"
const char* overflowCauseKey(OverflowCause cause); // "fits", "demand", "placement"

} // namespace memlens
