#pragma once
// What an expression of a kernel is worth to its scan (kernel_scan.cpp): a tile and its shape,
// a constexpr, a number, a tuple, or unknown; and how two tiles broadcast.
#include "core/kernel_source/kernel_scan.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace memlens::kernel_scan {

struct Value {
    enum class Kind { Unknown, Tile, Constexpr, Number, Tuple };
    Kind kind = Kind::Unknown;
    TileShape shape;           // Tile (a scalar tile has no axes)
    std::string constexprName; // Constexpr
    std::int64_t number = 0;   // Number
    std::vector<Value> items;  // Tuple
};

Value unknown();
Value tile(TileShape shape);
// Broadcasting, right-aligned: an axis of size 1 takes the other's; two sized axes keep every candidate.
TileAxis broadcastAxis(const TileAxis& a, const TileAxis& b);
// Two tiles' shape together; a tile beside a non-tile is the tile; two non-tiles are unknown.
Value broadcast(const Value& a, const Value& b);

} // namespace memlens::kernel_scan
