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
    // blocks again in op order (a cache miss per event on a million blocks).
    struct Event { // 16 bytes: a million blocks make two million of them
        std::int64_t op;
        std::uint32_t from;        // point indices; equal for a block of size 0
        std::uint32_t toAndEnters; // the end's point index times two, plus one when the block enters
        std::uint32_t to() const { return toAndEnters >> 1; }
        bool enters() const { return (toAndEnters & 1) != 0; }
    };
    throwIfCancelled(cancel);
    // In op order; op numbers are dense, so the events are usually counted into place.
    const std::vector<Event> events = orderByKey<std::int64_t, Event>(
        [&blocks](const auto& visit) {
            for (const Block& block : blocks) {
                visit(block.start);
                visit(block.end + 1);
            }
        },
        [&](const auto& visit) {
            for (std::size_t i = 0; i < blocks.size(); ++i) {
                throwIfCancelledAt(i, cancel);
                const Block& block = blocks[i];
                const auto from = static_cast<std::uint32_t>(coverage.indexOf(block.offset));
                const auto to = static_cast<std::uint32_t>(coverage.indexOf(block.addressEnd()));
                visit(Event{block.start, from, 2 * to + 1});
                visit(Event{block.end + 1, from, 2 * to});
            }
        },
        [](const Event& event) { return event.op; }, cancel);
    throwIfCancelled(cancel);

    // The high address is the end of the highest covered byte, but a block of size 0 covers
    // nothing and still ends somewhere: those few are counted apart.
    std::map<std::uint64_t, int> emptyBlockEnds;
    for (std::size_t i = 0; i < events.size();) {
        const std::int64_t op = events[i].op;
        for (; i < events.size() && events[i].op == op; ++i) {
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
