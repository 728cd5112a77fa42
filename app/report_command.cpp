#include "app/report_command.hpp"

#include "app/report_writer.hpp"
#include "core/dump_error.hpp"

#include <QDir>
#include <QGuiApplication>

#include <iostream>

namespace memlens {

int runReportCommand(const CommandLine& commandLine, int argc, char** argv)
{
    // Rendering needs a QGuiApplication but never a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    try {
        const PlanDocument document = loadPlanDocument(commandLine.dump, commandLine.load);
        requireScope(document, commandLine.scope);
        PlanDocument shown = document;
        if (commandLine.scope)
            keepOnlyScope(shown, *commandLine.scope);
        QString error;
        const QString outDir = QString::fromStdString(commandLine.outDir);
        if (!writeReport(outDir, buildReport(shown), &error)) {
            std::cerr << "memlens: " << error.toStdString() << '\n';
            return kExitBadInput;
        }
        const int status = exitStatusFor(shown, std::nullopt);
        std::cout << "memlens: report written to " << QDir(outDir).absolutePath().toStdString() << " ("
                  << (status == kExitOverflow ? "the plan overflows" : "the plan fits") << ")\n";
        return status;
    } catch (const DumpError& error) {
        std::cerr << "memlens: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const std::exception& error) {
        std::cerr << "memlens: " << commandLine.dump << ": " << error.what() << '\n';
        return kExitBadInput;
    }
}

} // namespace memlens
