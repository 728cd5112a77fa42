// Issue 67: the JSON floor and memlens's dump reader. The bare nlohmann SAX walk that
// memlens_bench_scale sets every load against, simdjson's on-demand reader taking every
// member of every buffer (strings unescaped, numbers parsed), and loadDumpFile (the Dump
// made: Buffers, shared texts, blocks) with FastListReader and with the streaming reader
// alone, all from the file, on one generated dump (bench/generated_dump.hpp's spread plan).
//
//   build/bench/memlens_bench_json_floor                        (200,000 buffers)
//   MEMLENS_BENCH_BUFFERS=1000000 build/bench/memlens_bench_json_floor
//
// simdjson's on-demand front end is compiled for this build's target (x86-64 without
// -march: its portable kernel); the file is read into a padded string first.
#include "bench/generated_dump.hpp"
#include "bench/sax_floor.hpp"
#include "core/dump/dump_parser.hpp"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace {

namespace fs = std::filesystem;

fs::path dumpPath;

void BM_NlohmannSaxWalk(benchmark::State& state)
{
    for (auto _ : state) {
        // Read whole, as memlens::readDumpText reads it for bench_scale's walk.
        std::string text(fs::file_size(dumpPath), '\0');
        std::ifstream(dumpPath, std::ios::binary).read(text.data(), static_cast<std::streamsize>(text.size()));
        memlens::bench::ExtentSum sum;
        if (!nlohmann::json::sax_parse(text, &sum))
            state.SkipWithError("the SAX walk failed");
        benchmark::DoNotOptimize(sum.total);
    }
}

// Every member a buffer has in the generated dump, taken as the dump reader takes it.
void BM_SimdjsonOnDemand(benchmark::State& state)
{
    simdjson::ondemand::parser parser;
    for (auto _ : state) {
        simdjson::padded_string json = simdjson::padded_string::load(dumpPath.string()).value();
        simdjson::ondemand::document document = parser.iterate(json);
        std::uint64_t total = 0;
        std::size_t textBytes = 0;
        for (auto record : document["Record"].get_array()) {
            for (auto field : record.get_object()) {
                if (field.unescaped_key().value() != "memory_info_array") {
                    if (field.value().type().value() == simdjson::ondemand::json_type::string)
                        textBytes += field.value().get_string().value().size();
                    continue;
                }
                for (auto buffer : field.value().get_array()) {
                    for (auto member : buffer.get_object()) {
                        const std::string_view name = member.unescaped_key().value();
                        auto value = member.value();
                        if (name == "extent")
                            total += value.get_uint64().value();
                        else if (name == "buffer" || name == "source_location")
                            textBytes += value.get_string().value().size();
                        else if (name == "offset" || name == "life_time_in_ir")
                            for (auto number : value.get_array())
                                benchmark::DoNotOptimize(number.get_int64().value());
                        else if (name == "alloc_time_in_ir")
                            benchmark::DoNotOptimize(value.get_int64().value());
                        else if (name == "is_tmpbuf")
                            benchmark::DoNotOptimize(value.get_bool().value());
                    }
                }
            }
        }
        benchmark::DoNotOptimize(total);
        benchmark::DoNotOptimize(textBytes);
    }
}

// loadDumpFile as a load calls it (`fastFrom` 0: FastListReader; never: the streaming reader).
void loadWith(benchmark::State& state, std::uint64_t fastFrom)
{
    for (auto _ : state) {
        const memlens::Dump dump = memlens::loadDumpFile(dumpPath.string(), nullptr, nullptr,
            memlens::kRelayedReadBytes, memlens::kSplitReadBytes, nullptr, fastFrom);
        benchmark::DoNotOptimize(dump.blockCount());
    }
}

void BM_LoadDumpFileFastLists(benchmark::State& state) { loadWith(state, 0); }
void BM_LoadDumpFileStreaming(benchmark::State& state) { loadWith(state, UINT64_MAX); }

} // namespace

int main(int argc, char** argv)
{
    const char* buffers = std::getenv("MEMLENS_BENCH_BUFFERS");
    const fs::path dir = fs::temp_directory_path() / ("memlens_bench_json_floor_" + std::to_string(getpid()));
    fs::create_directories(dir);
    dumpPath = dir / "memory_info_aiv.json";
    memlens::bench::writeGeneratedDump(
        dumpPath, buffers ? std::atol(buffers) : 200000, memlens::bench::DumpShape::spread());
    benchmark::Initialize(&argc, argv);
    benchmark::RegisterBenchmark("NlohmannSaxWalk", BM_NlohmannSaxWalk)->Iterations(3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("SimdjsonOnDemand", BM_SimdjsonOnDemand)->Iterations(3)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("LoadDumpFileFastLists", BM_LoadDumpFileFastLists)
        ->Iterations(3)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("LoadDumpFileStreaming", BM_LoadDumpFileStreaming)
        ->Iterations(3)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    fs::remove_all(dir);
    return 0;
}
