// "Over capacity only" belongs to the plan it was ticked on: another dump opens with every
// block shown (a reload keeps it), and a table it empties says why.
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QCheckBox>

using namespace memlens;

namespace {

std::shared_ptr<const PlanDocument> example(const char* folder)
{
    return test::loadPath(
        (test::sourceDir() / "resources/examples/layer_norm" / folder / "memory_info_aiv.json").string());
}

} // namespace

TEST_CASE(
    "over capacity only is cleared by another dump, kept by a reload, and an empty table says why", "[table][filter]")
{
    PlanSession session;
    BlockTablePanel table(&session);
    session.setDocument(example("block16384"));
    table.overCapacityOnlyBox()->setChecked(true);
    CHECK(table.countText().startsWith("5 of 17"));

    session.setDocument(example("block16384")); // the same dump again: a reload
    CHECK(table.overCapacityOnlyBox()->isChecked());
    CHECK(table.countText().startsWith("5 of 17"));

    session.setDocument(example("block8192")); // another dump: every block shown
    CHECK_FALSE(table.overCapacityOnlyBox()->isChecked());
    CHECK(table.countText().startsWith("19 of 19"));

    // Ticked on a plan that fits: the count says nothing ends above the capacity.
    table.overCapacityOnlyBox()->setChecked(true);
    CHECK(table.countText().startsWith("0 of 19"));
    CHECK(table.countText().contains("none ends above the capacity"));
}
