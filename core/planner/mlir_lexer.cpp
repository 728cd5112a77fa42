#include "core/planner/mlir_lexer.hpp"

#include <algorithm>
#include <cctype>

namespace memlens::planner {

namespace {

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-';
}

bool isSuffixChar(char c) // after '%', '^', '@', '#', '!'
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-' || c == '#';
}

} // namespace

Token MlirLexer::next()
{
    const std::string_view text = text_;
    std::size_t& i = i_;
    int& line = line_;
    std::size_t& lineStart = lineStart_;
    auto push = [&](TokenKind kind, std::size_t start, std::size_t end, char punct = 0) {
        Token token;
        token.kind = kind;
        token.offset = start;
        token.length = end - start;
        token.line = line;
        token.column = static_cast<int>(start - lineStart) + 1;
        token.punct = punct;
        return token;
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            const Token token = push(TokenKind::Newline, i, i + 1);
            ++i;
            ++line;
            lineStart = i;
            return token;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        const std::size_t start = i;
        if (c == '"') {
            ++i;
            while (i < text.size() && text[i] != '"' && text[i] != '\n') {
                if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
                    ++i;
                ++i;
            }
            if (i < text.size() && text[i] == '"')
                ++i;
            return push(TokenKind::String, start, i);
        }
        if (c == '%' || c == '^' || c == '@' || c == '#' || c == '!') {
            ++i;
            if (c == '@' && i < text.size() && text[i] == '"') {
                ++i;
                while (i < text.size() && text[i] != '"' && text[i] != '\n')
                    ++i;
                if (i < text.size() && text[i] == '"')
                    ++i;
            } else {
                while (i < text.size() && isSuffixChar(text[i]) && !(c == '#' && text[i] == '#'))
                    ++i;
            }
            const TokenKind kind = c == '%' ? TokenKind::Value
                : c == '^'                  ? TokenKind::BlockLabel
                : c == '@'                  ? TokenKind::Symbol
                : c == '#'                  ? TokenKind::Hash
                                            : TokenKind::Bang;
            return push(kind, start, i);
        }
        if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
            i += 2;
            return push(TokenKind::Arrow, start, i);
        }
        if (std::isdigit(static_cast<unsigned char>(c))
            || (c == '-' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
            ++i;
            while (i < text.size()) {
                const char d = text[i];
                if (std::isalnum(static_cast<unsigned char>(d)) || d == '.' || d == '_') {
                    ++i;
                } else if ((d == '+' || d == '-') && (text[i - 1] == 'e' || text[i - 1] == 'E')) {
                    ++i;
                } else {
                    break;
                }
            }
            return push(TokenKind::Number, start, i);
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            ++i;
            while (i < text.size() && isIdentifierChar(text[i])
                && !(text[i] == '-' && i + 1 < text.size() && text[i + 1] == '>'))
                ++i;
            return push(TokenKind::Identifier, start, i);
        }
        ++i;
        return push(TokenKind::Punct, start, i, c);
    }
    Token end;
    end.kind = TokenKind::End;
    end.offset = text.size();
    end.line = line;
    return end;
}

const Token& TokenWindow::at(std::size_t index)
{
    if (index < base_)
        index = base_;
    while (base_ + tokens_.size() <= index && !ended_) {
        Token token = pendingNewline_ ? pending_ : lexer_.next();
        pendingNewline_ = false;
        if (token.kind == TokenKind::Newline) {
            // Fold the newlines that follow into this one: it spans them (and the blank
            // and comment lines between), so its end is the last one's end.
            Token after = lexer_.next();
            while (after.kind == TokenKind::Newline) {
                token.length = after.offset + after.length - token.offset;
                after = lexer_.next();
            }
            pending_ = after;
            pendingNewline_ = true;
        }
        ended_ = token.kind == TokenKind::End;
        tokens_.push_back(token);
        peak_ = std::max(peak_, tokens_.size());
    }
    return index < base_ + tokens_.size() ? tokens_[index - base_] : tokens_.back();
}

void TokenWindow::release(std::size_t before)
{
    // The last token (End at the end) always stays.
    while (base_ < before && tokens_.size() > 1) {
        tokens_.pop_front();
        ++base_;
    }
}

} // namespace memlens::planner
