// The reader's ops, their results, and their regions and blocks.
#include "core/planner/ir_text_reader.hpp"

#include <algorithm>
#include <cctype>

namespace memlens::planner::detail {

void OpScan::pushType(const Token& token)
{
    if (static_cast<int>(typeTokens.count) == markerAt)
        typeTokens.markerOffset = token.offset;
    typeTokens.lastEnd = token.offset + token.length;
    ++typeTokens.count;
}

void OpScan::markTypes(int rank)
{
    markerAt = static_cast<int>(typeTokens.count);
    markerRank = rank;
}

void OpScan::closeSpan(std::size_t end)
{
    if (end > spanStart)
        spans.emplace_back(spanStart, end);
}

std::unique_ptr<Op> IrTextReader::parseOp(Block* block)
{
    const Token first = tok();
    const auto resultNames = parseResultNames();
    OpScan scan;
    auto op = parseOpName(block, resultNames.empty() ? first : tok(), scan.generic);
    if (!op)
        return nullptr;
    scan.funcOp = op->name == "func.func";
    scan.spanStart = first.offset;
    while (!at(TokenKind::End) && readOpToken(*op, scan)) { }
    op->text = opText(*op, scan);
    defineResults(*op, resultNames, scan.typeTokens, scan.markerAt);
    if (scan.generic)
        splitGenericOperands(*op);
    addImplicitTerminators(*op);
    return op;
}

// The op's name, quoted in the generic form; nullptr (and the line skipped) when the
// statement does not start with one.
std::unique_ptr<Op> IrTextReader::parseOpName(Block* block, const Token& nameToken, bool& generic)
{
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
        note(nameToken.line, "not an operation: '" + std::string(textOf(nameToken)) + "' (skipped to the line's end)");
        skipLine();
        return nullptr;
    }
    if (op->name == "builtin.module")
        op->name = "module";
    op->line = nameToken.line;
    op->column = nameToken.column;
    ++pos_;
    return op;
}

bool IrTextReader::readOpToken(Op& op, OpScan& scan)
{
    const Token t = tok();
    if (t.kind == TokenKind::Newline) {
        if (scan.depth() == 0 && endsStatementBefore(pos_))
            return false;
        ++pos_;
        return true;
    }
    if (scan.depth() == 0 && isPunct(t, '}'))
        return false;
    if (isPunct(t, '{')) {
        readBrace(op, scan, t);
    } else if (t.kind == TokenKind::Punct) {
        readPunct(scan, t);
    } else if (t.kind == TokenKind::Arrow && scan.depth() == 0) {
        scan.markTypes(3);
        ++pos_;
    } else if (t.kind == TokenKind::Identifier) {
        readWord(op, scan, t);
    } else if (t.kind == TokenKind::Value) {
        readValueToken(op, scan, t);
    } else if (t.kind == TokenKind::BlockLabel && op.regions.empty()) {
        parseSuccessor(op);
    } else {
        if (t.kind == TokenKind::Symbol && op.symbol.empty())
            op.symbol = std::string(textOf(t));
        scan.pushType(t);
        ++pos_;
    }
    return true;
}

// A region, or an attribute dictionary.
void IrTextReader::readBrace(Op& op, OpScan& scan, const Token& brace)
{
    if ((scan.depth() == 0 || scan.generic) && looksLikeRegion(op, scan.generic, scan.paren)) {
        scan.closeSpan(brace.offset);
        parseRegion(op, scan.pending, brace.line);
        scan.spanStart = tok(pos_ - 1).offset + 1;
        return;
    }
    parseAttributeDict(op);
}

void IrTextReader::readPunct(OpScan& scan, const Token& t)
{
    if (t.punct == '(') {
        ++scan.paren;
    } else if (t.punct == ')') {
        scan.paren = std::max(0, scan.paren - 1);
    } else if (t.punct == '[' || t.punct == '<') {
        ++scan.other;
    } else if (t.punct == ']' || t.punct == '>') {
        scan.other = std::max(0, scan.other - 1);
    } else if (t.punct == ':' && scan.depth() == 0 && scan.markerRank <= 1) {
        scan.markTypes(1);
        ++pos_;
        return;
    }
    scan.pushType(t);
    ++pos_;
}

