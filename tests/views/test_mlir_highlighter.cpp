// Pins what the IR pane's highlighter makes of a few lines, run by run, so a change to the
// scanning it shares with the Python highlighter cannot change a format unseen.
#include "support/highlight_runs.hpp"
#include "views/source/mlir_highlighter.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

const char* const kMlirLines = R"IR(#loc12 = loc("kernel.py":55:10)
module attributes {hacc.target = #hacc.target<"Ascend910B1">} {
  func.func @layer_norm(%arg0: memref<?xf32, #hivm.address_space<gm>>, %arg1: i32) -> (tensor<4x?xbf16>) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant -1.5e+03 : f32
    %alloc_3 = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>> loc(#loc12)
    scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %cst) -> (f32) {
  ^bb0(%x: f16, %y: f8E4M3FN, %z: si32, %w: ui8x):  // a block label
    %h = arith.constant 0x1F : i8 loc(fused["a.py":1:2, "b.py":3:4])
    hivm.hir.vreduce <sum> ins(%alloc_3 : memref<1xf32>) outs(%r : memref<1xf32>) {tt.divisibility = 16 : i32}
    %s = "x\"y" dense<[1.0, 2e3]> : vector<2xf32> #attr %a$b.c-d#1 unit private
    } else { "unterminated)IR";

} // namespace

TEST_CASE("the IR highlighter's runs, line by line", "[highlighter][mlir]")
{
    // As the highlighter made them before it shared its scan (the same in both themes).
    const std::string expected = R"PIN(#loc12 = loc("kernel.py":55:10)=location
module=keyword attributes=keyword #hacc.target<"Ascend910B1">=type
func.func=function+b %arg0=variable memref<?xf32, #hivm.address_space<gm>>=type %arg1=variable i32=type tensor<4x?xbf16>=type
%c0=variable arith.constant=function+b 0=number index=type
%cst=variable arith.constant=function+b -1.5e+03=number f32=type
%alloc_3=variable memref.alloc=function+b memref<16384xf32, #hivm.address_space<ub>>=type loc(#loc12)=location
scf.for=function+b %i=variable %c0=variable to=keyword %c16=variable step=keyword %c1=variable iter_args=keyword %acc=variable %cst=variable f32=type
^bb0=control %x=variable f16=type %y=variable f8E4M3FN=type %z=variable si32=type %w=variable // a block label=comment+i
%h=variable arith.constant=function+b 0x1F=number i8=type loc(fused["a.py":1:2, "b.py":3:4])=location
hivm.hir.vreduce=function+b ins=keyword %alloc_3=variable memref<1xf32>=type outs=keyword %r=variable memref<1xf32>=type 16=number i32=type
%s=variable "x\"y"=string dense=keyword 1.0=number 2e3=number vector<2xf32>=type #attr=type %a$b.c-d#1=variable unit=keyword private=keyword
else=keyword "unterminated=string)PIN";
    for (const bool dark : {false, true})
        CHECK(test::highlightRuns<MlirHighlighter>(QString::fromUtf8(kMlirLines), dark).join(u'\n').toStdString()
            == expected);
}
