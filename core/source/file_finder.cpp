#include "core/source/file_finder.hpp"

#include "core/base/input_file.hpp"

#include <algorithm>
#include <fstream>
#include <mutex>
#include <system_error>
#include <unordered_map>

namespace fs = std::filesystem;

namespace memlens {

std::string_view fileNameOf(std::string_view path)
{
    while (!path.empty() && (path.back() == '/' || path.back() == '\\'))
        path.remove_suffix(1);
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

namespace {

bool isSeparator(char c) { return c == '/' || c == '\\'; }

// Path components of a path written with either separator.
std::vector<std::string_view> components(std::string_view path)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < path.size()) {
        while (i < path.size() && isSeparator(path[i]))
            ++i;
        std::size_t start = i;
        while (i < path.size() && !isSeparator(path[i]))
            ++i;
        if (i > start)
            out.push_back(path.substr(start, i - start));
    }
    return out;
}

// How many trailing components two paths share.
std::size_t commonTail(std::string_view a, std::string_view b)
{
    auto ca = components(a);
    auto cb = components(b);
    std::size_t n = 0;
    while (n < ca.size() && n < cb.size() && ca[ca.size() - 1 - n] == cb[cb.size() - 1 - n])
        ++n;
    return n;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

constexpr std::size_t kMaxDirEntries = 50000;

} // namespace

bool isRegularFile(const fs::path& path)
{
    std::error_code ec;
    return !path.empty() && fs::is_regular_file(path, ec); // follows symlinks
}

ReadResult readTextFile(const fs::path& path, std::uintmax_t maxBytes)
{
    ReadResult r;
    const std::string shown = path.string();
    // Asked before opening: a FIFO would block the open, /dev/zero never ends.
    const InputFileCheck check = checkInputFile(path.string());
    if (!check.ok()) {
        r.error = shown + ": " + check.problem;
        return r;
    }
    const std::uintmax_t size = check.bytes;
    if (size > maxBytes) {
        r.error
            = shown + ": too large (" + std::to_string(size) + " bytes, the limit is " + std::to_string(maxBytes) + ")";
        return r;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        r.error = shown + ": cannot open";
        return r;
    }
    r.text.resize(static_cast<std::size_t>(size));
    in.read(r.text.data(), static_cast<std::streamsize>(size));
    r.text.resize(static_cast<std::size_t>(in.gcount()));
    // The file may have grown since it was measured: read on, within the limit.
    char buf[65536];
    while (in) {
        in.read(buf, sizeof buf);
        std::streamsize got = in.gcount();
        if (got <= 0)
            break;
        if (r.text.size() + static_cast<std::size_t>(got) > maxBytes) {
            r.text.clear();
            r.error = shown + ": too large (grew past the limit of " + std::to_string(maxBytes) + " bytes)";
            return r;
        }
        r.text.append(buf, static_cast<std::size_t>(got));
    }
    if (r.text.find('\0') != std::string::npos) {
        r.text.clear();
        r.error = shown + ": not a text file (contains NUL bytes)";
        return r;
    }
    return r;
}

std::string FindResult::message() const
{
    if (found)
        return "found at " + found->string();
    std::string out = "not found";
    if (!note.empty())
        out += " (" + note + ")";
    if (!tried.empty()) {
        out += "; tried: ";
        for (std::size_t i = 0; i < tried.size(); ++i) {
            if (i)
                out += ", ";
            out += tried[i].string();
        }
    }
    return out;
}

void FileFinder::addSubstitution(std::string from, std::string to)
{
    substitutions_.emplace_back(std::move(from), std::move(to));
}

// File name -> every regular file of that name below the recursive source
// folders, with the folder it was found under.
struct FileFinder::SourceIndex {
    std::once_flag built;
    std::unordered_map<std::string, std::vector<std::pair<std::size_t, fs::path>>> byName;
    std::string note; // "" unless the budget ran out
};

void FileFinder::addSourceDir(fs::path dir, bool recursive, int maxDepth)
{
    sourceDirs_.push_back(SourceDir{std::move(dir), recursive, std::max(0, maxDepth)});
    sourceIndex_.reset();
}

void FileFinder::setSourceIndexBudget(std::size_t entries)
{
    sourceIndexBudget_ = entries;
    sourceIndex_.reset();
}

const FileFinder::SourceIndex& FileFinder::sourceIndex() const
{
    // Created here (not shared with a copy made before) and filled once, even
    // when finds run on several threads.
    static std::mutex creating;
    std::shared_ptr<SourceIndex> index;
    {
        std::lock_guard lock(creating);
        if (!sourceIndex_)
            sourceIndex_ = std::make_shared<SourceIndex>();
        index = sourceIndex_;
    }
    std::call_once(index->built, [&] {
        std::size_t visited = 0;
        for (std::size_t d = 0; d < sourceDirs_.size(); ++d) {
            const SourceDir& sd = sourceDirs_[d];
            if (!sd.recursive || sd.maxDepth <= 0)
                continue;
            std::error_code ec;
            fs::recursive_directory_iterator it(sd.dir, fs::directory_options::skip_permission_denied, ec);
            for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (++visited > sourceIndexBudget_) {
                    index->note = "stopped searching the source folders after " + std::to_string(sourceIndexBudget_)
                        + " entries (in " + sd.dir.string() + ")";
                    return;
                }
                if (it.depth() + 1 >= sd.maxDepth)
                    it.disable_recursion_pending();
                std::error_code typeEc;
                if (it->is_regular_file(typeEc))
                    index->byName[it->path().filename().string()].emplace_back(d, it->path());
            }
        }
    });
    return *index;
}

