#include "core/cli/watch_command.hpp"

#include "core/cli/dump_watch.hpp"

#include <csignal>
#include <ostream>

namespace memlens {

namespace {

std::atomic<bool> stopRequested{false};

extern "C" void requestStop(int) { stopRequested = true; }

} // namespace

std::string watchUsageText()
{
    return "Usage: memlens watch DIR --keep HISTORY_DIR [--interval MS]\n\n"
           "The compiler writes memory_info_aiv.json / memory_info_aic.json into its working directory\n"
           "(with Triton-Ascend: where you ran python) and every later kernel of the same core type\n"
           "overwrites them. watch copies each new or changed memory_info*.json in DIR, once it is\n"
           "complete, to HISTORY_DIR/<kernel>-<time>-<core>.json, so a run that compiles ten kernels\n"
           "leaves ten dumps. Versions already in HISTORY_DIR are not copied again. A version is read\n"
           "as soon as the compiler closes the file (inotify); one overwritten before it could be read\n"
           "is counted and said. Runs until interrupted (Ctrl+C).\n\nOptions:\n"
           "  --keep HISTORY_DIR   where the copies go (created when missing)\n"
           "  --interval MS        without inotify, how often DIR is looked at, in milliseconds (default 200)\n"
           "  -h, --help           show this help\n\n"
           "Exit status: 0 when interrupted, 2 when DIR is not a folder or HISTORY_DIR cannot be created\n"
           "(a copy that cannot be written later is said, and the watch goes on).\n";
}

bool parseWatchOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i)
{
    const std::string& arg = args[i];
    if (arg != "--keep" && arg != "--interval")
        return false;
    if (i + 1 >= args.size())
        throw CommandLineError("option " + arg + " needs a value");
    const std::string value = args[++i];
    if (arg == "--keep") {
        commandLine.keepDir = value;
        return true;
    }
    int ms = 0;
    try {
        std::size_t used = 0;
        ms = std::stoi(value, &used);
        if (used != value.size())
            ms = 0;
    } catch (const std::exception&) {
        ms = 0;
    }
    if (ms < 10 || ms > 60000)
        throw CommandLineError("--interval: expected milliseconds between 10 and 60000, found \"" + value + "\"");
    commandLine.watchIntervalMs = ms;
    return true;
}

void requireWatchOptions(const CommandLine& commandLine)
{
    if (commandLine.keepDir.empty())
        throw CommandLineError("missing --keep HISTORY_DIR: the folder to keep every version in");
}

int runWatchCommand(const CommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    stopRequested = false;
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    WatchOptions options;
    options.dir = commandLine.dump;
    options.keepDir = commandLine.keepDir;
    options.interval = std::chrono::milliseconds(commandLine.watchIntervalMs);
    return runWatch(options, out, err, stopRequested);
}

} // namespace memlens
