#include "app/report_writer.hpp"
#include "core/cli/plan_page.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/plan_document.hpp"
#include "support/file_size_limit.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_painter.hpp"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>

using namespace memlens;

namespace {
PlanDocument overflowDocument()
{
    return loadPlanDocument(memlens::test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string(), {});
}

QStringList namesOf(const std::vector<ReportFile>& files)
{
    QStringList names;
    for (const auto& file : files)
        names << file.name;
    return names;
}
} // namespace

TEST_CASE("the report holds the five files of the contract and the plan page", "[report][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto files = buildReport(overflowDocument(), QSize(1200, 700));
    CHECK(namesOf(files)
        == QStringList({"summary.md", "chart.png", "chart.svg", "blocks.csv", "live_at_peak.csv", "plan.html"}));
    for (const auto& file : files) {
        INFO(file.name.toStdString());
        CHECK_FALSE(file.contents.isEmpty());
    }
}

TEST_CASE("the report's PNG decodes at the requested size and its SVG is well-formed with one rect per block",
    "[report][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const auto files = buildReport(overflowDocument(), QSize(1200, 700));
    const QImage png = QImage::fromData(files[1].contents, "PNG");
    CHECK(png.size() == QSize(1200, 700));

    QXmlStreamReader xml(files[2].contents);
    int rects = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("rect"))
            ++rects;
    }
    CHECK_FALSE(xml.hasError());
    CHECK(rects == 2);
}

TEST_CASE(
    "the report's chart.svg carries the PNG's caption as text, above rects still named by block", "[report][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const PlanDocument document = overflowDocument();
    const QStringList caption = chartCaption(document, 0);
    const auto files = buildReport(document, QSize(1200, 700));
    const QString svg = QString::fromUtf8(files[2].contents);
    QXmlStreamReader xml(files[2].contents);
    QString text;
    QStringList ids;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("text"))
            text += xml.readElementText(QXmlStreamReader::IncludeChildElements) + QLatin1Char('\n');
        if (xml.isStartElement() && xml.name() == QLatin1String("rect"))
            ids << xml.attributes().value(QLatin1String("id")).toString();
    }
    REQUIRE_FALSE(xml.hasError());
    // Each caption line's words are in the SVG's text (a long line wraps into several elements).
    for (const QString& line : caption)
        for (const QString& word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts).mid(0, 4)) {
            INFO(word.toStdString());
            CHECK((text.contains(word.toHtmlEscaped()) || text.contains(word)));
        }
    CHECK(text.contains(QString::fromUtf8("compile failed")));
    CHECK(text.contains("64 KB short"));
    CHECK(ids.size() == 2);
    for (const QString& id : ids)
        CHECK(id.startsWith("block-"));
}

TEST_CASE("the report's chart.png says kernel, verdict, required vs capacity and the error above the chart",
    "[report][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const PlanDocument document = overflowDocument();
    const QStringList caption = chartCaption(document, 0);
    REQUIRE(caption.size() == 3);
    CHECK(caption[0] == QString::fromUtf8("_attn_fwd \u00b7 ub \u2014 compile failed"));
    CHECK(caption[1] == "needs 256 KB, has 192 KB (capacity from the error message): 64 KB short");
    CHECK(caption[2].startsWith("error: ub overflow, requires 2097152 bits"));

    // The caption takes the top of the image (dark text pixels there), the chart the rest.
    const QSize size(1200, 700);
    const QImage image = captionedChartImage(document, 0, size, {}, caption);
    CHECK(image.size() == size);
    const QImage plain = captionedChartImage(document, 0, size, {}, {});
    auto darkPixelsInRows = [](const QImage& img, int rows) {
        int dark = 0;
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < img.width(); ++x)
                dark += qGray(img.pixel(x, y)) < 128 ? 1 : 0;
        return dark;
    };
    CHECK(darkPixelsInRows(image, 60) > 200);
    CHECK(darkPixelsInRows(plain, 8) == 0);
    const auto files = buildReport(document, size);
    CHECK(QImage::fromData(files[1].contents, "PNG").size() == size);
}

