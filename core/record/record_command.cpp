#include "core/record/record_command.hpp"

#include "core/cli/command_line.hpp"
#include "core/cli/exit_status.hpp"
#include "core/cli/summary_command.hpp"
#include "core/record/compile_keeper.hpp"
#include "core/record/record_files.hpp"
#include "core/record/record_setup.hpp"
#include "core/text/terminal_text.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

namespace memlens {

namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t commandPid = 0;

// A signal a process sent goes on to COMMAND; one the terminal sent has reached it already.
extern "C" void forwardToCommand(int signal, siginfo_t* info, void*)
{
    if (commandPid > 0 && info && info->si_code <= 0)
        ::kill(static_cast<pid_t>(commandPid), signal);
}

// COMMAND as execve needs it: a name without a slash is looked up on the PATH COMMAND gets.
std::string resolveCommand(const std::string& name, const std::string& pathList)
{
    if (name.find('/') != std::string::npos)
        return name;
    std::size_t start = 0;
    while (start <= pathList.size()) {
        const std::size_t end = std::min(pathList.find(':', start), pathList.size());
        const std::string dir = pathList.substr(start, end - start);
        start = end + 1;
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate))
            return candidate;
    }
    return {};
}

struct Progress {
    int compiled = 0;
    int overflowing = 0;
};

Progress readProgress(const std::string& runDir)
{
    Progress progress;
    std::ifstream in(progressFile(runDir));
    std::string kernel;
    std::string verdict;
    while (in >> kernel >> verdict) {
        ++progress.compiled;
        progress.overflowing += verdict == "overflows" ? 1 : 0;
    }
    return progress;
}

std::string progressText(const Progress& progress)
{
    return "memlens record: " + std::to_string(progress.compiled) + (progress.compiled == 1 ? " kernel" : " kernels")
        + " compiled, " + std::to_string(progress.overflowing) + " overflowing";
}

} // namespace

RecordOutcome runRecord(const RecordCommandLine& commandLine, std::ostream& err, bool terminal)
{
    RecordOutcome outcome;
    const std::string self = selfExecutable();
    Environment environment = currentEnvironment();
    // The folder first: a run that cannot be kept is said before COMMAND starts.
    try {
        const std::string base = commandLine.outDir.empty() ? "memlens-record" : commandLine.outDir;
        std::string made = makeNumberedFolder(fs::absolute(base).lexically_normal().string());
        if (made.size() > 1 && made.back() == '/')
            made.pop_back();
        outcome.runDir = made;
        writeRecordHooks(outcome.runDir, self);
    } catch (const std::exception& error) {
        err << "memlens record: " << terminalText(error.what()) << " (nothing was run)\n";
        outcome.status = kExitBadInput;
        return outcome;
    }
    const std::string bin = masqueradeDir(outcome.runDir);

    std::string set;
    for (const auto& [name, value] : tritonRecordSwitches())
        if (!environment.contains(name)) {
            environment[name] = value;
            set += (set.empty() ? "" : " ") + name + "=" + value;
        }
    err << "memlens record: recording into " << terminalText(outcome.runDir) << '\n';
    err << "memlens record: " << (set.empty() ? "every switch was set already" : "set " + set) << '\n';
    const std::string path = environment.contains("PATH") ? environment["PATH"] : "/usr/local/bin:/usr/bin:/bin";
    if (const auto real = findCompilerOnPath("bishengir-compile", path, bin, self)) {
        environment[kRecordCompilerVariable] = *real;
        environment["PATH"] = bin + ":" + path;
        err << "memlens record: compiler " << terminalText(*real) << " (recorded through " << terminalText(bin)
            << ")\n";
    } else {
        err << "memlens record: no bishengir-compile on PATH; one bundled with Triton-Ascend is recorded through "
               "the Python hook\n";
    }
    environment[kRecordDirVariable] = outcome.runDir;
    environment[kRecordBinVariable] = bin;
    const std::string hook = pythonHookDir(outcome.runDir);
    environment["PYTHONPATH"] = environment.contains("PYTHONPATH") && !environment["PYTHONPATH"].empty()
        ? hook + ":" + environment["PYTHONPATH"]
        : hook;

    const std::string program = resolveCommand(commandLine.command.front(), environment["PATH"]);
    pid_t child = -1;
    if (program.empty()) {
        err << "memlens record: " << terminalText(commandLine.command.front()) << ": command not found\n";
    } else {
        std::vector<std::string> argv = commandLine.command;
        std::vector<std::string> envStrings = environmentStrings(environment);
        std::vector<char*> argvPointers;
        for (std::string& arg : argv)
            argvPointers.push_back(arg.data());
        argvPointers.push_back(nullptr);
        std::vector<char*> envPointers;
        for (std::string& entry : envStrings)
            envPointers.push_back(entry.data());
        envPointers.push_back(nullptr);
        err.flush();
        child = ::fork();
        if (child == 0) {
            ::execve(program.c_str(), argvPointers.data(), envPointers.data());
            const std::string message = "memlens record: cannot run " + program + ": " + std::strerror(errno) + "\n";
            [[maybe_unused]] const ssize_t wrote = ::write(STDERR_FILENO, message.data(), message.size());
            ::_exit(errno == ENOENT ? 127 : 126);
        }
    }
    int status = 0;
    if (child > 0) {
        commandPid = child;
        struct sigaction action { };
        action.sa_sigaction = &forwardToCommand;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        struct sigaction previousInt { };
        struct sigaction previousTerm { };
        ::sigaction(SIGINT, &action, &previousInt);
        ::sigaction(SIGTERM, &action, &previousTerm);
        std::string shown;
        for (;;) {
            const pid_t done = ::waitpid(child, &status, terminal ? WNOHANG : 0);
            if (done == child)
                break;
            if (done < 0 && errno != EINTR)
                break;
            if (terminal) {
                const std::string line = progressText(readProgress(outcome.runDir));
                if (line != shown) {
                    err << "\r\x1b[K" << line << std::flush;
                    shown = line;
                }
                ::usleep(200 * 1000);
            }
        }
        commandPid = 0;
        ::sigaction(SIGINT, &previousInt, nullptr);
        ::sigaction(SIGTERM, &previousTerm, nullptr);
        if (!shown.empty())
            err << "\r\x1b[K" << std::flush;
    } else {
        status = program.empty() ? (127 << 8) : (126 << 8);
    }
    std::error_code ignored;
    const Progress progress = readProgress(outcome.runDir);
    fs::remove_all(outcome.runDir + "/.memlens", ignored); // the hooks, and any compile a kill cut short

    if (WIFSIGNALED(status)) {
        outcome.signal = WTERMSIG(status);
        outcome.status = 128 + outcome.signal;
    } else {
        outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    }
    err << progressText(progress) << '\n';
    if (progress.compiled == 0) {
        err << "memlens record: no kernel was compiled through bishengir-compile; the run folder "
            << terminalText(outcome.runDir) << " is empty\n";
        return outcome;
    }
    CommandLine summary;
    summary.command = Command::Summary;
    summary.dump = outcome.runDir;
    summary.failAbove = commandLine.failAbove;
    std::ostringstream text;
    const int summaryStatus = runSummary(summary, text, err, false);
    err << text.str();
    err << "memlens record: the run is in " << terminalText(outcome.runDir) << " (memlens summary "
        << terminalText(outcome.runDir) << ", or memlens " << terminalText(outcome.runDir) << " for the Run view)\n";
    if (outcome.status == 0 && outcome.signal == 0 && commandLine.failAbove && summaryStatus == kExitOverflow)
        outcome.status = kExitOverflow;
    return outcome;
}

} // namespace memlens
