#include "core/analysis/capacity.hpp"
#include "core/source/ir_index.hpp"
#include "core/text/byte_size.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("capacity comes from the setting first", "[capacity]")
{
    const Capacity capacity
        = resolveCapacity(4096, "ub", "requires 8 bits while 16 bits available", std::string("Ascend910B3"));
    CHECK(capacity.bytes == 4096);
    CHECK(capacity.source == CapacitySource::Setting);
    CHECK(std::string(capacitySourceKey(capacity.source)) == "setting");
}

TEST_CASE("capacity comes from the error text's available bits before the target", "[capacity]")
{
    const Capacity capacity = resolveCapacity(std::nullopt, "ub",
        "ub overflow, requires 2097152 bits while 1572864 bits available! (possible reason: ...)",
        std::string("Ascend310B1"));
    CHECK(capacity.bytes == 196608);
    CHECK(capacity.source == CapacitySource::ErrorInfo);
    CHECK(describeCapacitySource(capacity) == "from the error message");
}

TEST_CASE("capacity comes from the IR's target when the error text has none", "[capacity]")
{
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::string("Ascend910B3")).bytes == 192 * 1024);
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::string("Ascend910_9382")).bytes == 192 * 1024);
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::string("Ascend310B4")).bytes == 256 * 1024);
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::string("Ascend910_9599")).bytes == 248 * 1024);
    CHECK(resolveCapacity(std::nullopt, "cbuf", "", std::string("Ascend910B1")).bytes == 512 * 1024);
    CHECK(resolveCapacity(std::nullopt, "cbuf", "", std::string("Ascend310B1")).bytes == 1024 * 1024);
    CHECK(resolveCapacity(std::nullopt, "cc", "", std::string("Ascend910B1")).bytes == 128 * 1024);
    CHECK(resolveCapacity(std::nullopt, "cc", "", std::string("Ascend950PR")).bytes == 256 * 1024);
    const Capacity fromTarget = resolveCapacity(std::nullopt, "ub", "", std::string("Ascend910B3"));
    CHECK(fromTarget.source == CapacitySource::Target);
    CHECK(describeCapacitySource(fromTarget) == "from target Ascend910B3");
}

TEST_CASE("capacity falls back to the 192 KB UB of the dump-writing targets on an unknown chip", "[capacity]")
{
    const Capacity capacity = resolveCapacity(std::nullopt, "ub", "", std::string("SomeFutureChip"));
    CHECK(capacity.bytes == 196608);
    CHECK(capacity.source == CapacitySource::Default);
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::nullopt).bytes == 196608);
    CHECK(resolveCapacity(std::nullopt, "cbuf", "", std::nullopt).bytes == 524288);
    CHECK(resolveCapacity(std::nullopt, "cc", "", std::nullopt).bytes == 131072);
}

TEST_CASE("a default chip of the user's choice gives the capacity only where nothing else does", "[capacity]")
{
    const Capacity chosen = resolveCapacity(std::nullopt, "ub", "", std::nullopt, "Ascend310B");
    CHECK(chosen.bytes == 256 * 1024);
    CHECK(chosen.source == CapacitySource::Default);
    CHECK(describeCapacitySource(chosen) == "default: Ascend310B, your default chip");
    CHECK(resolveCapacity(std::nullopt, "cc", "", std::nullopt, "Ascend950").bytes == 256 * 1024);
    // The IR's target, the error text and a setting still come first.
    CHECK(resolveCapacity(std::nullopt, "ub", "", std::string("Ascend910B3"), "Ascend310B").bytes == 192 * 1024);
    CHECK(resolveCapacity(std::nullopt, "ub", "while 8 bits available", std::nullopt, "Ascend310B").bytes == 1);
    CHECK(resolveCapacity(64, "ub", "", std::nullopt, "Ascend310B").bytes == 64);
    // A chip of unknown size is no default: the usual one applies, said as usual.
    const Capacity unknown = resolveCapacity(std::nullopt, "ub", "", std::nullopt, "SomeFutureChip");
    CHECK(unknown.bytes == 192 * 1024);
    CHECK(describeCapacitySource(unknown) == kDefaultCapacityNote);
}

TEST_CASE("bits figures are read out of the error text", "[capacity]")
{
    const std::string error = "ub overflow, requires 2097152 bits while 1572864 bits available!";
    CHECK(availableBitsInError(error) == std::optional<std::uint64_t>(1572864));
    CHECK(availableBitsInError("while  42\tbits   available") == std::optional<std::uint64_t>(42));
    CHECK_FALSE(availableBitsInError("something else failed").has_value());
    CHECK_FALSE(availableBitsInError("while 12 bytes available").has_value());
}

