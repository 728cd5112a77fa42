#include "core/record/compile_interposer.hpp"

#include "core/base/fd_output_buffer.hpp"
#include "core/record/compile_call.hpp"
#include "core/record/compile_keeper.hpp"
#include "core/record/ir_section_filter.hpp"
#include "core/record/record_setup.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace memlens {

namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t compilerPid = 0;
volatile std::sig_atomic_t interruptedBy = 0;

// A signal a process sent (kill, timeout) goes on to the compiler; one the terminal sent
// (Ctrl+C) has reached it already, as every process of the foreground group.
extern "C" void forwardSignal(int signal, siginfo_t* info, void*)
{
    interruptedBy = signal;
    if (compilerPid > 0 && info && info->si_code <= 0)
        ::kill(static_cast<pid_t>(compilerPid), signal);
}

std::string getenvString(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

// PATH without the masquerade folder: the real compiler (or a script of it calling
// bishengir-compile by name) never finds memlens again.
Environment compilerEnvironment(const std::string& bin)
{
    Environment environment = currentEnvironment();
    if (auto path = environment.find("PATH"); path != environment.end() && !bin.empty()) {
        std::string kept;
        std::size_t start = 0;
        const std::string& list = path->second;
        while (start <= list.size()) {
            const std::size_t end = std::min(list.find(':', start), list.size());
            const std::string dir = list.substr(start, end - start);
            start = end + 1;
            std::error_code error;
            if (!dir.empty() && fs::equivalent(dir, bin, error))
                continue;
            kept += (kept.empty() ? "" : ":") + dir;
        }
        path->second = kept;
    }
    return environment;
}

std::optional<std::string> realCompiler(const std::string& name, const std::string& bin, const std::string& self)
{
    const std::string given = getenvString(name == "npuc" ? kRecordNpucVariable : kRecordCompilerVariable);
    if (!given.empty() && ::access(given.c_str(), X_OK) == 0 && !isMemlensCompiler(given, self))
        return given;
    if (name == "npuc") {
        const std::string root = getenvString("TRITON_NPU_COMPILER_PATH");
        if (!root.empty() && !isMemlensCompiler(root + "/npuc", self) && ::access((root + "/npuc").c_str(), X_OK) == 0)
            return root + "/npuc";
        return std::nullopt;
    }
    return findCompilerOnPath(name, getenvString("PATH"), bin, self);
}

[[noreturn]] void execCompiler(const std::string& real, const std::vector<std::string>& args, const Environment& env)
{
    std::vector<std::string> argv{real};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> argvPointers;
    for (std::string& arg : argv)
        argvPointers.push_back(arg.data());
    argvPointers.push_back(nullptr);
    std::vector<std::string> envStrings = environmentStrings(env);
    std::vector<char*> envPointers;
    for (std::string& entry : envStrings)
        envPointers.push_back(entry.data());
    envPointers.push_back(nullptr);
    ::execve(real.c_str(), argvPointers.data(), envPointers.data());
    const int code = errno;
    const std::string message = "memlens record: cannot run " + real + ": " + std::strerror(code) + "\n";
    writeAllToFd(STDERR_FILENO, message);
    ::_exit(code == ENOENT ? 127 : 126);
}

std::string readHead(const std::string& path, std::size_t limit)
{
    std::ifstream in(path, std::ios::binary);
    std::string text(limit, '\0');
    in.read(text.data(), static_cast<std::streamsize>(limit));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

// Ends this process as the compiler ended.
int endAs(int status)
{
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        std::signal(signal, SIG_DFL);
        ::kill(::getpid(), signal);
        return 128 + signal;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

} // namespace

int runRecordedCompile(const RecordCompileCommandLine& commandLine)
{
    const std::string runDir = getenvString(kRecordDirVariable);
    const std::string bin = getenvString(kRecordBinVariable);
    const std::string self = selfExecutable();
    const auto real = realCompiler(commandLine.name, bin, self);
    if (!real) {
        std::cerr << "memlens record: no real " << commandLine.name
                  << " found (PATH without memlens's folder, then TRITON_NPU_COMPILER_PATH)\n";
        return 127;
    }
    const Environment environment = compilerEnvironment(bin);
    std::error_code cwdError;
    const std::string cwd = fs::current_path(cwdError).string();
    const std::string input = compileInputOf(commandLine.args);
    const std::optional<std::string> irHead = input.empty()
        ? std::nullopt
        : std::optional(readHead(cwdError ? input : (fs::path(cwd) / input).string(), 1 << 20));
    const CompileCall call = classifyCompileCall(commandLine.args, cwd, irHead);
    if (runDir.empty() || !call.compiles || cwdError)
        execCompiler(*real, commandLine.args, environment);

    std::string staging = runDir + "/.memlens/staging/compile-XXXXXX";
    if (::mkdtemp(staging.data()) == nullptr)
        execCompiler(*real, commandLine.args, environment); // nowhere to keep it: compile as if unrecorded
    int out[2];
    int err[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        fs::remove_all(staging, cwdError);
        execCompiler(*real, commandLine.args, environment);
    }
    struct sigaction action { };
    action.sa_sigaction = &forwardSignal;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
        ::sigaction(signal, &action, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    const pid_t child = ::fork();
    if (child == 0) {
        for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
            std::signal(signal, SIG_DFL);
        ::dup2(out[1], STDOUT_FILENO);
        ::dup2(err[1], STDERR_FILENO);
        if (::chdir(staging.c_str()) != 0)
            ::_exit(126);
        execCompiler(*real, call.args, environment);
    }
    compilerPid = child;
    ::close(out[1]);
    ::close(err[1]);

    KeptCompile kept;
    IrSectionFilter filter(call.pass, call.addedBefore, call.addedAfter);
    pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    std::string chunk(1 << 16, '\0');
    int open = 2;
    while (open > 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t got = ::read(fds[i].fd, chunk.data(), chunk.size());
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
                continue;
            }
            const std::string_view bytes(chunk.data(), static_cast<std::size_t>(got));
            kept.log.append(bytes);
            if (i == 0) {
                kept.stdoutText.append(bytes);
                writeAllToFd(STDOUT_FILENO, bytes);
            } else {
                writeAllToFd(STDERR_FILENO, filter.feed(bytes));
            }
        }
    }
    writeAllToFd(STDERR_FILENO, filter.finish());
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) { }
    compilerPid = 0;
    const bool interrupted = interruptedBy != 0
        || (WIFSIGNALED(status)
            && (WTERMSIG(status) == SIGINT || WTERMSIG(status) == SIGTERM || WTERMSIG(status) == SIGHUP
                || WTERMSIG(status) == SIGKILL));
    if (interrupted) {
        // Nothing half done is kept: the compile's folder never becomes part of the run.
        fs::remove_all(staging, cwdError);
        if (interruptedBy != 0 && !WIFSIGNALED(status)) {
            std::signal(interruptedBy, SIG_DFL);
            ::kill(::getpid(), interruptedBy);
        }
        return endAs(status);
    }
    kept.call = call;
    kept.compiler = *real;
    kept.calledAs = commandLine.name;
    kept.originalArgs = commandLine.args;
    kept.cwd = cwd;
    kept.status = status;
    if (const std::string why = keepCompile(kept, staging, runDir); !why.empty()) {
        fs::remove_all(staging, cwdError);
        writeAllToFd(STDERR_FILENO, "memlens record: the compile was not kept: " + why + "\n");
    }
    return endAs(status);
}

} // namespace memlens
