// The planner one phase at a time, on small kernels of our own
// (tests/data/mlir/planner_phases.mlir): the storage entries after in-place merging, the
// ub reorder, and the level each storage lands at in the search within capacity. When a
// whole-plan case fails, these say which phase went wrong.
#include "core/planner/block_liveness.hpp"
#include "core/planner/buffer_liveness.hpp"
#include "core/planner/inplace_rules.hpp"
#include "core/planner/level_search.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/op_sequence.hpp"
#include "core/planner/storage_entries.hpp"
#include "tests/support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <sstream>

using namespace memlens::planner;

namespace {

constexpr std::uint64_t kAscend910B1UbBits = 1572864; // Ascend910B1
constexpr std::uint64_t kUbAlignBits = 256;

const Module& phasesModule()
{
    static const std::unique_ptr<Module> module = [] {
        std::ifstream in(memlens::test::data("mlir/planner_phases.mlir"));
        std::stringstream text;
        text << in.rdbuf();
        return readMlir(text.str(), "planner_phases.mlir");
    }();
    return *module;
}

// The phases of one function up to its storage entries, seed 0 unshuffled.
struct Phases {
    explicit Phases(const std::string& name, PlanOptions planOptions = {})
        : options(planOptions)
    {
        for (const Function& f : phasesModule().functions)
            if (f.name == name)
                function = &f;
        REQUIRE(function);
        sequence = linearize(*function);
        blocks = std::make_unique<BlockLiveness>(*function->op);
        pipes = classifyBuffers(*function->op);
        facts = std::make_unique<ModuleFacts>(*function->op);
        LivenessOptions livenessOptions;
        livenessOptions.shuffle = false;
        buffers
            = std::make_unique<BufferLives>(BufferLiveness(*function, sequence, *blocks, 0, livenessOptions).build());
        REQUIRE(buffers->errors.empty());
        entries = std::make_unique<StorageEntries>(*buffers, sequence, pipes, *facts, options);
        entries->build();
    }

    const Value* buffer(const std::string& name) const
    {
        for (const Value* value : buffers->bufferOrder)
            if (value->name == name)
                return value;
        FAIL("no alloc " << name);
        return nullptr;
    }

    std::vector<std::string> names(const StorageEntry* entry) const
    {
        std::vector<std::string> out;
        for (const Value* value : entry->inplaceBuffers)
            out.push_back(value->name);
        return out;
    }

    StorageEntry* ubRoot() const
    {
        for (const auto& [scope, root] : entries->scopeRoots())
            if (scope == "ub")
                return root;
        FAIL("no ub scope");
        return nullptr;
    }

    PlanOptions options;
    const Function* function = nullptr;
    std::vector<SequenceEntry> sequence;
    std::unique_ptr<BlockLiveness> blocks;
    PipeClasses pipes;
    std::unique_ptr<ModuleFacts> facts;
    std::unique_ptr<BufferLives> buffers;
    std::unique_ptr<StorageEntries> entries;
};

} // namespace

TEST_CASE("planner phases: the output of an elementwise op takes the storage of the input it reads last", "[planner]")
{
    Phases phases("phase_inplace");
    const auto& entries = phases.entries->entries();
    REQUIRE(entries.size() == 2);
    const StorageEntry* shared = phases.entries->entryOf(phases.buffer("%x"));
    REQUIRE(shared);
    CHECK(shared == phases.entries->entryOf(phases.buffer("%scaled")));
    // The gen's buffers go first in the merged entry; its Life runs from %x's load to %scaled's store.
    CHECK(phases.names(shared) == std::vector<std::string>{"%scaled", "%x"});
    REQUIRE(shared->lives.size() == 1);
    const BufferLife xLife = phases.buffers->lives.at(phases.buffer("%x"));
    const BufferLife scaledLife = phases.buffers->lives.at(phases.buffer("%scaled"));
    CHECK(shared->lives.front().allocTime == xLife.allocTime);
    CHECK(shared->lives.front().freeTime == scaledLife.freeTime);
    const StorageEntry* keep = phases.entries->entryOf(phases.buffer("%keep"));
    REQUIRE(keep);
    CHECK(keep != shared);
    CHECK(phases.names(keep) == std::vector<std::string>{"%keep"});
    // One ub scope, rooted at the first entry, the other its child.
    REQUIRE(phases.entries->scopeRoots().size() == 1);
    CHECK(phases.ubRoot()->children.size() == 1);
}

TEST_CASE("planner phases: a mem_unique buffer merges in place under the A2/A3 rules, not the A5 ones", "[planner]")
{
    Phases membase("phase_inplace_unique");
    CHECK(membase.entries->entries().size() == 1);
    CHECK(membase.entries->entryOf(membase.buffer("%x")) == membase.entries->entryOf(membase.buffer("%scaled")));
    PlanOptions options;
    options.rules = PlanRules::regbase();
    Phases regbase("phase_inplace_unique", options);
    CHECK(regbase.entries->entries().size() == 2);
    CHECK(regbase.entries->entryOf(regbase.buffer("%x")) != regbase.entries->entryOf(regbase.buffer("%scaled")));
}

TEST_CASE("planner phases: the ub reorder searches DMA, then other, then scalar storages", "[planner]")
{
    Phases phases("phase_reorder");
    StorageEntry* root = phases.ubRoot();
    // Before: gen order.
    CHECK(phases.names(root) == std::vector<std::string>{"%flag"});
    StorageEntry* reordered = phases.entries->reorder(root);
    std::vector<std::string> order = phases.names(reordered);
    for (const StorageEntry* child : reordered->children)
        order.push_back(child->inplaceBuffers.front()->name);
    CHECK(order == std::vector<std::string>{"%tile", "%filled", "%flag"});
}

TEST_CASE("planner phases: each storage lands at the strictest level that has room", "[planner]")
{
    Phases phases("phase_levels");
    StorageEntry* root = phases.entries->reorder(phases.ubRoot());
    PlanOptions options;
    SearchBudget budget(options, nullptr);
    LevelSearch search(*phases.entries, budget);
    // Without a limit, no storage shares an address with a pipe-conflicting one: 240 KB.
    CHECK(search.planUnlimited(root, ReuseLevel::NoPipeConflict, kUbAlignBits) == 3 * 81920 * 8);
    REQUIRE(search.planWithin(root, kAscend910B1UbBits, kUbAlignBits));
    std::map<std::string, std::pair<ReuseLevel, std::uint64_t>> landed;
    for (const auto& [entry, level] : search.placedLevels())
        landed[entry->inplaceBuffers.front()->name] = {level, entry->offset / 8};
    using Landed = std::pair<ReuseLevel, std::uint64_t>;
    CHECK(landed["%outer1"] == Landed{ReuseLevel::NoPipeConflict, 0});
    CHECK(landed["%inner"] == Landed{ReuseLevel::NoPipeConflict, 81920});
    CHECK(landed["%outer2"] == Landed{ReuseLevel::NoPipeConflictInLoop, 81920});
    CHECK(budget.placements() == 4); // %outer2 tried at level 3, then placed at level 2
    CHECK(budget.stop() == SearchBudget::Stop::None);
}
