// A sort a load's cancel flag stops midway (the analysis sorts millions of events).
#include "core/base/cancellable_sort.hpp"
#include "core/base/cancellation.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <random>
#include <vector>

using namespace memlens;

namespace {

std::vector<int> shuffled(std::size_t count)
{
    std::vector<int> values(count);
    for (std::size_t i = 0; i < count; ++i)
        values[i] = static_cast<int>(i);
    std::shuffle(values.begin(), values.end(), std::mt19937(3));
    return values;
}

} // namespace

TEST_CASE("a cancellable sort sorts like std::sort while the flag is down", "[cancel]")
{
    std::vector<int> values = shuffled(300000);
    std::atomic<bool> cancel{false};
    sortCancellably(values.begin(), values.end(), std::greater<>(), &cancel);
    CHECK(std::is_sorted(values.begin(), values.end(), std::greater<>()));
    std::vector<int> noFlag = shuffled(1000);
    sortCancellably(noFlag.begin(), noFlag.end(), std::less<>(), nullptr);
    CHECK(std::is_sorted(noFlag.begin(), noFlag.end()));
}

TEST_CASE("a cancellable sort stops with LoadCancelled once the flag is up", "[cancel]")
{
    std::vector<int> values = shuffled(300000);
    std::atomic<bool> cancel{true};
    std::size_t comparisons = 0;
    CHECK_THROWS_AS(sortCancellably(
                        values.begin(), values.end(),
                        [&comparisons](int a, int b) {
                            ++comparisons;
                            return a < b;
                        },
                        &cancel),
        LoadCancelled);
    CHECK(comparisons < 70000); // stopped at the first look, not at the end (millions)
}
