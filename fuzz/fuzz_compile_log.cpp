// The compile log reader and the naming of its ops on any bytes: never a crash, a hang
// or unbounded memory. The input is a log; the dump it is read for holds one buffer.
#include "core/compile_log/compile_log.hpp"
#include "core/compile_log/log_scan.hpp"
#include "core/dump/dump_parser.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const memlens::Dump dump = memlens::parseDumpText(
        R"json({"Header": {"KernelName": "k"}, "Record": [{"scope": "ub", "status": "success", "error_info": "",
        "memory_info_array": [{"buffer": "%alloc = memref.alloc() : memref<16xf16>", "offset": [0],
        "extent": 256, "life_time_in_ir": [1, 2], "source_location": "loc(unknown)"}]
}]
})json",
        "fuzz.json");
    const std::string text(reinterpret_cast<const char*>(data), size);
    memlens::LogScan scan = memlens::scanCompileLogText(text, "k", "fuzz.log");
    const memlens::CompileLogResult result = memlens::compileLogFromScan(std::move(scan), dump, nullptr);
    if (result.log)
        for (std::int64_t op = -1; op <= static_cast<std::int64_t>(result.log->ops.size()); ++op)
            (void)memlens::lifeText(result.log.get(), op, op + 1);
    return 0;
}
