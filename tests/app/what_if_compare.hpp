#pragma once
// The example's 16384 dump opened, and the Diagnosis's What if… run with `config`: the compare it
// opens, once its comparison is on show (null when none came within 20 s). Header-only, for the
// compare tests and the screenshot case.
#include "app_test_support.hpp"

#include "app/compare_window.hpp"
#include "app/diagnosis_dock.hpp"
#include "views/compare/compare_view.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"

#include <QApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

namespace memlens::test {

// The compare the dock opened last, once its comparison is on show.
inline CompareWindow* shownCompare(DiagnosisDock* dock)
{
    if (!QTest::qWaitFor([dock] { return dock->lastCompare() != nullptr; }, 20000))
        return nullptr;
    CompareWindow* compare = dock->lastCompare();
    if (!QTest::qWaitFor([compare] { return compare->view()->comparison().diff != nullptr; }, 20000))
        return nullptr;
    QApplication::processEvents();
    return compare;
}

inline CompareWindow* openWhatIfCompare(WindowFixture& f, const QString& config)
{
    DiagnosisDock* dock = f.window->diagnosisDock();
    QSignalSpy diagnosed(dock->panel(), &DiagnosisPanel::diagnosed);
    if (!f.open(layerNormDump("block16384")) || !seen(diagnosed, 20000)
        || !QTest::qWaitFor([dock] { return dock->panel()->fitMap() != nullptr; }, 20000))
        return nullptr;
    dock->panel()->whatIfText()->setText(config);
    dock->panel()->whatIf();
    return shownCompare(dock);
}

} // namespace memlens::test
