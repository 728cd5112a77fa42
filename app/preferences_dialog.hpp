#pragma once
// Settings > Source Folders and Path Substitutions: where memlens looks for the
// IR and Python files that dumps name with the compile machine's paths; and the
// number of memory banks the address snapshot draws.
#include <QDialog>

class QListWidget;
class QSpinBox;

namespace memlens {

class AppSettings;

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    PreferencesDialog(AppSettings* settings, QWidget* parent = nullptr);

    QListWidget* sourceDirList() const { return sourceDirs_; }
    QListWidget* substitutionList() const { return substitutions_; }
    QSpinBox* bankCountBox() const { return bankCount_; }

    void accept() override;

private:
    AppSettings* settings_;
    QListWidget* sourceDirs_;
    QListWidget* substitutions_;
    QSpinBox* bankCount_;
};

} // namespace memlens
