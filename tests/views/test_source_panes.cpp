#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/source/late_ir_pane.hpp"
#include "views/source/mlir_highlighter.hpp"
#include "views/source/python_highlighter.hpp"
#include "views/source/source_file_cache.hpp"
#include "views/source/source_pane.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"
#include "views/source/syntax_palette.hpp"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

fs::path exampleDir() { return fs::path(MEMLENS_SOURCE_DIR) / "resources/examples/layer_norm"; }
fs::path exampleDump() { return exampleDir() / "block16384/memory_info_aiv.json"; }

std::shared_ptr<const PlanDocument> load(const fs::path& path, const LoadOptions& options = {})
{
    return std::make_shared<const PlanDocument>(loadPlanDocument(path.string(), options));
}

// The first block of the buffer named `ssaName` in the scope on show.
int blockOf(const PlanSession& session, const std::string& ssaName)
{
    const ScopePlan* scope = session.scope();
    REQUIRE(scope);
    for (std::size_t i = 0; i < scope->blocks.size(); ++i)
        if (scope->bufferOf(scope->blocks[i]).ssaName == ssaName)
            return static_cast<int>(i);
    FAIL("no block of " << ssaName);
    return -1;
}

// Every block of the scope on show whose source satisfies `pred`, ascending.
template <class Pred> std::vector<int> blocksWhere(const PlanSession& session, Pred pred)
{
    std::vector<int> out;
    const ScopePlan* scope = session.scope();
    for (std::size_t i = 0; i < scope->blocks.size(); ++i) {
        const BlockSource* source
            = session.document()->sourceOf(static_cast<std::size_t>(session.scopeIndex()), scope->blocks[i]);
        if (source && pred(*source))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

bool waitForPython(SourcePanes& panes)
{
    if (!panes.isReadingPython())
        return true;
    QSignalSpy shown(&panes, &SourcePanes::pythonShown);
    return shown.wait(5000) && !panes.isReadingPython();
}

void showPanes(SourcePanes& panes, int width = 1200, int height = 320)
{
    panes.resize(width, height);
    panes.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panes));
}

// How far `line` is from the middle of the view, in lines.
double offCentreLines(const SourceTextView* view, int line)
{
    const QRect rect = view->lineRect(line);
    const double lineHeight = std::max(1, rect.height());
    return std::abs(rect.center().y() - view->viewport()->height() / 2.0) / lineHeight;
}

// A dump with two blocks, one from a.py:3 and one from b.py:2, both files beside it; no IR.
void writeTwoFileProject(const fs::path& dir)
{
    memlens::test::writeText(dir / "memory_info_aiv.json", R"json({"Header": {"KernelName": "two_files"},
 "Record": [{"scope": "ub", "status": "success", "error_info": "",
   "memory_info_array": [
     {"buffer": "%a = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>", "offset": [0], "extent": 512,
      "alloc_time_in_ir": 1, "life_time_in_ir": [1, 2], "source_location": "loc(\"a\"(\"/nowhere/a.py\":3:5))", "is_tmpbuf": false},
     {"buffer": "%b = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>", "offset": [64], "extent": 512,
      "alloc_time_in_ir": 2, "life_time_in_ir": [2, 3], "source_location": "loc(\"b\"(\"/nowhere/b.py\":2:5))", "is_tmpbuf": false}]}]})json");
    memlens::test::writeText(dir / "a.py", "import triton\n\na = tl.zeros([16], tl.float32)  # from a\n");
    memlens::test::writeText(dir / "b.py", "import triton\nb = tl.full([16], 1.0, tl.float32)  # from b\n");
}

// The formats a highlighter gave to line `line` (1-based) of `document`.
QList<QTextLayout::FormatRange> formatsOf(QTextDocument& document, int line)
{
    return document.findBlockByNumber(line - 1).layout()->formats();
}

// The format covering column `column` of a line, or a default format.
QTextCharFormat formatAt(const QList<QTextLayout::FormatRange>& ranges, int column)
{
    for (const auto& range : ranges)
        if (range.start <= column && column < range.start + range.length)
            return range.format;
    return {};
}

bool isColoured(const QList<QTextLayout::FormatRange>& ranges, int column)
{
    return formatAt(ranges, column).hasProperty(QTextFormat::ForegroundBrush);
}

} // namespace

