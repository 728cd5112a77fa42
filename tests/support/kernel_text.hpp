#pragma once
// What the kernel-source tests read back, as short text to compare: a line's tile axes
// and a buffer's dimension names.
#include "core/kernel_source/kernel_scan.hpp"
#include "core/kernel_source/tile_names.hpp"

#include <string>

namespace memlens::test {

// "BLOCK_M@12,HEAD_DIM@14": each axis's constexprs and the line that sized it, 1 for a broadcast axis.
inline std::string describe(const KernelScan& scan, int line)
{
    const auto it = scan.shapeAtLine.find(line);
    if (it == scan.shapeAtLine.end())
        return "none";
    std::string text;
    for (const TileAxis& axis : it->second.axes) {
        if (!text.empty())
            text += ",";
        if (axis.one) {
            text += "1";
            continue;
        }
        std::string names;
        for (const std::string& name : axis.constexprs)
            names += (names.empty() ? "" : "|") + name;
        text += (names.empty() ? "?" : names) + "@" + std::to_string(axis.line);
    }
    return text;
}

// "BLOCK_M,BLOCK_K" for buffer `b`: each dimension's name, "-" when none.
inline std::string namesOf(const TileNames& names, std::size_t b)
{
    std::string text;
    for (const TileName& name : names.dims.at(b))
        text += (text.empty() ? "" : ",") + (name.empty() ? std::string("-") : name.text());
    return text;
}

} // namespace memlens::test
