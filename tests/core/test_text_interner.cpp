// The interning table behind a dump's location texts: one copy per distinct text,
// shared by pointer, kept alive by any holder, found again after the table grows.
#include "core/base/text_interner.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

using namespace memlens;

TEST_CASE("equal texts share one copy and one index, different texts do not", "[interner]")
{
    TextInterner interner;
    const auto a = interner.intern("loc(\"/src/kernel.py\":12:4)");
    const auto b = interner.intern(std::string("loc(\"/src/kernel.py\":12:4)"));
    const auto c = interner.intern("loc(\"/src/kernel.py\":12:5)");
    CHECK(a.get() == b.get());
    CHECK(a.get() != c.get());
    CHECK(*c == "loc(\"/src/kernel.py\":12:5)");
    CHECK(interner.indexOf("loc(\"/src/kernel.py\":12:4)") == 0);
    CHECK(interner.indexOf("loc(\"/src/kernel.py\":12:5)") == 1);
    CHECK(interner.indexOf("") == 2); // the empty text is a text like any other
    CHECK(interner.size() == 3);
    CHECK(interner[1] == "loc(\"/src/kernel.py\":12:5)");
}

TEST_CASE("the interned texts stay where they are and are found again as the table grows", "[interner]")
{
    TextInterner interner;
    std::vector<const std::string*> first;
    for (int i = 0; i < 20000; ++i)
        first.push_back(
            interner.intern("loc(\"/tmp/k.py\":" + std::to_string(i / 80) + ":" + std::to_string(i % 80) + ")").get());
    REQUIRE(interner.size() == 20000);
    for (int i = 0; i < 20000; i += 7) {
        const std::string text = "loc(\"/tmp/k.py\":" + std::to_string(i / 80) + ":" + std::to_string(i % 80) + ")";
        CHECK(interner.indexOf(text) == static_cast<std::uint32_t>(i));
        CHECK(interner.intern(text).get() == first[static_cast<std::size_t>(i)]);
        CHECK(*first[static_cast<std::size_t>(i)] == text);
    }
    CHECK(interner.size() == 20000);
}

TEST_CASE("an interned text outlives its table, and all texts share one owner", "[interner]")
{
    std::shared_ptr<const std::string> kept;
    std::shared_ptr<const std::string> other;
    {
        TextInterner interner;
        kept = interner.intern("loc(\"/src/a_rather_long_file_name.py\":1:1)");
        other = interner.intern("loc(\"/src/b.py\":2:2)");
        // No control block per text: holding one text holds the store of all of them.
        CHECK(kept.use_count() == other.use_count());
    }
    CHECK(*kept == "loc(\"/src/a_rather_long_file_name.py\":1:1)");
    CHECK(*other == "loc(\"/src/b.py\":2:2)");
    CHECK(kept.use_count() == 2);
}

TEST_CASE("text slots number distinct texts kept by the caller in the order first seen", "[interner]")
{
    std::vector<std::string> owned;
    for (int i = 0; i < 5000; ++i)
        owned.push_back("loc(\"k.py\":" + std::to_string(i % 1777) + ":1)");
    TextSlots slots;
    std::vector<std::string_view> kept;
    std::map<std::string, std::uint32_t> expected;
    for (const std::string& text : owned) {
        const auto [index, added] = slots.find(text, kept.size(), [&kept](std::uint32_t i) { return kept[i]; });
        const auto [it, fresh] = expected.try_emplace(text, static_cast<std::uint32_t>(expected.size()));
        CHECK(added == fresh);
        CHECK(index == it->second);
        if (added)
            kept.push_back(text);
    }
    CHECK(kept.size() == expected.size());
    CHECK(kept.size() == 1777); // past the first slots' size: found again after growing
}