TEST_CASE("the report's chart.png names kernel and scope once: in its header, not again in a chart title", "[report]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const QStringList caption = chartCaption(document, 0);
    REQUIRE(caption.front().startsWith(chartTitle(document, 0)));
    ChartRenderOptions titled;
    titled.title = chartTitle(document, 0);
    const QSize size(1000, 600);
    // With the header the chart's own title row is left out: the same picture as without a title.
    CHECK(
        captionedChartImage(document, 0, size, titled, caption) == captionedChartImage(document, 0, size, {}, caption));
    // Without a header the title stays.
    CHECK(captionedChartImage(document, 0, size, titled, {}) != captionedChartImage(document, 0, size, {}, {}));
    const auto files = buildReport(document, size);
    CHECK(QImage::fromData(files[1].contents, "PNG").convertToFormat(QImage::Format_RGB32)
        == captionedChartImage(document, 0, size, {}, caption).convertToFormat(QImage::Format_RGB32));
}

TEST_CASE("summary.md reads as a bug report", "[report][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const QString summary = QString::fromUtf8(buildReport(overflowDocument())[0].contents);
    CHECK(summary.contains("# memlens report: `_attn_fwd`"));
    CHECK(summary.contains("**overflow**"));
    CHECK(summary.contains("ub overflow, requires 2097152 bits while 1572864 bits available!"));
    CHECK(summary.contains("192 KB (196608 B), from the error message"));
    CHECK(summary.contains("256 KB (262144 B), 133% of capacity"));
    CHECK(summary.contains("| `%alloc_0` `memref<65536xf16, #hivm.address_space<ub>>` | 1/1 | 128 KB | [131072, "
                           "262144) | 64 KB | [4, 5] | fake_attn_fwd_overflow.ttadapter:18 | - |"));
    CHECK(summary.contains("![Memory block chart of ub](chart.png)"));
}

TEST_CASE("a report into a folder that cannot be made fails and leaves nothing", "[report]")
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath("not-a-folder"));
    REQUIRE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString out = dir.filePath("not-a-folder/report");
    QString error;
    CHECK_FALSE(writeReport(out, {{"summary.md", "x", {}}}, &error));
    CHECK(error.contains("cannot create the folder"));
    CHECK_FALSE(QFileInfo::exists(out));
}

TEST_CASE("a report whose last file fails removes the files it wrote", "[report]")
{
    QTemporaryDir dir;
    REQUIRE(QDir(dir.path()).mkdir("chart.svg")); // a folder where a file must go
    QString error;
    CHECK_FALSE(
        writeReport(dir.path(), {{"summary.md", "a", {}}, {"chart.png", "b", {}}, {"chart.svg", "c", {}}}, &error));
    CHECK(error.contains("chart.svg"));
    CHECK_FALSE(QFileInfo::exists(dir.filePath("summary.md")));
    CHECK_FALSE(QFileInfo::exists(dir.filePath("chart.png")));
}

TEST_CASE("files are replaced atomically", "[report]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("blocks.csv");
    QString error;
    REQUIRE(writeFileAtomically(path, "first", &error));
    REQUIRE(writeFileAtomically(path, "second", &error));
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "second");
    CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList{"blocks.csv"}); // no temporary left
}

namespace {
QByteArray contentsOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
}
} // namespace

TEST_CASE("a failed report leaves the previous report intact", "[report][hostile]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath("r");
    QString error;
    REQUIRE(
        writeReport(out, {{"summary.md", "old summary"}, {"chart.png", "old png"}, {"blocks.csv", "old csv"}}, &error));

    // The third file cannot be written (its folder does not exist): nothing of the old report may go.
    CHECK_FALSE(writeReport(
        out, {{"summary.md", "new summary"}, {"chart.png", "new png"}, {"missing/blocks.csv", "x"}}, &error));
    CHECK(error.contains("blocks.csv"));
    CHECK(contentsOf(QDir(out).filePath("summary.md")) == "old summary");
    CHECK(contentsOf(QDir(out).filePath("chart.png")) == "old png");
    CHECK(contentsOf(QDir(out).filePath("blocks.csv")) == "old csv");
    // No temporary folder is left beside it.
    CHECK(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot) == QStringList{"r"});
}

