// The reader's ops, their results, and their regions and blocks.
#include "core/planner/ir_text_reader.hpp"

#include <algorithm>
#include <cctype>

namespace memlens::planner::detail {

std::unique_ptr<Op> IrTextReader::parseOp(Block* block)
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
        note(nameToken.line, "not an operation: '" + std::string(textOf(nameToken)) + "' (skipped to the line's end)");
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
