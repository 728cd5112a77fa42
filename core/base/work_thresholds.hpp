#pragma once
// The sizes at which memlens changes how it does a piece of work (a second thread,
// an index built apart, a stream, a guard), in one table with the reason for each.
// docs/performance.md gives the measurements and the benchmark behind them.
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace memlens {

// Reading a dump: from here its JSON is parsed on a second thread fed with relayed events, and the
// file's next chunk is read ahead on a third. Below it, starting the threads costs more than the
// overlap saves (a dump of 8 MiB parses in about 40 ms).
inline constexpr std::uint64_t kSecondThreadReadBytes = std::uint64_t(8) << 20;
inline constexpr std::uint64_t kRelayedReadBytes = kSecondThreadReadBytes;
inline constexpr std::uint64_t kReadAheadFromBytes = kSecondThreadReadBytes;
// From here a dump's second half is read beside its first (two JSON readers at once): at 16 MiB
// a half is worth a thread many times over; below, the relayed read is near the SAX walk anyway.
inline constexpr std::uint64_t kSplitReadBytes = std::uint64_t(16) << 20;
// From here a dump's buffer lists are read by FastListReader (simdjson) as far as they are plain.
inline constexpr std::uint64_t kFastListReadBytes = std::uint64_t(64) << 10;

// The allocator maps every block from this size on its own, and gives it back when it is freed
// (core/base/allocator_settings.hpp). At 128 KiB to 1 MiB the million-buffer inspect peaked
// alike (438-442 MB against 514 MB with glibc's moving threshold) in the same time; a
// smaller one would map the many medium vectors of small plans one by one.
inline constexpr std::size_t kMappedAllocationBytes = std::size_t(1) << 20;

// Analysis: from here a scope's storages and overlaps are found on a second thread while the
// first sweeps the usage (both only read the plan); below, the thread costs more than it saves.
inline constexpr std::size_t kOverlapsApartFromBlocks = 50000;

// inspect (and report): from here a scope's diagnosis is worked out on a second thread while
// its blocks are written.
inline constexpr std::size_t kDiagnosisApartFromBlocks = 50000;

// report: from here blocks.csv is streamed row by row instead of built in memory.
inline constexpr std::size_t kStreamedCsvBlocks = 100000;

// The predictor sweeps up to 16 variants side by side within this much tree memory; past it,
// fewer lanes per sweep.
inline constexpr std::size_t kSweepBudgetBytes = std::size_t(80) << 20;

// From this many prediction steps (a block placed, or seen by those above it: two per block),
// more than 7 variants are swept 8 lanes at a time, two sweeps side by side on two threads;
// below it the second thread costs more than the narrower sweeps save.
inline constexpr std::size_t kTwoSweepsFromSteps = 200000;

// The fit map is not worked out for larger plans (each of its cells is a prediction sweep).
inline constexpr std::size_t kMaxFitMapBlocks = 200000;

// Re-planning with the planner (what-ifs, fit-map cells) only up to this many blocks: the
// planner's search grows faster than the plan.
inline constexpr std::size_t kMaxReplannedBlocks = 20000;

// A load's planning (a computed plan's search) and then a diagnosis's re-plans (its levers and
// the largest value that fits) each stop within this time, saying "not decided" / "predicted".
inline constexpr std::chrono::milliseconds kLoadTimeLimit{10000};

} // namespace memlens