TEST_CASE("a new report replaces the old one whole: no stale chart stays, other files do", "[report][hostile]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath("r");
    QString error;
    REQUIRE(writeReport(
        out, {{"summary.md", "old"}, {"chart.png", "old"}, {"chart.svg", "old"}, {"blocks.csv", "old"}}, &error));
    QFile mine(QDir(out).filePath("notes.txt"));
    REQUIRE(mine.open(QIODevice::WriteOnly));
    mine.write("mine");
    mine.close();

    // A dump with no scopes has no chart.
    REQUIRE(writeReport(out, {{"summary.md", "new"}, {"blocks.csv", "new"}, {"live_at_peak.csv", "new"}}, &error));
    CHECK(QDir(out).entryList(QDir::Files, QDir::Name)
        == QStringList({"blocks.csv", "live_at_peak.csv", "notes.txt", "summary.md"}));
    CHECK(contentsOf(QDir(out).filePath("summary.md")) == "new");
    CHECK(contentsOf(QDir(out).filePath("notes.txt")) == "mine");
    CHECK(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot) == QStringList{"r"});
}

TEST_CASE("blocks.csv of a big document is streamed into the report, the same text", "[report]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const auto held = buildReport(document, QSize(400, 300));
    const auto streamed = buildReport(document, QSize(400, 300), 1); // "big" from one block on
    REQUIRE(held[3].name == "blocks.csv");
    REQUIRE(streamed[3].name == "blocks.csv");
    CHECK_FALSE(held[3].write);
    REQUIRE(streamed[3].write);
    CHECK(streamed[3].contents.isEmpty()); // not held in memory
    QTemporaryDir dir;
    QString error;
    REQUIRE(writeReport(dir.filePath("r"), streamed, &error));
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("blocks.csv")) == held[3].contents);
    // The summary of a big document is worked out on a second thread and written last, the same text.
    REQUIRE(streamed[0].name == "summary.md");
    CHECK_FALSE(held[0].pending.valid());
    REQUIRE(streamed[0].pending.valid());
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("summary.md")) == held[0].contents);
    // So is plan.html, written beside the others, the same page.
    REQUIRE(streamed[5].name == "plan.html");
    CHECK_FALSE(held[5].besideOthers);
    CHECK(streamed[5].besideOthers);
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("plan.html")) == held[5].contents);
}

TEST_CASE("a file written beside the others is written while they are", "[report]")
{
    // The page waits for blocks.csv, which comes after it: written one after the other, it
    // would wait in vain.
    std::mutex mutex;
    std::condition_variable changed;
    bool csvWritten = false, pageSawCsv = false;
    ReportFile page{QStringLiteral("plan.html"), {}, [&](std::ostream& out) {
                        std::unique_lock lock(mutex);
                        pageSawCsv = changed.wait_for(lock, std::chrono::seconds(10), [&] { return csvWritten; });
                        out << "page";
                    }};
    page.besideOthers = true;
    const ReportFile csv{QStringLiteral("blocks.csv"), {}, [&](std::ostream& out) {
                             out << "csv";
                             const std::lock_guard lock(mutex);
                             csvWritten = true;
                             changed.notify_all();
                         }};
    QTemporaryDir dir;
    QString error;
    REQUIRE(writeReport(dir.filePath("r"), {page, {"summary.md", "s"}, csv}, &error));
    CHECK(pageSawCsv);
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("plan.html")) == "page");
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("blocks.csv")) == "csv");
}

TEST_CASE("a report works out each scope's diagnosis once for summary.md and plan.html (issue 67)", "[report]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    for (const std::size_t streamedFrom : {kStreamedCsvBlocks, std::size_t(1)}) {
        const std::size_t before = diagnosesWorkedOut();
        const auto files = buildReport(document, QSize(400, 300), streamedFrom);
        QTemporaryDir dir;
        QString error;
        REQUIRE(writeReport(dir.filePath("r"), files, &error));
        CHECK(diagnosesWorkedOut() - before == document.dump.scopes.size()); // both scopes planned: once each
        CHECK(contentsOf(QDir(dir.filePath("r")).filePath("plan.html")).contains("\"diagnosis\":{"));
    }
}

