#include "core/kernel_source/tile_names.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace memlens {

namespace {

// A kernel file larger than this is not a kernel: it is not read.
constexpr std::uintmax_t kMaxKernelFileBytes = 8u << 20;

std::string joinedOr(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : " or ") + name;
    return text;
}

void addSorted(std::vector<std::string>& names, const std::string& name)
{
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
        std::sort(names.begin(), names.end());
    }
}

// The memref dimensions a tile axis can stand for: those larger than 1, with their positions.
std::vector<std::size_t> sizedPositions(const std::vector<std::int64_t>& shape)
{
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < shape.size(); ++i)
        if (shape[i] != 1)
            positions.push_back(i);
    return positions;
}

class Namer {
public:
    Namer(const PlanDocument& document, std::size_t scopeIndex, TileNames& names, std::string writtenFile)
        : document_(document)
        , scopeIndex_(scopeIndex)
        , scope_(document.dump.scopes.at(scopeIndex))
        , names_(names)
        , writtenFile_(std::move(writtenFile))
    {
    }

    void run()
    {
        names_.dims.resize(scope_.buffers.size());
        for (std::size_t b = 0; b < scope_.buffers.size(); ++b)
            names_.dims[b].resize(scope_.buffers[b].shape().size());
        for (std::size_t b = 0; b < scope_.buffers.size(); ++b)
            nameFromOwnLine(b);
        settleValues();
        for (std::size_t b = 0; b < scope_.buffers.size(); ++b)
            resolve(b);
        listConstexprs();
    }

private:
    PythonLine pythonLine(int line) const
    {
        return {writtenFile_, names_.kernelFile, line, names_.scan.lineText(line)};
    }

    // The axes of the tile at the buffer's own Python line, paired with its memref dimensions.
    void nameFromOwnLine(std::size_t b)
    {
        const Buffer& buffer = scope_.buffers[b];
        if (scopeIndex_ >= document_.sources.size() || b >= document_.sources[scopeIndex_].size())
            return;
        const BlockSource& source = document_.sources[scopeIndex_].sourceInto(b, scratch_);
        if (!source.python || !isKernelFile(source))
            return;
        const auto it = names_.scan.shapeAtLine.find(source.python->line);
        if (it == names_.scan.shapeAtLine.end())
            return;
        std::vector<TileAxis> axes;
        for (const TileAxis& axis : it->second.axes)
            if (!axis.one)
                axes.push_back(axis);
        const std::vector<std::size_t> positions = sizedPositions(buffer.shape());
        if (axes.size() != positions.size())
            return; // the compiler reshaped the tile: the axes cannot be paired
        for (std::size_t k = 0; k < axes.size(); ++k) {
            if (axes[k].constexprs.empty())
                continue;
            TileName& name = names_.dims[b][positions[k]];
            const std::int64_t value = buffer.shape()[positions[k]];
            for (const std::string& written : axes[k].constexprs) {
                addSorted(name.written, written);
                addSorted(name.constexprs, names_.scan.rootOf(written));
            }
            if (axes[k].line > 0)
                name.python = pythonLine(axes[k].line);
            if (axes[k].constexprs.size() == 1 && value > 0)
                evidence_[axes[k].constexprs.front()][value] += buffer.sizeBytes;
            if (axes[k].line > 0) {
                for (const std::string& written : axes[k].constexprs) {
                    int& first = firstLine_[written];
                    first = first == 0 ? axes[k].line : std::min(first, axes[k].line);
                }
            }
        }
    }

    bool isKernelFile(const BlockSource& source) const
    {
        if (!source.pythonLocalPath.empty())
            return source.pythonLocalPath == names_.kernelFile;
        return source.python->file == writtenFile_;
    }

