#pragma once
// The characters of MLIR text as the IR index and the location parser read them:
// one rule for both (a name they split differently would link a block to the wrong line).
namespace memlens {

// Letters, digits and `_ $ . -`: the characters of an SSA name, an op name or a keyword.
constexpr bool isIdentChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
        || c == '.' || c == '-';
}

// White space between tokens, a line break included.
constexpr bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

} // namespace memlens
