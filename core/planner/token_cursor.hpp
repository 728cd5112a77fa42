#pragma once
// The IR reader's place in the token stream: tokens by index through a TokenWindow (only a
// few behind the position are kept), the skips the reader needs (newlines, a line, a
// balanced bracket) and the stop that makes the rest of the text read as ended. The op
// reader (IrTextReader) reads ops, regions and values on top of it.
#include "core/planner/mlir_lexer.hpp"

#include <cstddef>
#include <string_view>

namespace memlens::planner::detail {

// The reader looks back at most a few tokens; the window drops older ones in batches.
inline constexpr std::size_t kTokensKept = 64;
inline constexpr std::size_t kReleaseEvery = 1024;

// +1 for an opening bracket, -1 for a closing one, 0 for any other token.
int bracketDepthChange(const Token& t);

// The same for the brackets a type nests: (), [] and <>.
int typeDepthChange(const Token& t);

class TokenCursor {
public:
    explicit TokenCursor(std::string_view text)
        : text_(text)
        , window_(text)
    {
    }

    std::size_t peakTokensHeld() const { return window_.peakHeld(); }

protected:
    // A copy: the window may drop the token while the caller still looks at it.
    Token tok(std::size_t i) const;
    Token tok() const { return tok(pos_); }
    bool at(TokenKind kind) const { return tok().kind == kind; }
    static bool isPunct(const Token& t, char c) { return t.kind == TokenKind::Punct && t.punct == c; }
    std::string_view textOf(const Token& t) const { return text_.substr(t.offset, t.length); }
    std::size_t nextSignificant(std::size_t i) const;
    void skipNewlines() { pos_ = nextSignificant(pos_); }
    // To just after the newline that ends the line (outside brackets).
    void skipLine();
    // From an opening bracket at pos_ to just after its partner.
    void skipBalanced();
    // From the token after pos_ on, the text reads as ended. False when it already did; else
    // `resumesAt` is the first token not read (for the reader's note).
    bool stopAfterCurrent(Token& resumesAt);

    std::string_view text_;
    std::size_t pos_ = 0;

private:
    mutable TokenWindow window_;
    bool stopped_ = false;
    std::size_t stopAt_ = 0;
    Token stopToken_;
};

} // namespace memlens::planner::detail
