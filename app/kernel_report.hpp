#pragma once
// The report files of a kernel's folder (`memlens report DIR`, core/folder_report): summary.md,
// chart-<core>-<scope>.png for every overflowing scope, chart.png and chart.svg of the first
// (as a single dump's report has), blocks.csv and live_at_peak.csv of every core.
#include "app/report_writer.hpp"
#include "core/document/kernel_folder.hpp"

namespace memlens {

std::vector<ReportFile> buildKernelReport(const KernelFolder& kernel, QSize chartSize = kDefaultReportChartSize);

} // namespace memlens
