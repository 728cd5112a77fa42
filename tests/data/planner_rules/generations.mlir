// Cases of our own for the newer compiler generation (after 52f96a1), written from its planner
// source (PlanMemory.cpp, regbase/PlanMemory.cpp, Passes.td): shared-mem-dynamic-size at both
// ends of its range and past them, SIMT / MIX / SIMD; the select-init rule on both passes; the A5
// pass's outline split from the first placement within capacity. Each has a twin planned as
// 52f96a1 where the rule changes the answer.
// CASE: gen_shared_mem_lower_bound_fits_simt
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: shared-mem-dynamic-size at the range's lower end, 122880 B: a SIMT function has 983040 bits of UB; 30720 f32 (122880 B) fit exactly
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=122880
// EXPECT-OFFSETS: %a = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_lower_bound_fits_simt(%src: memref<30720xf32, #hivm.address_space<gm>>, %dst: memref<30720xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<SIMT>} {
    %a = memref.alloc() : memref<30720xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<30720xf32, #hivm.address_space<gm>>) outs(%a : memref<30720xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<30720xf32, #hivm.address_space<ub>>) outs(%dst : memref<30720xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_lower_bound_overflows_simt
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: at 122880 B, 30728 f32 (122912 B) are one storage past the SIMT UB: the single-entry overflow
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=122880
// EXPECT-ERROR: ub overflow, requires 983296 bits while 983040 bits available!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_lower_bound_overflows_simt(%src: memref<30728xf32, #hivm.address_space<gm>>, %dst: memref<30728xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<SIMT>} {
    %a = memref.alloc() : memref<30728xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<30728xf32, #hivm.address_space<gm>>) outs(%a : memref<30728xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<30728xf32, #hivm.address_space<ub>>) outs(%dst : memref<30728xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_upper_bound_fits_mix
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: the range's upper end, 221184 B (UB - the minimal D-cache): a MIX function has 1769472 bits; 55296 f32 fit exactly
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=221184
// EXPECT-OFFSETS: %a = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_upper_bound_fits_mix(%src: memref<55296xf32, #hivm.address_space<gm>>, %dst: memref<55296xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<MIX>} {
    %a = memref.alloc() : memref<55296xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<55296xf32, #hivm.address_space<gm>>) outs(%a : memref<55296xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<55296xf32, #hivm.address_space<ub>>) outs(%dst : memref<55296xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_upper_bound_overflows_mix
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: at 221184 B, 55304 f32 (221216 B) overflow the MIX function's UB
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=221184
// EXPECT-ERROR: ub overflow, requires 1769728 bits while 1769472 bits available!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_upper_bound_overflows_mix(%src: memref<55304xf32, #hivm.address_space<gm>>, %dst: memref<55304xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<MIX>} {
    %a = memref.alloc() : memref<55304xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<55304xf32, #hivm.address_space<gm>>) outs(%a : memref<55304xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<55304xf32, #hivm.address_space<ub>>) outs(%dst : memref<55304xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_below_range_simt
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: 122879 B is below (UB - the maximum D-cache of 128 KB) / 8: the pass fails before planning
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=122879
// EXPECT-ERROR: PlanMemory Fail : SharedMemDynamicSize have to in range [122880, 221184], but got 122879!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_below_range_simt(%src: memref<64xf32, #hivm.address_space<gm>>, %dst: memref<64xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<SIMT>} {
    %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%a : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_above_range_mix
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: 221185 B is above (UB - the minimal D-cache) / 8
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=221185
// EXPECT-ERROR: PlanMemory Fail : SharedMemDynamicSize have to in range [122880, 221184], but got 221185!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_above_range_mix(%src: memref<64xf32, #hivm.address_space<gm>>, %dst: memref<64xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<MIX>} {
    %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%a : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_unset_simt
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: the option unset (-1, its default) is out of range for a SIMT function
// PASS: hivm-plan-memory-regbase
// GENERATION: newer
// EXPECT-ERROR: PlanMemory Fail : SharedMemDynamicSize have to in range [122880, 221184], but got -1!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_unset_simt(%src: memref<64xf32, #hivm.address_space<gm>>, %dst: memref<64xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<SIMT>} {
    %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%a : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_shared_mem_ignored_by_simd
