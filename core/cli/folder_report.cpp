#include "core/cli/folder_report.hpp"

#include "core/cli/report_files.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace memlens {

namespace {

std::string fileNamePart(const std::string& text)
{
    std::string part;
    for (const char c : text)
        part += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    return part.empty() ? std::string("_") : part;
}

// Markdown headings one level down, outside code blocks: a core's summary is a section of the folder's.
std::string headingsDown(const std::string& markdown)
{
    std::istringstream in(markdown);
    std::string out, line;
    bool code = false;
    while (std::getline(in, line)) {
        if (line.starts_with("```"))
            code = !code;
        if (!code && line.starts_with("#"))
            out += '#';
        out += line + '\n';
    }
    return out;
}

// The rows of a CSV text without its header line.
std::string withoutHeader(const std::string& csv)
{
    const std::size_t newline = csv.find('\n');
    return newline == std::string::npos ? std::string() : csv.substr(newline + 1);
}

} // namespace

std::string coreScopeChartName(const PlanDocument& document, std::size_t scopeIndex)
{
    return "chart-" + fileNamePart(coreNameOf(document)) + "-" + fileNamePart(document.dump.scopes[scopeIndex].scope)
        + ".png";
}

std::vector<CoreScopeRef> chartedScopes(const KernelFolder& kernel)
{
    std::vector<CoreScopeRef> charts;
    for (std::size_t d = 0; d < kernel.documents.size(); ++d)
        for (std::size_t s = 0; s < kernel.documents[d].analyses.size(); ++s)
            if (kernel.documents[d].analyses[s].overflow)
                charts.emplace_back(d, s);
    if (!charts.empty())
        return charts;
    for (std::size_t d = 0; d < kernel.documents.size(); ++d)
        if (!kernel.documents[d].dump.scopes.empty())
            return {{d, reportScopeIndex(kernel.documents[d])}};
    return {};
}

FolderDiagnoses folderDiagnoses(const KernelFolder& kernel)
{
    FolderDiagnoses diagnoses;
    for (const PlanDocument& document : kernel.documents)
        diagnoses.push_back(std::make_shared<const ScopeDiagnoses>(document));
    return diagnoses;
}

std::string folderSummaryMarkdown(const KernelFolder& kernel, const std::vector<CoreScopeRef>& charts,
    const std::vector<std::string>& chartNames, const FolderDiagnoses& diagnoses)
{
    std::ostringstream out;
    out << "# memlens report: " << (kernel.kernel.empty() ? "(unnamed kernel)" : codeSpan(kernel.kernel)) << "\n\n";
    out << "- Folder: " << codeSpan(kernel.folder) << " (" << kernel.documents.size() << " dumps:";
    for (const PlanDocument& document : kernel.documents)
        out << " " << codeSpan(coreNameOf(document));
    out << ")\n";
    for (const std::string& note : kernel.notes)
        out << "- **Warning**: " << markdownText(note) << ".\n";
    out << "\n| Core | Scope | Verdict | Peak address | Capacity |\n|---|---|---|---|---|\n";
    for (const PlanDocument& document : kernel.documents)
        for (std::size_t s = 0; s < document.dump.scopes.size(); ++s) {
            const PlanAnalysis& analysis = document.analyses[s];
            out << "| " << codeSpan(coreNameOf(document)) << " | " << codeSpan(document.dump.scopes[s].scope) << " | "
                << (!analysis.planned          ? "not planned"
                           : analysis.overflow ? "**overflows**"
                                               : "fits")
                << " | " << formatBytes(analysis.peakAddressBytes) << " | " << formatBytes(analysis.capacity.bytes)
                << " |\n";
        }
    out << "\n";
    for (std::size_t d = 0; d < kernel.documents.size(); ++d) {
        const PlanDocument& document = kernel.documents[d];
        const std::string summary = summaryMarkdown(
            document,
            [&](std::size_t scope) {
                const auto at = std::find(charts.begin(), charts.end(), CoreScopeRef(d, scope));
                return at == charts.end() ? std::string() : chartNames[static_cast<std::size_t>(at - charts.begin())];
            },
            d < diagnoses.size() ? diagnoses[d].get() : nullptr);
        // The core's title replaces its summary's own ("# memlens report: <kernel>").
        const std::size_t firstLine = summary.find('\n');
        out << "## Core " << codeSpan(coreNameOf(document)) << ": "
            << (document.dump.kernel.empty() ? "(unnamed kernel)" : codeSpan(document.dump.kernel)) << "\n"
            << headingsDown(firstLine == std::string::npos ? std::string() : summary.substr(firstLine + 1)) << "\n";
    }
    return out.str();
}

std::string folderBlocksCsv(const KernelFolder& kernel)
{
    std::string out = blocksCsvHeader();
    for (const PlanDocument& document : kernel.documents)
        out += withoutHeader(blocksCsv(document));
    return out;
}

std::string folderLiveAtPeakCsv(const KernelFolder& kernel)
{
    std::string out = blocksCsvHeader();
    for (const PlanDocument& document : kernel.documents)
        out += withoutHeader(liveAtPeakCsv(document));
    return out;
}

} // namespace memlens
