#include "core/kernel_source/value_choice.hpp"

#include "core/base/text_util.hpp"

#include <cctype>
#include <cstddef>
#include <string_view>

namespace memlens {

namespace {

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t indentOf(std::string_view line)
{
    std::size_t n = 0;
    while (n < line.size() && (line[n] == ' ' || line[n] == '\t'))
        ++n;
    return n;
}

// The code of a line, without a trailing comment (a '#' outside quotes).
std::string_view codeOf(std::string_view line)
{
    char quote = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            return line.substr(0, i);
        }
    }
    return line;
}

// Where `name` stands as a whole word in `text` at or after `from`, followed (after spaces) by
// `next`; npos when nowhere.
std::size_t findWordBefore(std::string_view text, std::string_view name, char next, std::size_t from = 0)
{
    for (std::size_t at = text.find(name, from); at != std::string_view::npos; at = text.find(name, at + 1)) {
        const std::size_t end = at + name.size();
        if ((at > 0 && isNameChar(text[at - 1])) || (end < text.size() && isNameChar(text[end])))
            continue;
        std::size_t after = end;
        while (after < text.size() && text[after] == ' ')
            ++after;
        if (after < text.size() && text[after] == next
            && !(next == '=' && after + 1 < text.size() && text[after + 1] == '='))
            return at;
    }
    return std::string_view::npos;
}

// The line of `def <name>(` at any indentation, 0 when none.
int defLine(const std::vector<std::string>& lines, const std::string& name)
{
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view code = trimmedView(codeOf(lines[i]));
        if (code.starts_with("def ") && findWordBefore(code, name, '(', 4) != std::string_view::npos)
            return static_cast<int>(i) + 1;
    }
    return 0;
}

// The last line of the body of the `def` on line `first` (1-based): before the next line that is
// code at the def's indentation or less, blank lines at the end left out.
int bodyEnd(const std::vector<std::string>& lines, int first)
{
    const std::size_t indent = indentOf(lines[static_cast<std::size_t>(first - 1)]);
    int last = first;
    for (std::size_t i = static_cast<std::size_t>(first); i < lines.size(); ++i) {
        const std::string_view code = trimmedView(codeOf(lines[i]));
        const bool blank = trimmedView(lines[i]).empty() || (code.empty() && indentOf(lines[i]) <= indent);
        if (blank)
            continue;
        if (indentOf(lines[i]) <= indent && !code.empty())
            break;
        last = static_cast<int>(i) + 1;
    }
    return last;
}

// The keyword's value: the text after `=` up to the comma or bracket that ends it at depth 0.
std::string keywordValue(std::string_view code, std::size_t equals)
{
    int depth = 0;
    std::size_t end = equals + 1;
    for (; end < code.size(); ++end) {
        const char c = code[end];
        if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0)
                break;
            --depth;
        } else if (c == ',' && depth == 0)
            break;
    }
    return std::string(trimmedView(code.substr(equals + 1, end - equals - 1)));
}

// The keyword `name=` at `at` of line `line`: its value, and the function that computes it.
ValueChoice choiceAt(
    const std::vector<std::string>& lines, int line, std::string_view code, std::size_t at, const std::string& name)
{
    ValueChoice choice;
    choice.constexprName = name;
    choice.keywordLine = line;
    const std::string value = keywordValue(code, code.find('=', at + name.size()));
    choice.keywordText = name + "=" + value;
    // `block_size_for(n)`: a function of this file chooses it.
    std::size_t call = 0;
    while (call < value.size() && (isNameChar(value[call]) || value[call] == '.'))
        ++call;
    if (call > 0 && call < value.size() && value[call] == '(') {
        const std::string function = value.substr(0, call);
        if (const int first = defLine(lines, function); first > 0) {
            choice.function = function;
            choice.functionFirst = first;
            choice.functionLast = bodyEnd(lines, first);
        }
    }
    return choice;
}

} // namespace

std::string ValueChoice::text() const
{
    const std::string launch = "at the launch on line " + std::to_string(keywordLine) + " `" + keywordText + "`";
    if (function.empty())
        return constexprName + " is chosen " + launch;
    return constexprName + " is chosen by " + function + " (lines " + std::to_string(functionFirst) + "-"
        + std::to_string(functionLast) + "), " + launch;
}

std::string ValueChoice::shortText() const
{
    if (function.empty())
        return "chosen at line " + std::to_string(keywordLine);
    return "chosen by " + function + ", lines " + std::to_string(functionFirst) + "-" + std::to_string(functionLast);
}

std::optional<ValueChoice> findValueChoice(
    const std::vector<std::string>& lines, const std::string& kernel, const std::string& constexprName)
{
    if (kernel.empty() || constexprName.empty())
        return std::nullopt;
    // A launch: `kernel[grid](`, its arguments over the lines after it until the brackets close.
    for (std::size_t start = 0; start < lines.size(); ++start) {
        if (findWordBefore(codeOf(lines[start]), kernel, '[') == std::string_view::npos)
            continue;
        int depth = 0;
        bool opened = false;
        for (std::size_t i = start; i < lines.size() && (!opened || depth > 0); ++i) {
            const std::string_view code = codeOf(lines[i]);
            const std::size_t at = findWordBefore(code, constexprName, '=');
            for (std::size_t j = 0; j < code.size(); ++j) {
                if (j == at && depth > 0)
                    return choiceAt(lines, static_cast<int>(i) + 1, code, at, constexprName);
                const char c = code[j];
                if (c == '(' || c == '[' || c == '{') {
                    ++depth;
                    opened = true;
                } else if (c == ')' || c == ']' || c == '}') {
                    --depth;
                }
            }
        }
    }
    return std::nullopt;
}

bool kernelAutotuned(const std::vector<std::string>& lines, const std::string& kernel)
{
    // Up from the def over its decorators, a decorator's arguments spanning lines (the brackets
    // closed below and not yet opened above), until the first statement that is no decorator.
    int open = 0;
    for (int i = defLine(lines, kernel) - 1; i >= 1; --i) {
        const std::string_view code = codeOf(lines[static_cast<std::size_t>(i - 1)]);
        for (auto c = code.rbegin(); c != code.rend(); ++c) {
            if (*c == ')' || *c == ']' || *c == '}')
                ++open;
            else if (*c == '(' || *c == '[' || *c == '{')
                --open;
        }
        const std::string_view statement = trimmedView(code);
        if (open > 0 || statement.empty())
            continue;
        if (!statement.starts_with("@"))
            return false;
        if (statement.find("autotune") != std::string_view::npos)
            return true;
    }
    return false;
}

} // namespace memlens
