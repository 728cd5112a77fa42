#include "core/ir_index.hpp"

#include "core/capacity.hpp"

#include "core/file_finder.hpp"
#include "core/mlir_bytecode.hpp"

#include <algorithm>

namespace memlens {

namespace {

bool isIdentChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
        || c == '.' || c == '-';
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view fileNameOf(std::string_view path)
{
    std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// Skip a "..." string starting at s[i] == '"'; returns the index after it (or
// s.size() when it does not close on this line).
std::size_t skipString(std::string_view s, std::size_t i)
{
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return s.size();
}

// Does `line` (trimmed) start an allocating op? Accepts `%a, %b = op`, `%a:2 = op`
// and the generic form `"op"(`.
bool startsAllocatingOp(std::string_view line)
{
    std::size_t i = 0;
    while (i < line.size() && isSpace(line[i]))
        ++i;
    if (i < line.size() && line[i] == '%') {
        std::size_t eq = line.find('=', i);
        if (eq == std::string_view::npos)
            return false;
        for (std::size_t k = i; k < eq; ++k) {
            char c = line[k];
            if (!(isIdentChar(c) || c == '%' || c == ',' || c == ':' || c == '#' || isSpace(c)))
                return false;
        }
        i = eq + 1;
        while (i < line.size() && isSpace(line[i]))
            ++i;
    }
    bool generic = i < line.size() && line[i] == '"';
    if (generic)
        ++i;
    std::size_t start = i;
    while (i < line.size() && isIdentChar(line[i]))
        ++i;
    std::string_view op = line.substr(start, i - start);
    if (generic && (i >= line.size() || line[i] != '"'))
        return false;
    return op == "memref.alloc" || op == "memref.alloca" || op == "bufferization.alloc_tensor" || op == "tensor.empty";
}

constexpr std::size_t kMaxWarnings = 100;
constexpr int kMaxOpSpanLines = 256;

} // namespace

IrIndex IrIndex::build(std::string text, std::string path)
{
    IrIndex ix;
    ix.path_ = std::move(path);
    ix.text_ = std::move(text);
    const std::string_view all(ix.text_);

    ix.lineStarts_.push_back(0);
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i] == '\n' && i + 1 < all.size())
            ix.lineStarts_.push_back(i + 1);
    if (all.empty())
        ix.lineStarts_.clear();
    const int lineCount = static_cast<int>(ix.lineStarts_.size());
    ix.lines_.assign(static_cast<std::size_t>(lineCount) + 1, OpLine{});

    auto warn = [&](std::string w) {
        if (ix.warnings_.size() < kMaxWarnings)
            ix.warnings_.push_back(std::move(w));
    };

    ix.target_ = targetInIrText(all);

    struct Pending {
        int start, headerEnd, end;
        std::size_t locBegin, locEnd;
        LocationPtr loc;
    };
    struct Brace {
        int stmtStart, headerEnd;
    };
    std::vector<Pending> pending;
    std::vector<Brace> braces;
    AliasTable aliases;
    int depth = 0;
    int stmtStart = 0;
    int headerEnd = 0;

