#include "core/document/plan_document.hpp"
#include "support/shown_text.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/style.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QLabel>

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <memory>
#include <optional>
#include <string>

using namespace memlens;
using memlens::test::loadFixture;
using memlens::test::loadOverflowSample;
using memlens::test::loadPath;
using namespace memlens::test::shown;

namespace {

void typeAndEnter(QLineEdit* edit, const QString& text)
{
    edit->clear();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

} // namespace

TEST_CASE("the title bar tells the story of the real overflow sample", "[titlebar]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadOverflowSample());
    CHECK(kernelShown(bar) == "_attn_fwd");
    // The folder tells this compile from the other sample of the same file name.
    // Then the core and the chip its IR names.
    CHECK(fileShown(bar)
        == QString::fromUtf8("fake_attn_fwd_overflow/memory_info_aiv.json \u00b7 vector core (aiv) \u00b7 ")
            + QString::fromStdString(session.document()->target.value_or("?")));
    CHECK(session.document()->target.has_value());
    CHECK(verdictShown(session) == "compile failed");
    CHECK(bar.errorVisible());
    CHECK(errorShown(session).startsWith("ub overflow, requires 2097152 bits"));
    CHECK(capacityShown(session) == "192 KB from the error message");
    CHECK(peakShown(session).contains("133%"));
    CHECK(peakShown(session)
        == QString::fromUtf8(
            "needs 256 KB, has 192 KB, 64 KB short (133% of capacity) \u00b7 peak address 256 KB = "
            "\"requires 2097152 bits\" \u00b7 peak live 256 KB at op 4 \u00b7 over capacity from op 4"));
    CHECK(warningsShown(bar).isEmpty());
    REQUIRE(bar.scopeCombo()->count() == 1);
    CHECK(bar.scopeCombo()->itemText(0) == QString::fromUtf8("ub \u2014 compile failed"));
    CHECK_FALSE(bar.capacityResetButton()->isEnabled());
}

TEST_CASE("the title bar reports each verdict", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    CHECK(kernelShown(bar) == "No dump open");
    CHECK(verdictShown(session).isEmpty());

    session.setDocument(loadFixture("dumps/success_but_overflow.json"));
    CHECK(kernelShown(bar) == "_lying_kernel");
    CHECK(verdictShown(session) == "overflows (the compiler writes success for failed plans)");
    // The badge says it short, the tooltip whole: a long badge pushed a 1024 px window wider.
    CHECK(bar.statusBadge()->text() == "overflows (status: success)");
    CHECK(bar.statusBadge()->toolTip().startsWith("overflows (the compiler writes success for failed plans)"));
    CHECK_FALSE(bar.errorVisible());
    CHECK(errorShown(session).isEmpty());

    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(verdictShown(session) == "compiled");
    CHECK_FALSE(bar.errorVisible());

    session.setDocument(loadFixture("dumps/flat_layout.json"));
    CHECK(verdictShown(session) == "fits the capacity");
    CHECK(bar.scopeCombo()->itemText(0) == QString::fromUtf8("ub \u2014 fits"));

    SECTION("a failed compile whose plan fits")
    {
        MEMLENS_REQUIRE_SAMPLES();
        CapacitySettings larger;
        larger.byScope["ub"] = 512 * 1024;
        session.setDocument(loadOverflowSample(larger));
        CHECK(verdictShown(session) == "failed, but the plan fits the capacity");
        CHECK(capacityShown(session) == "512 KB from your setting");
        CHECK(peakShown(session).contains("(50% of capacity)"));
        CHECK(bar.capacityResetButton()->isEnabled());
        CHECK(bar.errorVisible()); // the compiler's text is shown whatever memlens concludes
    }
}

TEST_CASE("the scope selector shows every scope with its status and follows the session", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    CapacitySettings capacity;
    capacity.byScope["cbuf"] = 1024;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json", capacity));
    QComboBox* combo = bar.scopeCombo();
    REQUIRE(combo->count() == 2);
    CHECK(combo->itemText(0) == QString::fromUtf8("ub \u2014 compiled"));
    CHECK(combo->itemText(1) == QString::fromUtf8("cbuf \u2014 overflows (status: success)"));
    // The session starts on the scope that overflows, and so does the selector.
    CHECK(session.scopeIndex() == 1);
    CHECK(combo->currentIndex() == 1);
    CHECK(verdictShown(session) == "overflows (the compiler writes success for failed plans)");

    combo->setCurrentIndex(0);
    CHECK(session.scopeIndex() == 0);
    CHECK(verdictShown(session) == "compiled");
    // No error text, target or setting: the capacity is a guess, said in the warning colour.
    CHECK(capacityShown(session)
        == QString::fromUtf8("192 KB \u26a0 default: Ascend910B/910_93, the targets whose compiler writes this dump"));
    auto* capacityLabel = bar.findChild<QLabel*>(QStringLiteral("titleCapacity"));
    REQUIRE(capacityLabel);
    // Said short in the bar (at length it pushed a 1024 px window wider), whole in the tooltip.
    CHECK(capacityLabel->text() == QString::fromUtf8("192 KB \u26a0 default"));
    CHECK(capacityLabel->toolTip().startsWith(capacityShown(session)));
    CHECK(capacityLabel->styleSheet().contains(style::warningOutline().name()));
    session.setScopeIndex(1);
    CHECK(combo->currentIndex() == 1);
    CHECK(capacityShown(session) == "1 KB from your setting");
    CHECK(capacityLabel->styleSheet().isEmpty());
}

TEST_CASE("the capacity field accepts sizes and refuses the rest", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    REQUIRE(session.scope()->scope == "ub");
    QSignalSpy edited(&bar, &TitleBar::capacityEdited);
    REQUIRE(edited.isValid());

    typeAndEnter(bar.capacityEdit(), "512K");
    REQUIRE(edited.count() == 1);
    CHECK(edited.at(0).at(0).toString() == "ub");
    const auto bytes = edited.at(0).at(1).value<std::optional<quint64>>();
    REQUIRE(bytes.has_value());
    CHECK(*bytes == 524288u);
    CHECK(bar.capacityEdit()->text().isEmpty());

    typeAndEnter(bar.capacityEdit(), "lots");
    CHECK(edited.count() == 1);
    CHECK_FALSE(capacityErrorShown(bar).isEmpty());
    CHECK(bar.capacityEdit()->text() == "lots"); // left for the user to correct
    typeAndEnter(bar.capacityEdit(), "0");
    CHECK(edited.count() == 1);

    typeAndEnter(bar.capacityEdit(), "196608");
    typeAndEnter(bar.capacityEdit(), "192KiB");
    REQUIRE(edited.count() == 3);
    CHECK(*edited.at(1).at(1).value<std::optional<quint64>>() == 196608u);
    CHECK(*edited.at(2).at(1).value<std::optional<quint64>>() == 196608u);
    CHECK(capacityErrorShown(bar).isEmpty());

    bar.resetCapacity();
    REQUIRE(edited.count() == 4);
    CHECK_FALSE(edited.at(3).at(1).value<std::optional<quint64>>().has_value());
}

TEST_CASE("the title bar renders", "[titlebar]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    TitleBar bar(&session);
    bar.resize(1280, bar.sizeHint().height());
    session.setDocument(loadOverflowSample());
    bar.show();
    QCoreApplication::processEvents();
    bar.resize(1280, bar.sizeHint().height());
    QCoreApplication::processEvents();
    CHECK(bar.grab().save("/tmp/memlens_title_bar.png"));

    CapacitySettings capacity;
    capacity.byScope["cbuf"] = 1024;
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json", capacity));
    bar.capacityEdit()->setText("lots");
    bar.applyCapacityEdit();
    QCoreApplication::processEvents();
    bar.resize(1280, bar.sizeHint().height());
    QCoreApplication::processEvents();
    CHECK(bar.grab().save("/tmp/memlens_title_bar_bad_input.png"));

    session.setScopeIndex(1); // cbuf: says success, crosses its 1 KB capacity
    QCoreApplication::processEvents();
    bar.resize(1280, bar.sizeHint().height());
    QCoreApplication::processEvents();
    CHECK(bar.grab().save("/tmp/memlens_title_bar_lying.png"));
}

TEST_CASE("the title bar greys a scope that was never planned and names where the compile stopped", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadFixture("dumps/compiler_today/cube_stopped_at_cbuf.json"));
    CHECK(verdictShown(session) == "overflows (the compiler writes success for failed plans)");
    CHECK(bar.scopeCombo()->itemText(1) == QString::fromUtf8("cc \u2014 not planned"));
    session.setScopeIndex(1);
    CHECK(verdictShown(session) == "not planned: the compile stopped at scope cbuf");
    CHECK(peakShown(session) == "demand 128 KB at op 8 (the most bytes live at once; no addresses: not planned)");
    CHECK(holesShown(session).isEmpty());
    CHECK(overlapsShown(session).isEmpty());
    CHECK(bar.statusBadge()->styleSheet().contains(QColor(97, 97, 97).name()));
}

