#include "core/source/mlir_location.hpp"

#include "core/source/mlir_chars.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <set>
#include <tuple>

namespace memlens {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

LocationPtr make(Location loc) { return std::make_shared<const Location>(std::move(loc)); }

class Parser {
public:
    Parser(std::string_view text, std::size_t pos)
        : text_(text)
        , pos_(pos)
    {
    }

    LocationParseResult run(bool wholeText)
    {
        LocationParseResult result;
        LocationPtr loc = parseLocation(0);
        if (loc && wholeText) {
            skipSpace();
            if (pos_ < text_.size())
                fail("unexpected text after the location");
        }
        result.end = pos_;
        if (error_) {
            result.error = error_;
            return result;
        }
        result.location = std::move(loc);
        return result;
    }

private:
    std::string_view text_;
    std::size_t pos_;
    std::optional<LocationParseError> error_;

    LocationPtr fail(std::string message)
    {
        if (!error_)
            error_ = LocationParseError{std::move(message), pos_};
        return nullptr;
    }

    void skipSpace()
    {
        while (pos_ < text_.size() && isSpace(text_[pos_]))
            ++pos_;
    }

    bool atEnd() const { return pos_ >= text_.size(); }
    char peek() const { return atEnd() ? '\0' : text_[pos_]; }

    bool consume(char c)
    {
        skipSpace();
        if (peek() != c)
            return false;
        ++pos_;
        return true;
    }

    bool expect(char c, const char* context)
    {
        if (consume(c))
            return true;
        std::string found = atEnd() ? std::string("end of text") : "'" + std::string(1, peek()) + "'";
        fail(std::string("expected '") + c + "' " + context + ", found " + found);
        return false;
    }

    // A keyword: the identifier at pos_ equals `word` (and does not continue).
    bool peekKeyword(std::string_view word) const
    {
        if (text_.substr(pos_, word.size()) != word)
            return false;
        std::size_t after = pos_ + word.size();
        return after >= text_.size() || !isIdentChar(text_[after]);
    }

    std::string_view identifier()
    {
        std::size_t start = pos_;
        while (!atEnd() && isIdentChar(peek()))
            ++pos_;
        return text_.substr(start, pos_ - start);
    }

    bool parseString(std::string& out)
    {
        // pos_ is at the opening quote.
        ++pos_;
        while (true) {
            if (atEnd() || peek() == '\n')
                return fail("unterminated string"), false;
            char c = text_[pos_++];
            if (c == '"')
                return true;
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (atEnd())
                return fail("unterminated string"), false;
            char e = text_[pos_++];
            switch (e) {
            case '"': out.push_back('"'); break;
            case '\\': out.push_back('\\'); break;
            case 'n': out.push_back('\n'); break;
            case 't': out.push_back('\t'); break;
            default: {
                int hi = hexValue(e);
                int lo = atEnd() ? -1 : hexValue(peek());
                if (hi < 0 || lo < 0) {
                    --pos_;
                    return fail("invalid escape in string"), false;
                }
                ++pos_;
                out.push_back(static_cast<char>(hi * 16 + lo));
            }
            }
        }
    }

