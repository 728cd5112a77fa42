// Catch2 main for widget and window tests: a QApplication on the offscreen
// platform unless the caller chose one (under xvfb-run, QT_QPA_PLATFORM=xcb).
// Catch2 itself is compiled once, in catch_session.cpp.
#include "support/catch_session.hpp"

#include <QApplication>

#include <cstdio>
#include <cstdlib>

namespace {

QtMessageHandler previousHandler = nullptr;

// The offscreen platform warns about window hints it cannot honour; that noise hides real messages.
void filterOffscreenNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.contains(QLatin1String("does not support propagateSizeHints")))
        return;
    if (previousHandler)
        previousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(message));
}

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    previousHandler = qInstallMessageHandler(filterOffscreenNoise);
    QApplication app(argc, argv);
    QApplication::setApplicationName("memlens-tests");
    QApplication::setOrganizationName("memlens-tests");
    return memlens::test::runCatchSession(argc, argv);
}
