#include "core/kernel_source/constexpr_arithmetic.hpp"

#include <charconv>

namespace memlens {

namespace {

struct Arithmetic {
    const std::vector<std::string>& tokens;
    const std::map<std::string, std::int64_t>& values;
    std::size_t pos = 0;
    bool ok = true;

    std::optional<std::int64_t> run()
    {
        const std::int64_t v = sum();
        if (!ok || pos != tokens.size())
            return std::nullopt;
        return v;
    }
    std::int64_t sum()
    {
        std::int64_t v = product();
        while (ok && pos < tokens.size() && (tokens[pos] == "+" || tokens[pos] == "-")) {
            const bool plus = tokens[pos++] == "+";
            const std::int64_t r = product();
            v = plus ? v + r : v - r;
        }
        return v;
    }
    std::int64_t product()
    {
        std::int64_t v = atom();
        while (ok && pos < tokens.size()
            && (tokens[pos] == "*" || tokens[pos] == "//" || tokens[pos] == "/" || tokens[pos] == "%"
                || tokens[pos] == "<<" || tokens[pos] == ">>")) {
            const std::string op = tokens[pos++];
            const std::int64_t r = atom();
            if (!ok)
                break;
            if (op == "*")
                v = __builtin_mul_overflow(v, r, &v) ? (ok = false, 0) : v;
            else if (op == "<<")
                v = r >= 0 && r < 62 && v >= 0 && v < (std::int64_t(1) << (62 - r)) ? v << r : (ok = false, 0);
            else if (op == ">>")
                v = r >= 0 && r < 63 ? v >> r : (ok = false, 0);
            else if (r == 0)
                ok = false;
            else
                v = op == "%" ? v % r : v / r;
        }
        return v;
    }
    std::int64_t atom()
    {
        if (pos >= tokens.size()) {
            ok = false;
            return 0;
        }
        const std::string& t = tokens[pos++];
        if (t == "(") {
            const std::int64_t v = sum();
            if (pos < tokens.size() && tokens[pos] == ")")
                ++pos;
            else
                ok = false;
            return v;
        }
        if (t == "-")
            return -atom();
        if (const auto it = values.find(t); it != values.end())
            return it->second;
        std::int64_t v = 0;
        const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (error != std::errc() || end != t.data() + t.size())
            ok = false;
        return v;
    }
};

} // namespace

std::optional<std::int64_t> evaluateArithmetic(
    const std::vector<std::string>& tokens, const std::map<std::string, std::int64_t>& values)
{
    return Arithmetic{tokens, values}.run();
}

} // namespace memlens
