#pragma once
// What a run folder holds, as the pieces `memlens summary` reads one by one (in parallel):
// a kernel's folder (memory_info*.json side by side: a mix kernel pairs as `inspect DIR`
// pairs it), a JSON file (a dump such as watch's copies, or Triton's cache metadata: decided
// by content when it is read), a compile log in a folder without JSON. Listing reads no file.
#include <string>
#include <vector>

namespace memlens {

struct RunInput {
    enum class Kind {
        KernelFolder, // `files`: the folder's memory_info*.json, memory_info_aic.json first
        JsonFile,     // `files[0]`: a dump or cache metadata
        // A folder of JSON files and compile logs, no memory_info*.json (a Triton cache entry
        // with logs beside it): `files` its JSON, `logs` its logs. Every log is a row; cache
        // metadata adds its options to its kernel's log rows, or is a row of its own.
        JsonAndLogs,
        CompileLog, // `files[0]`: a log (or IR) whose plan memlens computes
    };
    Kind kind = Kind::JsonFile;
    std::vector<std::string> files;
    std::vector<std::string> logs;
    // What the folder holds beside the files: where it holds none, a load does not look for them
    // (each look lists the folder: a thousand dumps would list it a thousand times).
    bool irBeside = true;
    bool logsBeside = true;
};

struct RunListing {
    std::vector<RunInput> inputs; // in path order
    // What could not be listed (a folder that cannot be read): {its path, why}, each an error row.
    std::vector<std::pair<std::string, std::string>> errors;
};

// Folders are looked into up to this depth below the run folder: a Triton cache is
// <cache>/<hash>/<kernel>.json, a run of kernel folders <run>/<kernel>/memory_info_aiv.json.
inline constexpr int kRunFolderDepth = 3;

// `path` a folder: its pieces (hidden folders, Triton's __grp__*.json group files, and the
// config.json and command.txt of a compile memlens record kept left out;
// a *.log or *.txt beside memory_info*.json is that dump's log, found by its load, not a piece
// of its own). `path` a file: that file alone. Throws DumpError when `path` is neither.
RunListing listRunInputs(const std::string& path);

// A folder that is a run rather than a kernel's folder: no memory_info*.json directly in it
// (the window opens it in the Run view, a kernel's folder in the plan view).
bool isRunFolder(const std::string& path);

} // namespace memlens
