#include "core/kernel_source/scan_value.hpp"

#include <algorithm>

namespace memlens::kernel_scan {

Value unknown() { return {}; }
Value tile(TileShape shape)
{
    Value v;
    v.kind = Value::Kind::Tile;
    v.shape = std::move(shape);
    return v;
}

TileAxis broadcastAxis(const TileAxis& a, const TileAxis& b)
{
    if (a.one)
        return b;
    if (b.one)
        return a;
    if (a.constexprs.empty())
        return b.constexprs.empty() && a.line == 0 ? b : a;
    if (b.constexprs.empty())
        return a;
    TileAxis out = a;
    for (const std::string& name : b.constexprs)
        if (std::find(out.constexprs.begin(), out.constexprs.end(), name) == out.constexprs.end())
            out.constexprs.push_back(name);
    std::sort(out.constexprs.begin(), out.constexprs.end());
    return out;
}

Value broadcast(const Value& a, const Value& b)
{
    if (a.kind != Value::Kind::Tile || b.kind != Value::Kind::Tile) {
        if (a.kind == Value::Kind::Tile)
            return a;
        if (b.kind == Value::Kind::Tile)
            return b;
        // Arithmetic on a constexpr (BLOCK_M * 2) is another size: not the constexpr's.
        return unknown();
    }
    const std::vector<TileAxis>& x = a.shape.axes;
    const std::vector<TileAxis>& y = b.shape.axes;
    const std::size_t rank = std::max(x.size(), y.size());
    TileShape out;
    out.axes.resize(rank);
    for (std::size_t i = 0; i < rank; ++i) {
        const bool hasX = i < x.size(), hasY = i < y.size();
        const TileAxis& ax = hasX ? x[x.size() - 1 - i] : y[y.size() - 1 - i];
        const TileAxis& ay = hasY ? y[y.size() - 1 - i] : ax;
        out.axes[rank - 1 - i] = broadcastAxis(ax, ay);
    }
    return tile(std::move(out));
}

} // namespace memlens::kernel_scan
