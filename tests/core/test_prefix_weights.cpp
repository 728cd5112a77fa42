// PrefixWeights: weights by position in lines of 16 under a tree of line sums, against a plain array.
#include "core/base/prefix_weights.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

using namespace memlens;

namespace {
std::uint32_t plainSumBelow(const std::vector<std::uint32_t>& weights, std::size_t count)
{
    return std::accumulate(weights.begin(), weights.begin() + static_cast<std::ptrdiff_t>(count), std::uint32_t(0));
}
} // namespace

TEST_CASE("prefix weights give the sums of a plain array through adds and removals", "[prefix-weights]")
{
    // Sizes around a line (16) and a few lines, and one past several levels of the tree.
    for (const std::size_t size : {1u, 2u, 15u, 16u, 17u, 31u, 32u, 33u, 255u, 256u, 257u, 4099u}) {
        CAPTURE(size);
        PrefixWeights tree(size);
        std::vector<std::uint32_t> plain(size, 0);
        std::mt19937 random(static_cast<std::uint32_t>(size));
        std::uniform_int_distribution<std::size_t> anyPosition(0, size - 1);
        std::vector<std::pair<std::size_t, std::uint32_t>> added;
        for (int step = 0; step < 3000; ++step) {
            if (added.empty() || random() % 3 != 0) {
                const std::size_t position = anyPosition(random);
                const std::uint32_t weight = 1 + random() % 1000;
                tree.add(position, weight);
                plain[position] += weight;
                added.emplace_back(position, weight);
            } else { // take back one added earlier: the sums wrap through 2^32 and come back
                const std::size_t pick = random() % added.size();
                const auto [position, weight] = added[pick];
                added.erase(added.begin() + static_cast<std::ptrdiff_t>(pick));
                tree.remove(position, weight);
                plain[position] -= weight;
            }
            const std::size_t count = random() % (size + 1);
            REQUIRE(tree.sumBelow(count) == plainSumBelow(plain, count));
        }
        for (std::size_t count = 0; count <= size; ++count)
            REQUIRE(tree.sumBelow(count) == plainSumBelow(plain, count));
    }
}

TEST_CASE("prefix weights hold totals up to 2^32 - 1", "[prefix-weights]")
{
    PrefixWeights tree(40);
    tree.add(3, 0x7fffffffu);
    tree.add(39, 0x7fffffffu);
    tree.add(20, 1);
    CHECK(tree.sumBelow(40) == 0xffffffffu);
    CHECK(tree.sumBelow(21) == 0x80000000u);
    tree.remove(3, 0x7fffffffu);
    CHECK(tree.sumBelow(40) == 0x80000000u);
    CHECK(tree.sumBelow(4) == 0);
}
