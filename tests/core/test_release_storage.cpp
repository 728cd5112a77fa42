#include "core/base/release_storage.hpp"
#include "core/dump/dump_model.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <unordered_set>
#include <vector>

using memlens::releaseStorage;

TEST_CASE("releaseStorage gives back a vector's block, where `= {}` keeps it", "[base]")
{
    std::vector<int> assigned(100000, 1);
    assigned = {};
    CHECK(assigned.capacity() >= 100000); // what the initializer-list assignment does

    std::vector<int> released(100000, 1);
    releaseStorage(released);
    CHECK(released.empty());
    CHECK(released.capacity() == 0);
}

TEST_CASE("releaseStorage gives back a hash set's buckets and a string's text", "[base]")
{
    const std::size_t freshBuckets = std::unordered_set<std::string>().bucket_count();
    std::unordered_set<std::string> keys;
    for (int i = 0; i < 5000; ++i)
        keys.insert(std::to_string(i));
    REQUIRE(keys.bucket_count() > freshBuckets);
    releaseStorage(keys);
    CHECK(keys.empty());
    CHECK(keys.bucket_count() == freshBuckets);

    std::string text(1 << 20, 'x');
    releaseStorage(text);
    CHECK(text.empty());
    CHECK(text.capacity() == std::string().capacity());
}

TEST_CASE("a block is 40 bytes: its copy and flag share a word", "[base]")
{
    // A million-block plan holds a million of them from the load to the end.
    CHECK(sizeof(memlens::Block) == 40);
    memlens::Block block;
    block.copy = (1 << 30) - 1; // the most copies a buffer may have: kMaxBufferCopies
    block.tmp = true;
    CHECK(block.copy == (1 << 30) - 1);
    CHECK(block.tmp);
    CHECK(memlens::kMaxBufferCopies == std::size_t(1) << 30);
}
