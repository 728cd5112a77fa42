#pragma once
// A kernel's folder: the compiler writes a mix kernel's two dumps side by side,
// memory_info_aic.json (cube core: cbuf, cc) and memory_info_aiv.json (vector core: ub).
// memlens opens every dump of the folder as one kernel (docs/design.md, A kernel's folder).
#include "core/document/plan_document.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace memlens {

// True when `path` names a folder (then it is opened as a kernel's folder, not as a dump).
bool isFolderPath(const std::string& path);

// True for the names the compiler gives its dumps: memory_info*.json.
bool isDumpFileName(const std::string& name);

// The memory_info*.json files directly in `folder`: memory_info_aic.json first, then
// memory_info_aiv.json, then the others by name. Throws DumpError naming the folder when it
// cannot be read or holds no dump.
std::vector<std::string> dumpFilesInFolder(const std::string& folder);

// Two kernels' dumps matched core by core, as the window compares two folders: each dump of `a`
// with the dump of `b` of the same file name. `a` or `b` may name one dump rather than a folder
// (that core alone); a folder that cannot be read has no dumps.
struct CorePairs {
    std::vector<std::pair<std::string, std::string>> pairs; // (a's dump, b's dump), in a's order
    std::vector<std::string> onlyInA;                       // the file names of a's dumps b lacks
};
CorePairs pairCores(const std::string& a, const std::string& b);

// The pair's health, one warning per problem ("" entries left out): the dumps of a mix kernel's
// halves whose kernels do not pair, or one file older than the other (core/sibling_dump).
// `files` and `kernels` are parallel.
std::vector<std::string> pairNotes(const std::vector<std::string>& files, const std::vector<std::string>& kernels);

// The name the kernels share: the mix kernel's ("attn" for attn_mix_aic and attn_mix_aiv), else
// the kernels as written, distinct ones joined by " + ".
std::string folderKernelName(const std::vector<std::string>& kernels);

// "aic", "aiv" from the dump's file name, else the file's name without ".json".
std::string coreNameOf(const PlanDocument& document);

struct KernelFolder {
    std::string folder;
    std::string kernel;                  // folderKernelName of the dumps' kernels
    std::vector<PlanDocument> documents; // one per dump, in dumpFilesInFolder order
    std::vector<std::string> notes;      // pairNotes

    // The document of core `core` ("aic"); null when the folder has none.
    const PlanDocument* documentOf(const std::string& core) const;
};

// Loads every dump of the folder with `options`. Throws DumpError as loadPlanDocument does (naming the file).
KernelFolder loadKernelFolder(const std::string& folder, const LoadOptions& options);

} // namespace memlens
