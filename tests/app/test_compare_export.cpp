// The compare window: its export is what `memlens diff` prints, Esc and Ctrl+W close it, and a
// B that cannot be read keeps A and offers another B.
#include "app_test_support.hpp"

#include "app/compare_window.hpp"
#include "app/message_bar.hpp"
#include "core/cli/diff_command.hpp"
#include "views/compare/compare_view.hpp"

#include <catch2/catch.hpp>

#include <QFile>
#include <QPointer>
#include <QTest>

#include <sstream>

using namespace memlens;

namespace {

bool compared(CompareWindow& window)
{
    QSignalSpy shown(&window, &CompareWindow::comparisonShown);
    return window.view()->comparison().diff != nullptr || test::seen(shown);
}

QByteArray bytesOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST_CASE("the compare window exports what memlens diff prints, in each of its formats", "[compare_window][export]")
{
    const QString a = test::fixture("dumps/compare/reordered_a.json");
    const QString b = test::fixture("dumps/compare/reordered_b.json");
    CompareWindow window;
    window.compareFiles(a, LoadOptions{}, b, LoadOptions{});
    REQUIRE(compared(window));
    QTemporaryDir dir;
    const std::pair<const char*, DiffFormat> formats[]
        = {{"diff.txt", DiffFormat::Text}, {"diff.md", DiffFormat::Markdown}, {"diff.json", DiffFormat::Json}};
    for (const auto& [name, format] : formats) {
        INFO(name);
        const QString path = dir.filePath(QString::fromLatin1(name));
        CHECK(CompareWindow::formatForFile(path) == format);
        REQUIRE(window.exportComparison(path, format));
        DiffCommandLine commandLine;
        commandLine.dumpA = a.toStdString();
        commandLine.dumpB = b.toStdString();
        commandLine.format = format;
        std::ostringstream out;
        std::ostringstream err;
        runDiff(commandLine, out, err);
        CHECK(bytesOf(path).toStdString() == out.str());
        CHECK_FALSE(out.str().empty());
    }
    QString error;
    CHECK_FALSE(window.exportComparison(dir.filePath("no/such/folder/diff.md"), DiffFormat::Markdown, &error));
    CHECK(error.contains("no/such/folder/diff.md"));
}

TEST_CASE("Esc and Ctrl+W close the compare window", "[compare_window][keys]")
{
    for (const QKeySequence& key : {QKeySequence(Qt::Key_Escape), QKeySequence(QKeySequence::Close)}) {
        INFO(key.toString().toStdString());
        auto* window = new CompareWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        QPointer<CompareWindow> alive(window);
        window->show();
        REQUIRE(QTest::qWaitForWindowActive(window));
        QTest::keySequence(window, key);
        QTest::qWait(20);
        CHECK(alive.isNull());
        delete alive.data();
    }
}

TEST_CASE("a B that cannot be read keeps A and offers to choose another B", "[compare_window][bad]")
{
    QTemporaryDir dir;
    const QString bad = dir.filePath("broken.json");
    {
        QFile file(bad);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("{\"Record\": [");
    }
    CompareWindow window;
    QSignalSpy failed(&window, &CompareWindow::loadFailed);
    window.compareFiles(test::fixture("dumps/compare/reordered_a.json"), LoadOptions{}, bad, LoadOptions{});
    REQUIRE(test::seen(failed));
    const QString text = window.messageBar()->text();
    CHECK(text.contains("Could not open B"));
    CHECK(text.contains("broken.json"));
    CHECK(text.contains("reordered_a.json")); // A is named as kept
    CHECK(window.messageBar()->actionTexts().contains(QString::fromUtf8("Choose B\u2026")));

    // Another B: compared with the A already read.
    window.replaceB(test::fixture("dumps/compare/reordered_b.json"));
    REQUIRE(compared(window));
    CHECK(window.view()->comparison().a->dump.file.find("reordered_a.json") != std::string::npos);
    CHECK(window.view()->comparison().b->dump.file.find("reordered_b.json") != std::string::npos);
    CHECK(window.messageBar()->text().isEmpty());
}
