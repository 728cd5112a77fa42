#include "app/diagnosis_dock.hpp"

#include "app/app_settings.hpp"
#include "app/compare_window.hpp"
#include "app/dump_history.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/plan_session.hpp"

namespace memlens {

DiagnosisDock::DiagnosisDock(
    PlanSession* session, const DumpHistory* history, const AppSettings* settings, QWidget* parent)
    : QDockWidget(tr("Diagnosis"), parent)
    , session_(session)
    , history_(history)
    , settings_(settings)
    , panel_(new DiagnosisPanel(session, this))
{
    setObjectName(QStringLiteral("diagnosisDock"));
    setWidget(panel_);
    connect(panel_, &DiagnosisPanel::diagnosed, this, &DiagnosisDock::onDiagnosed);
    // The fit map's compiled cells come from the History: every version of the dump on show.
    panel_->setOtherDumps([this] { return historyVersions(); });
    panel_->setOtherDumpOptions([this] { return historyOptions(); });
    connect(panel_, &DiagnosisPanel::planOpened, this, &DiagnosisDock::compare);
    connect(panel_, &DiagnosisPanel::leverSelected, this,
        [this](const QString& description) { emit leverSelected(description); });
    connect(panel_, &DiagnosisPanel::pythonLinesChosen, this, &DiagnosisDock::pythonLinesChosen);
    connect(panel_, &DiagnosisPanel::statusMessage, this, &DiagnosisDock::statusMessage);
}

CompareWindow* DiagnosisDock::lastCompare() const { return static_cast<CompareWindow*>(lastCompare_.data()); }

QStringList DiagnosisDock::historyVersions() const
{
    const PlanDocument* document = session_->document();
    if (!history_ || !document)
        return {};
    const DumpHistory* history = history_;
    QString dumpPath = QString::fromStdString(document->dump.file);
    if (const DumpVersion* version = history->versionAt(dumpPath))
        dumpPath = version->dumpPath;
    QStringList paths;
    for (const DumpVersion& version : history->versionsOf(dumpPath))
        if (version.snapshotPath != QString::fromStdString(document->dump.file))
            paths << version.snapshotPath;
    return paths;
}

LoadOptions DiagnosisDock::historyOptions() const
{
    LoadOptions options;
    const PlanDocument* document = session_->document();
    if (!settings_ || !document)
        return options;
    // The versions are kept copies of the dump on show: read them as the window reads it.
    for (const QString& dir : settings_->value(SettingId::SourceDirs).toStringList())
        options.sourceDirs.push_back(dir.toStdString());
    for (const auto& [from, to] : settings_->substitutions())
        options.substitutions.emplace_back(from.toStdString(), to.toStdString());
    options.copyOf = document->copyOf.empty() ? document->dump.file : document->copyOf;
    options.searchTritonCache = false;
    return options;
}

CompareWindow* DiagnosisDock::compare(std::shared_ptr<const PlanDocument> today, const QString& todayLabel,
    std::shared_ptr<const PlanDocument> plan, const QString& planLabel)
{
    auto* window = new CompareWindow(parentWidget() ? parentWidget() : this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowFlag(Qt::Window);
    window->show();
    window->compareDocuments(std::move(today), todayLabel, std::move(plan), planLabel);
    lastCompare_ = window;
    return window;
}

void DiagnosisDock::onDiagnosed(bool overflows)
{
    const PlanDocument* document = session_->document();
    const ScopePlan* scope = session_->scope();
    if (!overflows || !document || !scope)
        return;
    const QString key
        = QString::fromStdString(document->dump.file) + QLatin1Char('\n') + QString::fromStdString(scope->scope);
    if (key == openedFor_)
        return;
    openedFor_ = key;
    show();
    raise();
}

} // namespace memlens