TEST_CASE("the title bar says where a guessed capacity comes from", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadFixture("dumps/compiler_today/fail_written_as_success.json"));
    CHECK(capacityShown(session)
        == QString::fromUtf8("192 KB \u26a0 default: Ascend910B/910_93, the targets whose compiler writes this dump"));
    CHECK(verdictShown(session) == "overflows (the compiler writes success for failed plans)");
}

TEST_CASE("the title bar says when the compile log's retry switched multi-buffering off", "[titlebar][compile_log]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadFixture("dumps/compiler_today/fail_written_as_success.json"));
    CHECK(warningsShown(bar).isEmpty());
    session.setDocument(loadFixture("logs/softmax/memory_info_aiv.json")); // its log's last retry set it off
    CHECK(warningsShown(bar).contains("retry switched multi-buffering off"));
}

TEST_CASE("the holes line and the error text fold into one line that expands", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    bar.resize(900, bar.sizeHint().height());
    bar.show();
    session.setDocument(loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string()));
    const QString error = errorShown(session);
    REQUIRE(error.startsWith("ub overflow, requires 2629888 bits"));
    REQUIRE_FALSE(holesShown(session).isEmpty());
    auto* summary = bar.findChild<QLabel*>(QStringLiteral("titleNotesSummary"));
    auto* full = bar.findChild<QLabel*>(QStringLiteral("titleError"));
    REQUIRE(summary);
    REQUIRE(full);

    // Folded: one line, the compiler's words first, then the holes; the whole of both in the tooltip.
    CHECK_FALSE(bar.notesExpanded());
    CHECK(summary->isVisible());
    CHECK_FALSE(full->isVisible());
    CHECK(bar.errorVisible());
    CHECK(summary->height() < 2 * summary->fontMetrics().height());
    CHECK(summary->toolTip().startsWith(error));
    CHECK(summary->toolTip().contains(holesShown(session)));
    const int foldedHeight = bar.sizeHint().height();

    QTest::mouseClick(bar.notesToggle(), Qt::LeftButton);
    CHECK(bar.notesExpanded());
    CHECK(full->isVisible());
    CHECK(full->text() == error);
    CHECK_FALSE(summary->isVisible());
    CHECK(bar.errorVisible());
    CHECK(bar.sizeHint().height() > foldedHeight);

    // Nothing to say: no line and no toggle.
    session.clear();
    CHECK(holesShown(session).isEmpty());
    CHECK_FALSE(bar.notesToggle()->isVisible());
    CHECK_FALSE(summary->isVisible());
    CHECK_FALSE(bar.errorVisible());
}

