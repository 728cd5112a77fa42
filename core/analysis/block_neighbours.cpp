#include "core/analysis/block_neighbours.hpp"

#include "core/dump/dump_model.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace memlens {

namespace {

struct Span {
    double lo, hi;
    double centre() const { return (lo + hi) / 2.0; }
};

// Distance between two spans; 0 when they overlap or touch.
double gapBetween(Span a, Span b) { return std::max({0.0, b.lo - a.hi, a.lo - b.hi}); }
bool overlaps(Span a, Span b) { return a.lo < b.hi && b.lo < a.hi; }

Span timeOf(const Block& b) { return {static_cast<double>(b.start), static_cast<double>(b.end) + 1.0}; }
Span addressOf(const Block& b)
{
    // A zero-size block is a line: give it a sliver so it still shares a band.
    const auto lo = static_cast<double>(b.offset);
    return {lo, std::max(static_cast<double>(b.addressEnd()), lo + 0.5)};
}

} // namespace

int neighbourBlock(const ScopePlan& plan, int from, NavDirection direction)
{
    const int n = static_cast<int>(plan.blocks.size());
    if (from < 0 || from >= n)
        return -1;
    const Block& s = plan.blocks[static_cast<std::size_t>(from)];
    const bool horizontal = direction == NavDirection::Left || direction == NavDirection::Right;
    const bool forward = direction == NavDirection::Right || direction == NavDirection::Up;
    // Along: the axis of the move; across: the other one (the band).
    const Span sAlong = horizontal ? timeOf(s) : addressOf(s);
    const Span sAcross = horizontal ? addressOf(s) : timeOf(s);

    using Key = std::tuple<double, double, double, int>;
    int best = -1;
    int fallback = -1;
    Key bestKey{};
    Key fallbackKey{};
    for (int i = 0; i < n; ++i) {
        if (i == from)
            continue;
        const Block& c = plan.blocks[static_cast<std::size_t>(i)];
        const Span along = horizontal ? timeOf(c) : addressOf(c);
        const Span across = horizontal ? addressOf(c) : timeOf(c);
        const double ahead = forward ? along.centre() - sAlong.centre() : sAlong.centre() - along.centre();
        if (ahead <= 0.0)
            continue; // not that way
        const double acrossDistance = std::abs(across.centre() - sAcross.centre());
        if (overlaps(across, sAcross)) {
            const Key key{gapBetween(along, sAlong), ahead, acrossDistance, i};
            if (best < 0 || key < bestKey) {
                best = i;
                bestKey = key;
            }
        } else {
            const Key key{gapBetween(across, sAcross), gapBetween(along, sAlong), ahead, i};
            if (fallback < 0 || key < fallbackKey) {
                fallback = i;
                fallbackKey = key;
            }
        }
    }
    return best >= 0 ? best : fallback;
}

} // namespace memlens
