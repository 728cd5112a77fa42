#pragma once
// Two sources are the same in every member (BlockSource has no operator==: the
// program never compares whole sources).
#include "core/source/source_linker.hpp"

#include <catch2/catch.hpp>

namespace memlens::test {

inline void checkSameSource(const BlockSource& got, const BlockSource& expected)
{
    CHECK(got.ir == expected.ir);
    CHECK(got.irLines == expected.irLines);
    CHECK(got.python == expected.python);
    CHECK(got.pythonFrames == expected.pythonFrames);
    CHECK(got.chain == expected.chain);
    CHECK(got.pythonLocalPath == expected.pythonLocalPath);
    CHECK(got.note == expected.note);
}

} // namespace memlens::test
