#include "core/run/junit_report.hpp"

#include "core/dump/dump_display_name.hpp"
#include "core/run/run_formats.hpp"
#include "core/text/byte_size.hpp"

namespace memlens {

namespace {

// The length of the UTF-8 sequence starting at text[i] when it is one XML 1.0 allows, else 0:
// no overlong form, no surrogate, nothing past U+10FFFF, and not U+FFFE or U+FFFF.
std::size_t utf8Length(const std::string& text, std::size_t i)
{
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80 ? 1
        : (byte >> 5) == 0x6               ? 2
        : (byte >> 4) == 0xE               ? 3
        : (byte >> 3) == 0x1E              ? 4
                                           : 0;
    if (length == 0 || i + length > text.size())
        return 0;
    char32_t code = length == 1 ? byte : byte & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80)
            return 0;
        code = (code << 6) | (next & 0x3F);
    }
    constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE
        || code == 0xFFFF)
        return 0;
    return length;
}

std::string attribute(const char* name, const std::string& value)
{
    return std::string(" ") + name + "=\"" + xmlText(value) + "\"";
}

std::string caseName(const RunRow& row)
{
    std::string name = row.core.empty() ? std::string("kernel") : row.core;
    if (!row.scope.empty())
        name += " " + row.scope;
    if (row.versions > 1)
        name += " (version " + std::to_string(row.version) + " of " + std::to_string(row.versions) + ")";
    return name;
}

// The failure's one-line message and its longer text: what overflows, where and what would fit.
std::pair<std::string, std::string> failureOf(const RunRow& row, std::optional<double> failAbove)
{
    std::string message;
    if (row.status == RowStatus::Overflows)
        message = row.scope + " overflows: needs " + formatBytes(row.peakBytes.value_or(0)) + ", has "
            + formatBytes(row.capacityBytes.value_or(0)) + ", " + headroomText(row).substr(1) + " short";
    else
        message = row.scope + " uses " + usedText(row) + " of its capacity (" + formatBytes(row.peakBytes.value_or(0))
            + " of " + formatBytes(row.capacityBytes.value_or(0)) + "), " + gateStatusText(row, failAbove)
            + " (--fail-above)";
    std::string detail = message + "\n";
    if (!row.python.empty())
        detail += "most bytes live at the peak: " + row.python + "\n";
    if (!row.lever.empty())
        detail += "what would fit: " + row.lever + "\n";
    if (!row.config.empty())
        detail += "config: " + row.config + "\n";
    detail += std::string("from the ") + rowSourceKey(row.source) + " " + row.file + "\n";
    return {message, detail};
}

} // namespace

std::string xmlText(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8Length(text, i);
        if (length == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        const char c = text[i];
        if (length == 1) {
            switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            case '\n': out += "&#10;"; break;
            case '\t': out += "&#9;"; break;
            default: out += static_cast<unsigned char>(c) < 0x20 ? std::string("\xEF\xBF\xBD") : std::string(1, c);
            }
        } else {
            out.append(text, i, length);
        }
        i += length;
    }
    return out;
}

std::string summaryJunit(const RunSummary& summary, std::optional<double> failAbove)
{
    std::size_t failures = 0, errors = 0, skipped = 0;
    std::string cases;
    for (const RunRow& row : summary.rows) {
        cases += "    <testcase" + attribute("classname", "memlens." + row.kernel) + attribute("name", caseName(row))
            + attribute("file", row.file) + " time=\"0\"";
        if (row.status == RowStatus::Error) {
            ++errors;
            cases += ">\n      <error" + attribute("message", row.error) + attribute("type", "unreadable") + ">"
                + xmlText(row.error) + "</error>\n    </testcase>\n";
        } else if (row.status == RowStatus::NotPlanned) {
            ++skipped;
            const std::string why
                = row.notes.empty() ? std::string("not planned") : "not planned: " + row.notes.front();
            cases += ">\n      <skipped" + attribute("message", why) + "/>\n    </testcase>\n";
        } else if (rowFailsGate(row, failAbove)) {
            ++failures;
            const auto [message, detail] = failureOf(row, failAbove);
            cases += ">\n      <failure" + attribute("message", message)
                + attribute("type", row.status == RowStatus::Overflows ? "overflow" : "fail-above") + ">"
                + xmlText(detail) + "</failure>\n    </testcase>\n";
        } else {
            cases += "/>\n";
        }
    }
    const std::string counts = " tests=\"" + std::to_string(summary.rows.size()) + "\" failures=\""
        + std::to_string(failures) + "\" errors=\"" + std::to_string(errors) + "\" skipped=\"" + std::to_string(skipped)
        + "\" time=\"0\"";
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" + attribute("name", "memlens summary") + counts
        + ">\n  <testsuite" + attribute("name", "memlens summary of " + summary.path) + counts + ">\n" + cases
        + "  </testsuite>\n</testsuites>\n";
}

} // namespace memlens
