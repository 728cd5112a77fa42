#pragma once
// Help > Keyboard and Mouse, and Help > About.
#include <QString>

class QMenuBar;
class QWidget;

namespace memlens {

// The chart's mouse and keys, then every menu command that has a shortcut, read from `menus`
// (so the list cannot drift from the menus).
QString keyboardHelpText(const QMenuBar* menus);
// Version, the Qt it was built with and runs on, the compiler and the build type.
QString aboutText();

void showKeyboardHelp(QWidget* parent, const QMenuBar* menus);
void showAbout(QWidget* parent);

} // namespace memlens
