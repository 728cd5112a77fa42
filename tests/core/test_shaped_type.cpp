// The one reader of MLIR shaped types, shared by the planner's memrefs and the dump's buffer types.
#include "core/base/shaped_type.hpp"
#include "core/dump/memref_type.hpp"
#include "core/planner/mlir_module.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("shaped type: kind, shape, element type and the attributes after them", "[shaped_type]")
{
    const auto type = parseShapedType(" memref<2x?x16xf16, strided<[32, 16, 1], offset: 4>, #hivm.address_space<ub>> ");
    REQUIRE(type);
    CHECK(type->kind == "memref");
    CHECK(type->shape == std::vector<std::int64_t>{2, -1, 16});
    CHECK(type->elementType == "f16");
    CHECK(type->attributes == std::vector<std::string>{"strided<[32, 16, 1], offset: 4>", "#hivm.address_space<ub>"});
    const auto tensor = parseShapedType("tensor<128xbf16>");
    REQUIRE(tensor);
    CHECK(tensor->kind == "tensor");
    CHECK(tensor->shape == std::vector<std::int64_t>{128});
    CHECK(tensor->elementType == "bf16");
    CHECK_FALSE(parseShapedType("f32"));
    CHECK_FALSE(parseShapedType("memref<4xf32"));
}

TEST_CASE("shaped type: the planner's memref and the dump's buffer type read one type alike", "[shaped_type]")
{
    const std::string text = "memref<4x1024xi8, strided<[1024, 1], offset: ?>, #hivm.address_space<cbuf>>";
    const planner::MemrefType memref = planner::parseMemrefType(text);
    const BufferType described = describeMemrefType(text);
    REQUIRE(memref.valid);
    CHECK(memref.shape == described.shape);
    CHECK(memref.elementType == described.elementType);
    CHECK(memref.elementBits == 8);
    CHECK(memref.addressSpace == "cbuf");
    CHECK_FALSE(memref.layoutOffset.has_value());
    CHECK(memref.strides == std::vector<std::int64_t>{1024, 1});
    CHECK_FALSE(planner::parseMemrefType("tensor<4xf32>").valid);
}