    bool parseNumber(int& out, const char* what)
    {
        skipSpace();
        std::size_t start = pos_;
        while (!atEnd() && peek() >= '0' && peek() <= '9')
            ++pos_;
        if (start == pos_)
            return fail(std::string("expected ") + what + " number"), false;
        long long value = 0;
        auto [ptr, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
        (void)ptr;
        if (ec != std::errc() || value > INT_MAX) {
            pos_ = start;
            return fail(std::string(what) + " number is too large"), false;
        }
        out = static_cast<int>(value);
        return true;
    }

    LocationPtr parseLocation(int depth)
    {
        if (depth > kMaxLocationDepth)
            return fail("locations nested too deeply (more than " + std::to_string(kMaxLocationDepth) + " levels)");
        skipSpace();
        if (atEnd())
            return fail("expected a location, found end of text");
        char c = peek();
        if (c == '#') {
            std::size_t start = pos_++;
            identifier();
            if (pos_ == start + 1)
                return fail("expected an alias name after '#'");
            return make(Location{AliasRefLoc{std::string(text_.substr(start, pos_ - start))}});
        }
        if (c == '"')
            return parseStringLed(depth);
        if (peekKeyword("loc")) {
            pos_ += 3;
            if (!expect('(', "after 'loc'"))
                return nullptr;
            LocationPtr inner = parseLocation(depth + 1);
            if (!inner || !expect(')', "to close 'loc('"))
                return nullptr;
            return inner;
        }
        if (peekKeyword("unknown")) {
            pos_ += 7;
            return make(Location{UnknownLoc{}});
        }
        if (peekKeyword("callsite")) {
            pos_ += 8;
            if (!expect('(', "after 'callsite'"))
                return nullptr;
            LocationPtr callee = parseLocation(depth + 1);
            if (!callee)
                return nullptr;
            skipSpace();
            if (!peekKeyword("at"))
                return fail("expected 'at' in callsite");
            pos_ += 2;
            LocationPtr caller = parseLocation(depth + 1);
            if (!caller || !expect(')', "to close 'callsite('"))
                return nullptr;
            return make(Location{CallSiteLoc{std::move(callee), std::move(caller)}});
        }
        if (peekKeyword("fused"))
            return parseFused(depth);
        return fail("expected a location (a string, #alias, unknown, callsite or fused)");
    }

    LocationPtr parseStringLed(int depth)
    {
        std::string str;
        if (!parseString(str))
            return nullptr;
        skipSpace();
        if (peek() == ':') {
            ++pos_;
            FileLineColLoc flc;
            flc.file = std::move(str);
            if (!parseNumber(flc.line, "a line"))
                return nullptr;
            skipSpace();
            if (peek() == ':') {
                ++pos_;
                if (!parseNumber(flc.column, "a column"))
                    return nullptr;
            }
            skipSpace();
            if (peekKeyword("to")) {
                pos_ += 2;
                skipSpace();
                int endLine = flc.line;
                if (peek() != ':' && !parseNumber(endLine, "an end line"))
                    return nullptr;
                int endColumn = 0;
                if (!expect(':', "before the end column") || !parseNumber(endColumn, "an end column"))
                    return nullptr;
                flc.endLine = endLine;
                flc.endColumn = endColumn;
            }
            return make(Location{std::move(flc)});
        }
        NameLoc named;
        named.name = std::move(str);
        if (peek() == '(') {
            ++pos_;
            named.child = parseLocation(depth + 1);
            if (!named.child || !expect(')', "to close a named location"))
                return nullptr;
        }
        return make(Location{std::move(named)});
    }

    LocationPtr parseFused(int depth)
    {
        pos_ += 5;
        FusedLoc fused;
        skipSpace();
        if (peek() == '<') {
            std::size_t start = ++pos_;
            int angle = 1;
            while (angle > 0) {
                if (atEnd())
                    return fail("unterminated fused metadata '<'");
                char c = peek();
                if (c == '"') {
                    std::string ignored;
                    if (!parseString(ignored))
                        return nullptr;
                    continue;
                }
                if (c == '<')
                    ++angle;
                else if (c == '>')
                    --angle;
                ++pos_;
            }
            fused.metadata = std::string(text_.substr(start, pos_ - 1 - start));
        }
        if (!expect('[', "after 'fused'"))
            return nullptr;
        skipSpace();
        if (peek() == ']') {
            ++pos_;
            return make(Location{std::move(fused)});
        }
        while (true) {
            LocationPtr child = parseLocation(depth + 1);
            if (!child)
                return nullptr;
            fused.children.push_back(std::move(child));
            skipSpace();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (!expect(']', "to close 'fused['"))
                return nullptr;
            break;
        }
        return make(Location{std::move(fused)});
    }
};

std::string quote(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out.push_back('\\');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

// Aliases shared by a fused location expand once per use: a bound keeps a hostile chain
// (#l2 = fused[#l1, #l1], ...) from printing gigabytes.
constexpr std::size_t kMaxInlineLocationBytes = 64 * 1024;

// With `aliases`, a #alias is printed as its definition (to kMaxLocationDepth levels).
void print(const Location& loc, std::string& out, const AliasTable* aliases = nullptr, int depth = 0)
{
    std::visit(
        [&](const auto& n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, UnknownLoc>) {
                out += "unknown";
            } else if constexpr (std::is_same_v<T, FileLineColLoc>) {
                out += quote(n.file) + ":" + std::to_string(n.line) + ":" + std::to_string(n.column);
                if (n.endColumn) {
                    out += " to ";
                    if (n.endLine && *n.endLine != n.line)
                        out += std::to_string(*n.endLine);
                    out += ":" + std::to_string(*n.endColumn);
                }
            } else if constexpr (std::is_same_v<T, NameLoc>) {
                out += quote(n.name);
                if (n.child) {
                    out += "(";
                    print(*n.child, out, aliases, depth + 1);
                    out += ")";
                }
            } else if constexpr (std::is_same_v<T, CallSiteLoc>) {
                out += "callsite(";
                print(*n.callee, out, aliases, depth + 1);
                out += " at ";
                print(*n.caller, out, aliases, depth + 1);
                out += ")";
            } else if constexpr (std::is_same_v<T, FusedLoc>) {
                out += "fused";
                if (n.metadata)
                    out += "<" + *n.metadata + ">";
                out += "[";
                for (std::size_t i = 0; i < n.children.size(); ++i) {
                    if (i)
                        out += ", ";
                    print(*n.children[i], out, aliases, depth + 1);
                }
                out += "]";
            } else if constexpr (std::is_same_v<T, AliasRefLoc>) {
                const auto definition = aliases ? aliases->find(n.alias) : AliasTable::const_iterator();
                if (aliases && definition != aliases->end() && definition->second && depth < kMaxLocationDepth
                    && out.size() < kMaxInlineLocationBytes)
                    print(*definition->second, out, aliases, depth + 1);
                else
                    out += n.alias;
            }
        },
        loc.node);
}

constexpr std::size_t kMaxStacks = 64;
constexpr int kMaxResolveDepth = 1024;

std::string_view baseName(std::string_view path)
{
    std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

} // namespace

LocationParseResult parseLocation(std::string_view text) { return Parser(text, 0).run(true); }

LocationParseResult parseLocationPrefix(std::string_view text, std::size_t pos) { return Parser(text, pos).run(false); }

namespace {

// "file:line" or "file:line:col" with no quotes or brackets around it.
std::optional<FileLineColLoc> parseBareFileLocation(std::string_view text)
{
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    // Split off up to two trailing ":digits" groups.
    std::vector<int> numbers;
    while (numbers.size() < 2) {
        std::size_t colon = text.find_last_of(':');
        if (colon == std::string_view::npos)
            break;
        std::string_view digits = text.substr(colon + 1);
        if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string_view::npos)
            break;
        int value = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), value);
        numbers.insert(numbers.begin(), value);
        text = text.substr(0, colon);
    }
    if (numbers.empty() || text.empty() || text.find_first_of("\"()[]#\n") != std::string_view::npos
        || (text.rfind("loc", 0) == 0 && text.size() > 3 && text[3] == '('))
        return std::nullopt;
    FileLineColLoc flc;
    flc.file = std::string(text);
    flc.line = numbers[0];
    flc.column = numbers.size() > 1 ? numbers[1] : 0;
    return flc;
}

} // namespace