TEST_CASE("the source panes hint until a block is selected", "[source]")
{
    PlanSession session;
    SourcePanes panes(&session);
    CHECK(panes.irMessageText().contains("Open a memory plan dump"));
    CHECK(panes.irHeaderText().isEmpty());
    // IR, Python, and the compile log's late IR, hidden without a log.
    REQUIRE(panes.splitter()->count() == 3);
    CHECK(panes.splitter()->widget(2) == panes.lateIrPane());
    CHECK(panes.lateIrPane()->isHidden());
    CHECK(panes.splitter()->widget(0)->isAncestorOf(panes.irView()));     // IR on the left
    CHECK(panes.splitter()->widget(1)->isAncestorOf(panes.pythonView())); // Python on the right
    CHECK(panes.irView()->isReadOnly());
    CHECK(panes.irView()->lineWrapMode() == QPlainTextEdit::NoWrap);

    session.setDocument(load(exampleDump()));
    const QString hint = "Select a block to see the IR line and the Python line that allocated it";
    CHECK(panes.irMessageText() == hint);
    CHECK(panes.pythonMessageText() == hint);
    CHECK(panes.irHighlightedLine() == 0);
    CHECK(panes.pythonHighlightedLine() == 0);
    CHECK_FALSE(panes.isReadingPython());
}

TEST_CASE("the source panes show the IR line of the real overflow sample and say it has no Python", "[source]")
{
    MEMLENS_REQUIRE_SAMPLES();
    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes, 1000, 300);
    session.setDocument(load(memlens::test::sample("fake_attn_fwd_overflow/memory_info_aiv.json")));
    session.selectBlock(1);

    REQUIRE(panes.isShowingIrCode());
    CHECK(panes.irHeaderText().contains("fake_attn_fwd_overflow.ttadapter"));
    CHECK(panes.irHeaderText().contains("line 18"));
    CHECK(panes.irHighlightedLine() == 18);
    CHECK(panes.irView()->lineText(18).contains("memref.alloc"));
    CHECK(panes.irView()->isLineVisible(18));
    CHECK(offCentreLines(panes.irView(), 18) < 1.0);
    CHECK(panes.irMessageText().isEmpty());

    REQUIRE(waitForPython(panes));
    CHECK_FALSE(panes.isShowingPythonCode());
    CHECK(panes.pythonMessageText().contains("No Python location"));
    // The IR has no locations at all: the pane says the kernel was compiled without line info.
    CHECK(panes.pythonMessageText().contains("line info"));
    CHECK(panes.pythonHighlightedLine() == 0);
    CHECK(panes.chainText().isEmpty());

    session.selectBlock(0);
    CHECK(panes.irHighlightedLine() == 17);
    CHECK(panes.irHeaderText().contains("line 17"));
}

TEST_CASE("the source panes take a block of the layer-norm example to its IR line and Python line", "[source]")
{
    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes);
    session.setDocument(load(exampleDump()));
    session.selectBlock(blockOf(session, "%alloc_0"));

    REQUIRE(panes.isShowingIrCode());
    CHECK(panes.irHeaderText().contains("_layer_norm_fwd_fused.ttadapter"));
    CHECK(panes.irHeaderText().contains("line 57"));
    CHECK(panes.irHighlightedLine() == 57);
    CHECK(panes.irView()->lineText(57).contains("memref.alloc"));
    CHECK(offCentreLines(panes.irView(), 57) < 1.0);

    REQUIRE(waitForPython(panes));
    REQUIRE(panes.isShowingPythonCode());
    CHECK(panes.pythonHighlightedLine() == 52);
    CHECK(panes.pythonHeaderText().contains("layer_norm.py"));
    CHECK(panes.pythonHeaderText().contains("line 52"));
    CHECK(panes.pythonView()->lineText(52).contains("tl.load"));
    CHECK(panes.pythonView()->lineText(52).contains("x ="));
    CHECK(panes.pythonView()->toPlainText().contains("@triton.jit"));
    CHECK(panes.pythonView()->isLineVisible(52));
    CHECK(panes.chainText().isEmpty()); // one user frame, no library frame
    CHECK(panes.pythonOriginalPath() == "/home/dev/kernels/layer_norm.py");

    // Another block of the same file: from the cache, at once, with its call chain.
    session.selectBlock(blockOf(session, "%alloc_4"));
    CHECK_FALSE(panes.isReadingPython());
    CHECK(panes.pythonHighlightedLine() == 56);
    CHECK(panes.pythonView()->lineText(56).contains("row_sum"));
    CHECK(panes.chainText().contains("standard.py"));
    CHECK(panes.chainText().contains("row_sum"));
    CHECK(panes.chainText().contains(QString::fromUtf8("\u2190 layer_norm.py:56 \"row_sum\"")));

    // Nothing selected: both panes hint again.
    session.selectBlock(-1);
    CHECK(panes.irMessageText().startsWith("Select a block"));
    CHECK(panes.pythonMessageText().startsWith("Select a block"));
    CHECK(panes.chainText().isEmpty());
}

