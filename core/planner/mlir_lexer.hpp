#pragma once
// Tokens of MLIR's printed form. Never fails: an unknown character is a one-character
// punctuation token, an unterminated string ends at the end of its line.
#include <string>
#include <string_view>
#include <vector>

namespace memlens::planner {

enum class TokenKind { Value, BlockLabel, Symbol, Hash, Bang, Identifier, Number, String, Punct, Arrow, Newline, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::size_t offset = 0; // into the text
    std::size_t length = 0;
    int line = 1;
    int column = 1;
    char punct = 0; // for Punct
};

std::vector<Token> tokenizeMlir(std::string_view text);

} // namespace memlens::planner
