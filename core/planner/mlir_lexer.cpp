#include "core/planner/mlir_lexer.hpp"

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

std::vector<Token> tokenizeMlir(std::string_view text)
{
    std::vector<Token> tokens;
    std::size_t i = 0;
    int line = 1;
    std::size_t lineStart = 0;
    auto push = [&](TokenKind kind, std::size_t start, std::size_t end, char punct = 0) {
        Token token;
        token.kind = kind;
        token.offset = start;
        token.length = end - start;
        token.line = line;
        token.column = static_cast<int>(start - lineStart) + 1;
        token.punct = punct;
        tokens.push_back(token);
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            push(TokenKind::Newline, i, i + 1);
            ++i;
            ++line;
            lineStart = i;
            continue;
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
            push(TokenKind::String, start, i);
            continue;
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
            push(kind, start, i);
            continue;
        }
        if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
            i += 2;
            push(TokenKind::Arrow, start, i);
            continue;
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
            push(TokenKind::Number, start, i);
            continue;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            ++i;
            while (i < text.size() && isIdentifierChar(text[i])
                && !(text[i] == '-' && i + 1 < text.size() && text[i + 1] == '>'))
                ++i;
            push(TokenKind::Identifier, start, i);
            continue;
        }
        ++i;
        push(TokenKind::Punct, start, i, c);
    }
    Token end;
    end.kind = TokenKind::End;
    end.offset = text.size();
    end.line = line;
    tokens.push_back(end);
    return tokens;
}

} // namespace memlens::planner
