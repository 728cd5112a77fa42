// A loop that loads two 128x256 f16 tiles (64 KB each, both double-buffered), multiplies
// them in place and stores the product: 256 KB of UB with the marks, 128 KB without.
module attributes {hacc.target = #hacc.target<"Ascend910B1">} {
  func.func @tile_mul(%x: memref<1024x256xf16, #hivm.address_space<gm>>,
                      %y: memref<1024x256xf16, #hivm.address_space<gm>>,
                      %z: memref<1024x256xf16, #hivm.address_space<gm>>)
      attributes {hacc.entry, hacc.function_kind = #hacc.function_kind<DEVICE>,
                  hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %a = memref.alloc() : memref<128x256xf16, #hivm.address_space<ub>>
      annotation.mark %a {hivm.multi_buffer = 2 : i32} : memref<128x256xf16, #hivm.address_space<ub>>
      %b = memref.alloc() : memref<128x256xf16, #hivm.address_space<ub>>
      annotation.mark %b {hivm.multi_buffer = 2 : i32} : memref<128x256xf16, #hivm.address_space<ub>>
      %c = memref.alloc() : memref<128x256xf16, #hivm.address_space<ub>>
      %xs = memref.subview %x[0, 0] [128, 256] [1, 1] : memref<1024x256xf16, #hivm.address_space<gm>> to memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>
      %ys = memref.subview %y[0, 0] [128, 256] [1, 1] : memref<1024x256xf16, #hivm.address_space<gm>> to memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>
      %zs = memref.subview %z[0, 0] [128, 256] [1, 1] : memref<1024x256xf16, #hivm.address_space<gm>> to memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>
      hivm.hir.load ins(%xs : memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>) outs(%a : memref<128x256xf16, #hivm.address_space<ub>>)
      hivm.hir.load ins(%ys : memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>) outs(%b : memref<128x256xf16, #hivm.address_space<ub>>)
      hivm.hir.vmul ins(%a, %b : memref<128x256xf16, #hivm.address_space<ub>>, memref<128x256xf16, #hivm.address_space<ub>>) outs(%c : memref<128x256xf16, #hivm.address_space<ub>>)
      hivm.hir.store ins(%c : memref<128x256xf16, #hivm.address_space<ub>>) outs(%zs : memref<128x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>)
    }
    return
  }
}
