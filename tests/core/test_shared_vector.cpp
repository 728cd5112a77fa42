// SharedVector: copies share their elements until one is changed.
#include "core/base/shared_vector.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace memlens;

TEST_CASE("a copy of a shared vector shares its elements until one side changes", "[shared]")
{
    SharedVector<std::string> original{"a", "b", "c"};
    const SharedVector<std::string> copy = original;
    CHECK(copy.sharesWith(original));
    CHECK(&copy[0] == &std::as_const(original)[0]); // reading copies nothing

    original[1] = "B"; // a change takes a private copy first
    CHECK_FALSE(copy.sharesWith(original));
    CHECK(copy.items() == std::vector<std::string>{"a", "b", "c"});
    CHECK(original.items() == std::vector<std::string>{"a", "B", "c"});

    SharedVector<std::string> second = copy;
    second.push_back("d");
    second.erase(std::as_const(second).begin()); // an iterator into the elements still shared with `copy`
    CHECK(second.items() == std::vector<std::string>{"b", "c", "d"});
    CHECK(copy.size() == 3);
}

TEST_CASE("a shared vector reads like a vector and changes alone when it is not shared", "[shared]")
{
    SharedVector<int> numbers;
    CHECK(numbers.empty());
    CHECK(numbers.begin() == numbers.end());
    numbers.push_back(1);
    numbers.emplace_back(2);
    const int* before = std::as_const(numbers).data();
    numbers[0] = 5; // not shared: no copy
    CHECK(std::as_const(numbers).data() == before);
    CHECK(numbers.front() == 5);
    CHECK(numbers.back() == 2);
    int sum = 0;
    for (const int n : std::as_const(numbers))
        sum += n;
    CHECK(sum == 7);
    const std::vector<int>& asVector = numbers;
    CHECK(asVector == std::vector<int>{5, 2});
    SharedVector<int> moved = std::move(numbers);
    CHECK(moved.size() == 2);
    moved.clear();
    CHECK(moved.empty());
    CHECK(moved == SharedVector<int>{});
}
