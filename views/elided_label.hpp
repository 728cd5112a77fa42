#pragma once
// A label that elides its text in the middle to fit its width (a long path
// keeps its start and its file name); the full text stays in fullText().
#include <QLabel>

namespace memlens {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    // Where the text gives way: the middle (paths, the default) or the end (a sentence).
    void setElideMode(Qt::TextElideMode mode);
    const QString& fullText() const { return full_; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateElided();
    QString full_;
    Qt::TextElideMode mode_ = Qt::ElideMiddle;
};

} // namespace memlens
