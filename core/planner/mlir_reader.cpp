#include "core/planner/mlir_reader.hpp"

#include "core/planner/mlir_lexer.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace memlens::planner {

namespace {

constexpr int kMaxNesting = 200;
// Bounds on what hostile IR can make the reader build (with ReadBounds): an op keeps at
// most kMaxResultsPerOp results, and notes past kMaxNotes are dropped (with a note saying so).
constexpr int kMaxResultsPerOp = 4096;
constexpr std::size_t kMaxNotes = 1000;
// The reader looks back at most a few tokens; the window drops older ones in batches.
constexpr std::size_t kTokensKept = 64;
constexpr std::size_t kReleaseEvery = 1024;

bool isRegionOpName(const std::string& name)
{
    return name == "scf.for" || name == "scf.if" || name == "scf.while" || name == "scope.scope" || name == "func.func"
        || name == "module" || name == "builtin.module" || name == "scf.execute_region" || name == "scf.forall"
        || name == "scf.parallel";
}

std::string collapseSpaces(std::string_view text)
{
    std::string out;
    bool space = false;
    for (const char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space && !(c == ')' || c == ']' || c == '>' || c == ',')
            && !(out.back() == '(' || out.back() == '[' || out.back() == '<'))
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

std::vector<std::string> splitTypes(std::string text)
{
    text = trimmed(text);
    if (text.size() >= 2 && text.front() == '(' && text.back() == ')')
        text = text.substr(1, text.size() - 2);
    return splitTopLevel(text);
}

// +1 for an opening bracket, -1 for a closing one, 0 for any other token.
int bracketDepthChange(const Token& t)
{
    if (t.kind != TokenKind::Punct)
        return 0;
    if (t.punct == '(' || t.punct == '[' || t.punct == '{' || t.punct == '<')
        return 1;
    if (t.punct == ')' || t.punct == ']' || t.punct == '}' || t.punct == '>')
        return -1;
    return 0;
}

// The same for the brackets a type nests: (), [] and <>.
int typeDepthChange(const Token& t)
{
    return t.kind == TokenKind::Punct && t.punct != '{' && t.punct != '}' ? bracketDepthChange(t) : 0;
}

struct TypeTokens {
    std::size_t count = 0;
    std::size_t markerOffset = 0;
    std::size_t lastEnd = 0;
};

struct PendingArgument {
    std::string name;
    std::string typeText;
};

class Reader {
public:
    Reader(std::string_view text, Module& module, const ReadBounds& bounds)
        : text_(text)
        , window_(text)
        , module_(module)
        , bounds_(bounds)
    {
    }

    void run()
    {
        scopes_.emplace_back();
        while (!at(TokenKind::End)) {
            skipNewlines();
            if (at(TokenKind::End))
                break;
            const Token& t = tok();
            if (t.kind == TokenKind::Hash || (t.kind == TokenKind::Punct && t.punct == '{')
                || (t.kind == TokenKind::Punct && t.punct == '}')) {
                const std::size_t start = t.offset;
                skipLine();
                // To the line's end (a run of newlines is one token).
                const Token last = tok(pos_ - 1);
                const std::size_t end = last.kind == TokenKind::Newline ? last.offset : tok().offset;
                if (t.kind == TokenKind::Hash)
                    keepLocationAlias(text_.substr(start, end - start));
                continue;
            }
            const std::size_t before = pos_;
            auto op = parseOp(&module_.top);
            if (op) {
                op->indexInBlock = static_cast<int>(module_.top.ops.size());
                module_.top.ops.push_back(std::move(op));
            }
            if (pos_ == before)
                skipLine();
        }
    }

    std::size_t peakTokensHeld() const { return window_.peakHeld(); }

private:
    // A copy: the window may drop the token while the caller still looks at it.
    Token tok(std::size_t i) const
    {
        if (stopped_ && i >= stopAt_)
            return stopToken_;
        if (pos_ > window_.released() + kReleaseEvery)
            window_.release(pos_ - kTokensKept);
        return window_.at(i);
    }
    Token tok() const { return tok(pos_); }
    bool at(TokenKind kind) const { return tok().kind == kind; }
    bool isPunct(const Token& t, char c) const { return t.kind == TokenKind::Punct && t.punct == c; }
    std::string_view textOf(const Token& t) const { return text_.substr(t.offset, t.length); }
    std::size_t nextSignificant(std::size_t i) const
    {
        while (tok(i).kind == TokenKind::Newline)
            ++i;
        return i;
    }
    void skipNewlines() { pos_ = nextSignificant(pos_); }
    // "#loc3 = loc(...)": kept as text, for dumps that print locations inline.
    void keepLocationAlias(std::string_view definition)
    {
        const auto equals = definition.find('=');
        if (equals == std::string_view::npos)
            return;
        const std::string value = trimmed(definition.substr(equals + 1));
        if (value.rfind("loc(", 0) == 0)
            module_.locationAliases.emplace_back(trimmed(definition.substr(0, equals)), value);
    }
    void note(int line, std::string message)
    {
        if (module_.notes.size() < kMaxNotes)
            module_.notes.push_back({line, std::move(message)});
        else if (module_.notes.size() == kMaxNotes)
            module_.notes.push_back({line, "more than " + std::to_string(kMaxNotes) + " notes: the rest are left out"});
    }

    // From the token after pos_ on, the text reads as ended: what is too big is not read.
    void stop(const std::string& why)
    {
        if (stopped_)
            return;
        const Token at = tok(nextSignificant(pos_ + 1));
        note(at.line, why + ": the rest of the IR, from line " + std::to_string(at.line) + ", is not read");
        stopped_ = true;
        stopAt_ = pos_ + 1;
        stopToken_ = Token{};
        stopToken_.kind = TokenKind::End;
        stopToken_.offset = at.offset;
        stopToken_.line = at.line;
        stopToken_.column = at.column;
    }

    void skipLine()
    {
        int depth = 0;
        while (!at(TokenKind::End)) {
            const Token& t = tok();
            if (t.kind == TokenKind::Newline && depth <= 0) {
                ++pos_;
                return;
            }
            depth += bracketDepthChange(t);
            ++pos_;
        }
    }

    // From an opening bracket at pos_ to just after its partner.
    void skipBalanced()
    {
        int depth = 0;
        while (!at(TokenKind::End)) {
            const Token& t = tok();
            depth += bracketDepthChange(t);
            ++pos_;
            if (depth <= 0)
                return;
        }
    }

    Value* newValue(const std::string& name, const std::string& typeText)
    {
        auto value = std::make_unique<Value>();
        value->id = static_cast<int>(module_.values.size());
        value->name = name;
        value->typeText = typeText;
        value->memref = parseMemrefType(typeText);
        module_.values.push_back(std::move(value));
        if (module_.values.size() >= bounds_.maxValues)
            stop("the bound of " + std::to_string(bounds_.maxValues) + " values is reached");
        return module_.values.back().get();
    }

    void declare(const std::string& name, Value* value) { scopes_.back()[name] = value; }

    Value* resolve(const std::string& name, int line)
    {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            const auto found = it->find(name);
            if (found != it->end())
                return found->second;
        }
        note(line, "use of undefined value " + name);
        Value* value = newValue(name, "");
        declare(name, value);
        return value;
    }

    // `%a, %b:2 =` at pos_: the result names, or nothing when no '=' follows. It reads on
    // with pos_; when no '=' follows, pos_ is where the names end (no newline nor bracket
    // lies between, so skipping the line from there skips what it would from the first).
    std::vector<std::pair<std::string, int>> parseResultNames()
    {
        std::vector<std::pair<std::string, int>> names;
        int total = 0;
        bool capped = false;
        const int line = tok().line;
        while (tok().kind == TokenKind::Value) {
            std::string name(textOf(tok()));
            int count = 1;
            ++pos_;
            if (isPunct(tok(), ':') && tok(pos_ + 1).kind == TokenKind::Number) {
                try {
                    count = std::clamp(std::stoi(std::string(textOf(tok(pos_ + 1)))), 1, kMaxResultsPerOp);
                } catch (...) {
                    count = 1;
                }
                pos_ += 2;
            }
            if (total + count > kMaxResultsPerOp) {
                capped = true;
                count = kMaxResultsPerOp - total;
            }
            if (count > 0)
                names.emplace_back(name, count);
            total += count;
            if (isPunct(tok(), ',')) {
                ++pos_;
                continue;
            }
            break;
        }
        if (names.empty() || !isPunct(tok(), '='))
            return {};
        if (capped)
            note(line,
                "an op with more than " + std::to_string(kMaxResultsPerOp) + " results: only the first "
                    + std::to_string(kMaxResultsPerOp) + " are read");
        ++pos_;
        return names;
    }

    bool looksLikeRegion(const Op& op, bool generic, int parenDepth) const
    {
        const std::size_t brace = pos_;
        std::size_t prev = brace;
        while (prev > 0 && tok(prev - 1).kind == TokenKind::Newline)
            --prev;
        const Token& before = prev > 0 ? tok(prev - 1) : tok(brace);
        if (before.kind == TokenKind::Identifier && textOf(before) == "attributes")
            return false;
        if (isPunct(before, '<'))
            return false;
        if (generic)
            return parenDepth > 0 && (isPunct(before, '(') || isPunct(before, ','));
        const std::size_t j = nextSignificant(brace + 1);
        const Token& first = tok(j);
        if (isPunct(first, '}'))
            return isRegionOpName(op.name);
        if (first.kind == TokenKind::Value || first.kind == TokenKind::BlockLabel || first.kind == TokenKind::String)
            return true;
        if (first.kind == TokenKind::Identifier) {
            const Token& after = tok(j + 1);
            return !(isPunct(after, '=') || isPunct(after, ',') || isPunct(after, '}'));
        }
        return false;
    }

    void parseAttributeDict(Op& op)
    {
        const std::size_t start = tok().offset + 1;
        skipBalanced();
        const Token last = tok(pos_ - 1); // a run of newlines when the text ends unclosed
        const std::size_t end = last.kind == TokenKind::Newline ? last.offset + last.length - 1 : last.offset;
        if (end <= start)
            return;
        const std::string body(text_.substr(start, end - start));
        for (const auto& entry : splitTypes("(" + body + ")")) {
            const auto eq = entry.find('=');
            std::string key = trimmed(eq == std::string::npos ? entry : entry.substr(0, eq));
            if (key.size() >= 2 && key.front() == '"' && key.back() == '"')
                key = key.substr(1, key.size() - 2);
            if (!key.empty())
                op.attributes[key] = eq == std::string::npos ? std::string() : trimmed(entry.substr(eq + 1));
        }
    }

    // `ins(` / `outs(` / `temp_buffer(` at pos_ (the keyword): values before the ':'.
    void parseOperandGroup(Op& op, std::vector<Value*>& group)
    {
        pos_ = nextSignificant(pos_ + 1); // at '('
        int depth = 0;
        bool inTypes = false;
        while (!at(TokenKind::End)) {
            const Token& t = tok();
            depth += bracketDepthChange(t);
            if (isPunct(t, ':') && depth == 1)
                inTypes = true;
            if (t.kind == TokenKind::Value && !inTypes) {
                Value* value = resolve(std::string(textOf(t)), t.line);
                group.push_back(value);
                op.operands.push_back(value);
            }
            ++pos_;
            if (depth <= 0)
                return;
        }
    }

    void parseSuccessor(Op& op)
    {
        Successor successor;
        successor.label = std::string(textOf(tok()));
        ++pos_;
        if (isPunct(tok(), '(')) {
            int depth = 0;
            bool inTypes = false;
            while (!at(TokenKind::End)) {
                const Token& t = tok();
                depth += typeDepthChange(t);
                if (isPunct(t, ':') && depth == 1)
                    inTypes = true;
                if (t.kind == TokenKind::Value && !inTypes) {
                    Value* value = resolve(std::string(textOf(t)), t.line);
                    successor.operands.push_back(value);
                    op.operands.push_back(value);
                }
                ++pos_;
                if (depth <= 0)
                    break;
            }
        }
        op.successors.push_back(std::move(successor));
    }

    // `name = value` written inline (round_mode = <rint>, broadcast = [1]).
    void parseInlineAttribute(Op& op)
    {
        const std::string key(textOf(tok()));
        pos_ += 2;
        const std::size_t start = tok().offset;
        std::size_t end = start;
        int depth = 0;
        while (!at(TokenKind::End)) {
            const Token& t = tok();
            if (depth == 0 && (t.kind == TokenKind::Newline || isPunct(t, ':') || isPunct(t, '{') || isPunct(t, '}')))
                break;
            if (depth == 0 && t.kind == TokenKind::Identifier && isPunct(tok(pos_ + 1), '=') && t.offset > start)
                break;
            if (depth == 0 && t.kind == TokenKind::Identifier && textOf(t) == "loc" && isPunct(tok(pos_ + 1), '('))
                break;
            depth += typeDepthChange(t);
            if (depth < 0)
                break;
            end = t.offset + t.length;
            ++pos_;
        }
        op.attributes[key] = end > start ? trimmed(text_.substr(start, end - start)) : std::string();
    }

    bool endsStatementBefore(std::size_t newlineAt) const
    {
        std::size_t prev = newlineAt;
        while (prev > 0 && tok(prev - 1).kind == TokenKind::Newline)
            --prev;
        if (prev > 0) {
            const Token& last = tok(prev - 1);
            if (last.kind == TokenKind::Arrow
                || (last.kind == TokenKind::Punct && (last.punct == ',' || last.punct == ':' || last.punct == '=')))
                return false;
            if (last.kind == TokenKind::Identifier) {
                const auto word = textOf(last);
                if (word == "to" || word == "into" || word == "step" || word == "attributes" || word == "iter_args")
                    return false;
            }
        }
        const Token& next = tok(nextSignificant(newlineAt));
        switch (next.kind) {
        case TokenKind::Value:
        case TokenKind::BlockLabel:
        case TokenKind::String:
        case TokenKind::End:
        case TokenKind::Hash: return true;
        case TokenKind::Punct: return next.punct == '}';
        case TokenKind::Identifier: {
            const auto word = textOf(next);
            // The func dialect's ops print without it inside a function ("call @f(...)", "return").
            return word.find('.') != std::string_view::npos || word == "return" || word == "call"
                || word == "call_indirect" || word == "module" || word == "func";
        }
        default: return false;
        }
    }

    std::unique_ptr<Op> parseOp(Block* block)
    {
        const Token first = tok();
        const auto resultNames = parseResultNames();
        const Token nameToken = resultNames.empty() ? first : tok();
        bool generic = false;
        auto op = std::make_unique<Op>();
        if (++opsMade_ >= bounds_.maxOps)
            stop("the bound of " + std::to_string(bounds_.maxOps) + " ops is reached");
        op->block = block;
        if (nameToken.kind == TokenKind::String) {
            generic = true;
            const auto quoted = textOf(nameToken);
            op->name = std::string(quoted.substr(1, quoted.size() >= 2 ? quoted.size() - 2 : 0));
        } else if (nameToken.kind == TokenKind::Identifier) {
            op->name = std::string(textOf(nameToken));
        } else {
            note(nameToken.line,
                "not an operation: '" + std::string(textOf(nameToken)) + "' (skipped to the line's end)");
            skipLine();
            return nullptr;
        }
        if (op->name == "builtin.module")
            op->name = "module";
        op->line = nameToken.line;
        op->column = nameToken.column;
        ++pos_;

        std::vector<PendingArgument> pending;
        std::vector<std::pair<std::size_t, std::size_t>> spans; // top-level text, without regions
        std::size_t spanStart = first.offset;
        // The top-level tokens for the result type: how many, where the one at markerAt
        // starts and where the last ends.
        TypeTokens typeTokens;
        int markerAt = -1;
        int markerRank = 0;
        int paren = 0;
        int other = 0; // [] and <>
        bool funcOp = op->name == "func.func";

        auto closeSpan = [&](std::size_t end) {
            if (end > spanStart)
                spans.emplace_back(spanStart, end);
        };
        auto lastEnd = [&]() { return tok(pos_ - 1).offset + tok(pos_ - 1).length; };
        auto pushType = [&](const Token& token) {
            if (static_cast<int>(typeTokens.count) == markerAt)
                typeTokens.markerOffset = token.offset;
            typeTokens.lastEnd = token.offset + token.length;
            ++typeTokens.count;
        };

        while (!at(TokenKind::End)) {
            const Token& t = tok();
            const int depth = paren + other;
            if (t.kind == TokenKind::Newline) {
                if (depth > 0 || !endsStatementBefore(pos_)) {
                    ++pos_;
                    continue;
                }
                break;
            }
            if (depth == 0 && isPunct(t, '}'))
                break;
            if (isPunct(t, '{')) {
                if ((depth == 0 || generic) && looksLikeRegion(*op, generic, paren)) {
                    closeSpan(t.offset);
                    parseRegion(*op, pending, t.line);
                    spanStart = tok(pos_ - 1).offset + 1;
                    continue;
                }
                parseAttributeDict(*op);
                continue;
            }
            if (t.kind == TokenKind::Punct) {
                if (t.punct == '(')
                    ++paren;
                else if (t.punct == ')')
                    paren = std::max(0, paren - 1);
                else if (t.punct == '[' || t.punct == '<')
                    ++other;
                else if (t.punct == ']' || t.punct == '>')
                    other = std::max(0, other - 1);
                else if (t.punct == ':' && depth == 0 && markerRank <= 1) {
                    markerAt = static_cast<int>(typeTokens.count);
                    markerRank = 1;
                    ++pos_;
                    continue;
                }
                pushType(t);
                ++pos_;
                continue;
            }
            if (t.kind == TokenKind::Arrow && depth == 0) {
                markerAt = static_cast<int>(typeTokens.count);
                markerRank = 3;
                ++pos_;
                continue;
            }
            if (t.kind == TokenKind::Identifier) {
                const auto word = textOf(t);
                const Token& next = tok(pos_ + 1);
                if (word == "loc" && isPunct(next, '(')) {
                    const std::size_t start = t.offset;
                    ++pos_;
                    skipBalanced();
                    if (depth == 0)
                        op->location = std::string(text_.substr(start, lastEnd() - start));
                    continue;
                }
                if ((word == "ins" || word == "outs" || word == "temp_buffer")
                    && isPunct(tok(nextSignificant(pos_ + 1)), '(') && depth == 0) {
                    op->destinationStyle = true;
                    parseOperandGroup(*op, word == "ins" ? op->ins : word == "outs" ? op->outs : op->temps);
                    continue;
                }
                if (depth == 0 && isPunct(next, '=') && !isPunct(tok(pos_ + 2), '=')) {
                    parseInlineAttribute(*op);
                    continue;
                }
                if (depth == 0 && (word == "to" || word == "into") && markerRank <= 2) {
                    markerAt = static_cast<int>(typeTokens.count);
                    markerRank = 2;
                    ++pos_;
                    continue;
                }
                pushType(t);
                ++pos_;
                continue;
            }
            if (t.kind == TokenKind::Value) {
                const std::string name(textOf(t));
                const Token& next = tok(pos_ + 1);
                if (isPunct(next, '=') && tok(pos_ + 2).kind == TokenKind::Value) {
                    // `%iv = %lb` / `%arg5 = %init`: an argument of the op's first region.
                    Value* init = resolve(std::string(textOf(tok(pos_ + 2))), t.line);
                    op->operands.push_back(init);
                    pending.push_back({name, init->typeText});
                    pos_ += 3;
                    continue;
                }
                if (funcOp && paren == 1 && isPunct(next, ':')) {
                    pos_ += 2;
                    std::string type = argumentType(true);
                    if (isPunct(tok(), '{'))
                        skipBalanced();
                    pending.push_back({name, std::move(type)});
                    continue;
                }
                op->operands.push_back(resolve(name, t.line));
                pushType(t);
                ++pos_;
                continue;
            }
            if (t.kind == TokenKind::BlockLabel && op->regions.empty()) {
                parseSuccessor(*op);
                continue;
            }
            if (t.kind == TokenKind::Symbol && op->symbol.empty())
                op->symbol = std::string(textOf(t));
            pushType(t);
            ++pos_;
        }
        closeSpan(std::max(spanStart, tok(pos_ == 0 ? 0 : pos_ - 1).offset + tok(pos_ == 0 ? 0 : pos_ - 1).length));
        std::string opText;
        for (const auto& [a, b] : spans) {
            if (b <= a || b > text_.size())
                continue;
            if (!opText.empty())
                opText += ' ';
            opText += collapseSpaces(text_.substr(a, b - a));
        }
        // Drop a trailing location from the text.
        if (!op->location.empty()) {
            const auto at = opText.rfind(op->location.substr(0, 4));
            if (at != std::string::npos && at > 0)
                opText = trimmed(opText.substr(0, at));
        }
        op->text = opText;

        defineResults(*op, resultNames, typeTokens, markerAt);
        if (generic)
            splitGenericOperands(*op);
        addImplicitTerminators(*op);
        return op;
    }

    void defineResults(
        Op& op, const std::vector<std::pair<std::string, int>>& names, const TypeTokens& typeTokens, int markerAt)
    {
        std::vector<std::string> types;
        if (markerAt >= 0 && markerAt < static_cast<int>(typeTokens.count)) {
            const std::size_t first = typeTokens.markerOffset;
            const std::size_t last = typeTokens.lastEnd;
            if (last > first)
                types = splitTypes(std::string(text_.substr(first, last - first)));
        }
        std::size_t k = 0;
        for (const auto& [name, count] : names) {
            for (int i = 0; i < count; ++i, ++k) {
                std::string type = k < types.size() ? types[k] : (types.size() == 1 ? types[0] : std::string());
                if (op.name == "memref.load") {
                    const auto parsed = parseMemrefType(type);
                    type = parsed.valid ? parsed.elementType : type;
                }
                const std::string fullName = count > 1 ? name + "#" + std::to_string(i) : name;
                Value* value = newValue(fullName, type);
                value->definingOp = &op;
                op.results.push_back(value);
                declare(fullName, value);
                if (count > 1 && i == 0)
                    declare(name, value);
            }
        }
    }

    // A generic DPS op's operandSegmentSizes split its operands into ins, outs, temps.
    void splitGenericOperands(Op& op)
    {
        const auto found = op.attributes.find("operandSegmentSizes");
        if (found == op.attributes.end() || op.operands.empty())
            return;
        std::vector<int> sizes;
        std::string digits;
        const std::string& text = found->second;
        const auto colon = text.find(':');
        for (std::size_t i = colon == std::string::npos ? 0 : colon + 1; i <= text.size(); ++i) {
            if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
                digits += text[i];
            } else if (!digits.empty()) {
                sizes.push_back(std::min(std::stoi(digits.substr(0, 6)), 100000));
                digits.clear();
            }
        }
        if (sizes.size() < 2 || !(op.name.rfind("hivm.hir.", 0) == 0 || op.name.rfind("linalg.", 0) == 0))
            return;
        std::size_t at = 0;
        std::vector<Value*>* groups[] = {&op.ins, &op.outs, &op.temps};
        for (std::size_t g = 0; g < sizes.size() && g < 3; ++g)
            for (int i = 0; i < sizes[g] && at < op.operands.size(); ++i)
                groups[g]->push_back(op.operands[at++]);
        op.destinationStyle = true;
    }

