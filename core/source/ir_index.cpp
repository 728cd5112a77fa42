#include "core/source/ir_index.hpp"

#include "core/base/cancellation.hpp"
#include "core/source/file_finder.hpp"
#include "core/source/mlir_bytecode.hpp"
#include "core/source/mlir_chars.hpp"

#include <algorithm>
#include <regex>

namespace memlens {

namespace {

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
constexpr int kCancelCheckLines = 4096; // how often a long scan looks whether it is still wanted

} // namespace

// An op whose statement ends with its location: `%x = op ... loc(#l)`, or a
// region op's closing `} loc(#l)`.
struct IrIndex::LocatedOp {
    int start = 0;                        // the line that starts the statement (0: unknown)
    int headerEnd = 0;                    // for a region op, the line that opens the region (0: none)
    int end = 0;                          // the line with the location
    std::size_t locBegin = 0, locEnd = 0; // the raw loc(...) text in text_
    LocationPtr location;
};

// At most kMaxWarnings messages, then one line that says how many more there were.
class IrIndex::Warnings {
public:
    explicit Warnings(std::vector<std::string>& out)
        : out_(out)
    {
    }
    void add(std::string warning)
    {
        if (out_.size() < kMaxWarnings)
            out_.push_back(std::move(warning));
        else
            ++dropped_;
    }
    void finish()
    {
        if (dropped_ > 0)
            out_.push_back("... and " + std::to_string(dropped_) + " more like it");
    }

private:
    std::vector<std::string>& out_;
    std::size_t dropped_ = 0;
};

// Walks the IR line by line, tracking brackets and regions, and records each
// statement that ends with a location, and each #alias = loc(...) definition.
class IrIndex::StatementScanner {
public:
    StatementScanner(std::string_view all, AliasTable& aliases, Warnings& warnings)
        : all_(all)
        , aliases_(aliases)
        , warnings_(warnings)
    {
    }

    // Line `ln` (1-based, at `base` in the text), its first non-blank at `first`.
    void scan(int ln, std::size_t base, std::string_view s, std::size_t first)
    {
        if (defineAlias(ln, base, s, first))
            return;
        // `%x = ...` at depth 0 always starts an op, even when the one before
        // had no location to end it.
        if (stmtStart_ == 0 || (depth_ == 0 && s[first] == '%')) {
            stmtStart_ = ln;
            headerEnd_ = 0;
        }
        const LineEnd end = scanBrackets(ln, base, s, first);
        std::size_t last = end.contentEnd;
        while (last > 0 && isSpace(s[last - 1]))
            --last;
        // A location that ends the line at depth 0 ends the statement.
        if (end.location && end.locEnd == base + last && depth_ == 0) {
            ops_.push_back({stmtStart_, headerEnd_, ln, end.locBegin, end.locEnd, end.location});
            stmtStart_ = 0;
            headerEnd_ = 0;
        }
    }

    std::vector<LocatedOp> take() { return std::move(ops_); }

private:
    struct LineEnd {
        LocationPtr location; // the last location met on the line
        std::size_t locBegin = 0, locEnd = 0;
        std::size_t contentEnd = 0; // before any trailing comment
    };
    struct Brace {
        int stmtStart, headerEnd;
    };

    // `#name = loc(...)`: an alias definition (true when the line is one).
    bool defineAlias(int ln, std::size_t base, std::string_view s, std::size_t first)
    {
        if (s[first] != '#')
            return false;
        std::size_t k = first + 1;
        while (k < s.size() && isIdentChar(s[k]))
            ++k;
        const std::size_t nameEnd = k;
        while (k < s.size() && isSpace(s[k]))
            ++k;
        if (k >= s.size() || s[k] != '=' || nameEnd <= first + 1)
            return false;
        ++k;
        while (k < s.size() && isSpace(s[k]))
            ++k;
        if (s.substr(k, 3) != "loc")
            return false;
        std::string name(s.substr(first, nameEnd - first));
        LocationParseResult r = parseLocationPrefix(all_.substr(0, base + s.size()), base + k);
        if (r.ok())
            aliases_[name] = r.location;
        else
            warnings_.add("line " + std::to_string(ln) + ": cannot parse " + name + ": " + r.error->message);
        return true;
    }

