#pragma once
// One side of the source panes: a header (badge, path elided in the middle,
// "line N" chip, a line of detail below) over either the code or a message
// (icon, title, detail, one button). It only presents; SourcePanes decides what.
#include "views/source/source_text_view.hpp"

#include <QFrame>
#include <QStyle>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace memlens {

class ElidedLabel;

class SourcePane : public QFrame {
    Q_OBJECT
public:
    SourcePane(const QString& badgeText, const QColor& badgeColor, SourceTextView::Language language,
        const QString& buttonText, QWidget* parent = nullptr);

    SourceTextView* view() const { return view_; }
    QPushButton* button() const { return button_; }
    QFrame* header() const { return header_; }

    // The header: `fullPath` (tooltip `tooltip`, or the path) and the "line N" chip (hidden when "").
    void setHeader(const QString& fullPath, const QString& tooltip, const QString& lineText);
    // The line under the header (the Python call chain, the IR candidates); rich text when given.
    void setSub(const QString& plain, const QString& rich = {});
    void showCode();
    // A message instead of the code; SP_CustomBase: no icon.
    void showMessage(const QString& title, const QString& detail, QStyle::StandardPixmap icon, bool withButton);
    // A hint in a dimmer colour, with no header.
    void showHint(const QString& hint);

    bool isShowingCode() const;
    // "<full path> — line 57" ("" when the header names nothing).
    const QString& headerText() const { return headerText_; }
    // The message on show, title and detail on two lines ("" when the code is on show).
    QString messageText() const;
    const QString& subText() const { return subText_; }

signals:
    // The header's text changed (its height may have).
    void headerChanged();

private:
    void buildHeader(const QString& badgeText, const QColor& badgeColor, bool dark);
    void buildMessagePage(const QString& buttonText, bool dark);
    void setTitleColor(const QColor& color);

    QFrame* header_ = nullptr;
    ElidedLabel* path_ = nullptr;
    QLabel* line_ = nullptr;
    QLabel* sub_ = nullptr; // the Python call chain / the IR candidates
    QStackedWidget* stack_ = nullptr;
    SourceTextView* view_ = nullptr;
    QWidget* messagePage_ = nullptr;
    QLabel* icon_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* detail_ = nullptr;
    QPushButton* button_ = nullptr;
    QColor titleColor_;
    QColor hintColor_;
    QString headerText_;
    QString messageText_;
    QString subText_;
};

} // namespace memlens
