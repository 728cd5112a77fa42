#pragma once
// What memlens record puts around the user's command: the environment (Triton's switches,
// the masquerade folder first on PATH, the Python start-up hook on PYTHONPATH) and the files
// behind it (DIR/.memlens/bin/bishengir-compile and npuc, small scripts that exec memlens;
// DIR/.memlens/python/sitecustomize.py), and finding the real compiler without finding memlens.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// The environment memlens record and its stand-in compiler pass on to each other.
inline constexpr const char* kRecordDirVariable = "MEMLENS_RECORD_DIR";           // the run folder
inline constexpr const char* kRecordBinVariable = "MEMLENS_RECORD_BIN";           // the masquerade folder
inline constexpr const char* kRecordCompilerVariable = "MEMLENS_RECORD_COMPILER"; // the real bishengir-compile
inline constexpr const char* kRecordNpucVariable = "MEMLENS_RECORD_NPUC"; // the real npuc (TRITON_NPU_COMPILER_PATH)

// The first line of every masquerade script after the #! line: how one is told from a compiler.
inline constexpr const char* kMasqueradeMarker = "# memlens record: a compiler recorded by memlens";

using Environment = std::map<std::string, std::string>;

Environment currentEnvironment();
std::vector<std::string> environmentStrings(const Environment& environment);

// The switches Triton-Ascend reads, with the values memlens record sets when the user has not.
const std::vector<std::pair<std::string, std::string>>& tritonRecordSwitches();

// The executable file `name` in the first folder of `pathList` (colon-separated) that holds
// one, skipping `skipDir`, anything that is memlens itself (`self`, by device and inode) and
// masquerade scripts; nullopt when none.
std::optional<std::string> findCompilerOnPath(
    const std::string& name, const std::string& pathList, const std::string& skipDir, const std::string& self);

// True when `path` is memlens itself or one of memlens record's masquerade scripts.
bool isMemlensCompiler(const std::string& path, const std::string& self);

// Writes DIR/.memlens/bin/{bishengir-compile,npuc} (exec `self` __record-compile NAME "$@") and
// DIR/.memlens/python/sitecustomize.py. Throws std::runtime_error naming the file.
void writeRecordHooks(const std::string& runDir, const std::string& self);
std::string masqueradeDir(const std::string& runDir);
std::string pythonHookDir(const std::string& runDir);

// The sitecustomize.py text (for tests).
std::string sitecustomizeText();

// The path of the running program (/proc/self/exe).
std::string selfExecutable();

} // namespace memlens