TEST_CASE("report --out and --html share the diagnoses they are given (issue 67)", "[report]")
{
    const PlanDocument document
        = loadPlanDocument(memlens::test::data("dumps/two_scopes_multibuffer.json").string(), {});
    const auto diagnoses = std::make_shared<const ScopeDiagnoses>(document);
    const std::size_t before = diagnosesWorkedOut();
    const auto files = buildReport(document, QSize(400, 300), kStreamedCsvBlocks, diagnoses);
    QTemporaryDir dir;
    QString error;
    REQUIRE(writeReport(dir.filePath("r"), files, &error));
    std::ostringstream page;
    writePlanPage(page, document, *diagnoses);
    CHECK(diagnosesWorkedOut() - before == document.dump.scopes.size());
    CHECK(contentsOf(QDir(dir.filePath("r")).filePath("plan.html")).toStdString() == page.str());
}

TEST_CASE("a report is staged inside its folder: the swap never writes to the folder's parent", "[report][hostile]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath("r");
    QString error;
    REQUIRE(writeReport(out, {{"summary.md", "old"}}, &error));
    QStringList parentWhileWriting, targetWhileWriting;
    ReportFile streamed{QStringLiteral("blocks.csv"), {}, [&](std::ostream& stream) {
                            parentWhileWriting
                                = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
                            targetWhileWriting = QDir(out).entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
                            stream << "csv";
                        }};
    REQUIRE(writeReport(out, {{"summary.md", "new"}, streamed}, &error));
    CHECK(parentWhileWriting == QStringList{"r"});
    REQUIRE(targetWhileWriting.size() == 1);
    CHECK(targetWhileWriting[0].startsWith(".memlens-staging-"));
    CHECK(contentsOf(QDir(out).filePath("blocks.csv")) == "csv");
    CHECK(QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot)
        == QStringList({"blocks.csv", "summary.md"}));
}

TEST_CASE("the staging folder a killed report left is removed by the next, and a running one's is not", "[report]")
{
    QTemporaryDir dir;
    QDir target(dir.path());
    // No process has the largest pid; this process's parent is alive.
    const QString stale = QStringLiteral(".memlens-staging-2147483646-AbCdEf");
    const QString running = QStringLiteral(".memlens-staging-") + QString::number(::getppid()) + "-XyZ123";
    REQUIRE(target.mkpath(stale + "/new"));
    REQUIRE(target.mkpath(running + "/new"));
    QFile left(target.filePath(stale + "/new/blocks.csv"));
    REQUIRE(left.open(QIODevice::WriteOnly));
    left.write("half");
    left.close();
    QString error;
    REQUIRE(writeReport(dir.path(), {{"summary.md", "s"}}, &error));
    CHECK_FALSE(QFileInfo::exists(target.filePath(stale)));
    CHECK(QFileInfo::exists(target.filePath(running)));
}

using memlens::test::FileSizeLimit;

TEST_CASE("a write error says the system's reason (File too large), held or streamed", "[report][hostile]")
{
    QTemporaryDir dir;
    const QByteArray big(256 * 1024, 'x');
    const ReportFile streamed{
        QStringLiteral("blocks.csv"), {}, [&big](std::ostream& out) { out.write(big.data(), big.size()); }};
    QString heldError, streamedError;
    {
        const FileSizeLimit limit(64 * 1024);
        CHECK_FALSE(writeReport(dir.filePath("held"), {{"summary.md", big}}, &heldError));
        CHECK_FALSE(writeReport(dir.filePath("streamed"), {{"summary.md", "s"}, streamed}, &streamedError));
    }
    CHECK(heldError.contains("summary.md: cannot write: "));
    CHECK(heldError.contains("File too large"));
    CHECK(streamedError.contains("blocks.csv: cannot write: File too large"));
    CHECK_FALSE(QFileInfo::exists(dir.filePath("held")));
    CHECK_FALSE(QFileInfo::exists(dir.filePath("streamed")));
}