TEST_CASE("the source panes say which Python file is missing, where they looked, and offer Locate", "[source]")
{
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
    fs::create_directories(dir);
    fs::copy_file(exampleDir() / "block16384/memory_info_aiv.json", dir / "memory_info_aiv.json");
    fs::copy_file(exampleDir() / "block16384/_layer_norm_fwd_fused.ttadapter", dir / "_layer_norm_fwd_fused.ttadapter");

    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes);
    session.setDocument(load(dir / "memory_info_aiv.json"));
    session.selectBlock(blockOf(session, "%alloc_0"));
    CHECK(panes.irHighlightedLine() == 57); // the IR is there
    REQUIRE(waitForPython(panes));
    CHECK_FALSE(panes.isShowingPythonCode());
    const QString message = panes.pythonMessageText();
    CHECK(message.startsWith("layer_norm.py not found"));
    CHECK(message.contains("The Python file /home/dev/kernels/layer_norm.py (line 52) is not on this machine."));
    CHECK(message.contains("Tried:"));
    CHECK(message.contains("/home/dev/kernels/layer_norm.py"));
    CHECK(message.contains(QString::fromStdString((dir / "layer_norm.py").string())));
    CHECK(panes.pythonHeaderText().contains("line 52"));
    REQUIRE(panes.locateButton()->isVisibleTo(&panes));
    CHECK(panes.locateButton()->text() == QString::fromUtf8("Locate\u2026"));
    CHECK_FALSE(panes.openIrButton()->isVisibleTo(&panes));

    // A second block of the same missing file: the answer is remembered, no new search.
    session.selectBlock(blockOf(session, "%alloc_4"));
    CHECK_FALSE(panes.isReadingPython());
    CHECK(panes.pythonMessageText().startsWith("layer_norm.py not found"));

    // The user's answer to Locate…: announced, and shown at once.
    QSignalSpy located(&panes, &SourcePanes::fileLocated);
    const QString real = QString::fromStdString((exampleDir() / "layer_norm.py").string());
    panes.acceptLocatedFile(real);
    REQUIRE(located.count() == 1);
    CHECK(located.at(0).at(0).toString() == "/home/dev/kernels/layer_norm.py");
    CHECK(located.at(0).at(1).toString() == real);
    REQUIRE(waitForPython(panes));
    REQUIRE(panes.isShowingPythonCode());
    CHECK(panes.pythonHighlightedLine() == 56);
    CHECK(panes.pythonHeaderText().startsWith(real));
}

TEST_CASE("the source panes offer Open IR when the dump has no IR", "[source]")
{
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    const fs::path dir(tmp.path().toStdString());
    writeTwoFileProject(dir);

    PlanSession session;
    SourcePanes panes(&session);
    session.setDocument(load(dir / "memory_info_aiv.json"));
    CHECK(panes.irMessageText().startsWith("No IR loaded"));
    CHECK(panes.irMessageText().contains(QString::fromStdString(session.document()->irNote)));
    REQUIRE(panes.openIrButton()->isVisibleTo(&panes));
    QSignalSpy openIr(&panes, &SourcePanes::openIrRequested);
    panes.openIrButton()->click();
    CHECK(openIr.count() == 1);

    // The Python line is still found from the dump's own location.
    session.selectBlock(0);
    CHECK(panes.irMessageText().startsWith("No IR loaded"));
    REQUIRE(waitForPython(panes));
    CHECK(panes.pythonHighlightedLine() == 3);
    CHECK(panes.pythonView()->lineText(3).contains("# from a"));
}

