// ClassNumbering: equal items share a number, classes numbered as first seen.
#include "core/base/class_numbering.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using namespace memlens;

namespace {

std::vector<int> numbered(const std::vector<int>& values, bool collide)
{
    const auto hash = [&](int item) {
        return collide ? std::uint64_t{7}
                       : static_cast<std::uint64_t>(values[static_cast<std::size_t>(item)]) * 0x9e3779b97f4a7c15ull;
    };
    const auto equal
        = [&](int a, int b) { return values[static_cast<std::size_t>(a)] == values[static_cast<std::size_t>(b)]; };
    ClassNumbering classes(values.size(), hash, equal);
    std::vector<int> numbers;
    for (std::size_t i = 0; i < values.size(); ++i)
        numbers.push_back(classes.numberOf(static_cast<int>(i)));
    return numbers;
}

} // namespace

TEST_CASE("equal items share a number and classes are numbered in the order first seen", "[classes]")
{
    const std::vector<int> values{40, 7, 40, 3, 7, 7, 99};
    const std::vector<int> expected{0, 1, 0, 2, 1, 1, 3};
    CHECK(numbered(values, false) == expected);
    CHECK(numbered(values, true) == expected); // every hash equal: the items themselves decide
}

TEST_CASE("class numbers agree with a plain map on many items", "[classes]")
{
    std::mt19937 random(9);
    std::vector<int> values(20000);
    for (int& value : values)
        value = static_cast<int>(random() % 3000);
    const std::vector<int> numbers = numbered(values, false);
    std::vector<int> firstValue; // class -> its value
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto number = static_cast<std::size_t>(numbers[i]);
        if (number == firstValue.size())
            firstValue.push_back(values[i]); // a new class is the next number
        REQUIRE(number < firstValue.size());
        CHECK(firstValue[number] == values[i]);
    }
    std::vector<int> distinct = values;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    CHECK(firstValue.size() == distinct.size());
}
