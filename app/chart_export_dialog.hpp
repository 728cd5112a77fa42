#pragma once
// Asks what to export of the chart: the view as shown or the whole plan, and the image size.
#include <QDialog>
#include <QSize>

class QRadioButton;
class QSpinBox;

namespace memlens {

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    ChartExportDialog(const QString& format, QSize shownSize, QWidget* parent = nullptr);

    bool asShown() const;
    QSize imageSize() const;

private:
    QRadioButton* asShown_;
    QRadioButton* wholePlan_;
    QSpinBox* width_;
    QSpinBox* height_;
};

} // namespace memlens