TEST_CASE("a slow read of an earlier selection never replaces a newer one", "[source]")
{
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    const fs::path dir(tmp.path().toStdString());
    writeTwoFileProject(dir);

    PlanSession session;
    SourcePanes panes(&session);
    std::atomic<int> reads{0};
    panes.fileCache()->setFileReader([&reads](const std::string& path) {
        ++reads;
        if (path.size() >= 4 && path.compare(path.size() - 4, 4, "a.py") == 0)
            QThread::msleep(400); // a.py is on a slow disk
        return readTextFile(path);
    });
    session.setDocument(load(dir / "memory_info_aiv.json"));

    session.selectBlock(0); // a.py: slow
    CHECK(panes.isReadingPython());
    session.selectBlock(1); // b.py: fast
    REQUIRE(waitForPython(panes));
    CHECK(panes.pythonHighlightedLine() == 2);
    CHECK(panes.pythonView()->lineText(2).contains("# from b"));

    // a.py arrives late: b stays on show.
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(50);
    CHECK(reads == 2);
    CHECK(panes.pythonView()->lineText(2).contains("# from b"));
    CHECK(panes.pythonHighlightedLine() == 2);
    CHECK(panes.pythonHeaderText().contains("b.py"));

    // The late text was kept: selecting a.py again is instant.
    session.selectBlock(0);
    CHECK_FALSE(panes.isReadingPython());
    CHECK(panes.pythonHighlightedLine() == 3);
    CHECK(reads == 2);

    // A read overtaken by "nothing selected" shows nothing either.
    panes.fileCache()->setFileReader([](const std::string& path) {
        QThread::msleep(200);
        return readTextFile(path);
    });
    memlens::test::writeText(
        dir / "b.py", "import triton\nb = tl.full([16], 2.0, tl.float32)  # from b, edited\n"); // cache no longer fresh
    session.selectBlock(1);
    CHECK(panes.isReadingPython());
    session.selectBlock(-1);
    CHECK_FALSE(panes.isReadingPython());
    QThreadPool::globalInstance()->waitForDone();
    QTest::qWait(50);
    CHECK(panes.pythonMessageText().startsWith("Select a block"));
    CHECK(panes.pythonHighlightedLine() == 0);
}

TEST_CASE("a slow read says so after a moment, and the panes can go while it runs", "[source]")
{
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    const fs::path dir(tmp.path().toStdString());
    writeTwoFileProject(dir);

    PlanSession session;
    auto panes = std::make_unique<SourcePanes>(&session);
    panes->fileCache()->setFileReader([](const std::string& path) {
        QThread::msleep(900);
        return readTextFile(path);
    });
    session.setDocument(load(dir / "memory_info_aiv.json"));
    session.selectBlock(0);
    REQUIRE(panes->isReadingPython());
    QTest::qWait(500);
    CHECK(panes->pythonMessageText().startsWith(QString::fromUtf8("Reading a.py\u2026")));
    REQUIRE(waitForPython(*panes));
    CHECK(panes->pythonHighlightedLine() == 3);

    session.selectBlock(1);
    REQUIRE(panes->isReadingPython());
    panes.reset(); // the read runs on; its result is dropped, never delivered to the dead panes
    REQUIRE(QThreadPool::globalInstance()->waitForDone(5000));
    QTest::qWait(20);
    CHECK(session.selectedBlock() == 1);
}