// loc(...), an operand group, an inline attribute, the to/into before a result type, or a
// word of a type.
void IrTextReader::readWord(Op& op, OpScan& scan, const Token& t)
{
    const auto word = textOf(t);
    const Token next = tok(pos_ + 1);
    const int depth = scan.depth();
    if (word == "loc" && isPunct(next, '(')) {
        const std::size_t start = t.offset;
        ++pos_;
        skipBalanced();
        const Token last = tok(pos_ - 1);
        if (depth == 0)
            op.location = std::string(text_.substr(start, last.offset + last.length - start));
        return;
    }
    if ((word == "ins" || word == "outs" || word == "temp_buffer") && isPunct(tok(nextSignificant(pos_ + 1)), '(')
        && depth == 0) {
        op.destinationStyle = true;
        parseOperandGroup(op, word == "ins" ? op.ins : word == "outs" ? op.outs : op.temps);
        return;
    }
    if (depth == 0 && isPunct(next, '=') && !isPunct(tok(pos_ + 2), '=')) {
        parseInlineAttribute(op);
        return;
    }
    if (depth == 0 && (word == "to" || word == "into") && scan.markerRank <= 2) {
        scan.markTypes(2);
        ++pos_;
        return;
    }
    scan.pushType(t);
    ++pos_;
}

// `%iv = %lb` (an argument of the first region), `%arg: type` (a function's argument), or an operand.
void IrTextReader::readValueToken(Op& op, OpScan& scan, const Token& t)
{
    const std::string name(textOf(t));
    const Token next = tok(pos_ + 1);
    if (isPunct(next, '=') && tok(pos_ + 2).kind == TokenKind::Value) {
        Value* init = resolve(std::string(textOf(tok(pos_ + 2))), t.line);
        op.operands.push_back(init);
        scan.pending.push_back({name, init->typeText});
        pos_ += 3;
        return;
    }
    if (scan.funcOp && scan.paren == 1 && isPunct(next, ':')) {
        pos_ += 2;
        std::string type = argumentType(true);
        if (isPunct(tok(), '{'))
            skipBalanced();
        scan.pending.push_back({name, std::move(type)});
        return;
    }
    op.operands.push_back(resolve(name, t.line));
    scan.pushType(t);
    ++pos_;
}

// The op's top-level text without its regions, spaces collapsed and a trailing location dropped.
std::string IrTextReader::opText(const Op& op, OpScan& scan)
{
    const Token last = tok(pos_ == 0 ? 0 : pos_ - 1);
    scan.closeSpan(std::max(scan.spanStart, last.offset + last.length));
    std::string text;
    for (const auto& [a, b] : scan.spans) {
        if (b <= a || b > text_.size())
            continue;
        if (!text.empty())
            text += ' ';
        text += collapseSpaces(text_.substr(a, b - a));
    }
    if (!op.location.empty()) {
        const auto at = text.rfind(op.location.substr(0, 4));
        if (at != std::string::npos && at > 0)
            text = trimmed(text.substr(0, at));
    }
    return text;
}

void IrTextReader::defineResults(
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

void IrTextReader::splitGenericOperands(Op& op)
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

void IrTextReader::addImplicitTerminators(Op& op)
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

std::string IrTextReader::argumentType(bool stopAtBrace)
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

void IrTextReader::parseBlockHeader(Block& block)
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

void IrTextReader::addBlockArgument(Block& block, const std::string& name, const std::string& type)
{
    Value* value = newValue(name, type);
    value->ownerBlock = &block;
    block.arguments.push_back(value);
    declare(name, value);
}

void IrTextReader::parseRegion(Op& op, std::vector<PendingArgument>& pending, int line)
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
            if (module_.cutShortAt == 0)
                module_.cutShortAt = line;
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

} // namespace memlens::planner::detail
