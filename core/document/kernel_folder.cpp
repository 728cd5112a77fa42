#include "core/document/kernel_folder.hpp"

#include "core/dump/dump_error.hpp"
#include "core/source/sibling_dump.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace memlens {

namespace fs = std::filesystem;

namespace {

// memory_info_aic.json, memory_info_aiv.json, then the rest: the cube core feeds the vector core.
int fileRank(const std::string& name)
{
    if (name == "memory_info_aic.json")
        return 0;
    if (name == "memory_info_aiv.json")
        return 1;
    return 2;
}

} // namespace

bool isFolderPath(const std::string& path)
{
    std::error_code error;
    return !path.empty() && fs::is_directory(path, error);
}

bool isDumpFileName(const std::string& name)
{
    const std::string prefix = "memory_info";
    const std::string suffix = ".json";
    return name.size() >= prefix.size() + suffix.size() && name.compare(0, prefix.size(), prefix) == 0
        && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> dumpFilesInFolder(const std::string& folder)
{
    std::error_code error;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
    if (error)
        throw DumpError(folder, "", "cannot read the folder: " + error.message());
    std::vector<std::string> files;
    for (const fs::directory_iterator end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        std::error_code typeError;
        if (isDumpFileName(name) && it->is_regular_file(typeError))
            files.push_back(it->path().string());
    }
    if (error)
        throw DumpError(folder, "", "cannot read the folder: " + error.message());
    if (files.empty())
        throw DumpError(folder, "",
            "no memory_info*.json in the folder (a kernel's folder holds memory_info_aic.json "
            "and memory_info_aiv.json)");
    std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
        const std::string nameA = fs::path(a).filename().string();
        const std::string nameB = fs::path(b).filename().string();
        return std::pair(fileRank(nameA), nameA) < std::pair(fileRank(nameB), nameB);
    });
    return files;
}

CorePairs pairCores(const std::string& a, const std::string& b)
{
    const auto filesOf = [](const std::string& path) {
        if (!isFolderPath(path))
            return std::vector<std::string>{path};
        try {
            return dumpFilesInFolder(path);
        } catch (const std::exception&) {
            return std::vector<std::string>{};
        }
    };
    const std::vector<std::string> filesB = filesOf(b);
    CorePairs cores;
    for (const std::string& fileA : filesOf(a)) {
        const std::string name = fs::path(fileA).filename().string();
        const auto match = std::find_if(filesB.begin(), filesB.end(),
            [&name](const std::string& fileB) { return fs::path(fileB).filename().string() == name; });
        if (match == filesB.end())
            cores.onlyInA.push_back(name);
        else
            cores.pairs.emplace_back(fileA, *match);
    }
    return cores;
}

std::vector<std::string> pairNotes(const std::vector<std::string>& files, const std::vector<std::string>& kernels)
{
    std::vector<std::string> notes;
    for (std::size_t a = 0; a < files.size(); ++a)
        for (std::size_t b = a + 1; b < files.size(); ++b) {
            // A mix kernel's halves are the aic and the aiv file; other dumps are kernels of their own.
            const std::string nameA = fs::path(files[a]).filename().string();
            const std::string nameB = fs::path(files[b]).filename().string();
            if (fileRank(nameA) + fileRank(nameB) != 1)
                continue;
            if (std::string warning = pairWarning(files[a], kernels[a], files[b], kernels[b]); !warning.empty())
                notes.push_back(std::move(warning));
        }
    return notes;
}

std::string folderKernelName(const std::vector<std::string>& kernels)
{
    std::vector<std::string> names;
    for (const std::string& kernel : kernels) {
        const std::string name = mixKernelBase(kernel).value_or(kernel);
        if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    }
    std::string joined;
    for (const std::string& name : names)
        joined += (joined.empty() ? "" : " + ") + name;
    return joined;
}

std::string coreNameOf(const PlanDocument& document)
{
    if (const char* core = coreKindName(document.dump.core))
        return core;
    return fs::path(document.dump.file).stem().string();
}

const PlanDocument* KernelFolder::documentOf(const std::string& core) const
{
    for (const PlanDocument& document : documents)
        if (coreNameOf(document) == core)
            return &document;
    return nullptr;
}

KernelFolder loadKernelFolder(const std::string& folder, const LoadOptions& options)
{
    KernelFolder kernel;
    kernel.folder = folder;
    const std::vector<std::string> files = dumpFilesInFolder(folder);
    std::vector<std::string> kernels;
    for (const std::string& file : files) {
        kernel.documents.push_back(loadPlanDocument(file, options));
        kernels.push_back(kernel.documents.back().dump.kernel);
    }
    kernel.kernel = folderKernelName(kernels);
    kernel.notes = pairNotes(files, kernels);
    return kernel;
}

} // namespace memlens
