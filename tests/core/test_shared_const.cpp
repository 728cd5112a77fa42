#include "core/base/shared_const.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using memlens::SharedConst;

namespace {
// Counts the values alive, to see when the last holder lets go.
struct Counted {
    static inline int alive = 0;
    std::string text;
    explicit Counted(std::string t)
        : text(std::move(t))
    {
        ++alive;
    }
    Counted(const Counted& other)
        : text(other.text)
    {
        ++alive;
    }
    ~Counted() { --alive; }
};
} // namespace

TEST_CASE("a shared constant is one pointer, shared by its copies, freed with the last", "[base]")
{
    static_assert(sizeof(SharedConst<std::string>) == sizeof(void*));
    Counted::alive = 0;
    {
        SharedConst<Counted> first = SharedConst<Counted>::make("memref<16xf16>");
        CHECK(Counted::alive == 1);
        std::vector<SharedConst<Counted>> holders(1000, first);
        CHECK(Counted::alive == 1);
        CHECK(holders.back() == first); // the same value, not a copy of it
        CHECK(holders.back()->text == "memref<16xf16>");
        SharedConst<Counted> moved = std::move(holders.front());
        CHECK_FALSE(holders.front());
        CHECK(moved.get() == first.get());
        first.reset();
        CHECK_FALSE(first);
        holders.clear();
        CHECK(Counted::alive == 1); // `moved` still holds it
        CHECK((*moved).text == "memref<16xf16>");
        moved = SharedConst<Counted>::make("other");
        CHECK(Counted::alive == 1); // the first went with its last holder
        CHECK(moved->text == "other");
        moved = moved; // assigned to itself: still held
        CHECK(moved->text == "other");
    }
    CHECK(Counted::alive == 0);
    const SharedConst<Counted> none;
    CHECK(none.get() == nullptr);
    CHECK(none == SharedConst<Counted>(nullptr));
}
