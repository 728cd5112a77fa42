#pragma once
// What hostile IR can make the MLIR reader build: past maxValues values or maxOps ops the
// rest of the text is not read (with a note), and an op keeps at most 4096 results.
#include <cstddef>

namespace memlens::planner {

struct ReadBounds {
    std::size_t maxValues = 250000;
    std::size_t maxOps = 250000;
    std::size_t tokensHeldAtMost = 0; // out: the most tokens held at once (a few hundred at most)
};

} // namespace memlens::planner