    // A `{` that ends its line opens a region: the ops inside are statements of their own.
    void openBrace(int ln, std::string_view s, std::size_t i)
    {
        std::size_t k = i + 1;
        while (k < s.size() && isSpace(s[k]))
            ++k;
        if (k == s.size() || s.substr(k, 2) == "//") {
            if (headerEnd_ == 0)
                headerEnd_ = ln;
            braces_.push_back({stmtStart_, headerEnd_});
            stmtStart_ = 0;
            headerEnd_ = 0;
        } else {
            braces_.push_back({stmtStart_, headerEnd_});
        }
    }

    void closeBrace(int ln)
    {
        if (!braces_.empty()) {
            stmtStart_ = braces_.back().stmtStart;
            headerEnd_ = braces_.back().headerEnd;
            braces_.pop_back();
        }
        if (stmtStart_ == 0)
            stmtStart_ = ln;
    }

    // Brackets, braces, strings and locations of one line.
    LineEnd scanBrackets(int ln, std::size_t base, std::string_view s, std::size_t first)
    {
        LineEnd end;
        end.contentEnd = s.size();
        for (std::size_t i = first; i < s.size();) {
            const char c = s[i];
            if (c == '"') {
                i = skipString(s, i);
                continue;
            }
            if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
                end.contentEnd = i;
                break;
            }
            if (c == '(' || c == '[') {
                ++depth_;
            } else if (c == ')' || c == ']') {
                depth_ = std::max(0, depth_ - 1);
            } else if (c == '{') {
                openBrace(ln, s, i);
            } else if (c == '}') {
                closeBrace(ln);
            } else if (c == 'l' && depth_ == 0 && s.substr(i, 3) == "loc" && (i == 0 || !isIdentChar(s[i - 1]))) {
                std::size_t k = i + 3;
                while (k < s.size() && isSpace(s[k]))
                    ++k;
                if (k < s.size() && s[k] == '(') {
                    // Parse within this line only.
                    LocationParseResult r = parseLocationPrefix(all_.substr(0, base + s.size()), base + i);
                    if (r.ok()) {
                        end.location = r.location;
                        end.locBegin = base + i;
                        end.locEnd = r.end;
                        i = r.end - base;
                        continue;
                    }
                    warnings_.add("line " + std::to_string(ln) + ": cannot parse location: " + r.error->message);
                    // Its brackets would upset the depth of everything after it.
                    end.location = nullptr;
                    break;
                }
            }
            ++i;
        }
        return end;
    }

    std::string_view all_;
    AliasTable& aliases_;
    Warnings& warnings_;
    std::vector<LocatedOp> ops_;
    std::vector<Brace> braces_;
    int depth_ = 0;
    int stmtStart_ = 0;
    int headerEnd_ = 0;
};

IrIndex IrIndex::build(std::string text, std::string path, const std::atomic<bool>* cancel)
{
    IrIndex ix;
    ix.path_ = std::move(path);
    ix.text_ = std::move(text);
    ix.splitLines();
    ix.target_ = targetInIrText(ix.text_);
    Warnings warnings(ix.warnings_);
    AliasTable aliases;
    const std::vector<LocatedOp> ops = ix.scanStatements(aliases, warnings, cancel);
    ix.indexLocations(ops, std::move(aliases), warnings);
    warnings.finish();
    ix.sortLookups();
    return ix;
}

void IrIndex::splitLines()
{
    const std::string_view all(text_);
    lineStarts_.clear();
    if (!all.empty())
        lineStarts_.push_back(0);
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i] == '\n' && i + 1 < all.size())
            lineStarts_.push_back(i + 1);
    lines_.assign(static_cast<std::size_t>(lineCount()) + 1, OpLine{});
}

std::vector<IrIndex::LocatedOp> IrIndex::scanStatements(
    AliasTable& aliases, Warnings& warnings, const std::atomic<bool>* cancel)
{
    StatementScanner scanner(text_, aliases, warnings);
    for (int ln = 1; ln <= lineCount(); ++ln) {
        if (ln % kCancelCheckLines == 0)
            throwIfCancelled(cancel);
        const std::string_view s = lineText(ln);
        std::size_t first = 0;
        while (first < s.size() && isSpace(s[first]))
            ++first;
        if (first == s.size() || s.substr(first, 2) == "//")
            continue;
        if (startsAllocatingOp(s)) {
            lines_[static_cast<std::size_t>(ln)].alloc = true;
            allocLines_.push_back(ln);
        }
        scanner.scan(ln, lineStarts_[static_cast<std::size_t>(ln - 1)], s, first);
    }
    return scanner.take();
}

