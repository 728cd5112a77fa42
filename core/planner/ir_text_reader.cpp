// The op reader's values and the parts of an op (results, operands, attributes).
#include "core/planner/ir_text_reader.hpp"

#include <algorithm>
#include <cctype>

namespace memlens::planner::detail {

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

void IrTextReader::run()
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

void IrTextReader::keepLocationAlias(std::string_view definition)
{
    const auto equals = definition.find('=');
    if (equals == std::string_view::npos)
        return;
    const std::string value = trimmed(definition.substr(equals + 1));
    if (value.rfind("loc(", 0) == 0)
        module_.locationAliases.emplace_back(trimmed(definition.substr(0, equals)), value);
}

void IrTextReader::note(int line, std::string message)
{
    if (module_.notes.size() < kMaxNotes)
        module_.notes.push_back({line, std::move(message)});
    else if (module_.notes.size() == kMaxNotes)
        module_.notes.push_back({line, "more than " + std::to_string(kMaxNotes) + " notes: the rest are left out"});
}

void IrTextReader::stop(const std::string& why)
{
    Token resumesAt;
    if (stopAfterCurrent(resumesAt))
        note(resumesAt.line,
            why + ": the rest of the IR, from line " + std::to_string(resumesAt.line) + ", is not read");
}

Value* IrTextReader::newValue(const std::string& name, const std::string& typeText)
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

Value* IrTextReader::resolve(const std::string& name, int line)
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

std::vector<std::pair<std::string, int>> IrTextReader::parseResultNames()
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

bool IrTextReader::looksLikeRegion(const Op& op, bool generic, int parenDepth) const
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

void IrTextReader::parseAttributeDict(Op& op)
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

void IrTextReader::parseOperandGroup(Op& op, std::vector<Value*>& group)
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

void IrTextReader::parseSuccessor(Op& op)
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

void IrTextReader::parseInlineAttribute(Op& op)
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

bool IrTextReader::endsStatementBefore(std::size_t newlineAt) const
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
        return word.find('.') != std::string_view::npos || word == "return" || word == "call" || word == "call_indirect"
            || word == "module" || word == "func";
    }
    default: return false;
    }
}

} // namespace memlens::planner::detail