// RULE: regbase/PlanMemory.cpp (newer) DynamicSetUbSpaceSize: a SIMD function (no hivm.vf_mode) keeps the whole UB, 2031616 bits, whatever the option says: 60000 f32 (240000 B) fit
// PASS: hivm-plan-memory-regbase=shared-mem-dynamic-size=100
// EXPECT-OFFSETS: %a = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_shared_mem_ignored_by_simd(%src: memref<60000xf32, #hivm.address_space<gm>>, %dst: memref<60000xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %a = memref.alloc() : memref<60000xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<60000xf32, #hivm.address_space<gm>>) outs(%a : memref<60000xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<60000xf32, #hivm.address_space<ub>>) outs(%dst : memref<60000xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_52f96a1_simt_vf_kb
// RULE: regbase/PlanMemory.cpp @52f96a1 DynamicSetUbSpaceSize: the older option simt-vf-dynamic-size, 216 KB by default: a SIMT function has 1769472 bits; 55304 f32 overflow it
// PASS: hivm-plan-memory-regbase
// GENERATION: 52f96a1
// EXPECT-ERROR: ub overflow, requires 1769728 bits while 1769472 bits available!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_52f96a1_simt_vf_kb(%src: memref<55304xf32, #hivm.address_space<gm>>, %dst: memref<55304xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vf_mode = #hivm.vf_mode<SIMT>} {
    %a = memref.alloc() : memref<55304xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<55304xf32, #hivm.address_space<gm>>) outs(%a : memref<55304xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<55304xf32, #hivm.address_space<ub>>) outs(%dst : memref<55304xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_select_init_keeps_yield_apart