TEST_CASE("clicking a line highlights the blocks it allocates, without changing the selection", "[source]")
{
    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes, 1200, 400);
    session.setDocument(load(exampleDump()));
    const int selected = blockOf(session, "%alloc_0");
    session.selectBlock(selected);
    REQUIRE(waitForPython(panes));

    const std::vector<int> at57 = blocksWhere(session,
        [](const BlockSource& s) { return std::find(s.irLines.begin(), s.irLines.end(), 57) != s.irLines.end(); });
    REQUIRE(at57.size() == 2); // %alloc_0 is double-buffered: two blocks
    QSignalSpy highlight(&session, &PlanSession::highlightChanged);

    // A mouse click on IR line 57.
    SourceTextView* ir = panes.irView();
    REQUIRE(ir->isLineVisible(57));
    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(57).center() + QPoint(40, 0));
    CHECK(ir->cursorLine() == 57);
    CHECK(session.highlightedBlocks() == at57);
    CHECK(session.selectedBlock() == selected);
    CHECK(highlight.count() == 1);

    // A line that allocates nothing clears the highlight.
    const int quiet = 57 - 2;
    REQUIRE(ir->isLineVisible(quiet));
    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(quiet).center() + QPoint(40, 0));
    CHECK(session.highlightedBlocks().empty());

    // The keyboard moves the cursor line by line: back down to 57.
    ir->setFocus();
    QTest::keyClick(ir, Qt::Key_Down);
    QTest::keyClick(ir, Qt::Key_Down);
    CHECK(ir->cursorLine() == 57);
    CHECK(session.highlightedBlocks() == at57);

    // A click in the gutter works too.
    QTest::mouseClick(ir->gutter(), Qt::LeftButton, {}, QPoint(10, ir->lineRect(quiet).center().y()));
    CHECK(session.highlightedBlocks().empty());

    // Python line 56 ("row_sum = tl.sum(...)").
    const std::vector<int> at56 = blocksWhere(session, [](const BlockSource& s) {
        return std::any_of(s.pythonFrames.begin(), s.pythonFrames.end(),
            [](const SourceFrame& f) { return f.line == 56 && f.file == "/home/dev/kernels/layer_norm.py"; });
    });
    REQUIRE_FALSE(at56.empty());
    SourceTextView* python = panes.pythonView();
    REQUIRE(python->isLineVisible(56));
    QTest::mouseClick(python->viewport(), Qt::LeftButton, {}, python->lineRect(56).center() + QPoint(40, 0));
    CHECK(session.highlightedBlocks() == at56);
    CHECK(session.selectedBlock() == selected);
    QTest::mouseClick(python->viewport(), Qt::LeftButton, {}, python->lineRect(50).center() + QPoint(40, 0));
    CHECK(session.highlightedBlocks().empty());

    // The selection's own line stays highlighted (strong) through all this.
    CHECK(panes.irHighlightedLine() == 57);
    CHECK(panes.pythonHighlightedLine() == 52);
}

TEST_CASE("the source views mark the IR lines that allocate blocks of the scope", "[source]")
{
    PlanSession session;
    SourcePanes panes(&session);
    session.setDocument(load(exampleDump()));
    session.selectBlock(blockOf(session, "%alloc_0"));
    const auto& marked = panes.irView()->markedLines();
    CHECK(std::find(marked.begin(), marked.end(), 57) != marked.end());
    CHECK(std::find(marked.begin(), marked.end(), 1) == marked.end());
    // Switching blocks keeps the IR text (no reload of the document).
    const QTextDocument* before = panes.irView()->document();
    const int revision = before->revision();
    session.selectBlock(blockOf(session, "%alloc_4"));
    CHECK(panes.irView()->document()->revision() == revision);
    CHECK(panes.irHighlightedLine() != 57);
}

