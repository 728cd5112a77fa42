#include "app/document_loader.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <QSignalSpy>

using namespace memlens;

Q_DECLARE_METATYPE(std::shared_ptr<const memlens::PlanDocument>)

TEST_CASE("the loader delivers a document off the GUI thread", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy busy(&loader, &DocumentLoader::busyChanged);
    const int job = loader.load(QString::fromStdString(memlens::test::data("dumps/two_scopes_multibuffer.json").string()), {});
    REQUIRE(loaded.wait(5000));
    CHECK(loaded.at(0).at(0).toInt() == job);
    const auto document = loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>();
    REQUIRE(document);
    CHECK(document->dump.kernel == "_softmax_kernel");
    CHECK(busy.count() == 2);
    CHECK_FALSE(loader.isBusy());
}

TEST_CASE("the loader reports a bad dump as a message naming the file and path", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    loader.load(QString::fromStdString(memlens::test::data("dumps/bad/missing_offset.json").string()), {});
    REQUIRE(failed.wait(5000));
    CHECK(failed.at(0).at(2).toString().contains("missing_offset.json: Record[0].memory_info_array[1]: missing key \"offset\""));
}

TEST_CASE("a stale load never replaces a newer one", "[loader]")
{
    DocumentLoader loader;
    QSignalSpy loaded(&loader, &DocumentLoader::loaded);
    QSignalSpy failed(&loader, &DocumentLoader::failed);
    loader.load(QString::fromStdString(memlens::test::data("dumps/two_scopes_multibuffer.json").string()), {});
    const int newest = loader.load(QString::fromStdString(memlens::test::data("dumps/flat_layout.json").string()), {});
    QSignalSpy idle(&loader, &DocumentLoader::busyChanged);
    REQUIRE(idle.wait(5000));
    CHECK(failed.isEmpty());
    REQUIRE(loaded.count() == 1);
    CHECK(loaded.at(0).at(0).toInt() == newest);
    CHECK(loaded.at(0).at(1).value<std::shared_ptr<const PlanDocument>>()->dump.kernel == "_old_kernel");
}
