// The placement search of the compiler's hivm-plan-memory pass (PlanMemory.cpp @52f96a1,
// PlanMemAddressOfWholeLocalBuffer, MultiSpecPlan, SpecAlloc and VerifyConflictStage0..3),
// the ub reorder and the largest-first option, each with a case of our own. Levels: 3 - no
// address shared with a pipe-conflicting storage (BufferPipeConflict); 2 - none shared with
// a storage of the same innermost loop; 1 - multi-buffer slots (multibuffer.mlir); 0 -
// Lives only.

// CASE: rules_plan_exact_capacity_is_no_reuse
// RULE: PlanMemAddressOfWholeLocalBuffer: when the aligned sizes add up to no more than the
//   capacity (required <= maxBits, equal included) storages are laid side by side in gen
//   order, with no reorder: %sc (64 KB, scalar) at 0 and %d (128 KB, DMA) after it; together
//   exactly 1572864 bits. (Reordered, DMA first, %d would come first.)
// EXPECT-OFFSETS: %sc = 0
// EXPECT-OFFSETS: %d = 65536
module {
  func.func @rules_plan_exact_capacity_is_no_reuse(%src : memref<32768xf32, #hivm.address_space<gm>>,
                                                   %dst : memref<32768xf32, #hivm.address_space<gm>>) {
    %sc = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %d = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.000000e+00 : f32
    memref.store %one, %sc[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    %v = memref.load %sc[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<32768xf32, #hivm.address_space<gm>>) outs(%d : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%d : memref<32768xf32, #hivm.address_space<ub>>) outs(%dst : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_level3_scalar_buffers_share
// RULE: BufferPipeConflict (OptMemPlanForPipeline.cpp) asks "both scalar?" first: two
//   buffers touched by memref.load/store never conflict, even when one is also a DMA buffer.
//   %p (128 KB DMA) lives throughout; %sa (64 KB, loaded by hivm.load and read by
//   memref.load) and %sb (64 KB scalar) have disjoint Lives. 256 KB in all, so the storages
//   are reordered (DMA: %p, %sa; scalar: %sb) and planned at level 3 with no limit: %sb may
//   share %sa's address, the high-water mark is 192 KB <= capacity and that plan is kept -
//   no multi-level search, no warning. Lives %p [5,10], %sa [6,7], %sb [8,9].
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %sa = 131072
// EXPECT-OFFSETS: %sb = 131072
module {
  func.func @rules_level3_scalar_buffers_share(%big : memref<32768xf32, #hivm.address_space<gm>>,
                                               %part : memref<16384xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %sa = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %sb = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    hivm.hir.load ins(%big : memref<32768xf32, #hivm.address_space<gm>>) outs(%p : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%part : memref<16384xf32, #hivm.address_space<gm>>) outs(%sa : memref<16384xf32, #hivm.address_space<ub>>)
    %v = memref.load %sa[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    memref.store %v, %sb[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    %w = memref.load %sb[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%p : memref<32768xf32, #hivm.address_space<ub>>) outs(%big : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_level2_other_loop_may_share
// RULE: VerifyConflictStage2 / PipeConflictInSameLoop: at level 2 a storage may overlap (in
//   address) any placed storage whose innermost loop differs from its own. Loop B holds
//   %y1 and %y2, the nested loop C holds %x; 96 KB each, disjoint Lives, all DMA. Within
//   capacity: %y1 at 0, %x at 96 KB (level 3); %y2 fails level 3, and at level 2 skips %y1's
//   address (same loop) and takes %x's (loop C) - level 0 alone would have taken 0.
//   Lives %y1 [5,6], %x [9,10], %y2 [14,15].
// EXPECT-OFFSETS: %y1 = 0
// EXPECT-OFFSETS: %x = 98304
// EXPECT-OFFSETS: %y2 = 98304
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2359296 bits while 1572864 bits available!
module {
  func.func @rules_level2_other_loop_may_share(%src : memref<24576xf32, #hivm.address_space<gm>>,
                                               %dst : memref<24576xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %y1 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%y1 : memref<24576xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%y1 : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
      scf.for %j = %c0 to %c2 step %c1 {
        %x = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
        hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%x : memref<24576xf32, #hivm.address_space<ub>>)
        hivm.hir.store ins(%x : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
        scf.yield
      }
      %y2 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%y2 : memref<24576xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%y2 : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_reorder_default_keeps_gen_order
// RULE: GetReorderRootStorageEntry with the default strategy: groups (mem-unique, DMA,
//   other, scalar) each in gen order. %p (64 KB DMA) lives throughout; scalar %s1 (32 KB,
//   [7,9]), %s2 (96 KB, [8,10]), %s3 (96 KB, [11,12]). Level 3 without a limit: %p 0, %s1
//   64 KB, %s2 96 KB (its Life meets %s1's), %s3 64 KB over the freed %s1 and %s2 (scalar
//   storages do not pipe-conflict): high-water 192 KB, kept.
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %s1 = 65536
// EXPECT-OFFSETS: %s2 = 98304
// EXPECT-OFFSETS: %s3 = 65536
module {
  func.func @rules_reorder_default_keeps_gen_order(%src : memref<16384xf32, #hivm.address_space<gm>>,
                                                   %dst : memref<16384xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %s1 = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %s2 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %s3 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.000000e+00 : f32
    hivm.hir.load ins(%src : memref<16384xf32, #hivm.address_space<gm>>) outs(%p : memref<16384xf32, #hivm.address_space<ub>>)
    memref.store %two, %s1[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    memref.store %two, %s2[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    %v1 = memref.load %s1[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    %v2 = memref.load %s2[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    memref.store %v1, %s3[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    %v3 = memref.load %s3[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%p : memref<16384xf32, #hivm.address_space<ub>>) outs(%dst : memref<16384xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_reorder_largest_first
// OPTIONS: largest-first
// RULE: plan-memory-strategy=largest-first: GetReorderRootStorageEntry sorts the DMA, other
//   and scalar groups by size, largest first (equal sizes keep their order). Same IR as the
//   case before: scalar order %s2, %s3, %s1; %s2 at 64 KB, %s3 over it (disjoint Lives),
//   %s1 (its Life meets %s2's) after them at 160 KB; high-water 192 KB, kept.
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %s1 = 163840
// EXPECT-OFFSETS: %s2 = 65536
// EXPECT-OFFSETS: %s3 = 65536
module {
  func.func @rules_reorder_largest_first(%src : memref<16384xf32, #hivm.address_space<gm>>,
                                         %dst : memref<16384xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %s1 = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %s2 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %s3 = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.000000e+00 : f32
    hivm.hir.load ins(%src : memref<16384xf32, #hivm.address_space<gm>>) outs(%p : memref<16384xf32, #hivm.address_space<ub>>)
    memref.store %two, %s1[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    memref.store %two, %s2[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    %v1 = memref.load %s1[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    %v2 = memref.load %s2[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    memref.store %v1, %s3[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    %v3 = memref.load %s3[%c0] : memref<24576xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%p : memref<16384xf32, #hivm.address_space<ub>>) outs(%dst : memref<16384xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_moved_casts_stay_in_their_while_region
// RULE: fixMultibufferEnabledPointerCastOps: the pointer_cast of an alloc marked
//   hivm.multi_buffer moves to the front of the region of its innermost loop that holds it -
//   for scf.while the before or the after region, whichever owns it ("Moving a before-region
//   cast into after ... breaks dominance") - the one moved last first. Casts in that order:
//   %bb (moved), %ba in the before region; %ab (moved), %aa in the after region. The plan
//   fits: gen order %ba, %bb, %aa, %ab (64 B each), then the copies of %bb and %ab.
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i64
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : i64
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i64
// CHECK-DAG: %[[C320:.*]] = arith.constant 320 : i64
// CHECK: hivm.hir.pointer_cast(%[[C64]], %[[C256]])
// CHECK: hivm.hir.pointer_cast(%[[C0]])
// CHECK: hivm.hir.pointer_cast(%[[C192]], %[[C320]])
// CHECK: hivm.hir.pointer_cast(%[[C128]])
// EXPECT-OFFSETS: %ba = 0
// EXPECT-OFFSETS: %bb = 64, 256
// EXPECT-OFFSETS: %aa = 128
// EXPECT-OFFSETS: %ab = 192, 320
module {
  func.func @rules_moved_casts_stay_in_their_while_region(%src : memref<16xf32, #hivm.address_space<gm>>,
                                                          %dst : memref<16xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : i32
    %c9 = arith.constant 9 : i32
    %c1 = arith.constant 1 : i32
    %n = scf.while (%k = %c0) : (i32) -> i32 {
      %ba = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
      %bb = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
      annotation.mark %bb {hivm.multi_buffer = 2 : i32} : memref<16xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%ba : memref<16xf32, #hivm.address_space<ub>>)
      hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%bb : memref<16xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%ba : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
      hivm.hir.store ins(%bb : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
      %go = arith.cmpi slt, %k, %c9 : i32
      scf.condition(%go) %k : i32
    } do {
    ^bb0(%j: i32):
      %aa = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
      %ab = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
      annotation.mark %ab {hivm.multi_buffer = 2 : i32} : memref<16xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%aa : memref<16xf32, #hivm.address_space<ub>>)
      hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%ab : memref<16xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%aa : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
      hivm.hir.store ins(%ab : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
    return
  }
}

// -----
// CASE: rules_mem_unique_first_and_alone
// RULE: a {mem_unique} mark (UpdateMemoryUniqueBufferInfo; the attribute is the mnemonic
//   "mem_unique") puts its storage first in the ub reorder (memory-unique group) and, in
//   VerifyConflictStage0, makes any segment it sits on a conflict whatever the Lives.
//   Three 96 KB DMA buffers with disjoint Lives, gen order %v, %w, %u (unique): %u at 0, %v
//   at 96 KB (level 3); %w fails levels 3 to 1 and at level 0 may not share %u's segment,
//   so it shares %v's. (Unmarked, all three would end at 0.)
// EXPECT-OFFSETS: %u = 0
// EXPECT-OFFSETS: %v = 98304
// EXPECT-OFFSETS: %w = 98304
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2359296 bits while 1572864 bits available!
module {
  func.func @rules_mem_unique_first_and_alone(%src : memref<24576xf32, #hivm.address_space<gm>>,
                                              %dst : memref<24576xf32, #hivm.address_space<gm>>) {
    %v = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %w = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    %u = memref.alloc() : memref<24576xf32, #hivm.address_space<ub>>
    annotation.mark %u {mem_unique} : memref<24576xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%v : memref<24576xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%v : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
    hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%w : memref<24576xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%w : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
    hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%u : memref<24576xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%u : memref<24576xf32, #hivm.address_space<ub>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_search_rollback_moves_an_earlier_entry
// RULE: ApplyFailStrategy / RollBackForAllocFailInner: when an entry fails every level, the
//   last placed entry is taken back (if its old address plus the failed entry's size stays
//   within capacity), tried again one level lower and never at its old address
//   (IsSamePlanAsLastRollBack); the entries after it keep that lower level until the failed
//   one is placed. 64 KB %a [3,4], 64 KB %b [5,7], 128 KB %c [6,8], all DMA. %a 0, %b 64 KB
//   (level 3); %c fails; %b is rolled back: level 2 (no loops: "the same loop") and 1 fail,
//   level 0 puts it at 0 over %a; %c then fits at 64 KB (level 2).
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 0
// EXPECT-OFFSETS: %c = 65536
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2097152 bits while 1572864 bits available!
module {
  func.func @rules_search_rollback_moves_an_earlier_entry(%small : memref<16384xf32, #hivm.address_space<gm>>,
                                                          %large : memref<32768xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %c = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%small : memref<16384xf32, #hivm.address_space<gm>>) outs(%a : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<16384xf32, #hivm.address_space<ub>>) outs(%small : memref<16384xf32, #hivm.address_space<gm>>)
    hivm.hir.load ins(%small : memref<16384xf32, #hivm.address_space<gm>>) outs(%b : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%large : memref<32768xf32, #hivm.address_space<gm>>) outs(%c : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%b : memref<16384xf32, #hivm.address_space<ub>>) outs(%small : memref<16384xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%c : memref<32768xf32, #hivm.address_space<ub>>) outs(%large : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_level3_copy_within_ub_is_not_dma
// RULE: OptMemPlanForDma::build classifies by pipe: a hivm.hir.copy from ub to ub runs on
//   PIPE_V (CopyOp::getPipe), so its buffers are not DMA buffers, and two such buffers never
//   pipe-conflict (BufferPipeConflict). %p (128 KB, loaded and stored: DMA) lives
//   throughout; %a and %b (64 KB each, copies of part of %p and back) have disjoint Lives.
//   256 KB in all; reordered (DMA %p, other %a, %b), the level-3 plan without a limit lets
//   %b share %a's address: 192 KB, kept - no search within capacity, no warning.
//   Lives %p [3,9], %a [5,6], %b [7,8].
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %a = 131072
// EXPECT-OFFSETS: %b = 131072
module {
  func.func @rules_level3_copy_within_ub_is_not_dma(%src : memref<32768xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %a = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<32768xf32, #hivm.address_space<gm>>) outs(%p : memref<32768xf32, #hivm.address_space<ub>>)
    %part = memref.subview %p[0] [16384] [1] : memref<32768xf32, #hivm.address_space<ub>> to memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.copy ins(%part : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>) outs(%a : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.copy ins(%a : memref<16384xf32, #hivm.address_space<ub>>) outs(%part : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.copy ins(%part : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>) outs(%b : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.copy ins(%b : memref<16384xf32, #hivm.address_space<ub>>) outs(%part : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.store ins(%p : memref<32768xf32, #hivm.address_space<ub>>) outs(%src : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_level2_outside_loop_shares_without_slots
// RULE: level 1 needs the reused multi-buffered storage and the new one in the same loop
//   (VerifyConflictStage1: GetBufferParentLoop of both); level 2 only forbids storages of the
//   same innermost loop, and "no loop" differs from a loop (PipeConflictInSameLoop). %x's 4
//   slots of 48 KB fill ub inside the loop; %w, after the loop (its Life after %x's), fails
//   level 3 and takes %x's first slot at level 2: one offset, no extra slots (compare
//   rules_mb_level1_single_takes_every_slot, where %w is in the loop).
// EXPECT-OFFSETS: %x = 0, 49152, 98304, 147456
// EXPECT-OFFSETS: %w = 0
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 1966080 bits while 1572864 bits available!
module {
  func.func @rules_level2_outside_loop_shares_without_slots(%src : memref<12288xf32, #hivm.address_space<gm>>,
                                                            %dst : memref<12288xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 4 : i32} : memref<12288xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%x : memref<12288xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%x : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    %w = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%w : memref<12288xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%w : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_search_restarts_with_split_outline
// RULE: ApplyFailStrategy: when the search within capacity has rolled everything back and
//   still fails, it restarts once with the split outline (UpdateOutline /
//   AddMemBoundInSectionalWay): a storage placed over several segments leaves one segment per
//   covered one, each with its own lives, instead of one segment with the lives of all.
//   Lives %r [9,18], %p [10,11], %q [12,14], %f [13,15], %e [16,17]; %f alone is scalar-touched
//   (memref.store / memref.load), so it goes last. 32 KB units, 6 of them: %r 4, %p 2, %q 1,
//   %e 2, %f 1. %p, then %q on its first half, then %e over both take [128K, 192K); without
//   the split %e's segment holds [10,14] and %f [13,15] finds no room at any level, nor after
//   any rollback. Restarted, %e's upper half keeps only %p's and its own lives and %f takes
//   it at level 0. The pass prints its DMA-reuse warning after any search within capacity
//   that fits, DMA buffers or not (the level-3 plan without a limit needed 224 KB).
// EXPECT-OFFSETS: %r = 0
// EXPECT-OFFSETS: %p = 131072
// EXPECT-OFFSETS: %q = 131072
// EXPECT-OFFSETS: %e = 131072
// EXPECT-OFFSETS: %f = 163840
// EXPECT-LIFE: %f = 13, 15
// EXPECT-LIFE: %e = 16, 17
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 1835008 bits while 1572864 bits available!
module {
  func.func @rules_search_restarts_with_split_outline() {
    %cst = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %r = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %p = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %e = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %f = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %r2 = memref.subview %r[0] [16384] [1] : memref<32768xf32, #hivm.address_space<ub>> to memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>
    %r1 = memref.subview %r[0] [8192] [1] : memref<32768xf32, #hivm.address_space<ub>> to memref<8192xf32, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.vbrc ins(%cst : f32) outs(%r : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f32) outs(%p : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%p, %p : memref<16384xf32, #hivm.address_space<ub>>, memref<16384xf32, #hivm.address_space<ub>>) outs(%r2 : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f32) outs(%q : memref<8192xf32, #hivm.address_space<ub>>)
    memref.store %cst, %f[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%q, %q : memref<8192xf32, #hivm.address_space<ub>>, memref<8192xf32, #hivm.address_space<ub>>) outs(%r1 : memref<8192xf32, strided<[1]>, #hivm.address_space<ub>>)
    %x = memref.load %f[%c0] : memref<8192xf32, #hivm.address_space<ub>>
    hivm.hir.vbrc ins(%cst : f32) outs(%e : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%e, %e : memref<16384xf32, #hivm.address_space<ub>>, memref<16384xf32, #hivm.address_space<ub>>) outs(%r2 : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%r, %r : memref<32768xf32, #hivm.address_space<ub>>, memref<32768xf32, #hivm.address_space<ub>>) outs(%r : memref<32768xf32, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_seed_later_fits
// RULE: planMemoryForFuncOp tries up to 20 attempts, each with a new liveness whose live
//   values are shuffled with the attempt as the seed (std::mt19937); the first plan that fits
//   is the answer. At the vadd both %a (128 KB) and %b (64 KB) die, and %c (64 KB) takes the
//   place of the first of them in the shuffled kill list (GenerateInplaceList). Seed 0 lists
//   %a first: %a and %c share a storage live [6,11], which with %d (128 KB, [10,12]) needs
//   256 KB of the 192 at op 10, and the attempt fails. Seed 1 lists %b first: %c shares %b's
//   storage, %a's 128 KB are free by op 10 and %d takes them at level 0.
//   Lives %a [6,9], %b and %c [7,11], %d [10,12].
// EXPECT-SEED: 1
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 131072
// EXPECT-OFFSETS: %c = 131072
// EXPECT-OFFSETS: %d = 0
// EXPECT-LIFE: %c = 7, 11
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2621440 bits while 1572864 bits available!
module {
  func.func @rules_seed_later_fits() {
    %cst = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %c = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
    %d = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    hivm.hir.vbrc ins(%cst : f32) outs(%a : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f32) outs(%b : memref<16384xf32, #hivm.address_space<ub>>)
    %a2 = memref.subview %a[0] [16384] [1] : memref<32768xf32, #hivm.address_space<ub>> to memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%a2, %b : memref<16384xf32, strided<[1]>, #hivm.address_space<ub>>, memref<16384xf32, #hivm.address_space<ub>>) outs(%c : memref<16384xf32, #hivm.address_space<ub>>)
    hivm.hir.vbrc ins(%cst : f32) outs(%d : memref<32768xf32, #hivm.address_space<ub>>)
    %x = memref.load %c[%c0] : memref<16384xf32, #hivm.address_space<ub>>
    %y = memref.load %d[%c0] : memref<32768xf32, #hivm.address_space<ub>>
    return
  }
}