    void addImplicitTerminators(Op& op)
    {
        const char* terminator = nullptr;
        if (op.name == "scf.for" || op.name == "scf.if" || op.name == "scf.forall" || op.name == "scf.parallel")
            terminator = "scf.yield";
        else if (op.name == "scope.scope")
            terminator = "scope.return";
        if (!terminator)
            return;
        for (std::size_t r = 0; r < op.regions.size(); ++r) {
            auto& region = *op.regions[r];
            if (region.blocks.empty())
                continue;
            Block& last = *region.blocks.back();
            if (!last.ops.empty() && last.ops.back()->name == terminator)
                continue;
            auto yield = std::make_unique<Op>();
            yield->name = terminator;
            yield->implicit = true;
            yield->line = closingLines_.count(&region) ? closingLines_[&region] : op.line;
            yield->block = &last;
            yield->text = terminator;
            yield->indexInBlock = static_cast<int>(last.ops.size());
            last.ops.push_back(std::move(yield));
        }
    }

    // An argument's type from pos_ to the ',' or ')' that ends it (or, with `stopAtBrace`,
    // the '{' of its attributes); a loc(...) after it is skipped.
    std::string argumentType(bool stopAtBrace)
    {
        const std::size_t start = tok().offset;
        std::size_t end = start;
        int nested = 0;
        while (!at(TokenKind::End)) {
            const Token& a = tok();
            if (nested == 0 && (isPunct(a, ',') || isPunct(a, ')') || (stopAtBrace && isPunct(a, '{'))))
                break;
            nested += typeDepthChange(a);
            if (a.kind == TokenKind::Identifier && textOf(a) == "loc" && nested == 0) {
                ++pos_;
                skipBalanced();
                continue;
            }
            if (a.kind != TokenKind::Newline)
                end = a.offset + a.length;
            ++pos_;
        }
        return end > start ? trimmed(text_.substr(start, end - start)) : std::string();
    }