void FileFinder::setDumpDir(fs::path dir)
{
    if (!dir.has_filename() && dir.has_parent_path() && dir != dir.root_path())
        dir = dir.parent_path(); // "a/b/" -> "a/b"
    dumpDir_ = std::move(dir);
}

void FileFinder::remember(std::string original, fs::path located)
{
    for (auto& [orig, loc] : remembered_) {
        if (orig == original) {
            loc = std::move(located);
            return;
        }
    }
    remembered_.emplace_back(std::move(original), std::move(located));
}

FindResult FileFinder::find(std::string_view pathText) const
{
    FindResult r;
    auto tryPath = [&](const fs::path& candidate) {
        if (candidate.empty())
            return false;
        if (std::find(r.tried.begin(), r.tried.end(), candidate) == r.tried.end())
            r.tried.push_back(candidate);
        if (isRegularFile(candidate)) {
            r.found = candidate;
            return true;
        }
        return false;
    };

    const std::string_view name = fileNameOf(pathText);
    if (name.empty()) {
        r.note = "no file name";
        return r;
    }

    for (const auto& [orig, located] : remembered_)
        if (orig == pathText && tryPath(located))
            return r;

    const fs::path asGiven{std::string(pathText)};
    if (tryPath(asGiven))
        return r;
    if (asGiven.is_relative() && dumpDir_ && tryPath(*dumpDir_ / asGiven))
        return r;

    for (const auto& [from, to] : substitutions_) {
        if (from.empty() || pathText.substr(0, from.size()) != from)
            continue;
        std::string_view rest = pathText.substr(from.size());
        bool boundary = rest.empty() || isSeparator(rest.front()) || isSeparator(from.back());
        if (!boundary)
            continue;
        if (tryPath(fs::path(to + std::string(rest))))
            return r;
    }

    const fs::path fileName{std::string(name)};
    if (dumpDir_) {
        fs::path dir = *dumpDir_;
        for (int level = 0; level <= parentLevels_; ++level) {
            if (tryPath(dir / fileName))
                return r;
            fs::path parent = dir.parent_path();
            if (parent.empty() || parent == dir)
                break;
            dir = parent;
        }
    }

    for (std::size_t d = 0; d < sourceDirs_.size(); ++d) {
        const SourceDir& sd = sourceDirs_[d];
        if (tryPath(sd.dir / fileName))
            return r;
        if (!sd.recursive || sd.maxDepth <= 0)
            continue;
        r.tried.push_back(sd.dir / "**" / fileName);
        const SourceIndex& index = sourceIndex();
        if (!index.note.empty())
            r.note = index.note;
        const auto named = index.byName.find(std::string(name));
        if (named == index.byName.end())
            continue;
        const fs::path* best = nullptr;
        std::size_t bestTail = 0;
        for (const auto& [dir, candidate] : named->second) {
            if (dir != d)
                continue;
            std::size_t tail = commonTail(candidate.generic_string(), pathText);
            if (!best || tail > bestTail || (tail == bestTail && candidate < *best)) {
                best = &candidate;
                bestTail = tail;
            }
        }
        // The index is a snapshot: the file may have gone since.
        if (best && isRegularFile(*best)) {
            r.found = *best;
            return r;
        }
    }
    return r;
}

