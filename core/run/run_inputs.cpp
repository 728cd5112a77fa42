#include "core/run/run_inputs.hpp"

#include "core/dump/dump_error.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace memlens {

namespace fs = std::filesystem;

namespace {

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

bool isCompilerDumpName(const std::string& name) { return startsWith(name, "memory_info") && name.ends_with(".json"); }

bool isLogName(const std::string& name) { return name.ends_with(".log") || name.ends_with(".txt"); }

// memory_info_aic.json, memory_info_aiv.json, then the others: the cube core first, as a kernel's folder.
int dumpRank(const std::string& name)
{
    return name == "memory_info_aic.json" ? 0 : name == "memory_info_aiv.json" ? 1 : 2;
}

struct FolderFiles {
    std::vector<std::string> dumps; // memory_info*.json
    std::vector<std::string> json;  // other JSON
    std::vector<std::string> logs;
    bool ir = false; // an IR file (.ttadapter, .mlir, .bcmlir)
};

bool isIrName(const std::string& name)
{
    return name.ends_with(".ttadapter") || name.ends_with(".mlir") || name.ends_with(".bcmlir");
}

void addFolderInputs(const FolderFiles& files, RunListing& listing)
{
    const std::size_t first = listing.inputs.size();
    if (!files.dumps.empty()) {
        std::vector<std::string> dumps = files.dumps;
        std::sort(dumps.begin(), dumps.end(), [](const std::string& a, const std::string& b) {
            const std::string nameA = fs::path(a).filename().string();
            const std::string nameB = fs::path(b).filename().string();
            return std::pair(dumpRank(nameA), nameA) < std::pair(dumpRank(nameB), nameB);
        });
        listing.inputs.push_back({RunInput::Kind::KernelFolder, std::move(dumps), {}});
    }
    // Beside the compiler's dumps a log is theirs; beside other JSON it may be a cached kernel's,
    // or no JSON's at all (notes.json): the folder is read as one piece, so no log is lost.
    if (files.dumps.empty() && !files.json.empty() && !files.logs.empty()) {
        listing.inputs.push_back({RunInput::Kind::JsonAndLogs, files.json, files.logs});
    } else {
        for (const std::string& json : files.json)
            listing.inputs.push_back({RunInput::Kind::JsonFile, {json}, {}});
        if (files.dumps.empty())
            for (const std::string& log : files.logs)
                listing.inputs.push_back({RunInput::Kind::CompileLog, {log}, {}});
    }
    for (std::size_t i = first; i < listing.inputs.size(); ++i) {
        listing.inputs[i].irBeside = files.ir;
        listing.inputs[i].logsBeside = !files.logs.empty();
    }
}

// Lists `folder`'s files into `folders`, and its subfolders to kRunFolderDepth; a folder that
// cannot be read is an error of the listing, naming it, never skipped without a word.
void listFolder(const fs::path& folder, int depth, std::map<std::string, FolderFiles>& folders, RunListing& listing)
{
    std::error_code error;
    fs::directory_iterator it(folder, error);
    std::vector<fs::path> subfolders;
    for (const fs::directory_iterator end; !error && it != end; it.increment(error)) {
        const fs::path& entry = it->path();
        const std::string name = entry.filename().string();
        std::error_code typeError;
        if (it->is_directory(typeError)) {
            // A link to a folder is not followed (a link back up would list for ever).
            if (!startsWith(name, ".") && depth < kRunFolderDepth && !it->is_symlink(typeError))
                subfolders.push_back(entry);
            continue;
        }
        if (!it->is_regular_file(typeError))
            continue;
        FolderFiles& files = folders[entry.parent_path().string()];
        if (isCompilerDumpName(name))
            files.dumps.push_back(entry.string());
        else if (name.ends_with(".json") && !startsWith(name, "__grp__"))
            files.json.push_back(entry.string());
        else if (isLogName(name))
            files.logs.push_back(entry.string());
        else if (isIrName(name))
            files.ir = true;
    }
    if (error && depth == 0)
        throw DumpError(folder.string(), "", "cannot read the folder: " + error.message());
    if (error) {
        listing.errors.emplace_back(
            folder.string(), "cannot read the folder " + folder.string() + ": " + error.message());
        return;
    }
    std::sort(subfolders.begin(), subfolders.end());
    for (const fs::path& subfolder : subfolders)
        listFolder(subfolder, depth + 1, folders, listing);
}

// A compile memlens record kept (DIR/<kernel>/<n>/) holds its config.json and command.txt
// beside the dumps and compile.log: they are the record's notes, neither a dump nor a log.
void dropRecordedFiles(FolderFiles& files)
{
    const auto named = [](const std::string& name) {
        return [name](const std::string& path) { return fs::path(path).filename() == name; };
    };
    const auto config = std::find_if(files.json.begin(), files.json.end(), named("config.json"));
    const auto command = std::find_if(files.logs.begin(), files.logs.end(), named("command.txt"));
    if (config == files.json.end() || command == files.logs.end())
        return;
    files.json.erase(config);
    files.logs.erase(command);
}

} // namespace

RunListing listRunInputs(const std::string& path)
{
    RunListing listing;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (fs::is_regular_file(status)) {
        const std::string name = fs::path(path).filename().string();
        const bool json = name.ends_with(".json");
        listing.inputs.push_back({json ? RunInput::Kind::JsonFile : RunInput::Kind::CompileLog, {path}, {}});
        return listing;
    }
    if (!fs::is_directory(status))
        throw DumpError(path, "",
            error ? "cannot read it: " + error.message()
                  : "neither a folder nor a file (give a run folder or a cache)");
    std::map<std::string, FolderFiles> folders; // sorted by path: the listing does not depend on the file system
    listFolder(path, 0, folders, listing);
    for (auto& [folder, files] : folders) {
        dropRecordedFiles(files);
        std::sort(files.json.begin(), files.json.end());
        std::sort(files.logs.begin(), files.logs.end());
        addFolderInputs(files, listing);
    }
    return listing;
}

bool isRunFolder(const std::string& path)
{
    std::error_code error;
    if (!fs::is_directory(path, error))
        return false;
    fs::directory_iterator it(path, fs::directory_options::skip_permission_denied, error);
    for (const fs::directory_iterator end; !error && it != end; it.increment(error))
        if (isCompilerDumpName(it->path().filename().string()))
            return false;
    return !error;
}

} // namespace memlens
