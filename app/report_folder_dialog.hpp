#pragma once
// The folder dialog of File > Export Report: accepts a folder that does not
// exist yet and creates it (as `memlens report --out` does).
#include <QFileDialog>

namespace memlens {

class ReportFolderDialog : public QFileDialog {
    Q_OBJECT
public:
    ReportFolderDialog(QWidget* parent, const QString& startDir);

    // The folder chosen (made when it was missing), "" until accepted.
    QString folder() const { return folder_; }
    // Why the typed folder could not be made ("" when it could).
    QString errorText() const { return error_; }

public slots:
    void accept() override;

private:
    QString folder_;
    QString error_;
};

} // namespace memlens