LocationParseResult parseDumpLocation(std::string_view text)
{
    LocationParseResult result = parseLocation(text);
    if (result.ok())
        return result;
    if (std::optional<FileLineColLoc> bare = parseBareFileLocation(text)) {
        LocationParseResult plain;
        plain.location = make(Location{std::move(*bare)});
        plain.end = text.size();
        return plain;
    }
    return result;
}

std::string toString(const Location& loc)
{
    std::string out = "loc(";
    print(loc, out);
    out += ")";
    return out;
}

std::string toInlineString(const Location& loc, const AliasTable& aliases)
{
    std::string out = "loc(";
    print(loc, out, &aliases);
    out += ")";
    return out;
}

bool isLibraryPath(std::string_view path)
{
    std::string normalized(path);
    for (char& c : normalized)
        if (c == '\\')
            c = '/';
    return normalized.find("/triton/language/") != std::string::npos
        || normalized.find("/triton/runtime/") != std::string::npos;
}

std::string formatFrame(const SourceFrame& frame)
{
    std::string out(baseName(frame.file));
    out += ":" + std::to_string(frame.line);
    if (!frame.name.empty())
        out += " \"" + frame.name + "\"";
    return out;
}

std::string ResolvedLocation::describeStack(std::size_t i) const
{
    if (i >= stacks.size())
        return {};
    std::string out;
    for (const SourceFrame& f : stacks[i]) {
        if (!out.empty())
            out += " <- ";
        out += formatFrame(f);
    }
    return out;
}

LocationResolver::LocationResolver(AliasTable aliases)
    : aliases_(std::move(aliases))
{
}

const LocationResolver::Memo& LocationResolver::resolveAlias(const std::string& alias, int depth) const
{
    if (auto it = memo_.find(alias); it != memo_.end())
        return it->second;
    auto def = aliases_.find(alias);
    if (def == aliases_.end() || !def->second) {
        Memo& m = memo_[alias];
        m.problem = "undefined location alias " + alias;
        return m;
    }
    if (inProgress_[alias]) {
        // Not memoised: the outer resolution of this alias will store its result.
        thread_local Memo cycle;
        cycle = Memo{{}, "location alias cycle through " + alias};
        return cycle;
    }
    if (depth > kMaxResolveDepth) {
        thread_local Memo tooDeep;
        tooDeep = Memo{{}, "location aliases nested too deeply at " + alias};
        return tooDeep;
    }
    inProgress_[alias] = true;
    std::string problem;
    StacksPtr stacks = flatten(*def->second, depth + 1, problem);
    inProgress_[alias] = false;
    Memo& m = memo_[alias];
    m.stacks = std::move(stacks);
    m.problem = std::move(problem);
    return m;
}

