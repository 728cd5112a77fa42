#include "app/kernel_report.hpp"

#include "core/cli/folder_report.hpp"
#include "core/cli/plan_page.hpp"
#include "views/chart/block_chart_painter.hpp"

#include <sstream>

namespace memlens {

namespace {
QByteArray bytesOf(const std::string& text) { return QByteArray(text.data(), static_cast<qsizetype>(text.size())); }
} // namespace

std::vector<ReportFile> buildKernelReport(const KernelFolder& kernel, QSize chartSize, FolderDiagnoses diagnoses)
{
    if (diagnoses.size() != kernel.documents.size())
        diagnoses = folderDiagnoses(kernel);
    const std::vector<CoreScopeRef> charts = chartedScopes(kernel);
    std::vector<std::string> names;
    std::vector<ReportFile> files;
    for (std::size_t n = 0; n < charts.size(); ++n) {
        const auto [d, s] = charts[n];
        const PlanDocument& document = kernel.documents[d];
        ChartRenderOptions options;
        options.title = chartTitle(document, s); // "attn_mix_aiv · ub": the kernel's half names the core
        const QByteArray png = captionedChartPng(document, s, chartSize, options);
        const bool overflows = document.analyses[s].overflow;
        names.push_back(overflows ? coreScopeChartName(document, s) : std::string("chart.png"));
        if (overflows)
            files.push_back({QString::fromStdString(names.back()), png, {}, {}});
        if (n == 0) { // the first charted scope is chart.png and chart.svg, as in a single dump's report
            files.push_back({QStringLiteral("chart.png"), png, {}, {}});
            QString ignored;
            files.push_back({QStringLiteral("chart.svg"), chartSvg(document, s, chartSize, options, &ignored), {}, {}});
        }
    }
    files.insert(files.begin(),
        ReportFile{
            QStringLiteral("summary.md"), bytesOf(folderSummaryMarkdown(kernel, charts, names, diagnoses)), {}, {}});
    files.push_back({QStringLiteral("blocks.csv"), bytesOf(folderBlocksCsv(kernel)), {}, {}});
    files.push_back({QStringLiteral("live_at_peak.csv"), bytesOf(folderLiveAtPeakCsv(kernel)), {}, {}});
    std::ostringstream page;
    writePlanPage(page, kernel, diagnoses);
    files.push_back({QStringLiteral("plan.html"), bytesOf(page.str()), {}, {}});
    return files;
}

} // namespace memlens
