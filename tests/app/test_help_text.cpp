// Help: every menu shortcut is listed, About says what was built with what, and the user guide opens.
#include "app_test_support.hpp"

#include "app/help_dialogs.hpp"
#include "app/user_guide_window.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>

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
    CHECK(text.contains("Help > User Guide"));
}

TEST_CASE("Help > User Guide shows the guide found beside the program, with its pictures", "[window][help]")
{
    WindowFixture f;
    // The build puts the guide where the package does, relative to the programs.
    const QString guide = UserGuideWindow::guidePath();
    REQUIRE_FALSE(guide.isEmpty());
    CHECK(guide == QDir::cleanPath(QCoreApplication::applicationDirPath() + "/../share/memlens/guide/user-guide.md"));
    QAction* action = f.window->menuBar()->findChild<QAction*>(QStringLiteral("userGuideAction"));
    REQUIRE(action);
    action->trigger();
    auto* window = f.window->findChild<UserGuideWindow*>();
    REQUIRE(window);
    CHECK(window->isVisible());
    const QTextDocument* document = window->browser()->document();
    CHECK(document->toPlainText().contains("memlens user guide"));
    CHECK(document->toPlainText().contains("Opening the dump: the title bar"));
    // A picture the guide shows, read from its images folder.
    const QVariant picture = document->resource(QTextDocument::ImageResource, QUrl("images/title-bar.png"));
    CHECK_FALSE(qvariant_cast<QImage>(picture).isNull());
    window->close();
}

TEST_CASE("the keyboard help and the user guide fit the screen, and Esc closes the guide", "[window][help]")
{
    WindowFixture f;
    const QSize screen = f.window->screen()->availableGeometry().size();
    QDialog* help = showKeyboardHelp(f.window.get(), f.window->menuBar());
    REQUIRE(help);
    CHECK(help->height() <= screen.height());
    CHECK(help->width() <= screen.width());
    // Its OK button is inside it, and the list scrolls inside the dialog rather than growing it.
    auto* ok = help->findChild<QDialogButtonBox*>();
    REQUIRE(ok);
    CHECK(help->rect().contains(ok->geometry()));
    CHECK(help->findChild<QTextBrowser*>()->toPlainText().contains("F8"));
    help->close();

    f.window->menuBar()->findChild<QAction*>(QStringLiteral("userGuideAction"))->trigger();
    auto* guide = f.window->findChild<UserGuideWindow*>();
    REQUIRE(guide);
    CHECK(guide->height() <= screen.height());
    REQUIRE(QTest::qWaitForWindowExposed(guide));
    QTest::keyClick(guide, Qt::Key_Escape);
    CHECK_FALSE(guide->isVisible());
}

TEST_CASE("the user guide's pictures scale to the window's width", "[window][help][guide]")
{
    WindowFixture f;
    f.window->menuBar()->findChild<QAction*>(QStringLiteral("userGuideAction"))->trigger();
    auto* guide = f.window->findChild<UserGuideWindow*>();
    REQUIRE(guide);
    guide->resize(640, 500);
    REQUIRE(QTest::qWaitForWindowExposed(guide));
    QApplication::processEvents();
    QTextBrowser* browser = guide->browser();
    // The screenshots are 1400 px wide: each is drawn at most as wide as the page, scaled down (the
    // program listings still scroll sideways, as code does).
    int pictures = 0;
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment)
            if (fragment.fragment().charFormat().isImageFormat()) {
                ++pictures;
                const QTextImageFormat image = fragment.fragment().charFormat().toImageFormat();
                INFO(image.name().toStdString());
                CHECK(image.width() > 0);
                CHECK(image.width() <= browser->viewport()->width());
            }
    CHECK(pictures > 5);
    guide->close();
}

TEST_CASE("the menu bar's menus each have a mnemonic of their own", "[window][help][mnemonic]")
{
    WindowFixture f;
    QStringList keys;
    for (const QAction* action : f.window->menuBar()->actions()) {
        const QString text = action->text();
        const qsizetype at = text.indexOf('&');
        INFO(text.toStdString());
        REQUIRE(at >= 0);
        REQUIRE(at + 1 < text.size());
        const QString key = text.mid(at + 1, 1).toLower();
        CHECK_FALSE(keys.contains(key));
        keys << key;
    }
}

TEST_CASE("the keyboard help names moving between panels, and Ctrl+F reaches the Blocks table's filter",
    "[window][help][filter]")
{
    WindowFixture f;
    const QString text = keyboardHelpText(f.window->menuBar());
    CHECK(text.contains("move between the panels"));
    CHECK(text.contains("Ctrl+F"));
    REQUIRE(f.open(memlens::test::layerNormDump("block16384")));
    auto* find = f.window->findChild<QAction*>(QStringLiteral("filterTableAction"));
    REQUIRE(find);
    CHECK(find->shortcut() == QKeySequence(QKeySequence::Find));
    find->trigger();
    QApplication::processEvents();
    CHECK(f.window->focusWidget() == f.window->table()->filterEdit());
}
