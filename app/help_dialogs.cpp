#include "app/help_dialogs.hpp"

#include <QMessageBox>
#include <QObject>

namespace memlens {

void showKeyboardHelp(QWidget* parent)
{
    QMessageBox::information(parent, QObject::tr("Keyboard and Mouse"),
        QObject::tr(
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
            "<tr><td><b>Esc</b></td><td>clear the selection</td></tr>"
            "<tr><td><b>F5</b></td><td>reload the dump</td></tr>"
            "</table>"));
}

void showAbout(QWidget* parent)
{
    QMessageBox::about(parent, QObject::tr("About memlens"),
        QObject::tr("<h3>memlens %1</h3><p>Shows how an Ascend NPU kernel's on-chip memory plan uses its capacity: "
                    "every buffer as a block over its Life, what crosses capacity, and the IR and Python lines that "
                    "allocated it.</p>"
                    "<p>Licensed under the Apache License 2.0.</p>")
            .arg(QStringLiteral(MEMLENS_VERSION)));
}

} // namespace memlens