namespace {

std::size_t frameCount(const std::vector<std::vector<SourceFrame>>& stacks)
{
    std::size_t n = 0;
    for (const auto& s : stacks)
        n += s.size();
    return n;
}

} // namespace

// Wraps newly built stacks, counting their frames against the resolver's budget.
LocationResolver::StacksPtr LocationResolver::combine(Stacks out, bool truncated, std::string& problem) const
{
    if (truncated && problem.empty())
        problem = "the location has more frames than memlens keeps (" + std::to_string(kMaxFramesPerLocation)
            + "); showing the first ones";
    if (out.empty())
        return nullptr;
    framesBuilt_ += frameCount(out);
    return std::make_shared<const Stacks>(std::move(out));
}

LocationResolver::StacksPtr LocationResolver::flatten(const Location& loc, int depth, std::string& problem) const
{
    auto note = [&](const std::string& p) {
        if (problem.empty())
            problem = p;
    };
    if (depth > kMaxResolveDepth) {
        note("location nested too deeply");
        return nullptr;
    }
    const std::size_t maxFrames
        = framesBuilt_ < kResolverFrameBudget ? kMaxFramesPerLocation : kFramesPerLocationOverBudget;
    return std::visit(
        [&](const auto& n) -> StacksPtr {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, UnknownLoc>) {
                return nullptr;
            } else if constexpr (std::is_same_v<T, FileLineColLoc>) {
                SourceFrame f{n.file, n.line, n.column, {}, isLibraryPath(n.file)};
                return combine(Stacks{{std::move(f)}}, false, problem);
            } else if constexpr (std::is_same_v<T, NameLoc>) {
                if (!n.child)
                    return nullptr;
                StacksPtr child = flatten(*n.child, depth + 1, problem);
                if (!child)
                    return nullptr;
                // An inner name is closer to the variable: only fill frames without one.
                bool unnamed = false;
                for (const auto& stack : *child)
                    for (const auto& f : stack)
                        unnamed = unnamed || f.name.empty();
                if (!unnamed)
                    return child; // nothing to fill: share it
                Stacks stacks = *child;
                for (auto& stack : stacks)
                    for (auto& f : stack)
                        if (f.name.empty())
                            f.name = n.name;
                return combine(std::move(stacks), false, problem);
            } else if constexpr (std::is_same_v<T, CallSiteLoc>) {
                StacksPtr callee = n.callee ? flatten(*n.callee, depth + 1, problem) : nullptr;
                StacksPtr caller = n.caller ? flatten(*n.caller, depth + 1, problem) : nullptr;
                if (!callee)
                    return caller;
                if (!caller)
                    return callee;
                Stacks out;
                std::size_t frames = 0;
                bool truncated = false;
                for (const auto& a : *callee) {
                    for (const auto& b : *caller) {
                        if (out.size() >= kMaxStacks || frames >= maxFrames) {
                            truncated = true;
                            break;
                        }
                        std::vector<SourceFrame> s;
                        const std::size_t room = maxFrames - frames;
                        s.reserve(std::min(room, a.size() + b.size()));
                        for (std::size_t i = 0; i < a.size() && s.size() < room; ++i)
                            s.push_back(a[i]);
                        for (std::size_t i = 0; i < b.size() && s.size() < room; ++i)
                            s.push_back(b[i]);
                        truncated = truncated || s.size() < a.size() + b.size();
                        frames += s.size();
                        out.push_back(std::move(s));
                    }
                }
                return combine(std::move(out), truncated, problem);
            } else if constexpr (std::is_same_v<T, FusedLoc>) {
                std::vector<StacksPtr> parts;
                for (const auto& child : n.children)
                    if (child)
                        if (StacksPtr s = flatten(*child, depth + 1, problem))
                            parts.push_back(std::move(s));
                if (parts.size() == 1)
                    return parts.front();
                Stacks out;
                std::size_t frames = 0;
                bool truncated = false;
                for (const StacksPtr& part : parts) {
                    for (const auto& stack : *part) {
                        if (out.size() >= kMaxStacks || frames + stack.size() > maxFrames) {
                            truncated = true;
                            break;
                        }
                        frames += stack.size();
                        out.push_back(stack);
                    }
                }
                return combine(std::move(out), truncated, problem);
            } else {
                const Memo& m = resolveAlias(n.alias, depth + 1);
                if (!m.problem.empty())
                    note(m.problem);
                return m.stacks;
            }
        },
        loc.node);
}

