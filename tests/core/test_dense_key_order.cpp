// DenseKeyOrder and DenseRanks: counting instead of sorting, only for keys that span few values.
#include "core/base/dense_key_order.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
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
    // 1000 keys: up to 2 * 1000 + 4096 slots. A key 1 off the others makes the stride 1.
    std::vector<std::int64_t> keys(1000, 7);
    keys[1] = 8;
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

namespace {

// An item that remembers where it was offered, so that the order among equal keys can be checked.
struct Offered {
    std::int64_t key = 0;
    int position = -1;
};

std::vector<Offered> ordered(const std::vector<std::int64_t>& keys, const std::atomic<bool>* cancel = nullptr)
{
    return orderByKey<std::int64_t, Offered>(
        keysOf(keys),
        [&keys](const auto& visit) {
            for (std::size_t i = 0; i < keys.size(); ++i)
                visit(Offered{keys[i], static_cast<int>(i)});
        },
        [](const Offered& item) { return item.key; }, cancel);
}

void checkStablyOrdered(const std::vector<std::int64_t>& keys, const std::vector<Offered>& items)
{
    std::vector<int> expected(keys.size());
    std::iota(expected.begin(), expected.end(), 0);
    std::stable_sort(expected.begin(), expected.end(), [&keys](int a, int b) { return keys[a] < keys[b]; });
    REQUIRE(items.size() == keys.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        CHECK(items[i].position == expected[i]);
        CHECK(items[i].key == keys[static_cast<std::size_t>(expected[i])]);
    }
}

} // namespace

TEST_CASE("orderByKey counts dense keys and sorts spread ones, equal keys in the order offered both ways", "[dense]")
{
    std::mt19937 random(11);
    for (int round = 0; round < 10; ++round) {
        std::vector<std::int64_t> dense = randomKeys(random);
        REQUIRE(DenseKeyOrder<std::int64_t>::of(keysOf(dense))); // the counting path
        checkStablyOrdered(dense, ordered(dense));

        std::vector<std::int64_t> spread = dense;
        for (std::int64_t& key : spread)
            key = key * 1'000'000'007 + (key % 3);                      // far apart, equal keys stay equal
        REQUIRE_FALSE(DenseKeyOrder<std::int64_t>::of(keysOf(spread))); // the sorting path
        checkStablyOrdered(spread, ordered(spread));
    }
    CHECK(ordered({}).empty());
}

TEST_CASE("keys aligned alike are counted in units of their stride, one key off it is left to a sort", "[dense]")
{
    // 1000 addresses of 32-byte buffers over 96,000 bytes: 3,000 units of 32, within 2 * 1000 + 4096.
    std::mt19937 random(17);
    std::vector<std::int64_t> keys(1000);
    for (std::int64_t& key : keys)
        key = static_cast<std::int64_t>(random() % 3000) * 32 - 50'016; // negative too, all 32 apart
    REQUIRE(DenseKeyOrder<std::int64_t>::of(keysOf(keys)));
    checkStablyOrdered(keys, ordered(keys));
    const auto ranks = DenseRanks<std::int64_t>::of(keysOf(keys));
    REQUIRE(ranks);
    std::vector<std::int64_t> distinct = keys;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    CHECK(ranks->values() == distinct);
    for (const std::int64_t key : keys)
        CHECK(distinct[ranks->rankOf(key)] == key);

    keys[500] += 4; // now 4 apart somewhere: 24,000 units, too many
    CHECK_FALSE(DenseKeyOrder<std::int64_t>::of(keysOf(keys)));
    CHECK_FALSE(DenseRanks<std::int64_t>::of(keysOf(keys)));
    checkStablyOrdered(keys, ordered(keys));
}

TEST_CASE("orderByKey's sort stops when its cancel flag is set", "[dense]")
{
    std::vector<std::int64_t> spread(300'000);
    std::mt19937_64 random(5);
    for (std::int64_t& key : spread)
        key = static_cast<std::int64_t>(random() >> 8);
    const std::atomic<bool> cancelled{true};
    CHECK_THROWS_AS(ordered(spread, &cancelled), LoadCancelled);
    const std::atomic<bool> running{false};
    CHECK(ordered(spread, &running).size() == spread.size());
    // Counting needs no comparisons and is not stopped midway.
    CHECK(ordered(std::vector<std::int64_t>(1000, 4), &cancelled).size() == 1000);
}

TEST_CASE("key ranks are the same by table for dense keys and by search for spread ones", "[dense]")
{
    const std::vector<std::int64_t> dense{7, 3, 3, 9, 4, 7, 12};
    std::vector<std::int64_t> spread;
    for (const std::int64_t key : dense)
        spread.push_back(key * 1'000'000'007 + key % 3); // far apart and of no common stride
    const KeyRanks<std::int64_t> byTable(keysOf(dense));
    const KeyRanks<std::int64_t> bySearch(keysOf(spread));
    CHECK(byTable.values() == std::vector<std::int64_t>{3, 4, 7, 9, 12});
    REQUIRE(bySearch.values().size() == 5);
    for (std::size_t i = 0; i < dense.size(); ++i) {
        CHECK(bySearch.rankOf(spread[i]) == byTable.rankOf(dense[i]));
        CHECK(bySearch.values()[bySearch.rankOf(spread[i])] == spread[i]);
    }
    CHECK(byTable.rankOf(12) == 4);
}
