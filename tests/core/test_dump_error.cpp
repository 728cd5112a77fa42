#include "core/cli/command_common.hpp"
#include "core/cli/exit_status.hpp"
#include "core/dump/dump_error.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>

using namespace memlens;

TEST_CASE("one message for an error while reading a file: a dump error names itself, others get the file", "[errors]")
{
    const DumpError bad("/d/memory_info_aiv.json", "Record[0].memory_info_array[3].extent", "expected a size");
    CHECK(errorMessage(bad, "/ignored.json")
        == "/d/memory_info_aiv.json: Record[0].memory_info_array[3].extent: expected a size");
    const std::runtime_error io("cannot open: Permission denied");
    CHECK(errorMessage(io, "/d/x.json") == "/d/x.json: cannot open: Permission denied");

    std::ostringstream err;
    CHECK(reportBadInput(err, bad, "/ignored.json") == kExitBadInput);
    CHECK(reportBadInput(err, io, "/d/x.json") == kExitBadInput);
    CHECK(err.str()
        == "memlens: /d/memory_info_aiv.json: Record[0].memory_info_array[3].extent: expected a size\n"
           "memlens: /d/x.json: cannot open: Permission denied\n");
}
