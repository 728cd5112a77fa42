// DenseKeyOrder: a stable counting placement, only for keys that span few values.
#include "core/dense_key_order.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

using namespace memlens;

TEST_CASE("dense keys are placed in ascending order, equal keys in the order offered", "[dense]")
{
    std::mt19937 random(3);
    for (int round = 0; round < 20; ++round) {
        std::vector<std::int64_t> keys(1 + random() % 500);
        for (std::int64_t& key : keys)
            key = static_cast<std::int64_t>(random() % 300) - 150; // negative keys too
        const auto [lowest, highest] = std::minmax_element(keys.begin(), keys.end());
        auto order = DenseKeyOrder<std::int64_t>::over(*lowest, *highest, keys.size());
        REQUIRE(order);
        for (const std::int64_t key : keys)
            order->count(key);
        order->finishCounting();
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

TEST_CASE("keys spread over more than two values per item are left to a sort", "[dense]")
{
    CHECK(DenseKeyOrder<std::int64_t>::over(0, 2 * 1000 + 4095, 1000));
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::over(0, 2 * 1000 + 4096, 1000));
    CHECK_FALSE(DenseKeyOrder<std::uint64_t>::over(0, std::uint64_t(-1), 1000));
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::over(
        std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), 1000));
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::over(5, 4, 10)); // no keys between
}