// RULE: PlanMemory.cpp (newer) RecursiveForOp: the loop's init comes from arith.select, so the buffer it yields (%y) is ignore-in-place: the vadd never writes %y over the loop-local %t that dies there. The plan fits: storages side by side in gen order
// GENERATION: newer
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 1024
// EXPECT-OFFSETS: %t = 2048
// EXPECT-OFFSETS: %y = 3072
module attributes {hacc.target = #hacc.target<"Ascend910B1">} {
  func.func @gen_select_init_keeps_yield_apart(%src: memref<256xf32, #hivm.address_space<gm>>, %dst: memref<256xf32, #hivm.address_space<gm>>, %cond: i1) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%a : memref<256xf32, #hivm.address_space<ub>>)
    %b = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%b : memref<256xf32, #hivm.address_space<ub>>)
    %init = arith.select %cond, %a, %b : memref<256xf32, #hivm.address_space<ub>>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (memref<256xf32, #hivm.address_space<ub>>) {
      %t = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%t : memref<256xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%t, %acc : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%y : memref<256xf32, #hivm.address_space<ub>>)
      scf.yield %y : memref<256xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%r : memref<256xf32, #hivm.address_space<ub>>) outs(%dst : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_select_init_52f96a1_in_place
// RULE: PlanMemory.cpp @52f96a1 GenerateInplaceList: without the select-init rule the vadd writes %y over %t, which dies there (one storage)
// GENERATION: 52f96a1
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 1024
// EXPECT-OFFSETS: %t = 2048
// EXPECT-OFFSETS: %y = 2048
module attributes {hacc.target = #hacc.target<"Ascend910B1">} {
  func.func @gen_select_init_52f96a1_in_place(%src: memref<256xf32, #hivm.address_space<gm>>, %dst: memref<256xf32, #hivm.address_space<gm>>, %cond: i1) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%a : memref<256xf32, #hivm.address_space<ub>>)
    %b = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%b : memref<256xf32, #hivm.address_space<ub>>)
    %init = arith.select %cond, %a, %b : memref<256xf32, #hivm.address_space<ub>>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (memref<256xf32, #hivm.address_space<ub>>) {
      %t = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%t : memref<256xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%t, %acc : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%y : memref<256xf32, #hivm.address_space<ub>>)
      scf.yield %y : memref<256xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%r : memref<256xf32, #hivm.address_space<ub>>) outs(%dst : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_select_init_keeps_yield_apart_regbase
// RULE: regbase/PlanMemory.cpp (newer) RecursiveForOp: the same rule in the A5 pass
// PASS: hivm-plan-memory-regbase
// GENERATION: newer
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 1024
// EXPECT-OFFSETS: %t = 2048
// EXPECT-OFFSETS: %y = 3072
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_select_init_keeps_yield_apart_regbase(%src: memref<256xf32, #hivm.address_space<gm>>, %dst: memref<256xf32, #hivm.address_space<gm>>, %cond: i1) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%a : memref<256xf32, #hivm.address_space<ub>>)
    %b = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%b : memref<256xf32, #hivm.address_space<ub>>)
    %init = arith.select %cond, %a, %b : memref<256xf32, #hivm.address_space<ub>>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (memref<256xf32, #hivm.address_space<ub>>) {
      %t = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%t : memref<256xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%t, %acc : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%y : memref<256xf32, #hivm.address_space<ub>>)
      scf.yield %y : memref<256xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%r : memref<256xf32, #hivm.address_space<ub>>) outs(%dst : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_select_init_52f96a1_in_place_regbase
// RULE: regbase/PlanMemory.cpp @52f96a1: without the rule the A5 pass merges %y into %t too
// PASS: hivm-plan-memory-regbase
// GENERATION: 52f96a1
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 1024
// EXPECT-OFFSETS: %t = 2048
// EXPECT-OFFSETS: %y = 2048
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_select_init_52f96a1_in_place_regbase(%src: memref<256xf32, #hivm.address_space<gm>>, %dst: memref<256xf32, #hivm.address_space<gm>>, %cond: i1) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%a : memref<256xf32, #hivm.address_space<ub>>)
    %b = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%b : memref<256xf32, #hivm.address_space<ub>>)
    %init = arith.select %cond, %a, %b : memref<256xf32, #hivm.address_space<ub>>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (memref<256xf32, #hivm.address_space<ub>>) {
      %t = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<256xf32, #hivm.address_space<gm>>) outs(%t : memref<256xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<256xf32, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%t, %acc : memref<256xf32, #hivm.address_space<ub>>, memref<256xf32, #hivm.address_space<ub>>) outs(%y : memref<256xf32, #hivm.address_space<ub>>)
      scf.yield %y : memref<256xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%r : memref<256xf32, #hivm.address_space<ub>>) outs(%dst : memref<256xf32, #hivm.address_space<gm>>)
    return
  }
}
// -----
// CASE: gen_split_outline_keeps_pong_apart_regbase
// RULE: regbase/PlanMemory.cpp (newer) PlanMemAddressOfWholeLocalBuffer: once the level-3 plan
//   without a limit overflows (328 KB of DMA buffers, 248 KB of UB), the search within capacity
//   runs on a split outline from its first placement. %big (96 KB, 2 copies) takes offset 0, over
//   %first's two 32 KB storages and the free space after them, and leaves one segment per piece
//   it covers. %late (40 KB, one copy) would take the first of them at level 1, but its range
//   spans two segments, so level 1 refuses it and level 0 gives it offset 0 alone: it no longer
//   shares %big's second copy's offset (the pong slot).
// PASS: hivm-plan-memory-regbase
// GENERATION: newer
// EXPECT-OFFSETS: %first = 0, 32768
// EXPECT-OFFSETS: %big = 0, 98304
// EXPECT-OFFSETS: %small = 196608, 212992
// EXPECT-OFFSETS: %late = 0
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2686976 bits while 2031616 bits available!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_split_outline_keeps_pong_apart_regbase(%g0: memref<8192xf32, #hivm.address_space<gm>>, %g1: memref<24576xf32, #hivm.address_space<gm>>, %g2: memref<4096xf32, #hivm.address_space<gm>>, %g3: memref<10240xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %first = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
      annotation.mark %first {hivm.multi_buffer = 2 : i32} : memref<8192xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g0 : memref<8192xf32, #hivm.address_space<gm>>) outs(%first : memref<8192xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%first : memref<8192xf32, #hivm.address_space<ub>>) outs(%g0 : memref<8192xf32, #hivm.address_space<gm>>)
      %big = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
      annotation.mark %big {hivm.multi_buffer = 2 : i32} : memref<24576xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g1 : memref<24576xf32, #hivm.address_space<gm>>) outs(%big : memref<24576xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%big : memref<24576xf32, #hivm.address_space<ub>>) outs(%g1 : memref<24576xf32, #hivm.address_space<gm>>)
      %small = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
      annotation.mark %small {hivm.multi_buffer = 2 : i32} : memref<4096xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g2 : memref<4096xf32, #hivm.address_space<gm>>) outs(%small : memref<4096xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%small : memref<4096xf32, #hivm.address_space<ub>>) outs(%g2 : memref<4096xf32, #hivm.address_space<gm>>)
      %late = memref.alloc() : memref<10240xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g3 : memref<10240xf32, #hivm.address_space<gm>>) outs(%late : memref<10240xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%late : memref<10240xf32, #hivm.address_space<ub>>) outs(%g3 : memref<10240xf32, #hivm.address_space<gm>>)
    }
    return
  }
}
// -----
// CASE: gen_split_outline_52f96a1_shares_pong_regbase
// RULE: regbase/PlanMemory.cpp @52f96a1: the outline is split only after a failed search
//   restarts, so %big's placement leaves one segment over [0, 96 KB); %late takes it at level 1
//   with %big's pong slot as its second offset.
// PASS: hivm-plan-memory-regbase
// GENERATION: 52f96a1
// EXPECT-OFFSETS: %first = 0, 32768
// EXPECT-OFFSETS: %big = 0, 98304
// EXPECT-OFFSETS: %small = 196608, 212992
// EXPECT-OFFSETS: %late = 0, 98304
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2686976 bits while 2031616 bits available!
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @gen_split_outline_52f96a1_shares_pong_regbase(%g0: memref<8192xf32, #hivm.address_space<gm>>, %g1: memref<24576xf32, #hivm.address_space<gm>>, %g2: memref<4096xf32, #hivm.address_space<gm>>, %g3: memref<10240xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %first = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
      annotation.mark %first {hivm.multi_buffer = 2 : i32} : memref<8192xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g0 : memref<8192xf32, #hivm.address_space<gm>>) outs(%first : memref<8192xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%first : memref<8192xf32, #hivm.address_space<ub>>) outs(%g0 : memref<8192xf32, #hivm.address_space<gm>>)
      %big = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
      annotation.mark %big {hivm.multi_buffer = 2 : i32} : memref<24576xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g1 : memref<24576xf32, #hivm.address_space<gm>>) outs(%big : memref<24576xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%big : memref<24576xf32, #hivm.address_space<ub>>) outs(%g1 : memref<24576xf32, #hivm.address_space<gm>>)
      %small = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
      annotation.mark %small {hivm.multi_buffer = 2 : i32} : memref<4096xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g2 : memref<4096xf32, #hivm.address_space<gm>>) outs(%small : memref<4096xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%small : memref<4096xf32, #hivm.address_space<ub>>) outs(%g2 : memref<4096xf32, #hivm.address_space<gm>>)
      %late = memref.alloc() : memref<10240xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%g3 : memref<10240xf32, #hivm.address_space<gm>>) outs(%late : memref<10240xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%late : memref<10240xf32, #hivm.address_space<ub>>) outs(%g3 : memref<10240xf32, #hivm.address_space<gm>>)
    }
    return
  }
}
