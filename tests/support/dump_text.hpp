#pragma once
// Dumps written as text for the reader's tests (header-only): generated buffer objects and
// lists, the records around them, everything a load gives as one comparable string, and the
// warnings logged while a load runs.
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_model.hpp"

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace memlens::test {

// A plain buffer object (every field a dump writes), varied by `i`; `extra` goes before its `}`.
inline std::string bufferObject(int i, const std::string& extra = "")
{
    return R"({"buffer": "%a)" + std::to_string(i) + R"( = memref.alloc() : memref<)" + std::to_string(16 + i % 5)
        + R"(xf16, #hivm.address_space<ub>>", "offset": [)" + std::to_string(32 * (i % 700))
        + (i % 4 == 0 ? ", " + std::to_string(32 * (i % 700) + 65536) : "") + R"(], "extent": )"
        + std::to_string(2 * (16 + i % 5)) + R"(, "alloc_time_in_ir": )" + std::to_string(i / 3)
        + R"(, "life_time_in_ir": [)" + std::to_string(i / 3) + ", " + std::to_string(i / 3 + i % 9)
        + R"json(], "source_location": "loc(\"k.py\":)json" + std::to_string(i % 97) + R"json(:1)", "is_tmpbuf": )json"
        + (i % 6 ? "false" : "true") + extra + "}";
}

// Objects `from` .. `from + count - 1`, one a line; the one at `extraIndex` gets `extraAt`.
inline std::string bufferList(int from, int count, const std::string& extraAt = "", int extraIndex = -1)
{
    std::string list;
    for (int i = from; i < from + count; ++i)
        list += std::string(i > from ? ",\n" : "") + bufferObject(i, i == extraIndex ? extraAt : "");
    return list;
}

inline std::string dumpOfRecords(const std::string& records)
{
    return R"({"Header": {"KernelName": "halves"}, "Record": [)" + records + "]}";
}

inline std::string scope(const std::string& name, const std::string& buffers)
{
    return R"({"scope": ")" + name + R"(", "status": "fail", "error_info": "ub overflow", "memory_info_array": [)"
        + buffers + "]}";
}

// Everything a load gives, buffer ids and all, or the error's text.
template <typename Load> std::string loadOutcome(Load load)
{
    try {
        const Dump dump = load();
        std::ostringstream out;
        out << dump.kernel << ' ' << dump.scopes.size() << '\n';
        for (const ScopePlan& plan : dump.scopes) {
            out << plan.scope << ' ' << plan.status.value_or("-") << ' ' << plan.error << ' ' << plan.buffers.size()
                << '\n';
            for (const Buffer& buffer : plan.buffers)
                out << buffer.id << ' ' << buffer.bufferText() << ' ' << buffer.memrefType() << ' ' << buffer.location()
                    << ' ' << buffer.extentBits << ' ' << buffer.sizeBytes << ' ' << buffer.allocTime << ' '
                    << buffer.lifeStart << ' ' << buffer.lifeEnd << ' ' << buffer.isTmp << ' ' << buffer.offsets.size()
                    << '\n';
            for (const Block& block : plan.blocks)
                out << block.bufferIndex << ' ' << block.copy << ' ' << block.offset << '\n';
        }
        return out.str();
    } catch (const DumpError& error) {
        return std::string("DumpError: ") + error.what();
    }
}

// Every spdlog message logged while it lives.
struct CapturedLog {
    std::ostringstream text;
    std::shared_ptr<spdlog::logger> previous = spdlog::default_logger();
    CapturedLog()
    {
        auto logger
            = std::make_shared<spdlog::logger>("captured", std::make_shared<spdlog::sinks::ostream_sink_st>(text));
        logger->set_pattern("%v");
        logger->set_level(spdlog::level::warn);
        spdlog::set_default_logger(logger);
    }
    ~CapturedLog() { spdlog::set_default_logger(previous); }
    std::vector<std::string> lines() const
    {
        std::vector<std::string> out;
        std::istringstream in(text.str());
        for (std::string line; std::getline(in, line);)
            out.push_back(line);
        return out;
    }
};

} // namespace memlens::test
