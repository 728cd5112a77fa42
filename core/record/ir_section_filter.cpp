#include "core/record/ir_section_filter.hpp"

namespace memlens {

namespace {

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }
bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

} // namespace

bool mayBeIrSectionLine(std::string_view line)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (line.empty())
        return true;
    const char c = line.front();
    return c == ' ' || c == '\t' || c == '#' || c == '%' || c == '}' || c == '^' || c == '{' || c == '"'
        || startsWith(line, "module") || startsWith(line, "func.func") || startsWith(line, "gpu.");
}

IrSectionFilter::IrSectionFilter(std::string pass, bool before, bool after)
    : pass_(std::move(pass))
    , before_(before)
    , after_(after)
{
}

bool IrSectionFilter::isAddedHeader(std::string_view text) const
{
    if (!startsWith(text, "// -----// IR Dump ") || !contains(text, "(" + pass_ + ")"))
        return false;
    return (before_ && contains(text, "// -----// IR Dump Before "))
        || (after_ && contains(text, "// -----// IR Dump After "));
}

void IrSectionFilter::line(std::string_view text, std::string& out)
{
    std::string_view content = text;
    if (!content.empty() && content.back() == '\n')
        content.remove_suffix(1);
    if (startsWith(content, "// -----//")) {
        inSection_ = isAddedHeader(content);
        if (!inSection_)
            out.append(text);
        return;
    }
    if (inSection_ && mayBeIrSectionLine(content))
        return;
    inSection_ = false;
    out.append(text);
}

std::string IrSectionFilter::feed(std::string_view chunk)
{
    std::string out;
    while (!chunk.empty()) {
        const std::size_t newline = chunk.find('\n');
        if (newline == std::string_view::npos) {
            pending_.append(chunk);
            break;
        }
        if (pending_.empty()) {
            line(chunk.substr(0, newline + 1), out);
        } else {
            pending_.append(chunk.substr(0, newline + 1));
            line(pending_, out);
            pending_.clear();
        }
        chunk.remove_prefix(newline + 1);
    }
    return out;
}

std::string IrSectionFilter::finish()
{
    std::string out;
    if (!pending_.empty())
        line(pending_, out);
    pending_.clear();
    return out;
}

} // namespace memlens
