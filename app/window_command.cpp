#include "app/window_command.hpp"

#include "app/main_window.hpp"
#include "app/quit_on_signal.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QThreadPool>

#include <memory>

namespace memlens {

int runWindow(const CommandLine& commandLine, int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("memlens"));
    QApplication::setOrganizationName(QStringLiteral("memlens"));
    QApplication::setApplicationVersion(QStringLiteral(MEMLENS_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/memlens/memlens.svg")));
    const QuitOnSignal quitOnSignal; // a killed window still removes History's copies
    auto owned = std::make_unique<MainWindow>();
    MainWindow& window = *owned;
    LoadOptions options = commandLine.load;
    if (!options.irFile.empty())
        options.irFile = QFileInfo(QString::fromStdString(options.irFile)).absoluteFilePath().toStdString();
    window.setCommandLineOptions(options, QString::fromStdString(commandLine.dump));
    window.show();
    if (!commandLine.dump.empty()) {
        if (commandLine.scope) {
            // --scope: show that scope once the dump is in.
            const QString scope = QString::fromStdString(*commandLine.scope);
            QObject::connect(
                &window, &MainWindow::documentShown, &window, [&window, scope] { window.showScope(scope); },
                Qt::SingleShotConnection);
        }
        window.openDump(QString::fromStdString(commandLine.dump));
    }
    if (!commandLine.compareWith.empty()) // memlens A B: the compare view of A and B, above the window with A
        window.compareFiles(QString::fromStdString(commandLine.dump), QString::fromStdString(commandLine.compareWith));
    const int status = app.exec();
    // The window's going cancels its loads; an export still being written (File > Export) is
    // finished while the application, whose fonts its charts use, still lives.
    owned.reset();
    QThreadPool::globalInstance()->waitForDone();
    return status;
}

} // namespace memlens
