#include "core/planner/token_cursor.hpp"

namespace memlens::planner::detail {

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

int typeDepthChange(const Token& t)
{
    return t.kind == TokenKind::Punct && t.punct != '{' && t.punct != '}' ? bracketDepthChange(t) : 0;
}

Token TokenCursor::tok(std::size_t i) const
{
    if (stopped_ && i >= stopAt_)
        return stopToken_;
    if (pos_ > window_.released() + kReleaseEvery)
        window_.release(pos_ - kTokensKept);
    return window_.at(i);
}

std::size_t TokenCursor::nextSignificant(std::size_t i) const
{
    while (tok(i).kind == TokenKind::Newline)
        ++i;
    return i;
}

bool TokenCursor::stopAfterCurrent(Token& resumesAt)
{
    if (stopped_)
        return false;
    resumesAt = tok(nextSignificant(pos_ + 1));
    stopped_ = true;
    stopAt_ = pos_ + 1;
    stopToken_ = Token{};
    stopToken_.kind = TokenKind::End;
    stopToken_.offset = resumesAt.offset;
    stopToken_.line = resumesAt.line;
    stopToken_.column = resumesAt.column;
    return true;
}

void TokenCursor::skipLine()
{
    int depth = 0;
    while (!at(TokenKind::End)) {
        const Token t = tok();
        if (t.kind == TokenKind::Newline && depth <= 0) {
            ++pos_;
            return;
        }
        depth += bracketDepthChange(t);
        ++pos_;
    }
}

void TokenCursor::skipBalanced()
{
    int depth = 0;
    while (!at(TokenKind::End)) {
        const Token t = tok();
        depth += bracketDepthChange(t);
        ++pos_;
        if (depth <= 0)
            return;
    }
}

} // namespace memlens::planner::detail