    void parseBlockHeader(Block& block)
    {
        block.label = std::string(textOf(tok()));
        ++pos_;
        if (isPunct(tok(), '(')) {
            ++pos_;
            while (!at(TokenKind::End) && !isPunct(tok(), ')')) {
                if (at(TokenKind::Value) && isPunct(tok(pos_ + 1), ':')) {
                    const std::string name(textOf(tok()));
                    pos_ += 2;
                    addBlockArgument(block, name, argumentType(false));
                    continue;
                }
                ++pos_;
            }
            if (isPunct(tok(), ')'))
                ++pos_;
        }
        if (isPunct(tok(), ':'))
            ++pos_;
    }

    void addBlockArgument(Block& block, const std::string& name, const std::string& type)
    {
        Value* value = newValue(name, type);
        value->ownerBlock = &block;
        block.arguments.push_back(value);
        declare(name, value);
    }

    void parseRegion(Op& op, std::vector<PendingArgument>& pending, int line)
    {
        ++pos_; // '{'
        if (nesting_ >= kMaxNesting) {
            note(line, "regions nested deeper than " + std::to_string(kMaxNesting) + " levels are skipped");
            --pos_;
            skipBalanced();
            return;
        }
        ++nesting_;
        auto region = std::make_unique<Region>();
        region->parentOp = &op;
        region->indexInOp = static_cast<int>(op.regions.size());
        scopes_.emplace_back();
        auto block = std::make_unique<Block>();
        block->parent = region.get();
        if (op.regions.empty()) {
            for (const auto& argument : pending)
                addBlockArgument(*block, argument.name, argument.typeText);
            pending.clear();
        }
        Block* current = block.get();
        region->blocks.push_back(std::move(block));
        while (true) {
            skipNewlines();
            if (at(TokenKind::End)) {
                note(line, "region opened here is not closed");
                break;
            }
            if (isPunct(tok(), '}')) {
                closingLines_[region.get()] = tok().line;
                ++pos_;
                break;
            }
            if (at(TokenKind::BlockLabel)) {
                if (!current->ops.empty() || !current->label.empty() || !current->arguments.empty()) {
                    auto next = std::make_unique<Block>();
                    next->parent = region.get();
                    next->indexInRegion = static_cast<int>(region->blocks.size());
                    current = next.get();
                    region->blocks.push_back(std::move(next));
                }
                parseBlockHeader(*current);
                continue;
            }
            const std::size_t before = pos_;
            auto nested = parseOp(current);
            if (nested) {
                nested->indexInBlock = static_cast<int>(current->ops.size());
                current->ops.push_back(std::move(nested));
            }
            if (pos_ == before)
                ++pos_;
        }
        // Successor labels name blocks of this region.
        for (auto& b : region->blocks)
            for (auto& nestedOp : b->ops)
                for (auto& successor : nestedOp->successors)
                    for (auto& candidate : region->blocks)
                        if (candidate->label == successor.label) {
                            successor.block = candidate.get();
                            b->successors.push_back(candidate.get());
                        }
        scopes_.pop_back();
        --nesting_;
        op.regions.push_back(std::move(region));
    }

