#pragma once
// The report files of a kernel's folder (`memlens report DIR`, core/folder_report): summary.md,
// chart-<core>-<scope>.png for every overflowing scope, chart.png and chart.svg of the first
// (as a single dump's report has), blocks.csv and live_at_peak.csv of every core.
#include "app/report_writer.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/kernel_folder.hpp"

namespace memlens {

// summary.md and plan.html show each scope's diagnosis worked out once: from `diagnoses` when given
// (folderDiagnoses(kernel): `report DIR --html FILE` shares them with its page).
std::vector<ReportFile> buildKernelReport(
    const KernelFolder& kernel, QSize chartSize = kDefaultReportChartSize, FolderDiagnoses diagnoses = {});

} // namespace memlens
