// A document is shared by threads once loaded: the window's, a what-if job's, the next
// what-if's. Its IR index must never be written after it is built, or two what-ifs opened
// quickly race on it. This suite links only the lowest rooms so that scripts/test.sh can
// build and run it under ThreadSanitizer in a minute; in the other builds it checks that
// both threads see the same sources.
#define CATCH_CONFIG_MAIN
#include "core/source/file_finder.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/source_linker.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

using namespace memlens;

namespace {

constexpr int kLocations = 3000;

// IR whose op locations all go through aliases: a name over a file location, called from
// the next file location.
std::string aliasedIr()
{
    std::string text;
    for (int i = 0; i <= kLocations; ++i)
        text += "#file" + std::to_string(i) + " = loc(\"/work/kernel.py\":" + std::to_string(i + 1) + ":7)\n";
    for (int i = 0; i < kLocations; ++i) {
        const std::string n = std::to_string(i);
        text += "#name" + n + " = loc(\"v" + n + "\"(#file" + n + "))\n";
        text += "#call" + n + " = loc(callsite(#name" + n + " at #file" + std::to_string(i + 1) + "))\n";
    }
    text += "module {\n  func.func @k() {\n";
    for (int i = 0; i < kLocations; ++i)
        text += "    %alloc_" + std::to_string(i)
            + " = memref.alloc() : memref<16xf32, #hivm.address_space<ub>> loc(#call" + std::to_string(i) + ")\n";
    text += "    return\n  }\n}\n";
    return text;
}

std::vector<std::string> pythonLines(const IrIndex& index, const FileFinder& finder, bool reverse)
{
    SourceLinker linker(&index, &finder);
    std::vector<std::string> lines(kLocations);
    for (int k = 0; k < kLocations; ++k) {
        const int i = reverse ? kLocations - 1 - k : k;
        const BlockSource& source = linker.link("loc(#call" + std::to_string(i) + ")");
        lines[i] = source.python ? source.python->file + ":" + std::to_string(source.python->line) : "";
    }
    return lines;
}

} // namespace

TEST_CASE("two linkers on one IR index from two threads see the same sources", "[race]")
{
    const IrIndex index = IrIndex::build(aliasedIr(), "/work/kernel.ttadapter");
    const FileFinder finder;
    std::vector<std::string> forward;
    std::vector<std::string> backward;
    std::thread first([&] { forward = pythonLines(index, finder, false); });
    std::thread second([&] { backward = pythonLines(index, finder, true); });
    first.join();
    second.join();
    REQUIRE(forward.size() == static_cast<std::size_t>(kLocations));
    CHECK(forward.front() == "/work/kernel.py:1");
    CHECK(forward.back() == "/work/kernel.py:" + std::to_string(kLocations));
    CHECK(forward == backward);
    CHECK(forward == pythonLines(index, finder, false));
}
