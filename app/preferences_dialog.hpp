#pragma once
// Settings > Source Folders and Path Substitutions: where memlens looks for the
// IR and Python files that dumps name with the compile machine's paths; and the
// number of memory banks the address snapshot draws.
#include <QDialog>

class QGroupBox;
class QLineEdit;
class QListWidget;

namespace memlens {

class AppSettings;

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    PreferencesDialog(AppSettings* settings, QWidget* parent = nullptr);

    QListWidget* sourceDirList() const { return sourceDirs_; }
    QListWidget* substitutionList() const { return substitutions_; }
    QLineEdit* tritonCacheEdit() const { return tritonCache_; }

    void accept() override;

private:
    QGroupBox* tritonCacheGroup();

    AppSettings* settings_;
    QLineEdit* tritonCache_ = nullptr;
    QListWidget* sourceDirs_;
    QListWidget* substitutions_;
};

} // namespace memlens
