#include "core/analysis/usage_sweep.hpp"

#include "core/analysis/address_coverage.hpp"
#include "core/base/cancellation.hpp"
#include "core/base/dense_key_order.hpp"

#include <map>

namespace memlens {

namespace {

// How many events ahead the sweep fetches the coverage nodes an event will change.
constexpr std::size_t kPrefetchEvents = 8;

} // namespace

UsageSweep sweepUsage(const std::vector<Block>& blocks, const std::atomic<bool>* cancel)
{
    UsageSweep sweep;
    if (blocks.empty())
        return sweep;
    std::vector<std::uint64_t> points;
    points.reserve(blocks.size() * 2);
    for (const Block& block : blocks) {
        points.push_back(block.offset);
        points.push_back(block.addressEnd());
    }
    throwIfCancelled(cancel);
    AddressCoverage coverage(
        std::move(points), cancel); // live bytes as a union: in-place and overlapping bytes count once

    // Sweep the op sequence: a block enters at start and leaves at end + 1. An event
    // carries the block's range as point indices, so the sweep never reads the
    // blocks again in op order (a cache miss per event on a million blocks). Events are
    // grouped by op, each op's group in block order (entering before leaving); the op is
    // the group's, not each event's (8 bytes an event: 19 MB less at a million blocks).
    struct Event {
        std::uint32_t from;        // point indices; equal for a block of size 0
        std::uint32_t toAndEnters; // the end's point index times two, plus one when the block enters
        std::uint32_t to() const { return toAndEnters >> 1; }
        bool enters() const { return (toAndEnters & 1) != 0; }
    };
    throwIfCancelled(cancel);
    const auto forEachOp = [&blocks](const auto& visit) {
        for (const Block& block : blocks) {
            visit(block.start);
            visit(block.end + 1);
        }
    };
    // Op numbers are dense: ranked by a table, or else sorted and searched.
    const KeyRanks<std::int64_t> ranks(forEachOp, cancel);
    const std::vector<std::int64_t>& ops = ranks.values(); // distinct, ascending
    // groupStart[r] .. groupStart[r + 1]: the events at ops[r], counted into place.
    std::vector<std::uint32_t> groupStart(ops.size() + 1, 0);
    forEachOp([&](std::int64_t op) { ++groupStart[ranks.rankOf(op) + 1]; });
    for (std::size_t r = 1; r < groupStart.size(); ++r)
        groupStart[r] += groupStart[r - 1];
    std::vector<Event> events(2 * blocks.size());
    {
        std::vector<std::uint32_t> next(groupStart.begin(), groupStart.end() - 1);
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            throwIfCancelledAt(i, cancel);
            const Block& block = blocks[i];
            const auto from = static_cast<std::uint32_t>(coverage.indexOf(block.offset));
            const auto to = static_cast<std::uint32_t>(coverage.indexOf(block.addressEnd()));
            events[next[ranks.rankOf(block.start)]++] = Event{from, 2 * to + 1};
            events[next[ranks.rankOf(block.end + 1)]++] = Event{from, 2 * to};
        }
    }
    coverage.releaseIndexTable(); // the events carry their point indices
    throwIfCancelled(cancel);

    // The high address is the end of the highest covered byte, but a block of size 0 covers
    // nothing and still ends somewhere: those few are counted apart.
    std::map<std::uint64_t, int> emptyBlockEnds;
    for (std::size_t r = 0; r < ops.size(); ++r) {
        const std::int64_t op = ops[r];
        for (std::size_t i = groupStart[r]; i < groupStart[r + 1]; ++i) {
            if ((i & 0xffff) == 0)
                throwIfCancelled(cancel);
            if (i + kPrefetchEvents < events.size()) {
                const Event& ahead = events[i + kPrefetchEvents];
                coverage.prefetchAt(ahead.from, ahead.to());
            }
            const Event& event = events[i];
            if (event.from == event.to()) {
                const std::uint64_t end = coverage.pointAt(event.from); // its offset
                if (event.enters()) {
                    ++emptyBlockEnds[end];
                } else if (auto it = emptyBlockEnds.find(end); --it->second == 0) {
                    emptyBlockEnds.erase(it);
                }
            } else if (event.enters()) {
                coverage.addAt(event.from, event.to());
            } else {
                coverage.removeAt(event.from, event.to());
            }
        }
        const std::uint64_t live = coverage.coveredBytes();
        const std::uint64_t high
            = std::max(coverage.coveredEnd(), emptyBlockEnds.empty() ? 0 : emptyBlockEnds.rbegin()->first);
        if (!sweep.usage.empty() && sweep.usage.back().liveBytes == live && sweep.usage.back().highAddress == high)
            continue;
        sweep.usage.push_back({op, live, high});
        if (live > sweep.peakLiveBytes) {
            sweep.peakLiveBytes = live;
            sweep.peakLiveAt = op;
        }
    }
    return sweep;
}

} // namespace memlens