TEST_CASE("the MLIR and Python highlighters colour the parts of a line", "[source]")
{
    QTextDocument mlir;
    mlir.setPlainText(QStringLiteral("    %x_21 = memref.alloc() : memref<16384xf16> loc(#loc46)  // the load\n"
                                     "#loc46 = loc(\"x\"(\"/home/dev/kernels/layer_norm.py\":52:20))\n"
                                     "  %c0 = arith.constant 0 : index\n"));
    MlirHighlighter mlirHighlighter(&mlir);
    mlirHighlighter.rehighlight();
    const auto line1 = formatsOf(mlir, 1);
    const QString text1 = mlir.findBlockByNumber(0).text();
    const QColor ssa = formatAt(line1, static_cast<int>(text1.indexOf("%x_21"))).foreground().color();
    const QColor op = formatAt(line1, static_cast<int>(text1.indexOf("memref.alloc"))).foreground().color();
    const QColor type = formatAt(line1, static_cast<int>(text1.indexOf("16384xf16"))).foreground().color();
    const QColor loc = formatAt(line1, static_cast<int>(text1.indexOf("#loc46"))).foreground().color();
    const QColor comment = formatAt(line1, static_cast<int>(text1.indexOf("the load"))).foreground().color();
    CHECK(formatAt(line1, static_cast<int>(text1.indexOf("the load"))).fontItalic());
    CHECK(comment != ssa);
    for (const char* part : {"%x_21", "memref.alloc", "16384xf16", "#loc46", "the load"})
        CHECK(isColoured(line1, static_cast<int>(text1.indexOf(part))));
    CHECK(ssa != op);
    CHECK(op != type);
    CHECK(loc != type);
    CHECK(formatAt(line1, static_cast<int>(text1.indexOf("memref.alloc"))).fontWeight() > QFont::Normal);
    CHECK(formatAt(line1, static_cast<int>(text1.indexOf(" loc(") + 1)).foreground().color() == loc); // loc(...) dimmed
    // A #loc definition line is dimmed as a whole, strings included.
    const auto line2 = formatsOf(mlir, 2);
    CHECK(formatAt(line2, 20).foreground().color() == loc);
    const auto line3 = formatsOf(mlir, 3);
    const QString text3 = mlir.findBlockByNumber(2).text();
    CHECK(formatAt(line3, static_cast<int>(text3.indexOf("arith.constant"))).foreground().color() == op);
    CHECK(formatAt(line3, static_cast<int>(text3.indexOf("index"))).foreground().color() == type);

    QTextDocument python;
    python.setPlainText(QStringLiteral("\"\"\"Doc\n"
                                       "still # doc\n"
                                       "\"\"\"\n"
                                       "@triton.jit\n"
                                       "def f(x):  # comment\n"
                                       "    y = tl.load(x + 1, other='0')\n"));
    PythonHighlighter pythonHighlighter(&python);
    pythonHighlighter.rehighlight();
    const QColor docString = formatAt(formatsOf(python, 1), 0).foreground().color();
    CHECK(isColoured(formatsOf(python, 1), 0));
    CHECK(formatAt(formatsOf(python, 2), 6).foreground().color() == docString); // '#' inside a docstring is no comment
    CHECK(isColoured(formatsOf(python, 4), 1));                                 // the decorator
    const auto line5 = formatsOf(python, 5);
    const QColor keyword = formatAt(line5, 0).foreground().color();
    const QColor pyComment
        = formatAt(line5, static_cast<int>(QString("def f(x):  # comment").indexOf('#'))).foreground().color();
    CHECK(isColoured(line5, 0));
    CHECK(isColoured(line5, static_cast<int>(QString("def f(x):  # comment").indexOf('#'))));
    CHECK(keyword != pyComment);
    const auto line6 = formatsOf(python, 6);
    const QString text6 = python.findBlockByNumber(5).text();
    CHECK(isColoured(line6, static_cast<int>(text6.indexOf("tl."))));
    CHECK(isColoured(line6, static_cast<int>(text6.indexOf("load"))));
    CHECK(formatAt(line6, static_cast<int>(text6.indexOf("'0'"))).foreground().color() == docString);
    CHECK(isColoured(line6, static_cast<int>(text6.indexOf('1'))));
    CHECK_FALSE(isColoured(line6, static_cast<int>(text6.indexOf('y')))); // a plain name
}

TEST_CASE("the IR and Python panes colour a role alike, light and dark", "[source]")
{
    for (const bool dark : {false, true}) {
        QTextDocument mlir;
        mlir.setPlainText(
            QStringLiteral("  %a = arith.constant 1 : index  // c\n  func.call @f() {tag = \"s\"} : () -> ()\n"));
        MlirHighlighter mlirHighlighter(&mlir);
        mlirHighlighter.setDarkTheme(dark);
        mlirHighlighter.rehighlight();
        QTextDocument python;
        python.setPlainText(QStringLiteral("def f(x):  # c\n    return x + 1, \"s\"\n"));
        PythonHighlighter pythonHighlighter(&python);
        pythonHighlighter.setDarkTheme(dark);
        pythonHighlighter.rehighlight();
        const auto colourIn = [](QTextDocument& document, int line, const char* part) {
            const QString text = document.findBlockByNumber(line - 1).text();
            return formatAt(formatsOf(document, line), static_cast<int>(text.indexOf(QString::fromUtf8(part))))
                .foreground()
                .color();
        };
        INFO("dark: " << dark);
        CHECK(colourIn(mlir, 1, "1 ") == colourIn(python, 2, "1"));        // a number
        CHECK(colourIn(mlir, 1, "// c") == colourIn(python, 1, "# c"));    // a comment
        CHECK(colourIn(mlir, 2, "\"s\"") == colourIn(python, 2, "\"s\"")); // a string
        CHECK(colourIn(mlir, 1, "1 ") == syntaxColor(SyntaxRole::Number, dark));
        CHECK(syntaxColor(SyntaxRole::Number, dark) != syntaxColor(SyntaxRole::Number, !dark));
    }
}

