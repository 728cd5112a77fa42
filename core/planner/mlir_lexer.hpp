#pragma once
// Tokens of MLIR's printed form. Never fails: an unknown character is a one-character
// punctuation token, an unterminated string ends at the end of its line. The reader takes
// them through a TokenWindow, which makes them as it needs them and keeps only the few it
// can still look back at, so the tokens of a whole file never exist at once.
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

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

// The tokens of `text` one at a time; End (at the text's end) once they are all made.
class MlirLexer {
public:
    explicit MlirLexer(std::string_view text)
        : text_(text)
    {
    }
    Token next();

private:
    std::string_view text_;
    std::size_t i_ = 0;
    int line_ = 1;
    std::size_t lineStart_ = 0;
};

// The tokens of `text` by index, made on demand. A run of newlines (with the blank and
// comment lines in it) is one Newline token, at the first and as long as the run, so a look
// past newlines is a step of one.
// Tokens before the last release() are gone: at() below that gives the oldest one held.
class TokenWindow {
public:
    explicit TokenWindow(std::string_view text)
        : lexer_(text)
    {
    }
    const Token& at(std::size_t index);
    void release(std::size_t before); // tokens before `before` are not needed again
    std::size_t released() const { return base_; }
    std::size_t held() const { return tokens_.size(); }
    std::size_t peakHeld() const { return peak_; } // the most tokens held at once

private:
    MlirLexer lexer_;
    std::deque<Token> tokens_;
    std::size_t base_ = 0; // index of tokens_.front()
    std::size_t peak_ = 0;
    bool ended_ = false;
    bool pendingNewline_ = false;
    Token pending_;
};

} // namespace memlens::planner
