// The views of a kernel's folder: the core selector beside the scope selector, the kernel strip,
// and the order F8 walks the blocks above capacity of every core. Fixtures: tests/data/dumps/mix/.
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/core_selector.hpp"
#include "views/kernel_cores.hpp"
#include "views/kernel_strip.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

using namespace memlens;

namespace {

QString mixFile(const char* folder, const char* name)
{
    return QString::fromStdString(test::data(std::string("dumps/mix/") + folder + "/" + name).string());
}

// The pair that fits on the cube core and overflows on the vector core, both loaded.
void loadPair(KernelCores& cores, const char* folder = "fits_aic_overflows_aiv")
{
    const QString aic = mixFile(folder, "memory_info_aic.json");
    const QString aiv = mixFile(folder, "memory_info_aiv.json");
    cores.setFolder(QFileInfo(aic).absolutePath(), {aic, aiv});
    cores.setDocument(aic, test::loadPath(aic.toStdString()));
    cores.setDocument(aiv, test::loadPath(aiv.toStdString()));
}

} // namespace

TEST_CASE("the core selector lists every core's scopes with their verdicts", "[views][kernel]")
{
    KernelCores cores;
    PlanSession session;
    CoreSelector selector(&cores, &session);
    CHECK(selector.count() == 0);
    loadPair(cores);
    REQUIRE(selector.count() == 3);
    CHECK(selector.itemText(0).startsWith(QString::fromUtf8("aic \u00b7 cbuf \u2014 ")));
    CHECK(selector.itemText(1).startsWith(QString::fromUtf8("aic \u00b7 cc \u2014 ")));
    CHECK(selector.itemText(2) == QString::fromUtf8("aiv \u00b7 ub \u2014 overflows"));
    CHECK(selector.itemText(0).endsWith(QStringLiteral("fits")));
    // The whole verdict in the entry's tooltip.
    CHECK(selector.itemData(2, Qt::ToolTipRole).toString()
        == QStringLiteral("overflows (the compiler writes success for failed plans)"));
    CHECK(!selector.isHidden());
    // However narrow the window, "aic · cbuf" stays readable.
    CHECK(selector.minimumSizeHint().width()
        > selector.fontMetrics().horizontalAdvance(QString::fromUtf8("aic \u00b7 cbuf")) + selector.iconSize().width());

    // The one on show follows the session.
    const QString aiv = cores.cores()[1].path;
    cores.setCurrent(aiv);
    session.setDocument(cores.documentOf(aiv));
    CHECK(selector.currentIndex() == 2);

    QSignalSpy chosen(&selector, &CoreSelector::chosen);
    selector.activated(1);
    REQUIRE(chosen.size() == 1);
    CHECK(chosen[0][0].toString() == cores.cores()[0].path);
    CHECK(chosen[0][1].toInt() == 1);

    // A folder of one dump needs no selector.
    cores.setFolder(QFileInfo(aiv).absolutePath(), {aiv});
    CHECK(selector.isHidden());
}

TEST_CASE("the kernel strip shows every core and scope's peak against its capacity", "[views][kernel]")
{
    KernelCores cores;
    PlanSession session;
    KernelStrip strip(&cores, &session);
    loadPair(cores);
    strip.resize(900, strip.sizeHint().height());
    REQUIRE(strip.entries().size() == 3);
    const auto& ub = strip.entries()[2];
    CHECK(ub.name == QString::fromUtf8("aiv \u00b7 ub"));
    CHECK(ub.text == QStringLiteral("256 KB / 192 KB (133%)"));
    CHECK(ub.overflow);
    CHECK_FALSE(strip.entries()[0].overflow);
    CHECK(strip.entries()[0].text == QStringLiteral("320 KB / 512 KB (63%)"));
    CHECK(strip.entries()[1].text == QStringLiteral("96 KB / 128 KB (75%)"));
    // Entries side by side, none overlapping.
    CHECK(strip.entryRect(0).right() < strip.entryRect(1).left());
    CHECK(strip.entryRect(1).right() < strip.entryRect(2).left());
    CHECK(strip.entryRect(2).right() <= strip.width());

    QSignalSpy chosen(&strip, &KernelStrip::chosen);
    QTest::mouseClick(&strip, Qt::LeftButton, {}, strip.entryRect(2).center());
    REQUIRE(chosen.size() == 1);
    CHECK(chosen[0][0].toString() == cores.cores()[1].path);
    CHECK(chosen[0][1].toInt() == 0);
    QTest::mouseClick(&strip, Qt::LeftButton, {}, QPoint(strip.width() - 1, 1)); // between or past the entries
    CHECK(chosen.size() == 1);

    cores.setCurrent(cores.cores()[1].path);
    session.setDocument(cores.documentOf(cores.cores()[1].path));
    CHECK(strip.currentEntry() == 2);
    CHECK_FALSE(strip.grab().isNull());
}

TEST_CASE("F8's order runs through every core's scopes, then wraps around", "[views][kernel]")
{
    KernelCores cores;
    const QString aic = QString::fromStdString(test::data("dumps/compiler_today/cube_stopped_at_cbuf.json").string());
    const QString aiv = mixFile("fits_aic_overflows_aiv", "memory_info_aiv.json");
    cores.setFolder({}, {aic, aiv});
    CHECK_FALSE(cores.nextOverCapacity({}));
    const auto cube = test::loadPath(aic.toStdString());
    const auto vector = test::loadPath(aiv.toStdString());
    cores.setDocument(aic, cube);
    cores.setDocument(aiv, vector);
    const auto& cubeOver = cube->analyses[0].overCapacityBlocks;
    const auto& vectorOver = vector->analyses[0].overCapacityBlocks;
    REQUIRE_FALSE(cubeOver.empty());
    REQUIRE_FALSE(vectorOver.empty());
    using Place = KernelCores::Place;
    CHECK(cores.nextOverCapacity({0, 0, -1}) == Place{0, 0, cubeOver.front()});
    // Past the cube core's last: the vector core's first.
    CHECK(cores.nextOverCapacity({0, 0, cubeOver.back()}) == Place{1, 0, vectorOver.front()});
    // Past the last of all: back to the first.
    CHECK(cores.nextOverCapacity({1, 0, vectorOver.back()}) == Place{0, 0, cubeOver.front()});
    CHECK(cores.worstCore() == cores.cores()[0].path);
}
