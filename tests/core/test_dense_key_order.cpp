// DenseKeyOrder and DenseRanks: counting instead of sorting, only for keys that span few values.
#include "core/dense_key_order.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

using namespace memlens;

namespace {

// forEachKey over a vector of keys.
template <typename Key> auto keysOf(const std::vector<Key>& keys)
{
    return [&keys](const auto& visit) {
        for (const Key key : keys)
            visit(key);
    };
}

std::vector<std::int64_t> randomKeys(std::mt19937& random)
{
    std::vector<std::int64_t> keys(1 + random() % 500);
    for (std::int64_t& key : keys)
        key = static_cast<std::int64_t>(random() % 300) - 150; // negative keys too
    return keys;
}

} // namespace

TEST_CASE("dense keys are placed in ascending order, equal keys in the order offered", "[dense]")
{
    std::mt19937 random(3);
    for (int round = 0; round < 20; ++round) {
        const std::vector<std::int64_t> keys = randomKeys(random);
        auto order = DenseKeyOrder<std::int64_t>::of(keysOf(keys));
        REQUIRE(order);
        CHECK(order->size() == keys.size());
        std::vector<std::size_t> placed(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i)
            placed[order->place(keys[i])] = i;
        std::vector<std::size_t> expected(keys.size());
        std::iota(expected.begin(), expected.end(), 0);
        std::stable_sort(
            expected.begin(), expected.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
        CHECK(placed == expected);
    }
}

TEST_CASE("dense keys are ranked among the distinct ones, ascending", "[dense]")
{
    std::mt19937 random(5);
    for (int round = 0; round < 20; ++round) {
        const std::vector<std::int64_t> keys = randomKeys(random);
        const auto ranks = DenseRanks<std::int64_t>::of(keysOf(keys));
        REQUIRE(ranks);
        std::vector<std::int64_t> distinct = keys;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        CHECK(ranks->count() == distinct.size());
        CHECK(ranks->values() == distinct);
        for (const std::int64_t key : keys)
            CHECK(distinct[ranks->rankOf(key)] == key);
    }
}

TEST_CASE("keys spread over more than two values per key are left to a sort", "[dense]")
{
    // 1000 keys: up to 2 * 1000 + 4096 slots.
    std::vector<std::int64_t> keys(1000, 7);
    keys.back() = 7 + 2 * 1000 + 4095;
    CHECK(DenseKeyOrder<std::int64_t>::of(keysOf(keys)));
    CHECK(DenseRanks<std::int64_t>::of(keysOf(keys)));
    keys.back() = 7 + 2 * 1000 + 4096;
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::of(keysOf(keys)));
    CHECK_FALSE(DenseRanks<std::int64_t>::of(keysOf(keys)));
    const std::vector<std::uint64_t> extremes{0, std::uint64_t(-1)};
    CHECK_FALSE(DenseKeyOrder<std::uint64_t>::of(keysOf(extremes)));
    const std::vector<std::int64_t> signedExtremes{
        std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
    CHECK_FALSE(DenseRanks<std::int64_t>::of(keysOf(signedExtremes)));
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::of(keysOf(std::vector<std::int64_t>{}))); // no keys
}
