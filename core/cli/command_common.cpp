#include "core/cli/command_common.hpp"

#include "core/base/fd_output_buffer.hpp"
#include "core/base/input_file.hpp"
#include "core/cli/exit_status.hpp"
#include "core/dump/dump_error.hpp"
#include "core/text/terminal_text.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace memlens {

void requireScope(const PlanDocument& document, const std::optional<std::string>& scope)
{
    if (!scope || document.dump.findScope(*scope))
        return;
    std::string present;
    for (const auto& plan : document.dump.scopes)
        present += (present.empty() ? "" : ", ") + plan.scope;
    throw DumpError(document.dump.file, "Record",
        "no memory scope \"" + *scope + "\" (the dump has: " + (present.empty() ? "none" : present) + ")");
}

int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope)
{
    if (!planDecided(document))
        return kExitBadInput; // no verdict is neither a pass nor a fail

    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
        if (scope && document.dump.scopes[i].scope != *scope)
            continue;
        if (document.analyses[i].overflow)
            return kExitOverflow;
    }
    return kExitFits;
}

int verdictStatus(const PlanDocument& document, const std::optional<std::string>& scope, std::ostream& err)
{
    if (!planDecided(document))
        err << "memlens: " << terminalText(document.dump.file)
            << ": not decided: memlens's search for a plan stopped at the load's limit (memlens plan --budget 0 "
               "searches as long as the compiler would)\n";
    return exitStatusFor(document, scope);
}

int reportBadInput(std::ostream& err, const std::exception& error, const std::string& file)
{
    err << "memlens: " << terminalText(errorMessage(error, file)) << '\n';
    return kExitBadInput;
}

int finishOutput(std::ostream& out, std::ostream& err, int status)
{
    errno = 0;
    const bool failedBefore = !out;
    out.flush();
    if (out && !failedBefore)
        return status;
    // A stream over an FdOutputBuffer (main puts one under std::cout) kept the reason of its
    // first failed write; any other stream's is the errno of the flush, if that failed now.
    const auto* buffer = dynamic_cast<const FdOutputBuffer*>(out.rdbuf());
    const int code = buffer && buffer->errorCode() ? buffer->errorCode() : (failedBefore ? 0 : errno);
    err << "memlens: cannot write the output: "
        << (code ? errnoText(code) : std::string("the output stream failed for a reason it did not give"))
        << " (what was written is incomplete)\n";
    return kExitBadInput;
}

namespace {

// `--out /dev/null`, a terminal or a pipe someone reads: written into, never replaced.
std::string writeIntoSpecialFile(const std::filesystem::path& path, const std::string& text, bool fifo)
{
    // A FIFO nobody reads would block the open for ever: O_NONBLOCK makes that ENXIO.
    const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
    if (fd < 0)
        return "cannot write " + path.string() + ": "
            + (errno == ENXIO ? std::string("a FIFO with no reader") : errnoText(errno));
    if (fifo)
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    const int code = writeAllToFd(fd, text);
    const int closed = ::close(fd) == 0 ? 0 : errno;
    if (code || closed)
        return "cannot write " + path.string() + ": " + errnoText(code ? code : closed);
    return {};
}

} // namespace

std::string writeReplacing(const std::filesystem::path& path, const std::string& text)
{
    struct stat existing { };
    const bool exists = ::stat(path.c_str(), &existing) == 0;
    if (exists) {
        if (S_ISCHR(existing.st_mode) || S_ISFIFO(existing.st_mode))
            return writeIntoSpecialFile(path, text, S_ISFIFO(existing.st_mode));
        if (!S_ISREG(existing.st_mode))
            return "cannot write " + path.string() + ": it is not a regular file";
        if ((existing.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
            return "cannot write " + path.string() + ": the file is read-only (remove it or make it writable)";
    }
    // A new file of a name nobody could plant beforehand (a random name, O_CREAT | O_EXCL, so
    // never through a link), renamed over the target only once it is whole. A new target gets
    // the usual mode (the umask applies), a replaced one keeps its own.
    std::random_device random;
    std::string temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        char suffix[24];
        std::snprintf(suffix, sizeof suffix, ".memlens-%08x", static_cast<unsigned>(random()));
        temporary = path.string() + suffix;
        fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return "cannot write " + path.string() + ": " + errnoText(errno);
    }
    if (fd < 0)
        return "cannot write " + path.string() + ": no free temporary name beside it";
    int code = writeAllToFd(fd, text);
    if (code == 0 && exists && ::fchmod(fd, existing.st_mode & 07777) != 0)
        code = errno;
    if (::close(fd) != 0 && code == 0)
        code = errno;
    if (code == 0 && ::rename(temporary.c_str(), path.c_str()) != 0)
        code = errno;
    if (code) {
        ::unlink(temporary.c_str());
        return "cannot write " + path.string() + ": " + errnoText(code);
    }
    return {};
}

int exitStatusFor(const KernelFolder& kernel, const std::optional<std::string>& scope)
{
    int status = kExitFits;
    for (const PlanDocument& document : kernel.documents) {
        const int one = exitStatusFor(document, scope);
        if (one == kExitOverflow)
            return kExitOverflow;
        status = std::max(status, one);
    }
    return status;
}

void requireScope(const KernelFolder& kernel, const std::optional<std::string>& scope)
{
    if (!scope)
        return;
    std::string present;
    for (const PlanDocument& document : kernel.documents) {
        if (document.dump.findScope(*scope))
            return;
        for (const auto& plan : document.dump.scopes)
            present += (present.empty() ? "" : ", ") + coreNameOf(document) + " " + plan.scope;
    }
    throw DumpError(kernel.folder, "",
        "no memory scope \"" + *scope + "\" in the folder's dumps (they have: " + (present.empty() ? "none" : present)
            + ")");
}

} // namespace memlens
