// Screenshots for a person to look at (hidden: run with "[.shots]" and MEMLENS_SCREENSHOT_DIR set):
// the example's what-if compares, the 400K capacity, the A5 log and the Run view at three sizes.
#include "what_if_compare.hpp"

#include "app/compare_window.hpp"
#include "app/diagnosis_dock.hpp"
#include "views/compare/compare_view.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/run/run_view.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

const QList<QSize> kSizes{QSize(1024, 700), QSize(1400, 900), QSize(1920, 1080)};

QString shotDir() { return QString::fromLocal8Bit(qgetenv("MEMLENS_SCREENSHOT_DIR")); }

void save(QWidget* widget, const QString& name, QSize size)
{
    QApplication::processEvents();
    QTest::qWait(300);
    widget->grab().save(shotDir() + QStringLiteral("/%1-%2x%3.png").arg(name).arg(size.width()).arg(size.height()));
}

} // namespace

TEST_CASE("issue 65 screenshots", "[.shots]")
{
    REQUIRE_FALSE(shotDir().isEmpty());
    const QString example = QString::fromStdString((test::sourceDir() / "resources/examples/layer_norm").string());
    for (const QSize size : kSizes) {
        for (const char* config : {"BLOCK_SIZE=4096, multibuffer=False", "BLOCK_SIZE=2048"}) {
            WindowFixture f;
            f.window->resize(size);
            CompareWindow* compare = test::openWhatIfCompare(f, QString::fromLatin1(config));
            REQUIRE(compare);
            compare->resize(size);
            save(compare, QString::fromLatin1(config).contains("4096") ? "whatif-4096" : "whatif-2048", size);
            compare->close();
        }
        {
            WindowFixture f;
            f.window->resize(size);
            DiagnosisPanel* panel = f.window->diagnosisDock()->panel();
            QSignalSpy diagnosed(panel, &DiagnosisPanel::diagnosed);
            REQUIRE(f.open(layerNormDump("block16384")));
            REQUIRE(test::seen(diagnosed, 20000));
            diagnosed.clear();
            f.window->titleBar()->capacityEdit()->setText("400K");
            REQUIRE(f.window->titleBar()->applyCapacityEdit());
            REQUIRE(test::seen(diagnosed, 20000));
            QTest::qWait(500);
            save(f.window.get(), "capacity-400K", size);
        }
        {
            WindowFixture f;
            f.window->resize(size);
            REQUIRE(f.open(example + "/a5/block16384/compile.log"));
            QTest::qWait(1500);
            save(f.window.get(), "a5-16384", size);
        }
        {
            WindowFixture f;
            f.window->resize(size);
            f.window->openRun(example);
            REQUIRE(QTest::qWaitFor([&f] { return !f.window->runView()->isLoading(); }, 20000));
            save(f.window.get(), "run", size);
        }
    }
}
