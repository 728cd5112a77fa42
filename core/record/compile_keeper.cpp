#include "core/record/compile_keeper.hpp"

#include "core/record/record_files.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace memlens {

namespace {

std::string readWhole(const std::string& path, bool& ok)
{
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ok = static_cast<bool>(in) || in.eof();
    return text;
}

// "Allocated UB size = N bits" (Triton reads `UB size = N bits` into required_ub_bits).
std::optional<std::uint64_t> ubBits(const std::string& stdoutText)
{
    const std::size_t at = stdoutText.find("UB size = ");
    if (at == std::string::npos)
        return std::nullopt;
    std::uint64_t bits = 0;
    std::size_t i = at + 10;
    if (i >= stdoutText.size() || !std::isdigit(static_cast<unsigned char>(stdoutText[i])))
        return std::nullopt;
    for (; i < stdoutText.size() && std::isdigit(static_cast<unsigned char>(stdoutText[i])); ++i)
        bits = bits * 10 + static_cast<std::uint64_t>(stdoutText[i] - '0');
    return bits;
}

// The function a planner section's header names ("... operation: @name) //----- //").
std::string kernelOfLog(const std::string& log)
{
    const std::size_t at = log.find("operation: @");
    if (at == std::string::npos)
        return {};
    const std::size_t end = log.find_first_of(") \n", at + 12);
    return log.substr(at + 12, (end == std::string::npos ? log.size() : end) - at - 12);
}

// The call as memlens ran it, with the kept IR in place of the input and the object beside it.
std::vector<std::string> repeatArgs(const KeptCompile& kept, const std::string& irName)
{
    std::vector<std::string> words{kept.compiler};
    for (std::size_t i = 0; i < kept.call.args.size(); ++i) {
        const std::string& arg = kept.call.args[i];
        if ((arg == "-o" || arg == "--o") && i + 1 < kept.call.args.size()) {
            words.push_back(arg);
            words.push_back("kernel");
            ++i;
        } else if (arg == kept.call.inputAbsolute) {
            words.push_back(irName);
        } else {
            words.push_back(arg);
        }
    }
    return words;
}

} // namespace

std::string progressFile(const std::string& runDir) { return runDir + "/.memlens/progress"; }

std::string keepCompile(const KeptCompile& kept, const std::string& staging, const std::string& runDir)
{
    bool readOk = false;
    const std::string ir = readWhole(kept.call.inputAbsolute, readOk);
    std::string kernel = readOk ? kernelNameOfIr(ir) : "";
    if (kernel.empty())
        kernel = kernelOfLog(kept.log);
    if (kernel.empty())
        kernel = "kernel";
    // MLIR bytecode starts with "ML\xefR"; memlens reads text (bishengir-opt turns one into the other).
    const bool bytecode = ir.rfind("ML\xef"
                                   "R",
                              0)
        == 0;
    const std::string irName = safeFileName(kernel) + (bytecode ? ".bcmlir" : ".ttadapter");
    const bool overflow = kept.log.find(" overflow, requires ") != std::string::npos;
    const bool exited = WIFEXITED(kept.status);
    const int exitStatus = exited ? WEXITSTATUS(kept.status) : -1;

    nlohmann::ordered_json config;
    config["kernel"] = kernel;
    config["target"] = kept.call.target ? nlohmann::ordered_json(*kept.call.target) : nlohmann::ordered_json();
    config["planner_pass"] = kept.call.pass;
    config["exit_status"] = exitStatus;
    config["signal"] = exited || !WIFSIGNALED(kept.status) ? nlohmann::ordered_json()
                                                           : nlohmann::ordered_json(WTERMSIG(kept.status));
    config["overflow"] = overflow;
    const auto bits = ubBits(kept.stdoutText);
    config["required_ub_bits"] = bits ? nlohmann::ordered_json(*bits) : nlohmann::ordered_json();
    // Constexpr values are not in the IR (they are folded into its shapes); memlens summary names
    // them from the kernel's Python source and the dump.
    config["constexprs"] = nlohmann::ordered_json::object();
    config["compiler"] = kept.compiler;
    config["cwd"] = kept.cwd;

    const std::string command = "# " + kept.calledAs + " as called (in " + kept.cwd + "):\n" + shellCommand([&] {
        std::vector<std::string> words{kept.calledAs};
        words.insert(words.end(), kept.originalArgs.begin(), kept.originalArgs.end());
        return words;
    }()) + "\n# to repeat it in this folder (the input IR kept beside, memlens's print options added):\n"
        + shellCommand(repeatArgs(kept, irName)) + " 2> compile.log\n";

    for (const auto& [name, text] : std::initializer_list<std::pair<std::string, const std::string*>>{
             {"compile.log", &kept.log}, {"command.txt", &command}})
        if (std::string why = writeNewFile(staging + "/" + name, *text); !why.empty())
            return why;
    if (readOk)
        if (std::string why = writeNewFile(staging + "/" + irName, ir); !why.empty())
            return why;
    if (std::string why = writeNewFile(staging + "/config.json", config.dump(2) + "\n"); !why.empty())
        return why;
    try {
        publishNumbered(staging, runDir + "/" + safeFileName(kernel));
    } catch (const std::exception& error) {
        return error.what();
    }
    const std::string line = safeFileName(kernel) + " "
        + (overflow               ? "overflows"
                : exitStatus == 0 ? "fits"
                                  : "failed")
        + "\n";
    const int fd = ::open(progressFile(runDir).c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t wrote = ::write(fd, line.data(), line.size());
        ::close(fd);
    }
    return {};
}

} // namespace memlens
