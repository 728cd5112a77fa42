#include "app/help_dialogs.hpp"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QObject>
#include <QScreen>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtGlobal>

namespace memlens {

namespace {

// "File > Open Dump…" and its keys, for every action with a shortcut in `menu` and its submenus.
void addMenuShortcuts(const QMenu* menu, const QString& path, QString& rows)
{
    for (const QAction* action : menu->actions()) {
        const QString name = QString(action->text()).remove(QLatin1Char('&'));
        if (const QMenu* sub = action->menu()) {
            addMenuShortcuts(sub, path + QStringLiteral(" > ") + name, rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText).toHtmlEscaped();
        if (!keys.isEmpty())
            rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                        .arg(keys.join(QStringLiteral(", ")), (path + QStringLiteral(" > ") + name).toHtmlEscaped());
    }
}

} // namespace

QString keyboardHelpText(const QMenuBar* menus)
{
    QString text = QObject::tr(
        "<table cellpadding=3>"
        "<tr><td><b>Click</b> a block</td><td>select it (table, details and source follow)</td></tr>"
        "<tr><td><b>Click</b> empty space</td><td>set the time cursor</td></tr>"
        "<tr><td><b>Wheel</b></td><td>zoom about the pointer (Ctrl: ops only, Shift: addresses only)</td></tr>"
        "<tr><td><b>Drag</b></td><td>pan</td></tr>"
        "<tr><td><b>Shift+drag</b></td><td>zoom to a rectangle</td></tr>"
        "<tr><td><b>Home</b>, double-click, Ctrl+0</td><td>fit the whole plan (the time cursor stays)</td></tr>"
        "<tr><td><b>Arrow keys</b></td><td>select the nearest block left, right, above or below (same band "
        "first)</td></tr>"
        "<tr><td><b>Usage curve</b></td><td>hover: the numbers at an op; click: the time cursor; the peak "
        "dot: the cursor at the peak</td></tr>"
        "<tr><td><b>F8</b></td><td>select the next block over capacity (of every core, with a kernel's folder "
        "open)</td></tr>"
        "<tr><td><b>Esc</b></td><td>clear the selection; again: clear a source line's highlight and the "
        "table's filter</td></tr>"
        "<tr><td><b>Tab</b>, <b>Shift+Tab</b></td><td>move between the panels (chart, usage curve, Blocks "
        "table, details, Diagnosis, sources)</td></tr>"
        "<tr><td><b>Ctrl+F</b></td><td>the filter of the table on show (Blocks, or the Run view's)</td></tr>"
        "<tr><td><b>Ctrl+C</b> in the table</td><td>copy the row</td></tr>"
        "<tr><td><b>Esc</b>, <b>Ctrl+W</b> in a compare window</td><td>close it</td></tr>"
        "<tr><td><b>Click</b>, <b>Enter</b> on a row of the Run view</td><td>open that kernel's plan "
        "(Alt+Left: back to the run)</td></tr>"
        "</table>");
    QString rows;
    if (menus)
        for (const QAction* action : menus->actions())
            if (const QMenu* menu = action->menu())
                addMenuShortcuts(menu, QString(action->text()).remove(QLatin1Char('&')), rows);
    if (!rows.isEmpty())
        text += QObject::tr("<p><b>Menu commands</b></p><table cellpadding=3>%1</table>").arg(rows);
    return text;
}

QSize fittedToScreen(QSize wanted, const QWidget* near)
{
    const QScreen* screen = near && near->screen() ? near->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return wanted;
    // Nine tenths of what the screen offers: the window's frame and its buttons stay on it.
    const QSize room = screen->availableGeometry().size() * 9 / 10;
    return wanted.boundedTo(room);
}

QDialog* showKeyboardHelp(QWidget* parent, const QMenuBar* menus)
{
    // A dialog that scrolls rather than a message box: the list is taller than a small screen.
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("keyboardHelpDialog"));
    dialog->setWindowTitle(QObject::tr("Keyboard and Mouse"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* text = new QTextBrowser(dialog);
    text->setHtml(keyboardHelpText(menus));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok, dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    dialog->resize(fittedToScreen(QSize(620, 760), parent));
    dialog->show();
    return dialog;
}

QString aboutText()
{
#if defined(__clang__)
    const QString compiler = QStringLiteral("Clang %1.%2").arg(__clang_major__).arg(__clang_minor__);
#elif defined(__GNUC__)
    const QString compiler = QStringLiteral("GCC %1.%2").arg(__GNUC__).arg(__GNUC_MINOR__);
#else
    const QString compiler = QObject::tr("an unknown compiler");
#endif
#ifdef NDEBUG
    const QString build = QObject::tr("release");
#else
    const QString build = QObject::tr("debug");
#endif
    return QObject::tr("<h3>memlens %1</h3><p>Shows how an Ascend NPU kernel's on-chip memory plan uses its capacity: "
                       "every buffer as a block over its Life, what crosses capacity, and the IR and Python lines "
                       "that allocated it.</p>"
                       "<p>Built with Qt %2 (running on Qt %3) by %4, %5 build.</p>"
                       "<p>The user guide (Help > User Guide) follows one overflow from the compiler's error "
                       "to the fix; <tt>memlens --help</tt> lists the commands.</p>"
                       "<p>Licensed under the Apache License 2.0.</p>")
        .arg(QStringLiteral(MEMLENS_VERSION), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()), compiler,
            build);
}

void showAbout(QWidget* parent) { QMessageBox::about(parent, QObject::tr("About memlens"), aboutText()); }

} // namespace memlens
