// The one table of chips and memory spaces (core/base/chip_table.hpp): every reader of a
// space's name (the planner, the planner check, the log scan, the dump's scope warning and
// the capacity) asks it, so these are the answers they all share.
#include "core/base/chip_table.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("local spaces are the ones the planner places", "[chip_table]")
{
    for (const char* local : {"ub", "cbuf", "cc", "ca", "cb", "ssbuf"})
        CHECK(isLocalSpace(local));
    CHECK_FALSE(isLocalSpace("gm"));
    CHECK_FALSE(isLocalSpace("l1")); // not a name the IR gives L1: that is cbuf
    CHECK_FALSE(isLocalSpace(""));
    CHECK_FALSE(isLocalSpace("ubx"));
}

TEST_CASE("known spaces are the local ones and global memory", "[chip_table]")
{
    CHECK(isKnownSpace("gm"));
    CHECK(isKnownSpace("ssbuf"));
    CHECK_FALSE(isKnownSpace("l0a"));
    CHECK_FALSE(isKnownSpace("UB"));
}

TEST_CASE("a memref type names a local space only with the whole name", "[chip_table]")
{
    CHECK(mentionsLocalSpace("%a = memref.alloc() : memref<16xf16, #hivm.address_space<ub>>"));
    CHECK(mentionsLocalSpace("memref<16xf16, #hivm.address_space<gm>>, memref<8xf32, #hivm.address_space<cb>>"));
    CHECK_FALSE(mentionsLocalSpace("memref<16xf16, #hivm.address_space<gm>>"));
    CHECK_FALSE(mentionsLocalSpace("memref<16xf16, #hivm.address_space<ubx>>"));
    CHECK_FALSE(mentionsLocalSpace("address_space<ub")); // no closing bracket
    CHECK_FALSE(mentionsLocalSpace("ub cbuf cc"));
}

TEST_CASE("a chip's sized spaces are UB, L1 and L0C", "[chip_table]")
{
    const ChipSpec& a2 = chipSpec(ChipFamily::A2A3);
    REQUIRE(a2.space("ub"));
    CHECK(a2.space("ub")->capacityBits == 1572864);
    CHECK(a2.space("cbuf")->capacityBits == 4194304);
    CHECK(a2.space("cc")->alignBits == 4096);
    CHECK(a2.space("ca") == nullptr);
    CHECK(a2.space("gm") == nullptr);
    CHECK(chipSpec(ChipFamily::Ascend950).space("ub")->capacityBits == 2031616);
}
