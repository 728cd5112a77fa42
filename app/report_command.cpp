#include "app/report_command.hpp"

#include "app/kernel_report.hpp"
#include "app/report_writer.hpp"
#include "core/cli/command_common.hpp"
#include "core/cli/folder_report.hpp"
#include "core/cli/plan_page.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"

#include <QDir>
#include <QGuiApplication>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>

namespace memlens {

namespace {
QtMessageHandler defaultHandler = nullptr;

// A headless run in CI has no XDG_RUNTIME_DIR; Qt's note about it is noise on stderr.
void quietHeadlessNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (defaultHandler)
        defaultHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(message));
}

// Writes the report's files into --out and says where; returns `status`, or 2 when a write fails.
int writeReportFiles(const CommandLine& commandLine, const std::vector<ReportFile>& files, int status)
{
    QString error;
    const QString outDir = QString::fromStdString(commandLine.outDir);
    if (!writeReport(outDir, files, &error)) {
        std::cerr << "memlens: " << error.toStdString() << '\n';
        return kExitBadInput;
    }
    std::cout << "memlens: report written to " << QDir(outDir).absolutePath().toStdString() << " ("
              << (status == kExitOverflow ? "the plan overflows" : "the plan fits") << ")\n";
    return status;
}

// `--html FILE`: the plan page written through a temporary file beside FILE, swapped in when whole;
// `status`, or 2 when the write fails.
int writeHtmlPage(const CommandLine& commandLine, const std::function<void(std::ostream&)>& write, int status)
{
    const std::filesystem::path target(commandLine.htmlFile);
    std::filesystem::path staged = target;
    staged += ".memlens-" + std::to_string(::getpid()) + ".tmp";
    {
        std::ofstream out(staged, std::ios::binary | std::ios::trunc);
        if (out)
            write(out);
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(staged, ignored);
            std::cerr << "memlens: " << commandLine.htmlFile << ": cannot write: " << std::strerror(errno) << '\n';
            return kExitBadInput;
        }
    }
    std::error_code error;
    std::filesystem::rename(staged, target, error);
    if (error) {
        std::filesystem::remove(staged, error);
        std::cerr << "memlens: " << commandLine.htmlFile << ": cannot write: " << error.message() << '\n';
        return kExitBadInput;
    }
    std::cout << "memlens: plan page written to " << std::filesystem::absolute(target).string() << " ("
              << (status == kExitOverflow ? "the plan overflows" : "the plan fits") << ")\n";
    return status;
}

// The report's files (--out) and the page alone (--html), whichever were asked for.
int writeOutputs(const CommandLine& commandLine, const std::function<std::vector<ReportFile>()>& files,
    const std::function<void(std::ostream&)>& page, int status)
{
    if (!commandLine.outDir.empty()) {
        status = writeReportFiles(commandLine, files(), status);
        if (status == kExitBadInput)
            return status;
    }
    if (!commandLine.htmlFile.empty())
        status = writeHtmlPage(commandLine, page, status);
    return status;
}

// `memlens report DIR`: every core's dump of a kernel's folder in one report.
int writeKernelReport(const CommandLine& commandLine)
{
    KernelFolder kernel = loadKernelFolder(commandLine.dump, commandLine.load);
    requireScope(kernel, commandLine.scope);
    if (commandLine.scope)
        for (PlanDocument& document : kernel.documents)
            keepOnlyScope(document, *commandLine.scope);
    // The report's summary.md and plan.html and --html's page diagnose each scope once.
    const FolderDiagnoses diagnoses = folderDiagnoses(kernel);
    return writeOutputs(
        commandLine, [&kernel, &diagnoses] { return buildKernelReport(kernel, kDefaultReportChartSize, diagnoses); },
        [&kernel, &diagnoses](std::ostream& out) { writePlanPage(out, kernel, diagnoses); },
        exitStatusFor(kernel, std::nullopt));
}

} // namespace

int runReportCommand(const CommandLine& commandLine, int argc, char** argv)
{
    // Rendering needs a QGuiApplication but never a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    defaultHandler = qInstallMessageHandler(quietHeadlessNoise);
    QGuiApplication app(argc, argv);
    try {
        if (isFolderPath(commandLine.dump))
            return writeKernelReport(commandLine);
        PlanDocument shown = loadPlanDocument(commandLine.dump, commandLine.load);
        requireScope(shown, commandLine.scope);
        if (commandLine.scope)
            keepOnlyScope(shown, *commandLine.scope);
        // --out's summary.md and plan.html and --html's page show one diagnosis per scope, worked out once.
        const auto diagnoses = std::make_shared<const ScopeDiagnoses>(shown);
        return writeOutputs(
            commandLine,
            [&shown, diagnoses] { return buildReport(shown, kDefaultReportChartSize, kStreamedCsvBlocks, diagnoses); },
            [&shown, diagnoses](std::ostream& out) { writePlanPage(out, shown, *diagnoses); },
            exitStatusFor(shown, std::nullopt));
    } catch (const std::exception& error) {
        return reportBadInput(std::cerr, error, commandLine.dump);
    }
}

} // namespace memlens
