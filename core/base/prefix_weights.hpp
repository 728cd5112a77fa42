#pragma once
// Weights by position, and the sum of those below a position, both changed and asked
// millions of times in one sweep. The weights sit in lines of 16 (one cache line of 32-bit
// values); a Fenwick tree over the lines sums whole lines. A Fenwick tree over every position
// of a million read about ten cache lines per step, most of them missed; here a step reads one
// line of weights, which can be fetched ahead, and the tree over the lines is a sixteenth the
// size (a million positions: 250 KB, which stays in the core's cache).
//
// Sums are kept modulo 2^32: every true sum is a total of weights, which the caller keeps
// below 2^32, so the wrapped arithmetic of a removal gives it back exactly.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace memlens {

class PrefixWeights {
public:
    static constexpr std::size_t kLineWeights = 16;

    explicit PrefixWeights(std::size_t size)
        : lines_((size + kLineWeights - 1) / kLineWeights)
        , lineSums_(lines_.size() + 1, 0)
    {
    }

    void add(std::size_t position, std::uint32_t weight) { change(position, weight); }
    void remove(std::size_t position, std::uint32_t weight) { change(position, 0u - weight); }

    // The sum of the weights at positions [0, count), count at most the size.
    std::uint32_t sumBelow(std::size_t count) const
    {
        const std::size_t line = count / kLineWeights;
        std::uint32_t sum = 0;
        for (std::size_t i = line; i > 0; i -= i & (~i + 1))
            sum += lineSums_[i];
        if (line < lines_.size())
            for (std::size_t at = 0; at < count % kLineWeights; ++at)
                sum += lines_[line].weights[at];
        return sum;
    }

    // Asks the memory for the line holding `position`, which a later step will read or change.
    void prefetch(std::size_t position) const
    {
        if (position / kLineWeights < lines_.size())
            __builtin_prefetch(&lines_[position / kLineWeights], 1);
    }

private:
    void change(std::size_t position, std::uint32_t delta)
    {
        lines_[position / kLineWeights].weights[position % kLineWeights] += delta;
        for (std::size_t i = position / kLineWeights + 1; i < lineSums_.size(); i += i & (~i + 1))
            lineSums_[i] += delta;
    }

    struct alignas(64) Line {
        std::uint32_t weights[kLineWeights] = {};
    };
    std::vector<Line> lines_;             // one cache line each
    std::vector<std::uint32_t> lineSums_; // a Fenwick tree over the lines, from index 1
};

} // namespace memlens