const std::vector<std::string_view>& irFileSuffixes()
{
    static const std::vector<std::string_view> suffixes = {".ttadapter", ".mlir", ".bcmlir", ".ttir", ".ttgir"};
    return suffixes;
}

bool looksLikeIrFile(std::string_view path)
{
    const auto& suffixes = irFileSuffixes();
    return std::any_of(suffixes.begin(), suffixes.end(), [path](std::string_view s) { return endsWith(path, s); });
}

FindResult discoverIrFile(
    const fs::path& dumpPath, std::string_view locationFile, std::string_view kernelName, const FileFinder& finder)
{
    FindResult r;
    fs::path dir = dumpPath.parent_path();
    if (dir.empty())
        dir = ".";

    if (!locationFile.empty() && looksLikeIrFile(locationFile)) {
        FileFinder local = finder;
        local.setDumpDir(dir);
        FindResult byName = local.find(locationFile);
        r.tried = byName.tried;
        if (byName.found) {
            r.found = byName.found;
            return r;
        }
    }

    std::vector<std::string> names;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    for (std::size_t n = 0; !ec && it != fs::directory_iterator() && n < kMaxDirEntries; it.increment(ec), ++n) {
        std::error_code typeEc;
        if (it->is_regular_file(typeEc))
            names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());

    std::string kernel(kernelName);
    std::string kernelCore = kernel;
    kernelCore.erase(0,
        kernelCore.find_first_not_of('_') == std::string::npos ? kernelCore.size() : kernelCore.find_first_not_of('_'));
    const char* suffixes[] = {".ttadapter", ".ttadapter.mlir", ".bcmlir"};
    for (const char* suffix : suffixes) {
        r.tried.push_back(dir / (std::string("*") + suffix));
        std::vector<std::string> matches;
        for (const auto& n : names)
            if (endsWith(n, suffix) && n.size() > std::string_view(suffix).size())
                matches.push_back(n);
        if (matches.empty())
            continue;
        std::string chosen = matches.front();
        if (matches.size() > 1) {
            bool picked = false;
            if (!kernel.empty()) {
                for (const auto& m : matches)
                    if (m == kernel + suffix) {
                        chosen = m;
                        picked = true;
                        break;
                    }
                for (const auto& m : matches) {
                    if (picked || kernelCore.empty())
                        break;
                    if (m.find(kernelCore) != std::string::npos) {
                        chosen = m;
                        picked = true;
                    }
                }
            }
            r.note = std::to_string(matches.size()) + " files match *" + suffix + " in " + dir.string() + "; chose "
                + chosen;
        }
        r.found = dir / chosen;
        return r;
    }
    if (!kernel.empty())
        r.tried.push_back(dir / (kernel + ".ttadapter"));
    return r;
}

} // namespace memlens
