// Catch2 main for widget tests: a QApplication on the offscreen platform unless
// the caller chose one (xvfb-run sets DISPLAY and may want xcb).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>

#include <cstdlib>

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    QApplication::setApplicationName("memlens-tests");
    QApplication::setOrganizationName("memlens-tests");
    return Catch::Session().run(argc, argv);
}