    for (int ln = 1; ln <= lineCount; ++ln) {
        const std::size_t base = ix.lineStarts_[ln - 1];
        const std::string_view s = ix.lineText(ln);
        std::size_t first = 0;
        while (first < s.size() && isSpace(s[first]))
            ++first;
        if (first == s.size() || s.substr(first, 2) == "//")
            continue;

        if (startsAllocatingOp(s)) {
            ix.lines_[ln].alloc = true;
            ix.allocLines_.push_back(ln);
        }

        // #name = loc(...): an alias definition.
        if (s[first] == '#') {
            std::size_t k = first + 1;
            while (k < s.size() && isIdentChar(s[k]))
                ++k;
            std::size_t nameEnd = k;
            while (k < s.size() && isSpace(s[k]))
                ++k;
            if (k < s.size() && s[k] == '=' && nameEnd > first + 1) {
                ++k;
                while (k < s.size() && isSpace(s[k]))
                    ++k;
                if (s.substr(k, 3) == "loc") {
                    std::string name(s.substr(first, nameEnd - first));
                    LocationParseResult r = parseLocationPrefix(all.substr(0, base + s.size()), base + k);
                    if (r.ok())
                        aliases[name] = r.location;
                    else
                        warn("line " + std::to_string(ln) + ": cannot parse " + name + ": " + r.error->message);
                    continue;
                }
            }
        }

        // `%x = ...` at depth 0 always starts an op, even when the one before
        // had no location to end it.
        if (stmtStart == 0 || (depth == 0 && s[first] == '%')) {
            stmtStart = ln;
            headerEnd = 0;
        }
        std::size_t lastLocBegin = 0, lastLocEnd = 0;
        LocationPtr lastLoc;
        std::size_t contentEnd = s.size(); // before any trailing comment
        for (std::size_t i = first; i < s.size();) {
            const char c = s[i];
            if (c == '"') {
                i = skipString(s, i);
                continue;
            }
            if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
                contentEnd = i;
                break;
            }
            if (c == '(' || c == '[') {
                ++depth;
            } else if (c == ')' || c == ']') {
                depth = std::max(0, depth - 1);
            } else if (c == '{') {
                std::size_t k = i + 1;
                while (k < s.size() && isSpace(s[k]))
                    ++k;
                bool endsLine = k == s.size() || s.substr(k, 2) == "//";
                if (endsLine) {
                    // A region opens: ops inside are statements of their own.
                    if (headerEnd == 0)
                        headerEnd = ln;
                    braces.push_back({stmtStart, headerEnd});
                    stmtStart = 0;
                    headerEnd = 0;
                } else {
                    braces.push_back({stmtStart, headerEnd});
                }
            } else if (c == '}') {
                if (!braces.empty()) {
                    stmtStart = braces.back().stmtStart;
                    headerEnd = braces.back().headerEnd;
                    braces.pop_back();
                }
                if (stmtStart == 0)
                    stmtStart = ln;
            } else if (c == 'l' && depth == 0 && s.substr(i, 3) == "loc" && (i == 0 || !isIdentChar(s[i - 1]))) {
                std::size_t k = i + 3;
                while (k < s.size() && isSpace(s[k]))
                    ++k;
                if (k < s.size() && s[k] == '(') {
                    // Parse within this line only.
                    LocationParseResult r = parseLocationPrefix(all.substr(0, base + s.size()), base + i);
                    if (r.ok()) {
                        lastLoc = r.location;
                        lastLocBegin = base + i;
                        lastLocEnd = r.end;
                        i = r.end - base;
                        continue;
                    }
                    warn("line " + std::to_string(ln) + ": cannot parse location: " + r.error->message);
                    // Its brackets would upset the depth of everything after it.
                    lastLoc = nullptr;
                    break;
                }
            }
            ++i;
        }
        std::size_t last = contentEnd;
        while (last > 0 && isSpace(s[last - 1]))
            --last;
        if (lastLoc && lastLocEnd == base + last && depth == 0) {
            pending.push_back({stmtStart, headerEnd, ln, lastLocBegin, lastLocEnd, lastLoc});
            stmtStart = 0;
            headerEnd = 0;
        }
    }

    ix.resolver_ = std::make_shared<LocationResolver>(std::move(aliases));
    std::unordered_map<std::string_view, int> byText;
    for (const Pending& p : pending) {
        std::string_view raw = all.substr(p.locBegin, p.locEnd - p.locBegin);
        int idx;
        if (auto it = byText.find(raw); it != byText.end()) {
            idx = it->second;
        } else {
            idx = static_cast<int>(ix.resolved_.size());
            ix.resolved_.push_back(ix.resolver_->resolve(p.loc));
            if (!ix.resolved_.back().problem.empty())
                warn("line " + std::to_string(p.end) + ": " + ix.resolved_.back().problem);
            byText.emplace(raw, idx);
        }
        auto assign = [&](int l, bool own) {
            OpLine& o = ix.lines_[static_cast<std::size_t>(l)];
            if (own || o.resolved < 0) {
                o.resolved = idx;
                o.locBegin = p.locBegin;
                o.locEnd = p.locEnd;
            }
        };
        assign(p.end, true);
        int start = p.start > 0 && p.end - p.start <= kMaxOpSpanLines ? p.start : p.end;
        int headerLast = p.headerEnd > 0 ? std::min(p.headerEnd, p.end) : p.end;
        for (int l = start; l <= headerLast; ++l)
            assign(l, false);

        const ResolvedLocation& rl = ix.resolved_[static_cast<std::size_t>(idx)];
        for (const SourceFrame& f : rl.userFrames) {
            ix.byFullPath_[Key{f.file, f.line}].push_back(start);
            ix.byFileName_[Key{std::string(fileNameOf(f.file)), f.line}].push_back(start);
        }
    }
    for (auto* map : {&ix.byFullPath_, &ix.byFileName_}) {
        for (auto& [key, lines] : *map) {
            std::sort(lines.begin(), lines.end());
            lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
        }
    }
    return ix;
}