    std::string_view text_;
    mutable TokenWindow window_;
    std::size_t opsMade_ = 0;
    bool stopped_ = false;
    std::size_t stopAt_ = 0;
    Token stopToken_;
    std::size_t pos_ = 0;
    Module& module_;
    const ReadBounds& bounds_;
    std::vector<std::map<std::string, Value*>> scopes_;
    std::map<const Region*, int> closingLines_;
    int nesting_ = 0;
};

std::string quotedTarget(const std::string& attribute)
{
    const auto open = attribute.find('"');
    if (open == std::string::npos)
        return {};
    const auto close = attribute.find('"', open + 1);
    return close == std::string::npos ? std::string() : attribute.substr(open + 1, close - open - 1);
}

void collectUsers(Op& op)
{
    for (Value* operand : op.operands)
        if (operand->users.empty() || operand->users.back() != &op)
            operand->users.push_back(&op);
    for (auto& region : op.regions)
        for (auto& block : region->blocks)
            for (auto& nested : block->ops)
                collectUsers(*nested);
}

void collectFunctions(Module& module, const Block& block, const std::string& target)
{
    for (const auto& op : block.ops) {
        if (op->name == "module") {
            std::string inner = target;
            const auto found = op->attributes.find("hacc.target");
            if (found != op->attributes.end())
                inner = quotedTarget(found->second);
            for (const auto& region : op->regions)
                for (const auto& nested : region->blocks)
                    collectFunctions(module, *nested, inner);
        } else if (op->name == "func.func") {
            Function function;
            function.op = op.get();
            function.name = op->symbol.size() > 1 ? op->symbol.substr(1) : op->symbol;
            if (function.name.size() >= 2 && function.name.front() == '"')
                function.name = function.name.substr(1, function.name.size() - 2);
            function.target = target;
            const auto core = op->attributes.find("hivm.func_core_type");
            if (core != op->attributes.end()) {
                if (core->second.find("AIV") != std::string::npos)
                    function.coreType = "aiv";
                else if (core->second.find("AIC") != std::string::npos)
                    function.coreType = "aic";
            }
            const auto kind = op->attributes.find("hacc.function_kind");
            function.isHost = kind != op->attributes.end() && kind->second.find("HOST") != std::string::npos;
            module.functions.push_back(function);
        }
    }
}

} // namespace

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName)
{
    ReadBounds bounds;
    return readMlir(text, fileName, bounds);
}

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName, ReadBounds& bounds)
{
    auto module = std::make_unique<Module>();
    module->fileName = fileName;
    Reader reader(text, *module, bounds);
    reader.run();
    bounds.tokensHeldAtMost = reader.peakTokensHeld();
    for (auto& op : module->top.ops)
        collectUsers(*op);
    collectFunctions(*module, module->top, {});
    return module;
}

std::unique_ptr<Module> readMlir(std::istream& lines, const std::string& fileName)
{
    std::ostringstream text;
    text << lines.rdbuf();
    return readMlir(text.str(), fileName);
}

} // namespace memlens::planner
