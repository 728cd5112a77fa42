#pragma once
// An inline message strip above the chart: load errors, "the file changed on
// disk", pruned recent files. Stays until dismissed or replaced, unlike a modal box.
#include <QFrame>

#include <functional>

class QLabel;
class QHBoxLayout;
class QToolButton;

namespace memlens {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Info, Warning, Error };

    explicit MessageBar(QWidget* parent = nullptr);

    // Replaces what is shown. Each action is a button that runs then hides the bar.
    void showMessage(Kind kind, const QString& text, const QList<QPair<QString, std::function<void()>>>& actions = {});
    void dismiss();

    Kind kind() const { return kind_; }
    QString text() const;
    QStringList actionTexts() const;
    // Presses the button with this text (tests and keyboard users).
    bool trigger(const QString& actionText);

private:
    QLabel* label_;
    QHBoxLayout* buttons_;
    QToolButton* close_;
    Kind kind_ = Kind::Info;
};

} // namespace memlens