TEST_CASE("the source panes render the layer-norm example", "[source][png]")
{
    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes, 1500, 560);
    session.setDocument(load(exampleDump()));
    session.selectBlock(blockOf(session, "%alloc_4"));
    REQUIRE(waitForPython(panes));
    QTest::qWait(20);
    const QPixmap pixmap = panes.grab();
    CHECK(pixmap.width() == 1500);
    CHECK(pixmap.save("/tmp/source_panes.png"));
}

TEST_CASE("clicking a line says what it allocates, or that it allocates nothing, Esc clears the highlight", "[source]")
{
    PlanSession session;
    SourcePanes panes(&session);
    showPanes(panes, 1200, 400);
    session.setDocument(load(exampleDump()));
    session.selectBlock(blockOf(session, "%alloc_0"));
    REQUIRE(waitForPython(panes));
    QSignalSpy described(&panes, &SourcePanes::lineDescribed);

    SourceTextView* ir = panes.irView();
    REQUIRE(ir->isLineVisible(57));
    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(57).center() + QPoint(40, 0));
    REQUIRE(described.count() == 1);
    // Worked out from the scope: the blocks of line 57, their buffers' names and their summed size.
    const ScopePlan& scope = *session.scope();
    std::uint64_t bytes = 0;
    for (int block : session.highlightedBlocks())
        bytes += scope.blocks[static_cast<std::size_t>(block)].size;
    REQUIRE(session.highlightedBlocks().size() == 2);
    CHECK(described.at(0).at(0).toString()
        == QString::fromStdString("line 57 allocates %alloc_0: " + formatBytes(bytes)));

    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(55).center() + QPoint(40, 0));
    CHECK(described.last().at(0).toString() == "line 55 allocates nothing");

    QTest::mouseClick(ir->viewport(), Qt::LeftButton, {}, ir->lineRect(57).center() + QPoint(40, 0));
    REQUIRE_FALSE(session.highlightedBlocks().empty());
    ir->setFocus();
    QTest::keyClick(ir, Qt::Key_Escape);
    CHECK(session.highlightedBlocks().empty());
    CHECK(described.last().at(0).toString().isEmpty());
    CHECK(panes.irHighlightedLine() == 57); // the selection's own line stays
}

TEST_CASE("a long line shows whole in a tooltip, and the highlighted line's start stays in view", "[source]")
{
    SourceTextView view;
    view.resize(300, 200);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    const QString longLine = "    %x = memref.alloc() : memref<16384xf16> " + QString(200, 'y') + " loc(#loc46)";
    view.setSourceText("short\n" + longLine + "\nshort again\n");
    const QPoint onLong = view.lineRect(2).center();
    CHECK(view.lineToolTip(onLong) == longLine);
    CHECK(view.lineToolTip(view.lineRect(1).center()).isEmpty()); // fits: no tooltip

    // Scrolled to the right, a short line is cut on the left: the tooltip shows it too.
    view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->maximum());
    CHECK(view.lineToolTip(view.lineRect(1).center()) == "short");
    // Showing a line scrolls back to its start.
    view.setHighlightedLines(2);
    view.centerOnLine(2);
    CHECK(view.horizontalScrollBar()->value() == 0);
}

TEST_CASE("a long message in a short pane scrolls, never cut", "[source][message]")
{
    // The Python pane of a kernel compiled without line info, in a bottom dock 1024 x 700 leaves short.
    PlanSession session;
    SourcePanes panes(&session);
    panes.resize(600, 150);
    panes.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panes));
    SourcePane* pane = panes.pythonPane();
    pane->showMessage(QStringLiteral("No Python location for this block"),
        QStringLiteral("The kernel was compiled without line info (TRITON_DISABLE_LINE_INFO defaults to true): the IR "
                       "carries no Python locations. Compile again with TRITON_DISABLE_LINE_INFO=0 to see the "
                       "Python lines.\nThe block's location names no Python file."),
        QStyle::SP_MessageBoxInformation, false);
    QCoreApplication::processEvents();
    auto* detail = pane->findChild<QLabel*>(QStringLiteral("sourcePaneDetail"));
    REQUIRE(detail);
    REQUIRE(detail->isVisible());
    // Every wrapped line of the text has its height: what does not fit scrolls.
    CHECK(detail->height() >= detail->heightForWidth(detail->width()));
    auto* page = pane->findChild<QScrollArea*>(QStringLiteral("sourcePaneMessagePage"));
    REQUIRE(page);
    CHECK(page->verticalScrollBar()->maximum() > 0);
}
