#pragma once
// Arithmetic on constexprs and numbers, for derived constexprs and shapes like (BLOCK_M * 2,):
// + - * // / % << >> and parentheses over Python tokens.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// The value of `tokens` with each name taken from `values`; nullopt when the tokens are not
// such an expression, a name has no value, or a step overflows or divides by zero.
std::optional<std::int64_t> evaluateArithmetic(
    const std::vector<std::string>& tokens, const std::map<std::string, std::int64_t>& values);

} // namespace memlens
