#include "core/cli/command_words.hpp"

#include <cerrno>
#include <cstdlib>

namespace memlens {

namespace {

const char* const kOptionsHelp
    = "  --ir FILE            the adapter IR (.ttadapter) the dump was compiled from;\n"
      "                       default: found beside the dump\n"
      "  --log FILE           the compile log (bishengir-compile ... --mlir-print-ir-before=hivm-plan-memory\n"
      "                       --mlir-print-debuginfo 2> compile.log): names the ops of every Life;\n"
      "                       default: a *.log or *.txt beside the dump that holds the kernel's section\n"
      "  --scope NAME         only this memory scope (ub, cbuf, cc, ...)\n"
      "  --capacity SIZE      capacity in bytes, or with K/KB/KiB, M/MB/MiB (powers of 1024), of the\n"
      "                       --scope scope, else of every scope; SCOPE=SIZE sets one scope (repeatable);\n"
      "                       default: from the error message, the IR's target, else Ascend910B's\n"
      "                       (UB 192 KB, cbuf 512 KB, cc 128 KB)\n"
      "  --source-dir DIR     look for source files here too (repeatable)\n"
      "  --substitute FROM=TO replace the path prefix FROM by TO when looking for files (repeatable)\n"
      "  --triton-cache DIR   Triton's cache, searched for the IR when none is beside the dump;\n"
      "                       default: $TRITON_CACHE_DIR, else ~/.triton/cache\n"
      "  --verbose            log parsing and file lookup details to stderr (also MEMLENS_VERBOSE=1)\n"
      "  -h, --help           show this help\n";

const char* const kExitHelp
    = "Exit status: 0 every scope fits, 3 some scope overflows its capacity (of any core, for a folder),\n"
      "             2 bad input or usage (the message on stderr names file, JSON path and problem).\n";

} // namespace

std::string commonOptionsHelp() { return kOptionsHelp; }

std::string exitStatusHelp() { return kExitHelp; }

std::string optionValue(const std::vector<std::string>& args, std::size_t& i)
{
    if (i + 1 >= args.size())
        throw CommandLineError("option " + args[i] + " needs a value");
    return args[++i];
}

double failAbovePercent(const std::string& value)
{
    char* end = nullptr;
    errno = 0;
    const double percent = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || errno == ERANGE || !(percent >= 0) || percent > 1000)
        throw CommandLineError("--fail-above: expected a percentage such as 95, found \"" + value + "\"");
    return percent;
}

} // namespace memlens
