#pragma once
// Help > Keyboard and Mouse, and Help > About.
#include <QSize>
#include <QString>

class QDialog;
class QMenuBar;
class QWidget;

namespace memlens {

// The chart's mouse and keys, then every menu command that has a shortcut, read from `menus`
// (so the list cannot drift from the menus).
QString keyboardHelpText(const QMenuBar* menus);
// Version, the Qt it was built with and runs on, the compiler and the build type.
QString aboutText();

// `wanted`, no larger than nine tenths of the screen `near` is on (the primary screen without one).
QSize fittedToScreen(QSize wanted, const QWidget* near);
// The list in a dialog that scrolls, sized to the screen; it deletes itself when closed.
QDialog* showKeyboardHelp(QWidget* parent, const QMenuBar* menus);
void showAbout(QWidget* parent);

} // namespace memlens