TEST_CASE("a file written beside the others that fails is named, the first in order when two fail", "[report][hostile]")
{
    QTemporaryDir dir;
    const QByteArray big(256 * 1024, 'x');
    const auto writeBig = [&big](std::ostream& out) { out.write(big.data(), big.size()); };
    ReportFile page{QStringLiteral("plan.html"), {}, writeBig};
    page.besideOthers = true;
    const ReportFile csv{QStringLiteral("blocks.csv"), {}, writeBig};
    QString pageError, bothError, csvFirstError;
    {
        const FileSizeLimit limit(64 * 1024);
        CHECK_FALSE(writeReport(dir.filePath("page"), {{"summary.md", "s"}, page}, &pageError));
        CHECK_FALSE(writeReport(dir.filePath("both"), {page, csv}, &bothError));
        CHECK_FALSE(writeReport(dir.filePath("csvFirst"), {csv, page}, &csvFirstError));
    }
    CHECK(pageError.contains("plan.html: cannot write: File too large"));
    CHECK(bothError.contains("plan.html: cannot write: File too large"));
    CHECK(csvFirstError.contains("blocks.csv: cannot write: File too large"));
    for (const char* name : {"page", "both", "csvFirst"})
        CHECK_FALSE(QFileInfo::exists(dir.filePath(name)));
}

TEST_CASE(
    "a report replaces the per-scope charts it wrote before, never the user's own chart-*.png", "[report][hostile]")
{
    QTemporaryDir dir;
    const QString out = dir.filePath("r");
    QString error;
    REQUIRE(
        writeReport(out, {{"summary.md", "old"}, {"chart-aiv-ub.png", "old"}, {"chart-aic-cbuf.png", "old"}}, &error));
    QFile mine(QDir(out).filePath("chart-before-my-fix.png"));
    REQUIRE(mine.open(QIODevice::WriteOnly));
    mine.write("mine");
    mine.close();

    REQUIRE(writeReport(out, {{"summary.md", "new"}, {"chart-aiv-ub.png", "new"}}, &error));
    CHECK(contentsOf(QDir(out).filePath("chart-aiv-ub.png")) == "new");
    CHECK_FALSE(QFileInfo::exists(QDir(out).filePath("chart-aic-cbuf.png"))); // the last report's own
    CHECK(contentsOf(QDir(out).filePath("chart-before-my-fix.png")) == "mine");
}

TEST_CASE("a report killed between its two moves gets the previous report back at the next run", "[report][hostile]")
{
    // The swap sets the old files aside in the staging folder's old/, then moves the new ones
    // in: killed in between, the folder holds neither. The next run puts the old ones back
    // before it starts, so that its own failure leaves the previous report, as always.
    QTemporaryDir dir;
    QDir target(dir.path());
    const QString stale = QStringLiteral(".memlens-staging-2147483646-AbCdEf");
    REQUIRE(target.mkpath(stale + "/old"));
    QFile setAside(target.filePath(stale + "/old/summary.md"));
    REQUIRE(setAside.open(QIODevice::WriteOnly));
    setAside.write("previous");
    setAside.close();
    REQUIRE(target.mkpath("chart.png")); // a folder in the way: this run fails at its swap
    QString error;
    CHECK_FALSE(writeReport(dir.path(), {{"summary.md", "s"}, {"chart.png", "x"}}, &error));
    CHECK_FALSE(QFileInfo::exists(target.filePath(stale)));
    CHECK(contentsOf(target.filePath("summary.md")) == "previous");
}

TEST_CASE("a report into a path that is a file says it is not a folder and leaves the file", "[report][hostile]")
{
    QTemporaryDir dir;
    const QString file = dir.filePath("notes.txt");
    QFile existing(file);
    REQUIRE(existing.open(QIODevice::WriteOnly));
    existing.write("mine");
    existing.close();
    QString error;
    CHECK_FALSE(writeReport(file, {{"summary.md", "s"}}, &error));
    CHECK(error == file + ": --out names a file, not a folder");
    CHECK(contentsOf(file) == "mine");
}
