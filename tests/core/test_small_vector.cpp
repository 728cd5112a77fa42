// SmallVector: up to `Inline` values inside the vector itself, more on the heap.
#include "core/base/small_vector.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <utility>
#include <vector>

using namespace memlens;
using Offsets = SmallVector<std::uint64_t, 2>;

namespace {
bool storedInside(const Offsets& values)
{
    const auto* self = reinterpret_cast<const unsigned char*>(&values);
    const auto* first = reinterpret_cast<const unsigned char*>(values.data());
    return first >= self && first < self + sizeof(values);
}
} // namespace

TEST_CASE("a small vector keeps its first values inside itself and moves to the heap past them", "[small]")
{
    Offsets values;
    CHECK(values.empty());
    values.push_back(10);
    values.push_back(20);
    CHECK(storedInside(values));
    CHECK(values.capacity() == 2);

    values.push_back(30); // the third value leaves the inline room
    CHECK_FALSE(storedInside(values));
    CHECK(values.capacity() >= 3);
    CHECK(values == std::vector<std::uint64_t>{10, 20, 30});
    CHECK(values.front() == 10);

    values.push_back(values[0]); // a value read from the vector while it grows again
    values.push_back(values[1]);
    CHECK(values == std::vector<std::uint64_t>{10, 20, 30, 10, 20});

    values.clear();
    CHECK(values.empty());
    values.resize(3, 7);
    CHECK(values == std::vector<std::uint64_t>{7, 7, 7});
}

TEST_CASE("copies and moves of a small vector own their values, inline or on the heap", "[small]")
{
    for (const std::vector<std::uint64_t> source :
        {std::vector<std::uint64_t>{1}, std::vector<std::uint64_t>{1, 2, 3, 4}}) {
        Offsets original;
        original = source;
        Offsets copy = original;
        CHECK(copy == original);
        copy[0] = 99; // a copy changes alone
        CHECK(original[0] == 1);

        Offsets moved = std::move(original);
        CHECK(moved == source);
        CHECK(original.empty()); // NOLINT(bugprone-use-after-move): a moved-from vector is empty and usable
        original.push_back(5);
        CHECK(original == std::vector<std::uint64_t>{5});

        Offsets assigned{8, 9, 10};
        assigned = moved;
        CHECK(assigned == source);
        auto& alias = assigned;
        assigned = alias; // self-assignment keeps the values
        CHECK(assigned == source);
        assigned = std::move(moved);
        CHECK(assigned == source);
        assigned = {4};
        CHECK(assigned == std::vector<std::uint64_t>{4});
        CHECK(storedInside(assigned) == (assigned.capacity() == 2));
    }
}

TEST_CASE("small vectors compare by their values, not by where they keep them", "[small]")
{
    Offsets grown{1, 2, 3};
    grown.resize(2); // on the heap, two values
    const Offsets inlineTwo{1, 2};
    CHECK_FALSE(storedInside(grown));
    CHECK(storedInside(inlineTwo));
    CHECK(grown == inlineTwo);
    CHECK_FALSE(grown == Offsets{1, 3});
    CHECK_FALSE(grown == Offsets{1, 2, 3});
    Offsets zeros;
    zeros.resize(2);
    CHECK(zeros == std::vector<std::uint64_t>{0, 0});
}