TEST_CASE("in a narrow title bar the file name gives way before the kernel's name", "[titlebar]")
{
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadPath(
        (memlens::test::sourceDir() / "resources/examples/layer_norm/block16384/memory_info_aiv.json").string()));
    bar.resize(700, bar.sizeHint().height());
    bar.show();
    REQUIRE(QTest::qWaitForWindowExposed(&bar));
    auto* kernel = bar.findChild<QLabel*>(QStringLiteral("titleKernel"));
    REQUIRE(kernel);
    // "_layer_norm_fwd_fused" whole: the file name gave way first.
    CHECK(kernel->text() == "_layer_norm_fwd_fused");
    CHECK(kernel->width() >= kernel->fontMetrics().horizontalAdvance(kernel->text()));
}

TEST_CASE(
    "the title bar says in one line whether memlens plans the dump as the compiler did", "[titlebar][planner_check]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    TitleBar bar(&session);
    session.setDocument(loadOverflowSample());
    // The sample's IR is in the planner's form: the older compiler's rules give its dump.
    CHECK(plannerCheckShown(session)
        == "memlens plans this dump identically (2 buffers, as compilers before seeded retries)");
    // Without a planner IR there is no line.
    session.setDocument(loadFixture("dumps/two_scopes_multibuffer.json"));
    CHECK(plannerCheckShown(session).isEmpty());
}
