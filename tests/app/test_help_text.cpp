// Help: every menu shortcut is listed, and About says what was built with what.
#include "app_test_support.hpp"

#include "app/help_dialogs.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QMenu>
#include <QMenuBar>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

void collectShortcuts(const QMenu* menu, QList<const QAction*>& out)
{
    for (const QAction* action : menu->actions()) {
        if (action->menu())
            collectShortcuts(action->menu(), out);
        else if (!action->shortcuts().isEmpty())
            out << action;
    }
}

} // namespace

TEST_CASE("Help > Keyboard and Mouse lists every menu command's shortcut", "[window][help]")
{
    WindowFixture f;
    const QString text = keyboardHelpText(f.window->menuBar());
    QList<const QAction*> withShortcuts;
    for (const QAction* action : f.window->menuBar()->actions())
        if (action->menu())
            collectShortcuts(action->menu(), withShortcuts);
    REQUIRE(withShortcuts.size() >= 8);
    for (const QAction* action : withShortcuts) {
        const QString name = QString(action->text()).remove('&');
        INFO(name.toStdString());
        CHECK(text.contains(name.toHtmlEscaped()));
        CHECK(text.contains(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped()));
    }
    CHECK(text.contains("Reload"));
    CHECK(text.contains("Shift+drag"));
}

TEST_CASE("Help > About names the version, Qt and the build", "[window][help]")
{
    const QString text = aboutText();
    CHECK(text.contains(QStringLiteral(MEMLENS_VERSION)));
    CHECK(text.contains(QStringLiteral("Built with Qt %1").arg(QStringLiteral(QT_VERSION_STR))));
    CHECK(text.contains(QString::fromLatin1(qVersion())));
    CHECK((text.contains("GCC") || text.contains("Clang")));
    CHECK(text.contains("user-guide.md"));
}
