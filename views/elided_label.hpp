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
    // What is shown when the full text does not fit, itself cut at its end: the part that tells
    // one text from another ("block16384/memory_info_aiv.json" of a longer line). Empty: the full text.
    void setKeyText(const QString& text);
    const QString& keyText() const { return key_; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateElided();
    QString full_;
    QString key_;
    Qt::TextElideMode mode_ = Qt::ElideMiddle;
};

} // namespace memlens
