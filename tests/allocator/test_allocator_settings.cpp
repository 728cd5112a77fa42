// The allocator setting, tested on glibc's own allocator: this program and the library are
// built without sanitizers even in the sanitized build, whose allocator would stand in.
#define CATCH_CONFIG_MAIN
#include "core/base/allocator_settings.hpp"
#include "core/base/work_thresholds.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

#include <malloc.h>

namespace {

// Bytes the allocator holds in blocks mapped on their own.
std::size_t mappedBytes() { return mallinfo2().hblkhd; }

// Touches every byte, so that the allocation is not optimised away and its pages are resident.
void* allocateTouched(std::size_t bytes)
{
    void* block = std::malloc(bytes);
    REQUIRE(block != nullptr);
    std::memset(block, 1, bytes);
    return block;
}

} // namespace

TEST_CASE("after a big block is freed, a later block of a few MiB is still mapped and given back", "[allocator]")
{
    memlens::keepLargeAllocationsMapped();
    // glibc's own rule would raise its threshold to 16 MiB here, and the 4 MiB block below
    // would come from the heap, resident after it is freed while anything above it is held.
    std::free(allocateTouched(std::size_t(16) << 20));

    const std::size_t before = mappedBytes();
    void* block = allocateTouched(std::size_t(4) << 20);
    CHECK(mappedBytes() >= before + (std::size_t(4) << 20));
    std::free(block);
    CHECK(mappedBytes() == before);
}

TEST_CASE("a block below the threshold stays in the heap", "[allocator]")
{
    memlens::keepLargeAllocationsMapped();
    const std::size_t before = mappedBytes();
    void* block = allocateTouched(memlens::kMappedAllocationBytes / 4);
    CHECK(mappedBytes() == before);
    std::free(block);
}
