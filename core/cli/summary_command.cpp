#include "core/cli/summary_command.hpp"

#include "core/cli/command_common.hpp"
#include "core/cli/exit_status.hpp"
#include "core/cli/run_page.hpp"
#include "core/run/config_envelope.hpp"
#include "core/run/junit_report.hpp"
#include "core/run/run_formats.hpp"
#include "core/text/terminal_text.hpp"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <ostream>

namespace memlens {

std::string summaryUsageText()
{
    return std::string(
        "Usage: memlens summary DIR|CACHE [--format text|md|csv|json|junit|html] [--fail-above PERCENT]\n"
        "                       [--out FILE] [options]\n\n"
        "Every kernel of a run as one table: a row per kernel and core with its status (fits,\n"
        "overflows, not planned, error), peak against capacity and the headroom, the Python line\n"
        "with the most bytes live at the peak, the lever that makes it fit, and where the row came\n"
        "from (a dump, a compile log, Triton's cache metadata alone). DIR holds dumps (memlens watch\n"
        "--keep's copies), kernel folders (a mix kernel's memory_info_aic.json and memory_info_aiv.json\n"
        "pair), compile logs, or a Triton cache (<hash>/<kernel>.json with required_ub_bits when the\n"
        "run set ENABLE_PRINT_UB_BITS=1), up to three folders down. Rows are sorted by headroom,\n"
        "overflowing first; versions of one kernel are grouped, newest first, with what changed.\n"
        "A kernel compiled in several configs (an autotune sweep memlens record kept) is also one\n"
        "table: a row per config, its constexpr values as columns, and the largest that fits.\n"
        "A file that cannot be read is a row with its error.\n\nOptions:\n"
        "  --format F           text (default) | md | csv | json | junit (JUnit XML for CI) | py (the\n"
        "                       configs that fit as triton.Config entries, per kernel) | html (one\n"
        "                       page: the table, and each kernel's plan a row opens)\n"
        "  --fail-above PERCENT also fail (exit 3) a kernel using more than PERCENT of its capacity\n"
        "  --out FILE           write the summary to FILE instead of stdout\n"
        "  --capacity SIZE, --source-dir DIR, --substitute FROM=TO as for memlens inspect\n"
        "  -h, --help           show this help\n\n"
        "Exit status: 3 some kernel overflows or passes --fail-above, 0 none does, 2 bad input or\n"
        "usage, or nothing in DIR could be read.\n\n"
        "In CI:  memlens summary dumps/ --fail-above 95 --format junit --out memlens.xml\n");
}

bool parseSummaryOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i)
{
    if (args[i] == "--format") {
        const std::string value = optionValue(args, i);
        if (!summaryFormatNamed(value))
            throw CommandLineError(
                "--format: expected text, md, csv, json, junit, py or html, found \"" + value + "\"");
        commandLine.summaryFormat = value;
        return true;
    }
    if (args[i] == "--fail-above") {
        commandLine.failAbove = failAbovePercent(optionValue(args, i));
        return true;
    }
    if (args[i] == "--out") {
        commandLine.outDir = optionValue(args, i);
        return true;
    }
    return false;
}

int summaryExitStatus(const RunSummary& summary, std::optional<double> failAbove)
{
    if (summary.readCount() == 0)
        return kExitBadInput;
    for (const RunRow& row : summary.rows)
        if (rowFailsGate(row, failAbove))
            return kExitOverflow;
    return kExitFits;
}

int runSummary(const CommandLine& commandLine, std::ostream& out, std::ostream& err, bool terminal)
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions(commandLine.load);
    std::mutex progressLock;
    auto lastShown = std::chrono::steady_clock::time_point();
    if (terminal)
        options.progress = [&](std::size_t done, std::size_t total) {
            // A line rewritten in place, at most ten times a second.
            const std::lock_guard lock(progressLock);
            const auto now = std::chrono::steady_clock::now();
            if (done < total && now - lastShown < std::chrono::milliseconds(100))
                return;
            lastShown = now;
            err << "\rmemlens summary: " << done << " of " << total << " read" << std::flush;
        };
    RunSummary summary;
    try {
        summary = summarizeRun(commandLine.dump, options);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, commandLine.dump);
    }
    if (terminal && summary.pieces > 0)
        err << "\r\x1b[K" << std::flush; // the progress line cleared: the answer follows
    const SummaryFormat format = summaryFormatNamed(commandLine.summaryFormat).value_or(SummaryFormat::Text);
    std::string text;
    switch (format) {
    case SummaryFormat::Text: text = summaryText(summary, commandLine.failAbove); break;
    case SummaryFormat::Markdown: text = summaryMarkdown(summary, commandLine.failAbove); break;
    case SummaryFormat::Csv: text = summaryCsv(summary); break;
    case SummaryFormat::Json: text = summaryJson(summary, commandLine.failAbove); break;
    case SummaryFormat::Junit: text = summaryJunit(summary, commandLine.failAbove); break;
    case SummaryFormat::Python: text = summaryPython(summary, commandLine.failAbove); break;
    case SummaryFormat::Html: text = runPageHtml(summary, commandLine.failAbove, options.load); break;
    }
    const int status = summaryExitStatus(summary, commandLine.failAbove);
    if (commandLine.outDir.empty()) {
        out << text;
    } else if (const std::string why = writeReplacing(commandLine.outDir, text); !why.empty()) {
        err << "memlens: " << terminalText(why) << '\n';
        return kExitBadInput;
    }
    if (status == kExitBadInput)
        err << "memlens: " << terminalText(commandLine.dump)
            << (summary.rows.empty() ? ": no dump, kernel folder, compile log or cache metadata found"
                                     : ": no file could be read (each error is a row)")
            << '\n';
    return status;
}

} // namespace memlens