ResolvedLocation LocationResolver::resolve(const Location& loc) const
{
    ResolvedLocation r;
    StacksPtr stacks = flatten(loc, 0, r.problem);
    if (!stacks)
        return r;
    r.stacks = *stacks;
    std::size_t total = frameCount(r.stacks);
    // A shared sub-location may hold more than this location may keep (the cap
    // applies where stacks are built; an alias alone is passed through as is).
    if (total > kMaxFramesPerLocation) {
        std::size_t kept = 0;
        for (auto& stack : r.stacks) {
            const std::size_t room = kMaxFramesPerLocation - std::min(kept, kMaxFramesPerLocation);
            if (stack.size() > room)
                stack.resize(room);
            kept += stack.size();
        }
        std::erase_if(r.stacks, [](const auto& s) { return s.empty(); });
        if (r.problem.empty())
            r.problem = "the location has more frames than memlens keeps (" + std::to_string(kMaxFramesPerLocation)
                + "); showing the first ones";
    }
    // Duplicate user frames are dropped; a set keeps this linear for long chains.
    auto key = [](const SourceFrame* f) { return std::tie(f->file, f->line, f->column, f->name); };
    auto less = [&](const SourceFrame* a, const SourceFrame* b) { return key(a) < key(b); };
    std::set<const SourceFrame*, decltype(less)> seen(less);
    for (const auto& stack : r.stacks) {
        for (const auto& f : stack) {
            r.chain.push_back(f);
            if (f.library)
                continue;
            if (seen.insert(&f).second)
                r.userFrames.push_back(f);
        }
    }
    if (!r.userFrames.empty())
        r.primary = r.userFrames.front();
    return r;
}

std::optional<PlainFileLocation> readPlainFileLocation(std::string_view text)
{
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    constexpr std::string_view open = "loc(\"";
    if (text.size() < open.size() + 6 || text.substr(0, open.size()) != open || text.back() != ')')
        return std::nullopt;
    text = text.substr(open.size(), text.size() - open.size() - 1);
    const std::size_t quote = text.find('"');
    if (quote == 0 || quote == std::string_view::npos || text.substr(0, quote).find('\\') != std::string_view::npos)
        return std::nullopt;
    PlainFileLocation plain;
    plain.file = text.substr(0, quote);
    std::string_view rest = text.substr(quote + 1);
    // ":line:col", digits only, as the parser reads them (no spaces, below 10^9).
    const auto number = [&rest](int& out) {
        if (rest.empty() || rest.front() != ':')
            return false;
        rest.remove_prefix(1);
        std::size_t digits = 0;
        while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9')
            ++digits;
        if (digits == 0 || digits > 9)
            return false;
        std::from_chars(rest.data(), rest.data() + digits, out);
        rest.remove_prefix(digits);
        return true;
    };
    if (!number(plain.line) || !number(plain.column) || !rest.empty())
        return std::nullopt;
    return plain;
}

std::optional<ResolvedLocation> LocationResolver::resolvePlainFileLocation(std::string_view text) const
{
    const std::optional<PlainFileLocation> plain = readPlainFileLocation(text);
    if (!plain)
        return std::nullopt;
    SourceFrame frame;
    frame.line = plain->line;
    frame.column = plain->column;
    frame.file = std::string(plain->file);
    frame.library = isLibraryPath(frame.file);
    ++framesBuilt_; // as combine() counts the frame of a parsed location
    ResolvedLocation r;
    r.chain.push_back(frame);
    if (!frame.library) {
        r.userFrames.push_back(frame);
        r.primary = frame;
    }
    r.stacks.push_back({std::move(frame)});
    return r;
}

ResolvedLocation LocationResolver::resolve(const LocationPtr& loc) const
{
    if (!loc)
        return {};
    return resolve(*loc);
}

ResolvedLocation resolveLocationText(std::string_view text, const LocationResolver& resolver)
{
    LocationParseResult parsed = parseDumpLocation(text);
    if (!parsed.ok()) {
        ResolvedLocation r;
        r.problem = "cannot parse location: " + parsed.error->message + " at offset "
            + std::to_string(parsed.error->position);
        return r;
    }
    return resolver.resolve(*parsed.location);
}

} // namespace memlens