    // Each name's value: the one most bytes hold; a root seen only through a derived name is solved for.
    void settleValues()
    {
        for (const auto& [name, byValue] : evidence_) {
            const auto best = std::max_element(
                byValue.begin(), byValue.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
            values_[name] = best->first;
        }
        for (const auto& [name, derived] : names_.scan.derived) {
            const auto value = values_.find(name);
            if (value == values_.end() || values_.count(derived.source) > 0)
                continue;
            for (std::int64_t candidate = 1; candidate <= (std::int64_t(1) << 40); candidate *= 2)
                if (derived.valueFor(candidate) == value->second) {
                    values_[derived.source] = candidate;
                    break;
                }
        }
        // A derived name whose root is known has the value its expression gives.
        for (const auto& [name, derived] : names_.scan.derived)
            if (values_.count(name) == 0 && values_.count(derived.source) > 0)
                if (const auto v = derived.valueFor(values_[derived.source]))
                    values_[name] = *v;
    }

    std::optional<std::int64_t> valueOf(const std::string& written) const
    {
        const auto it = values_.find(written);
        return it == values_.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
    }

    // Candidates whose value is known to differ are dropped; dimensions no line named are named by value.
    void resolve(std::size_t b)
    {
        const std::vector<std::int64_t>& shape = scope_.buffers[b].shape();
        for (std::size_t p = 0; p < shape.size(); ++p) {
            TileName& name = names_.dims[b][p];
            if (shape[p] <= 1)
                continue;
            if (!name.written.empty()) {
                // A name whose value (what most bytes say) differs is not this dimension's: the
                // line's tile was another value of the statement (`acc += tl.dot(p.to(f16), v)`).
                std::vector<std::string> kept;
                for (const std::string& written : name.written)
                    if (valueOf(written).value_or(shape[p]) == shape[p])
                        kept.push_back(written);
                if (kept.size() < name.written.size()) {
                    setWritten(name, kept);
                    if (kept.empty())
                        name.python.reset();
                }
            }
            if (!name.written.empty())
                continue;
            std::vector<std::string> matching;
            for (const auto& [written, value] : values_)
                if (value == shape[p])
                    matching.push_back(written);
            if (matching.empty())
                continue;
            setWritten(name, matching);
            name.byValue = true;
            const auto first = firstLine_.find(matching.front());
            if (first != firstLine_.end())
                name.python = pythonLine(first->second);
        }
    }

    void setWritten(TileName& name, const std::vector<std::string>& written)
    {
        name.written.clear();
        name.constexprs.clear();
        for (const std::string& w : written) {
            addSorted(name.written, w);
            addSorted(name.constexprs, names_.scan.rootOf(w));
        }
    }

    void listConstexprs()
    {
        std::vector<std::string> all = names_.scan.constexprs;
        for (const auto& [name, derived] : names_.scan.derived)
            all.push_back(name);
        for (const std::string& name : all) {
            KernelConstexpr c;
            c.name = name;
            c.value = valueOf(name);
            if (const auto it = firstLine_.find(name); it != firstLine_.end())
                c.python = pythonLine(it->second);
            if (const auto it = names_.scan.derived.find(name); it != names_.scan.derived.end())
                c.derivedFrom = it->second.source;
            names_.constexprs.push_back(std::move(c));
        }
    }

    const PlanDocument& document_;
    std::size_t scopeIndex_;
    const ScopePlan& scope_;
    TileNames& names_;
    std::string writtenFile_;
    BlockSource scratch_; // each buffer's source, made in turn (not kept)
    std::map<std::string, std::map<std::int64_t, std::uint64_t>> evidence_; // name -> value -> bytes
    std::map<std::string, std::int64_t> values_;
    std::map<std::string, int> firstLine_;
};

} // namespace

std::string PythonLine::label() const
{
    std::string text
        = std::filesystem::path(file.empty() ? localPath : file).filename().string() + ":" + std::to_string(line);
    if (!this->text.empty())
        text += " `" + this->text + "`";
    return text;
}

std::string TileName::text() const { return joinedOr(written); }

bool TileNames::any() const
{
    for (const auto& buffer : dims)
        for (const TileName& name : buffer)
            if (!name.empty())
                return true;
    return false;
}

const KernelConstexpr* TileNames::constexprNamed(const std::string& name) const
{
    for (const KernelConstexpr& c : constexprs)
        if (c.name == name)
            return &c;
    return nullptr;
}

TileName TileNames::nameOfValue(const ScopePlan& scope, const std::vector<int>& blocks, std::int64_t value) const
{
    std::map<std::string, std::pair<std::uint64_t, const TileName*>> byText;
    for (const int index : blocks) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        const auto b = static_cast<std::size_t>(block.bufferIndex);
        if (b >= dims.size())
            continue;
        const std::vector<std::int64_t>& shape = scope.buffers[b].shape();
        for (std::size_t p = 0; p < shape.size() && p < dims[b].size(); ++p) {
            if (shape[p] != value || dims[b][p].empty())
                continue;
            auto& entry = byText[dims[b][p].text()];
            // Named by its own line beats named by value; then by bytes.
            entry.first += block.size * (dims[b][p].byValue ? 1 : 4);
            if (!entry.second || (!entry.second->python && dims[b][p].python))
                entry.second = &dims[b][p];
            break; // one occurrence per buffer, as a lever scales it
        }
    }
    if (byText.empty())
        return {};
    const auto best = std::max_element(
        byText.begin(), byText.end(), [](const auto& a, const auto& b) { return a.second.first < b.second.first; });
    return *best->second.second;
}

std::string kernelFileOf(const PlanDocument& document, std::size_t scopeIndex, std::string* writtenAs)
{
    std::map<std::pair<std::string, std::string>, std::size_t> count; // (local, written) -> buffers
    if (scopeIndex < document.sources.size())
        for (const BlockSource& source : document.sources[scopeIndex])
            if (source.python && !source.pythonLocalPath.empty())
                ++count[{source.pythonLocalPath, source.python->file}];
    if (count.empty())
        return {};
    const auto best = std::max_element(
        count.begin(), count.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    if (writtenAs)
        *writtenAs = best->first.second;
    return best->first.first;
}

TileNames nameTiles(const PlanDocument& document, std::size_t scopeIndex)
{
    TileNames names;
    std::string written;
    names.kernelFile = kernelFileOf(document, scopeIndex, &written);
    if (names.kernelFile.empty()) {
        names.note = "no Python file of the kernel was found on this machine";
        return names;
    }
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(names.kernelFile, error);
    if (error || size > kMaxKernelFileBytes) {
        names.note = names.kernelFile + (error ? ": cannot be read" : ": too large to be a kernel file");
        return names;
    }
    std::ifstream in(names.kernelFile, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    names.scan = scanKernel(text.str(), document.dump.kernel);
    if (!names.scan.found()) {
        names.note = names.kernelFile + ": no @triton.jit kernel in it";
        return names;
    }
    Namer(document, scopeIndex, names, written).run();
    if (!names.any())
        names.note = names.kernelFile + ": no tile of the kernel matches a buffer's shape";
    return names;
}

} // namespace memlens
