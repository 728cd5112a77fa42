#pragma once
// Two compiles of a kernel side by side: which buffer of dump A is which
// buffer of dump B, and how each changed. Buffers are matched, in order of
// trust, by the Python place that allocated them (file, line, column and
// variable name), then by SSA name and element type (stable between two
// compiles of the same kernel), then by their order among what is left.

#include <optional>
#include <string>
#include <vector>

namespace memlens {

struct Buffer;
struct PlanDocument;
struct ScopePlan;
class ScopeSources;

enum class BufferMatch { PythonLocation, SsaName, Order };
enum class BufferChange { Same, Grown, Shrunk, Moved, Added, Removed };

// "python", "ssa", "order" (the `matched_by` values of `memlens diff`).
const char* bufferMatchKey(BufferMatch match);
// "same", "grown", "shrunk", "moved", "added", "removed".
const char* bufferChangeKey(BufferChange change);

struct BufferPair {
    int a = -1;                           // index into A's ScopePlan::buffers; -1: added in B
    int b = -1;                           // index into B's ScopePlan::buffers; -1: removed from A
    std::optional<BufferMatch> matchedBy; // none for added and removed buffers
    BufferChange change = BufferChange::Same;
    std::optional<double> sizeRatio; // B's size / A's size (per copy); none when a side is missing
};

struct ScopeDiff {
    std::string scope;
    int a = -1; // index into A's dump scopes; -1 when A has no such scope
    int b = -1;
    std::vector<BufferPair> pairs; // A's buffers in file order (matched or removed), then B's added ones

    int count(BufferChange change) const;
    // The row of A's (or B's) buffer, or -1.
    int pairOfA(int bufferIndex) const;
    int pairOfB(int bufferIndex) const;
};

struct PlanDiff {
    std::vector<ScopeDiff> scopes; // A's scopes in order, then those only B has

    const ScopeDiff* findScope(const std::string& scope) const;
};

// Matches the buffers of two plans of one scope. The sources (parallel to the
// buffers, may be null) give the Python places; without them matching starts at SSA names.
std::vector<BufferPair> matchBuffers(
    const ScopePlan& a, const ScopeSources* sourcesA, const ScopePlan& b, const ScopeSources* sourcesB);

// The change of a matched pair: grown or shrunk when the bytes of all copies
// differ, else moved when the offsets differ, else same.
BufferChange changeOf(const Buffer& a, const Buffer& b);

PlanDiff diffPlans(const PlanDocument& a, const PlanDocument& b);

// Two compiles of one kernel run on one chip: where one side's capacity comes
// from a better source than the other's (setting > error text > IR target >
// default), both sides are judged by it. Re-analyses the side that changes.
void shareCapacities(PlanDocument& a, PlanDocument& b);

// One line on what changed from `before` to `after`, for the bar a reload
// shows: "peak 321 KB → 192 KB (−40%), now fits · 10 shrunk, 4 moved of 14 buffers".
// Scopes are named when the dump has several.
std::string describePlanChange(const PlanDocument& before, const PlanDocument& after);

} // namespace memlens
