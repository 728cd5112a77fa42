#pragma once
// Every token of a text at once, for tests that hold the planner's token window against its
// lexer (the reader itself never makes them all: core/planner/mlir_lexer.hpp).
#include "core/planner/mlir_lexer.hpp"

#include <string_view>
#include <vector>

namespace memlens::test {

// Every token of `text`, End last.
inline std::vector<planner::Token> tokenizeMlir(std::string_view text)
{
    std::vector<planner::Token> tokens;
    planner::MlirLexer lexer(text);
    do
        tokens.push_back(lexer.next());
    while (tokens.back().kind != planner::TokenKind::End);
    return tokens;
}

} // namespace memlens::test