TEST_CASE("a long error text is scanned without recursion", "[capacity]")
{
    const std::string spaces = "while" + std::string(200000, ' ') + "x; requires 8 bits while 1572864 bits available!";
    CHECK(availableBitsInError(spaces) == std::optional<std::uint64_t>(1572864));
}

TEST_CASE("an available-bits figure that is 0 or the largest number does not become capacity 0", "[capacity]")
{
    CHECK(
        resolveCapacity(std::nullopt, "ub", "while 0 bits available", std::nullopt).source == CapacitySource::Default);
    const Capacity huge
        = resolveCapacity(std::nullopt, "ub", "while 18446744073709551615 bits available", std::nullopt);
    CHECK(huge.bytes == 2305843009213693952ull);
    CHECK(resolveCapacity(std::nullopt, "ub", "while 9 bits available", std::nullopt).bytes == 2);
}

TEST_CASE("the target is read from the IR's module attributes", "[capacity]")
{
    CHECK(targetInIrText("module attributes {hacc.target = #hacc.target<\"Ascend910_9382\">} {\n}")
        == std::optional<std::string>("Ascend910_9382"));
    CHECK_FALSE(targetInIrText("module {\n}").has_value());
    CHECK_FALSE(targetInIrText("// hacc.target mentioned in a comment").has_value());
}

TEST_CASE("byte sizes parse with binary units", "[bytes]")
{
    CHECK(parseByteSize("196608") == std::optional<std::uint64_t>(196608));
    CHECK(parseByteSize("192K") == std::optional<std::uint64_t>(196608));
    CHECK(parseByteSize("192KB") == std::optional<std::uint64_t>(196608));
    CHECK(parseByteSize("192 KiB") == std::optional<std::uint64_t>(196608));
    CHECK(parseByteSize("1M") == std::optional<std::uint64_t>(1048576));
    CHECK(parseByteSize("1mib") == std::optional<std::uint64_t>(1048576));
    CHECK_FALSE(parseByteSize("lots").has_value());
    CHECK_FALSE(parseByteSize("12 parsecs").has_value());
    CHECK_FALSE(parseByteSize("-5").has_value());
    CHECK_FALSE(parseByteSize("99999999999999999999G").has_value());
}

TEST_CASE("byte sizes format for people", "[bytes]")
{
    CHECK(formatBytes(32) == "32 B");
    CHECK(formatBytes(196608) == "192 KB");
    CHECK(formatBytes(1536 * 1024) == "1.5 MB");
    CHECK(formatBytes(262144) == "256 KB");
    CHECK(formatPercent(262144, 196608) == "133%");
    CHECK(formatPercent(1, 0) == "-");
    // An overflow of 1 KB over 320 KB is not "100%", nor is 1 byte short of it.
    CHECK(formatPercent(321 * 1024, 320 * 1024) == "100.3%");
    CHECK(formatPercent(327681, 327680) == "100.1%");
    CHECK(formatPercent(327679, 327680) == "99.9%");
    CHECK(formatPercent(319 * 1024, 320 * 1024) == "99.7%");
    CHECK(formatPercent(320 * 1024, 320 * 1024) == "100%");
    CHECK(formatPercent(64, 192 * 1024) == "<1%"); // two 32-byte buffers under 192 KB
    CHECK(formatPercent(0, 192 * 1024) == "0%");
}

TEST_CASE("remembered capacities belong to a kernel on its target and win over the command line", "[capacity]")
{
    CHECK(capacityOwner("_attn", std::string("Ascend910B3")) != capacityOwner("_attn", std::string("Ascend910B4")));
    CHECK(capacityOwner("_attn", std::nullopt) == "_attn");
    KernelCapacities remembered;
    remembered[capacityOwner("_attn", std::string("Ascend910B3"))]["ub"] = 1024;
    CapacitySettings commandLine;
    commandLine.all = 4096;
    commandLine.byScope["ub"] = 2048;
    const CapacitySettings mine
        = withRemembered(commandLine, remembered, capacityOwner("_attn", std::string("Ascend910B3")));
    CHECK(mine.settingFor("ub") == 1024u);
    CHECK(mine.settingFor("cbuf") == 4096u);
    const CapacitySettings other
        = withRemembered(commandLine, remembered, capacityOwner("_attn", std::string("Ascend910B4")));
    CHECK(other.settingFor("ub") == 2048u);
}
