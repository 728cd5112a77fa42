// An A5 kernel of our own in MIX mode: two 120 KB UB buffers live together (240 KB). On an
// Ascend950 target a SIMD function has 248 KB of UB and they fit side by side; a MIX (or
// SIMT) one has simt-vf-dynamic-size, 216 KB by default, and they do not.
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @mix_pair(%x: memref<30720xf32, #hivm.address_space<gm>>, %y: memref<30720xf32, #hivm.address_space<gm>>) -> f32 attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<MIX>} {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<30720xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<30720xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%x : memref<30720xf32, #hivm.address_space<gm>>) outs(%a : memref<30720xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%y : memref<30720xf32, #hivm.address_space<gm>>) outs(%b : memref<30720xf32, #hivm.address_space<ub>>)
    %0 = memref.load %a[%c0] : memref<30720xf32, #hivm.address_space<ub>>
    %1 = memref.load %b[%c0] : memref<30720xf32, #hivm.address_space<ub>>
    %2 = arith.addf %0, %1 : f32
    return %2 : f32
  }
}
