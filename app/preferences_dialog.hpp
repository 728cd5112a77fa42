#pragma once
// Settings > Source Folders and Path Substitutions: where memlens looks for the
// IR and Python files that dumps name with the compile machine's paths; and the
// number of memory banks the address snapshot draws.
#include <QDialog>

class QGroupBox;
class QLabel;
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
    // Under the substitutions: why the last entry was not added (hidden when it was).
    QLabel* substitutionErrorLabel() const { return substitutionError_; }

    // What is wrong with a "FROM=TO" entry; "" when it can be added.
    static QString substitutionError(const QString& entry);
    // Adds the entry (trimmed) when it is good; else says why under the list. What Add… does with its input.
    bool addSubstitution(const QString& entry);

    void accept() override;

private:
    QGroupBox* tritonCacheGroup();

    AppSettings* settings_;
    QLineEdit* tritonCache_ = nullptr;
    QListWidget* sourceDirs_;
    QListWidget* substitutions_;
    QLabel* substitutionError_ = nullptr;
};

} // namespace memlens
