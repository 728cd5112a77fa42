// `memlens summary --format junit`: the XML parsed with a real XML reader (Qt's) and checked
// against what CI systems read of the JUnit schema: <testsuites> and <testsuite> with tests,
// failures, errors and skipped counts that match their test cases, each <testcase> with a
// classname and a name, a <failure> with a message and type for a kernel over the gate.
#include "core/run/junit_report.hpp"
#include "core/run/run_summary.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <QXmlStreamReader>

#include <algorithm>
#include <map>
#include <vector>

using namespace memlens;

namespace {

struct JunitCase {
    QString classname, name;
    QString outcome; // "", "failure", "error", "skipped"
    QString message, type, text;
};

struct JunitSuite {
    std::map<QString, int> counts; // tests, failures, errors, skipped
    std::vector<JunitCase> cases;
};

struct JunitDocument {
    QString rootName;
    std::map<QString, int> rootCounts;
    std::vector<JunitSuite> suites;
    QString error;
};

JunitDocument parseJunit(const std::string& xml)
{
    JunitDocument document;
    QXmlStreamReader reader(QByteArray::fromStdString(xml));
    const auto counts = [&reader] {
        std::map<QString, int> out;
        for (const char* key : {"tests", "failures", "errors", "skipped"}) {
            bool ok = false;
            out[key] = reader.attributes().value(QLatin1String(key)).toInt(&ok);
            if (!ok)
                out[key] = -1;
        }
        return out;
    };
    while (!reader.atEnd()) {
        if (reader.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QStringView name = reader.name();
        if (name == u"testsuites") {
            document.rootName = name.toString();
            document.rootCounts = counts();
        } else if (name == u"testsuite") {
            document.suites.push_back({counts(), {}});
        } else if (name == u"testcase") {
            REQUIRE(!document.suites.empty());
            JunitCase testCase;
            testCase.classname = reader.attributes().value(QLatin1String("classname")).toString();
            testCase.name = reader.attributes().value(QLatin1String("name")).toString();
            document.suites.back().cases.push_back(testCase);
        } else if (name == u"failure" || name == u"error" || name == u"skipped") {
            JunitCase& testCase = document.suites.back().cases.back();
            testCase.outcome = name.toString();
            testCase.message = reader.attributes().value(QLatin1String("message")).toString();
            testCase.type = reader.attributes().value(QLatin1String("type")).toString();
            testCase.text = reader.readElementText();
        }
    }
    if (reader.hasError())
        document.error = reader.errorString();
    return document;
}

int countOutcome(const JunitSuite& suite, const QString& outcome)
{
    return static_cast<int>(std::count_if(
        suite.cases.begin(), suite.cases.end(), [&](const JunitCase& c) { return c.outcome == outcome; }));
}

} // namespace

TEST_CASE("summary JUnit XML is well-formed and counts what its test cases say", "[run_junit]")
{
    const JunitDocument junit = parseJunit(summaryJunit(test::runFixtureSummary("mixed"), std::nullopt));
    INFO(junit.error.toStdString());
    REQUIRE(junit.error.isEmpty());
    CHECK(junit.rootName == QStringLiteral("testsuites"));
    REQUIRE(junit.suites.size() == 1);
    const JunitSuite& suite = junit.suites.front();
    REQUIRE(suite.cases.size() == 7);
    CHECK(suite.counts.at("tests") == 7);
    CHECK(suite.counts.at("failures") == 2); // softmax and the older norm version
    CHECK(suite.counts.at("errors") == 1);   // the broken file
    CHECK(suite.counts.at("skipped") == 0);
    CHECK(junit.rootCounts == suite.counts);
    CHECK(countOutcome(suite, QStringLiteral("failure")) == suite.counts.at("failures"));
    CHECK(countOutcome(suite, QStringLiteral("error")) == suite.counts.at("errors"));
    for (const JunitCase& testCase : suite.cases) {
        CHECK(testCase.classname.startsWith(QStringLiteral("memlens.")));
        CHECK_FALSE(testCase.name.isEmpty());
    }
    const auto softmax = std::find_if(suite.cases.begin(), suite.cases.end(),
        [](const JunitCase& c) { return c.classname == QStringLiteral("memlens.softmax_kernel"); });
    REQUIRE(softmax != suite.cases.end());
    CHECK(softmax->name == QStringLiteral("aiv ub"));
    CHECK(softmax->outcome == QStringLiteral("failure"));
    CHECK(softmax->type == QStringLiteral("overflow"));
    CHECK(softmax->message == QStringLiteral("ub overflows: needs 224 KB, has 192 KB, 32 KB short"));
    CHECK(softmax->text.contains(QStringLiteral("softmax.py:24")));
}

TEST_CASE("JUnit: --fail-above fails a kernel that fits, a kernel not planned is skipped", "[run_junit]")
{
    const JunitDocument above = parseJunit(summaryJunit(test::runFixtureSummary("all_fit"), 95.0));
    INFO(above.error.toStdString());
    REQUIRE(above.error.isEmpty());
    REQUIRE(above.suites.size() == 1);
    CHECK(above.suites.front().counts.at("failures") == 1);
    const auto tight = std::find_if(above.suites.front().cases.begin(), above.suites.front().cases.end(),
        [](const JunitCase& c) { return c.outcome == QStringLiteral("failure"); });
    REQUIRE(tight != above.suites.front().cases.end());
    CHECK(tight->classname == QStringLiteral("memlens.tight_kernel"));
    CHECK(tight->type == QStringLiteral("fail-above"));
    CHECK(tight->message.contains(QStringLiteral("above 95%")));

    const JunitDocument cache = parseJunit(summaryJunit(test::runFixtureSummary("cache_metadata"), std::nullopt));
    REQUIRE(cache.error.isEmpty());
    CHECK(cache.suites.front().counts.at("skipped") == 1);
    CHECK(cache.suites.front().counts.at("failures") == 1); // matmul_kernel's 256 KB
}

TEST_CASE("JUnit text escapes markup and characters XML does not allow", "[run_junit]")
{
    CHECK(xmlText("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;");
    CHECK(xmlText(std::string("bell\x07") + "\xff") == "bell\xEF\xBF\xBD\xEF\xBF\xBD");
    RunSummary summary;
    summary.path = "/runs/<odd>";
    RunRow row;
    row.kernel = "k<\x01>";
    row.status = RowStatus::Error;
    row.error = "broken & \x1b[31mred";
    row.file = "/runs/k.json";
    summary.rows.push_back(row);
    const JunitDocument junit = parseJunit(summaryJunit(summary, std::nullopt));
    CHECK(junit.error.isEmpty());
    REQUIRE(junit.suites.size() == 1);
    CHECK(junit.suites.front().counts.at("errors") == 1);
}

TEST_CASE("JUnit text replaces what XML 1.0 forbids though it looks like UTF-8", "[run_junit]")
{
    const std::string replacement = "\xEF\xBF\xBD";
    // Each byte of a sequence XML does not allow becomes one U+FFFD.
    const auto replaced = [&](int bytes) {
        std::string out;
        for (int i = 0; i < bytes; ++i)
            out += replacement;
        return out;
    };
    CHECK(xmlText("\xEF\xBF\xBF") == replaced(3));     // U+FFFF
    CHECK(xmlText("\xEF\xBF\xBE") == replaced(3));     // U+FFFE
    CHECK(xmlText("\xED\xA0\x80") == replaced(3));     // a surrogate, U+D800
    CHECK(xmlText("\xC0\xBC") == replaced(2));         // an overlong '<'
    CHECK(xmlText("\xE0\x80\xBC") == replaced(3));     // an overlong '<' of three bytes
    CHECK(xmlText("\xF4\x90\x80\x80") == replaced(4)); // past U+10FFFF
    CHECK(xmlText("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") == "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"); // kept
    RunSummary summary;
    summary.path = "/runs/x";
    RunRow row;
    row.kernel = "kernel\xEF\xBF\xBF";
    row.status = RowStatus::Error;
    row.error = "bad \xED\xA0\x80";
    row.file = "/runs/\xC0\xBC.json";
    summary.rows.push_back(row);
    const JunitDocument junit = parseJunit(summaryJunit(summary, std::nullopt));
    CHECK(junit.error.isEmpty());
}

TEST_CASE("JUnit: two versions of a kernel are two test cases of different names", "[run_junit]")
{
    RunSummary summary;
    summary.path = "/runs/x";
    for (int version = 1; version <= 2; ++version) {
        RunRow row;
        row.kernel = "k";
        row.core = "aiv";
        row.scope = "ub";
        row.status = RowStatus::Fits;
        row.peakBytes = 100;
        row.capacityBytes = 1000;
        row.version = version;
        row.versions = 2;
        row.file = "/runs/k-" + std::to_string(version) + ".json";
        summary.rows.push_back(row);
    }
    const JunitDocument junit = parseJunit(summaryJunit(summary, std::nullopt));
    REQUIRE(junit.error.isEmpty());
    REQUIRE(junit.suites.size() == 1);
    REQUIRE(junit.suites.front().cases.size() == 2);
    CHECK(junit.suites.front().cases[0].name == "aiv ub (version 1 of 2)");
    CHECK(junit.suites.front().cases[1].name == "aiv ub (version 2 of 2)");
}
