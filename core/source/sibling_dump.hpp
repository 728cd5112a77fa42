#pragma once
// The other core's dump in the same folder. The compiler writes memory_info_aic.json (cube core)
// and memory_info_aiv.json (vector core) side by side, one per function, and stops at the first
// function whose plan fails: the file of a function after it is not rewritten and may be left
// over from an earlier compile. A mix kernel's two functions are `<kernel>_mix_aic` and
// `<kernel>_mix_aiv`, compiled together.
#include <optional>
#include <string>

namespace memlens {

// memory_info_aiv.json <-> memory_info_aic.json in the same folder; nullopt for other names.
std::optional<std::string> siblingDumpPath(const std::string& dumpPath);

// Header.KernelName read from the start of a dump (the compiler sorts its keys, so "Header" comes
// before "Record"), without parsing the rest; nullopt when it is not found there.
std::optional<std::string> peekKernelName(const std::string& dumpPath);

// "<kernel>" of "<kernel>_mix_aic" / "<kernel>_mix_aiv"; nullopt for a kernel that is not a mix kernel's half.
std::optional<std::string> mixKernelBase(const std::string& kernel);

// Why the pair of `dumpPath` (kernel `kernel`) and its sibling may hold a file left over from an
// earlier compile: their kernels do not pair although one is a mix kernel's half, or the pair is
// one mix kernel's and one file is older than the other by more than a minute. "" when neither.
std::string staleSiblingWarning(const std::string& dumpPath, const std::string& kernel);

// The same judgement of two dumps opened together (a kernel's folder): "" when they may be one
// compile's pair; else which file and why, naming both files with their kernels.
std::string pairWarning(
    const std::string& pathA, const std::string& kernelA, const std::string& pathB, const std::string& kernelB);

} // namespace memlens
