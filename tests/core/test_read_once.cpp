// A file opened to be planned (an IR, a compile log) is read once: the kind is told by its
// first bytes, one pass plans it, and the IR pane and the compile log are made of what that
// pass read. Counted with inotify: an open of the file that reads from it before its close.
#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>

using namespace memlens;

namespace {

class ReadingOpens {
public:
    explicit ReadingOpens(const std::string& path)
        : fd_(inotify_init1(IN_NONBLOCK))
    {
        REQUIRE(fd_ >= 0);
        REQUIRE(inotify_add_watch(fd_, path.c_str(), IN_ACCESS | IN_CLOSE_NOWRITE | IN_CLOSE_WRITE) >= 0);
    }
    ~ReadingOpens() { ::close(fd_); }
    ReadingOpens(const ReadingOpens&) = delete;
    ReadingOpens& operator=(const ReadingOpens&) = delete;

    // Closes with a read since the close before (events of one kind in a row come as one).
    int count()
    {
        alignas(inotify_event) char buffer[64 * 1024];
        for (;;) {
            const ssize_t got = ::read(fd_, buffer, sizeof buffer);
            if (got <= 0)
                break;
            for (char* at = buffer; at < buffer + got;) {
                const auto* event = reinterpret_cast<const inotify_event*>(at);
                if (event->mask & IN_ACCESS)
                    accessed_ = true;
                if (event->mask & (IN_CLOSE_NOWRITE | IN_CLOSE_WRITE)) {
                    reading_ += accessed_ ? 1 : 0;
                    accessed_ = false;
                }
                at += sizeof(inotify_event) + event->len;
            }
        }
        return reading_;
    }

private:
    int fd_;
    int reading_ = 0;
    bool accessed_ = false;
};

} // namespace

TEST_CASE("a compile log opened to be planned is read once, its IR pane and compile log made of that read",
    "[computed][read_once]")
{
    test::TempDir folder;
    const auto log = folder.path / "compile.log";
    std::filesystem::copy_file(test::sourceDir() / "resources/examples/layer_norm/a5/block8192/compile.log", log);
    ReadingOpens opens(log.string());
    const PlanDocument document = loadPlanDocument(log.string(), {});
    // The first bytes (is it a dump?), then the one pass that plans it.
    CHECK(opens.count() == 2);
    CHECK(document.planSource == PlanSource::CompilerLog);
    REQUIRE(document.ir);
    CHECK(document.ir->text() == test::readText(log));
    REQUIRE(document.log);
    CHECK(document.log->file == log.string());
    CHECK_FALSE(document.log->ops.empty());
}

TEST_CASE("an IR file opened to be planned is read once, its IR pane made of that read", "[computed][read_once]")
{
    test::TempDir folder;
    const auto ir = folder.path / "kernel.mlir";
    std::filesystem::copy_file(test::data("mlir/planner_phases.mlir"), ir);
    ReadingOpens opens(ir.string());
    const PlanDocument document = loadPlanDocument(ir.string(), {});
    CHECK(opens.count() == 2);
    CHECK(document.planSource == PlanSource::Memlens);
    REQUIRE(document.ir);
    CHECK(document.ir->text() == test::readText(ir));
}

TEST_CASE("the planner check plans the compile log's section as the log's reader read it", "[planner_check][read_once]")
{
    // The dump with its compile log beside it: the log's section is read by the planner's reader
    // once, and the check is handed that module and the IR pane's own text, not a copy to read again.
    const PlanDocument document = loadPlanDocument(test::exampleDump("block16384").string(), {});
    REQUIRE(document.log);
    REQUIRE(document.log->plannerModule);
    REQUIRE(document.plannerCheck);
    CHECK(document.plannerCheck->reproduces());
    CHECK(document.plannerCheck->ir.text.get() == &document.log->ir->text());
    const PlannerIrResult ir = plannerIrOf(document);
    REQUIRE(ir.ir);
    CHECK(ir.ir->module == document.log->plannerModule);
    CHECK(ir.ir->text.get() == &document.log->ir->text());
}