std::string_view IrIndex::lineText(int line) const
{
    if (line < 1 || line > lineCount())
        return {};
    std::size_t begin = lineStarts_[static_cast<std::size_t>(line - 1)];
    std::size_t end = line < lineCount() ? lineStarts_[static_cast<std::size_t>(line)] - 1 : text_.size();
    if (end > begin && text_[end - 1] == '\n')
        --end;
    if (end > begin && text_[end - 1] == '\r')
        --end;
    return std::string_view(text_).substr(begin, end - begin);
}

const ResolvedLocation* IrIndex::locationAt(int line) const
{
    if (line < 1 || line > lineCount())
        return nullptr;
    int idx = lines_[static_cast<std::size_t>(line)].resolved;
    return idx < 0 ? nullptr : &resolved_[static_cast<std::size_t>(idx)];
}

std::string_view IrIndex::rawLocationAt(int line) const
{
    if (!locationAt(line))
        return {};
    const OpLine& o = lines_[static_cast<std::size_t>(line)];
    return std::string_view(text_).substr(o.locBegin, o.locEnd - o.locBegin);
}

bool IrIndex::isAllocLine(int line) const
{
    return line >= 1 && line <= lineCount() && lines_[static_cast<std::size_t>(line)].alloc;
}

std::vector<int> IrIndex::lookup(std::string_view file, int line, bool allocOnly) const
{
    const std::vector<int>* found = nullptr;
    if (auto it = byFullPath_.find(Key{std::string(file), line}); it != byFullPath_.end())
        found = &it->second;
    else if (auto it2 = byFileName_.find(Key{std::string(fileNameOf(file)), line}); it2 != byFileName_.end())
        found = &it2->second;
    if (!found)
        return {};
    if (!allocOnly)
        return *found;
    std::vector<int> out;
    for (int l : *found)
        if (isAllocLine(l))
            out.push_back(l);
    return out;
}

std::vector<int> IrIndex::linesFor(std::string_view file, int line) const { return lookup(file, line, false); }

std::vector<int> IrIndex::allocLinesFor(std::string_view file, int line) const { return lookup(file, line, true); }

ResolvedLocation IrIndex::resolve(std::string_view locationText) const
{
    return resolveLocationText(locationText, *resolver_);
}

std::size_t IrIndex::locatedLineCount() const
{
    std::size_t n = 0;
    for (std::size_t i = 1; i < lines_.size(); ++i)
        n += lines_[i].resolved >= 0 ? 1 : 0;
    return n;
}

IrLoadResult loadIrIndex(const std::filesystem::path& path)
{
    IrLoadResult r;
    if (isMlirBytecodeFile(path)) {
        r.error = mlirBytecodeAdvice(path);
        return r;
    }
    ReadResult read = readTextFile(path);
    if (!read.ok()) {
        r.error = read.error;
        return r;
    }
    r.index = IrIndex::build(std::move(read.text), path.string());
    return r;
}

} // namespace memlens
