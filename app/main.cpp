#include "app/report_command.hpp"
#include "app/window_command.hpp"
#include "core/base/allocator_settings.hpp"
#include "core/base/fd_output_buffer.hpp"
#include "core/base/logging.hpp"
#include "core/cli/command_common.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/diff_command.hpp"
#include "core/cli/explain_command.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/cli/plan_command.hpp"
#include "core/cli/summary_command.hpp"
#include "core/cli/watch_command.hpp"
#include "core/record/compile_interposer.hpp"
#include "core/record/record_command.hpp"

#include <csignal>
#include <iostream>

#include <unistd.h>

int main(int argc, char** argv)
{
    using namespace memlens;
    keepLargeAllocationsMapped();
    // Past `ulimit -f` a write fails with EFBIG, said like any other write error,
    // instead of the signal ending the process without a word.
    std::signal(SIGXFSZ, SIG_IGN);
    // std::cout writes through a buffer that keeps why a write failed, so a full disk is
    // named as such; the guard flushes and puts the standard buffer back before main returns.
    FdOutputBuffer stdoutBuffer(STDOUT_FILENO);
    struct RestoreStdout {
        std::streambuf* previous;
        ~RestoreStdout()
        {
            std::cout.flush();
            std::cout.rdbuf(previous);
        }
    } restoreStdout{std::cout.rdbuf(&stdoutBuffer)};
    CommandLine commandLine;
    try {
        commandLine = parseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const CommandLineError& error) {
        std::cerr << "memlens: " << error.what() << "\n(see memlens --help)\n";
        return kExitBadInput;
    }
    configureLogging(commandLine.verbose);
    switch (commandLine.command) {
    // Each command's answer on stdout is checked once written: a full disk is exit 2, not a cut-off answer.
    case Command::Help: std::cout << usageText(commandLine.helpFor); return finishOutput(std::cout, std::cerr, 0);
    case Command::Version:
        std::cout << "memlens " << MEMLENS_VERSION << "\n";
        return finishOutput(std::cout, std::cerr, 0);
    case Command::Inspect: return finishOutput(std::cout, std::cerr, runInspect(commandLine, std::cout, std::cerr));
    case Command::Explain: return finishOutput(std::cout, std::cerr, runExplain(commandLine, std::cout, std::cerr));
    case Command::Report: return finishOutput(std::cout, std::cerr, runReportCommand(commandLine, argc, argv));
    case Command::Diff: return finishOutput(std::cout, std::cerr, runDiff(commandLine.diff, std::cout, std::cerr));
    case Command::Plan: return finishOutput(std::cout, std::cerr, runPlan(commandLine.plan, std::cout, std::cerr));
    case Command::Summary:
        return finishOutput(
            std::cout, std::cerr, runSummary(commandLine, std::cout, std::cerr, isatty(STDERR_FILENO) == 1));
    case Command::Watch: return finishOutput(std::cout, std::cerr, runWatchCommand(commandLine, std::cout, std::cerr));
    case Command::RecordCompile: return runRecordedCompile(commandLine.recordCompile);
    case Command::Record: {
        const RecordOutcome outcome = runRecord(commandLine.record, std::cerr, isatty(STDERR_FILENO) == 1);
        if (commandLine.record.open && !outcome.runDir.empty() && outcome.status != kExitBadInput) {
            CommandLine window;
            window.dump = outcome.runDir;
            runWindow(window, argc, argv);
        }
        if (outcome.signal != 0) {
            std::signal(outcome.signal, SIG_DFL);
            raise(outcome.signal);
        }
        return outcome.status;
    }
    case Command::Window: break;
    }
    return runWindow(commandLine, argc, argv);
}
