#include "core/document/plan_document.hpp"
#include "core/source/ir_index.hpp"
#include "core/source/ir_type_check.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {
std::string example(const char* relative)
{
    return (memlens::test::sourceDir() / "resources/examples/layer_norm" / relative).string();
}
} // namespace

TEST_CASE("an IR of another block size is flagged by its types, the dump's own is not", "[ir][match]")
{
    LoadOptions options;
    options.irFile = example("block16384/_layer_norm_fwd_fused.ttadapter");
    const PlanDocument wrong = loadPlanDocument(example("block8192/memory_info_aiv.json"), options);
    // The locations match (same kernel, same lines), so the IR is used, with a warning.
    CHECK(wrong.ir);
    CHECK(wrong.irWarning.find("none of the dump's buffer shapes (128xf32, 8192xf16, 8192xf32, ...)") == 0);
    CHECK(wrong.irWarning.find("block16384/_layer_norm_fwd_fused.ttadapter") != std::string::npos);

    options.irFile = example("block8192/_layer_norm_fwd_fused.ttadapter");
    const PlanDocument right = loadPlanDocument(example("block8192/memory_info_aiv.json"), options);
    CHECK(right.ir);
    CHECK(right.irWarning.empty());
    // And beside its own dump the 16384 IR is fine.
    const PlanDocument own = loadPlanDocument(example("block16384/memory_info_aiv.json"), {});
    CHECK(own.ir);
    CHECK(own.irWarning.empty());
}

TEST_CASE("only static memref shapes are looked for in the IR", "[ir][match]")
{
    const auto bufferOf = [](const char* type) {
        Buffer buffer;
        buffer.setType(type);
        return buffer;
    };
    Dump dump;
    dump.scopes.emplace_back();
    for (const char* type :
        {"memref<?x16xf16, #hivm.address_space<ub>>", "memref<f32, #hivm.address_space<ub>>", "tensor<4x16xf16>"})
        dump.scopes.back().buffers.push_back(bufferOf(type));
    const IrIndex ir = IrIndex::build("func.func @k() {\n  return\n}\n", "k.mlir");
    CHECK(irTypeMismatch(dump, ir).empty()); // nothing static to look for

    dump.scopes.back().buffers.push_back(bufferOf("memref<4x16xf16, #hivm.address_space<ub>>"));
    CHECK(irTypeMismatch(dump, ir).find("none of the dump's buffer shapes (4x16xf16)") == 0);
    const IrIndex matching
        = IrIndex::build("%a = memref.alloc() : memref<4x16xf16, #hivm.address_space<ub>>\n", "k.mlir");
    CHECK(irTypeMismatch(dump, matching).empty());
}
