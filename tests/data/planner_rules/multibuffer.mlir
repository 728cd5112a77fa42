// Multi-buffered buffers (hivm.multi_buffer marks) in the compiler's hivm-plan-memory pass
// (PlanMemory.cpp @52f96a1), on their own and on either side of an in-place pair, each with a
// case of our own. Loops: 0-2 constants, 3 for begin, then the body.

// CASE: rules_mb_copies_after_every_first_slot
// RULE: ExpandMultiBufferStorageEntry appends multiBufferNum - 1 copies of a storage at the end
//   of the entry list; a fitting plan (PlanBuffersWithoutReuse) lays entries out in that order,
//   so %a's copies (hivm.multi_buffer = 3) sit after %b: %a at 0, 8192, 12288; %b at 4096.
//   Offsets list the first slot, then the copies (UpdateBuffer2Offsets).
// EXPECT-OFFSETS: %a = 0, 8192, 12288
// EXPECT-OFFSETS: %b = 4096
module {
  func.func @rules_mb_copies_after_every_first_slot(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %a = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %a {hivm.multi_buffer = 3 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %b = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%a : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%b : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%a : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      hivm.hir.store ins(%b : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_mark_outside_loop_counts
// RULE: UpdateMultiBufferInfo takes any hivm.multi_buffer mark > 1 on a traced alloc, in a loop
//   or not (only MarkMultiBuffer restricts itself to loops); a mark of 1 is a single buffer.
//   %a (2 copies): 0, and 12288 after %b and %s; %s (mark 1) has one slot.
// EXPECT-OFFSETS: %a = 0, 12288
// EXPECT-OFFSETS: %b = 4096
// EXPECT-OFFSETS: %s = 8192
module {
  func.func @rules_mb_mark_outside_loop_counts(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    annotation.mark %a {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %s = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    annotation.mark %s {hivm.multi_buffer = 1 : i32} : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%a : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%b : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%s : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%b : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%s : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_mb_inplace_both_double_without_store
// RULE: InplaceStallPipeline refuses a pair only when both sides are multi-buffered and the gen
//   reaches a hivm store while the kill reaches a hivm load. %y (double) is read by a vadd, not
//   stored: the vabs puts %y into %x's storage (both double); the vadd then puts %z (single,
//   IsInplaceMultiBuffer false) into the same storage. MergeInplaceSE keeps the larger copy
//   count (2): all three share 0 and 4096.
// EXPECT-OFFSETS: %x = 0, 4096
// EXPECT-OFFSETS: %y = 0, 4096
// EXPECT-OFFSETS: %z = 0, 4096
module {
  func.func @rules_mb_inplace_both_double_without_store(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %z = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vadd ins(%y, %y : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) outs(%z : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%z : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_inplace_double_into_quad
// RULE: MergeInplaceSE: multiBufferNum = max(gen's, kill's): %y (2 copies) merged into %x (4
//   copies; no store reached, so no stall) and %z into them: one storage of 4 slots.
// EXPECT-OFFSETS: %x = 0, 4096, 8192, 12288
// EXPECT-OFFSETS: %y = 0, 4096, 8192, 12288
// EXPECT-OFFSETS: %z = 0, 4096, 8192, 12288
module {
  func.func @rules_mb_inplace_double_into_quad(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 4 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %z = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vadd ins(%y, %y : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) outs(%z : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%z : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_stall_pair_shares_one_point_at_level0
// RULE: InplaceStallPipeline: %x and %y both double, %y stored and %x loaded: the vabs may not
//   merge them, and the pair goes to inplacableBufferPairs. 64 KB each, 4 slots = 256 KB: the
//   plan within capacity places %x 0, %x' 64K, %y 128K at level 3; %y' fails levels 3 and 2
//   (everything is DMA and in one loop) and 1 (a copy never takes level 1), and at level 0
//   VerifyConflictStage0 lets it share %x's slot: their Lives meet at the vabs only and the
//   pair is in inplacableBufferPairs. Lives %x [8,9], %y [9,10].
// EXPECT-OFFSETS: %x = 0, 65536
// EXPECT-OFFSETS: %y = 131072, 0
// EXPECT-LIFE: %x = 8, 9
// EXPECT-LIFE: %y = 9, 10
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2097152 bits while 1572864 bits available!
module {
  func.func @rules_mb_stall_pair_shares_one_point_at_level0(%src : memref<16384xf32, #hivm.address_space<gm>>, %dst : memref<16384xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 2 : i32} : memref<16384xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<16384xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<16384xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<16384xf32, #hivm.address_space<gm>>) outs(%x : memref<16384xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<16384xf32, #hivm.address_space<ub>>) outs(%y : memref<16384xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%y : memref<16384xf32, #hivm.address_space<ub>>) outs(%dst : memref<16384xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_level1_single_takes_every_slot
// RULE: VerifyConflictStage1 / PlanRelationOtherBufferEntryAddress: a single buffer placed at
//   level 1 on the first slot of a multi-buffered storage in the same loop takes every other
//   slot whose occupants' Lives do not meet its own. %x: 4 slots of 48 KB fill ub; %w (Life
//   after %x's) fails levels 3 and 2, and at level 1 gets 0 plus the three other slots.
//   Extra slots come after the entries' offsets (UpdateMultiBufferReuseExtraOffset).
// EXPECT-OFFSETS: %x = 0, 49152, 98304, 147456
// EXPECT-OFFSETS: %w = 0, 49152, 98304, 147456
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 1966080 bits while 1572864 bits available!
module {
  func.func @rules_mb_level1_single_takes_every_slot(%src : memref<12288xf32, #hivm.address_space<gm>>, %dst : memref<12288xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 4 : i32} : memref<12288xf32, #hivm.address_space<ub>>
      %w = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%x : memref<12288xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%x : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
      hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%w : memref<12288xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%w : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_level1_double_takes_quad_slots
// RULE: VerifyConflictStage1 for a multi-buffered first slot: it needs at least multiBufferNum - 1
//   free slots of the storage it reuses and takes all of them: %w (2 copies) on %x's 4 slots
//   gets its copy at the second slot (its relation entry) and two more slots as extra entries
//   (PlanRelationOtherBufferEntryAddress, second loop); its own copy is then already placed.
// EXPECT-OFFSETS: %x = 0, 49152, 98304, 147456
// EXPECT-OFFSETS: %w = 0, 49152, 98304, 147456
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2359296 bits while 1572864 bits available!
module {
  func.func @rules_mb_level1_double_takes_quad_slots(%src : memref<12288xf32, #hivm.address_space<gm>>, %dst : memref<12288xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 4 : i32} : memref<12288xf32, #hivm.address_space<ub>>
      %w = memref.alloc() : memref<12288xf32, #hivm.address_space<ub>>
      annotation.mark %w {hivm.multi_buffer = 2 : i32} : memref<12288xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%x : memref<12288xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%x : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
      hivm.hir.load ins(%src : memref<12288xf32, #hivm.address_space<gm>>) outs(%w : memref<12288xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%w : memref<12288xf32, #hivm.address_space<ub>>) outs(%dst : memref<12288xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_stall_reach_follows_pairs
// RULE: InplaceStallPipeline asks HasUser (VisitDstOpTypeReachable), which follows the in-place
//   pairs made so far from pair to pair, any number of them. All four are double. The vabs puts
//   %y into %x's storage and the vexp %w into it too (neither %y nor %w is stored, so no stall).
//   At the vln, %v reaches the store and %w reaches the load through %y and %x, two pairs away:
//   the pair would stall the pipe, so %v gets a storage of its own after them.
// EXPECT-OFFSETS: %x = 0, 8192
// EXPECT-OFFSETS: %y = 0, 8192
// EXPECT-OFFSETS: %w = 0, 8192
// EXPECT-OFFSETS: %v = 4096, 12288
// EXPECT-LIFE: %w = 12, 15
// EXPECT-LIFE: %v = 15, 16
module {
  func.func @rules_mb_stall_reach_follows_pairs(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %w = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %w {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %v = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %v {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vexp ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%w : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vln ins(%w : memref<1024xf32, #hivm.address_space<ub>>) outs(%v : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%v : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_mb_stall_reach_first_view_decides
// RULE: VisitDstOpTypeReachable asks the users of a buffer in the IR's use-list order, the last
//   in the text first, and the first view among them answers alone. %y (double) is stored, but
//   its last user is a subview that reaches no store: the stall test says no, and the vabs puts
//   %y into %x's storage (double) although %x is loaded and %y stored.
// EXPECT-OFFSETS: %x = 0, 4096
// EXPECT-OFFSETS: %y = 0, 4096
// EXPECT-LIFE: %y = 8, 9
module {
  func.func @rules_mb_stall_reach_first_view_decides(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      %yv = memref.subview %y[0] [512] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<512xf32, strided<[1]>, #hivm.address_space<ub>>
    }
    return
  }
}
