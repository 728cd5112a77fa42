#pragma once
// The block an arrow key moves the selection to, found in space: blocks are
// rectangles (x: ops [start, end + 1), y: bytes [offset, offset + size)), and
// every direction works alike.
#include <optional>

namespace memlens {

struct ScopePlan;

enum class NavDirection { Left, Right, Up, Down };

// The neighbour of block `from` in `direction`, or -1 when there is none.
// Candidates lie that way (their centre beyond `from`'s). Those on the same band
// (Left/Right: sharing addresses; Up/Down: live at the same time) come first,
// nearest by the gap between the rectangles, then by the distance of the
// centres along and across the direction; without any on the band, the one
// nearest the band. Ties go to the lower block index.
int neighbourBlock(const ScopePlan& plan, int from, NavDirection direction);

} // namespace memlens