const AliasTable& IrIndex::locationAliases() const
{
    static const AliasTable none;
    return resolver_ ? resolver_->aliases() : none;
}

void IrIndex::indexLocations(const std::vector<LocatedOp>& ops, AliasTable aliases, Warnings& warnings)
{
    resolver_ = std::make_shared<LocationResolver>(std::move(aliases));
    const std::string_view all(text_);
    std::unordered_map<std::string_view, int> byText; // one resolution per distinct loc text
    for (const LocatedOp& op : ops) {
        const std::string_view raw = all.substr(op.locBegin, op.locEnd - op.locBegin);
        int idx;
        if (auto it = byText.find(raw); it != byText.end()) {
            idx = it->second;
        } else {
            idx = static_cast<int>(resolved_.size());
            resolved_.push_back(resolver_->resolve(op.location));
            if (!resolved_.back().problem.empty())
                warnings.add("line " + std::to_string(op.end) + ": " + resolved_.back().problem);
            byText.emplace(raw, idx);
        }
        // The location line owns it; the lines that open the op take it unless they have their own.
        auto assign = [&](int l, bool own) {
            OpLine& o = lines_[static_cast<std::size_t>(l)];
            if (own || o.resolved < 0) {
                o.resolved = idx;
                o.locBegin = op.locBegin;
                o.locEnd = op.locEnd;
            }
        };
        assign(op.end, true);
        const int start = op.start > 0 && op.end - op.start <= kMaxOpSpanLines ? op.start : op.end;
        const int headerLast = op.headerEnd > 0 ? std::min(op.headerEnd, op.end) : op.end;
        for (int l = start; l <= headerLast; ++l)
            assign(l, false);

        for (const SourceFrame& f : resolved_[static_cast<std::size_t>(idx)].userFrames) {
            byFullPath_[Key{f.file, f.line}].push_back(start);
            byFileName_[Key{std::string(fileNameOf(f.file)), f.line}].push_back(start);
        }
    }
}

void IrIndex::sortLookups()
{
    for (auto* map : {&byFullPath_, &byFileName_}) {
        for (auto& [key, lines] : *map) {
            std::sort(lines.begin(), lines.end());
            lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
        }
    }
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
    // Its own resolver: the index may be shared by threads, and a resolver memoises.
    const LocationResolver resolver(locationAliases());
    return resolveLocationText(locationText, resolver);
}

std::size_t IrIndex::locatedLineCount() const
{
    std::size_t n = 0;
    for (std::size_t i = 1; i < lines_.size(); ++i)
        n += lines_[i].resolved >= 0 ? 1 : 0;
    return n;
}

IrLoadResult loadIrIndex(const std::filesystem::path& path, const std::atomic<bool>* cancel)
{
    IrLoadResult r;
    if (isMlirBytecodeFile(path)) {
        r.error = mlirBytecodeAdvice(path);
        return r;
    }
    ReadResult read = readTextFile(path, kMaxIrFileBytes);
    if (!read.ok()) {
        r.error = read.error;
        return r;
    }
    r.index = IrIndex::build(std::move(read.text), path.string(), cancel);
    return r;
}

std::optional<std::string> targetInIrText(std::string_view irText)
{
    // Look only near each mention: std::regex over a whole IR file is slow.
    static const std::regex expression(R"(^hacc\.target\s*=\s*#hacc\.target<\s*\"([^\"]+)\"\s*>)");
    for (std::size_t at = irText.find("hacc.target"); at != std::string_view::npos;
         at = irText.find("hacc.target", at + 1)) {
        const std::string_view window = irText.substr(at, 200);
        std::match_results<std::string_view::const_iterator> match;
        if (std::regex_search(window.begin(), window.end(), match, expression))
            return match[1].str();
    }
    return std::nullopt;
}

} // namespace memlens
