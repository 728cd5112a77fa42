// libFuzzer target: any bytes either parse into a dump or raise DumpError;
// nothing else may escape, crash or hang.
#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const memlens::Dump dump
            = memlens::parseDumpText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        for (const auto& scope : dump.scopes)
            memlens::analyzePlan(scope, memlens::Capacity{196608, memlens::CapacitySource::Default, {}});
    } catch (const memlens::DumpError&) {
    }
    return 0;
}
