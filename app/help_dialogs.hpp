#pragma once
// Help > Keyboard and Mouse, and Help > About.
class QWidget;

namespace memlens {

void showKeyboardHelp(QWidget* parent);
void showAbout(QWidget* parent);

} // namespace memlens
