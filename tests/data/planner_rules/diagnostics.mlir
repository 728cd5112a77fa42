// Errors and warnings of the compiler's hivm-plan-memory pass (PlanMemory.cpp @52f96a1 and
// AllocToPointerCast.cpp, which writes the planned offsets), each with a case of our own.
// The overflow text is EmitPlanMemoryFailureInfo's; the warning is the one
// PlanMemAddressOfWholeLocalBuffer prints when the plan within capacity had to share a DMA
// buffer's memory (the plan without a limit at level 3 needed more than the capacity).

// CASE: rules_error_ub_single_storage_aligned_requirement
// RULE: PlanMemAddressOfWholeLocalBuffer: one storage larger than ub fails at once; N is
//   AlignUp(constBits, 256): 51201 x f32 = 1638432 bits -> 1638656.
// EXPECT-ERROR: ub overflow, requires 1638656 bits while 1572864 bits available! (possible reason: tiling basic block is too large or block number is more than what user expect due to multi-buffer feature is enabled and some ops need extra local buffer.)
module {
  func.func @rules_error_ub_single_storage_aligned_requirement(%src : memref<51201xf32, #hivm.address_space<gm>>) {
    %big = memref.alloc() : memref<51201xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<51201xf32, #hivm.address_space<gm>>) outs(%big : memref<51201xf32, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_error_requires_is_level0_without_limit
// RULE: after the search within capacity fails (ApplyFailStrategy -> PLAN_FAILED), N is
//   PlanMemAddressForSingleLevel(root, SPEC_LEVEL_0): the reordered storages (all DMA here,
//   gen order %a, %c, %b) placed by lifetime only with no limit. Lives: %a [3,5], %c [4,8],
//   %b [6,7]; 100 KB each. %a at 0, %c at 100 KB (lives with %a), %b at 0 (after %a):
//   1638400 bits, less than the 2457600 of all three side by side, more than 1572864.
// EXPECT-ERROR: ub overflow, requires 1638400 bits while 1572864 bits available!
module {
  func.func @rules_error_requires_is_level0_without_limit(%src : memref<25600xf32, #hivm.address_space<gm>>,
                                                          %dst : memref<25600xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<25600xf32, #hivm.address_space<ub>>
    %c = memref.alloc() : memref<25600xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<25600xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<25600xf32, #hivm.address_space<gm>>) outs(%a : memref<25600xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<25600xf32, #hivm.address_space<gm>>) outs(%c : memref<25600xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%a : memref<25600xf32, #hivm.address_space<ub>>) outs(%dst : memref<25600xf32, #hivm.address_space<gm>>)
    hivm.hir.load ins(%src : memref<25600xf32, #hivm.address_space<gm>>) outs(%b : memref<25600xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%b : memref<25600xf32, #hivm.address_space<ub>>) outs(%dst : memref<25600xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%c : memref<25600xf32, #hivm.address_space<ub>>) outs(%dst : memref<25600xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_warning_dma_reuse_in_cc
// RULE: the "reused some dma buffers" warning is printed for whichever space needed the
//   multi-level plan, named by its enum string: two 80 KB cc buffers with disjoint Lives
//   need 1310720 bits at level 3 (DMA buffers never share there), more than cc's 1048576;
//   within capacity %b fails levels 3, 2 (neither is in a loop: "the same loop") and 1 (no
//   multi-buffer slots) and shares %a's memory at level 0.
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 0
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in cc address space, which may stall pipe. Not reusing dma buffer needs 1310720 bits while 1048576 bits available!
module {
  func.func @rules_warning_dma_reuse_in_cc(%src : memref<20480xf32, #hivm.address_space<gm>>,
                                           %dst : memref<20480xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<20480xf32, #hivm.address_space<cc>>
    %b = memref.alloc() : memref<20480xf32, #hivm.address_space<cc>>
    hivm.hir.load ins(%src : memref<20480xf32, #hivm.address_space<gm>>) outs(%a : memref<20480xf32, #hivm.address_space<cc>>)
    hivm.hir.store ins(%a : memref<20480xf32, #hivm.address_space<cc>>) outs(%dst : memref<20480xf32, #hivm.address_space<gm>>)
    hivm.hir.load ins(%src : memref<20480xf32, #hivm.address_space<gm>>) outs(%b : memref<20480xf32, #hivm.address_space<cc>>)
    hivm.hir.store ins(%b : memref<20480xf32, #hivm.address_space<cc>>) outs(%dst : memref<20480xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_error_alloc_in_gm
// RULE: RecursionIR -> CheckLocalBufferAllocOp: a memref.alloc whose space is not local
//   (isLocalBuffer: gm is not) is an error on the alloc, and the walk stops ("PlanMemory
//   Traverse IR Failed!").
// EXPECT-ERROR: Alloc buffer not at UB space!
module {
  func.func @rules_error_alloc_in_gm(%src : memref<64xf32, #hivm.address_space<gm>>) {
    %scratch = memref.alloc() : memref<64xf32, #hivm.address_space<gm>>
    %u = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%u : memref<64xf32, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_error_alloc_in_l0a
// RULE: isLocalBuffer (HIVM Utils.cpp): a space that is neither gm nor one of UB, L1, L0C
//   (or SSBUF) is a fatal error: L0A ("ca") is not planned by this pass.
// EXPECT-ERROR: Currently only support (UB | L1 | L0C) allocation
module {
  func.func @rules_error_alloc_in_l0a(%src : memref<256xf16, #hivm.address_space<gm>>) {
    %left = memref.alloc() : memref<256xf16, #hivm.address_space<ca>>
    hivm.hir.load ins(%src : memref<256xf16, #hivm.address_space<gm>>) outs(%left : memref<256xf16, #hivm.address_space<ca>>)
    return
  }
}

// -----
// CASE: rules_error_read_before_first_write
// RULE: walkAllocToPointerCast (AllocToPointerCast.cpp): an alloc with no planned offset -
//   never written, so never gen'd and in no storage entry - is an error on the alloc
//   ("read before first write"), though the plan itself fits.
// EXPECT-ERROR: read before first write
module {
  func.func @rules_error_read_before_first_write(%dst : memref<64xf32, #hivm.address_space<gm>>) {
    %unset = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%unset : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_error_dynamic_alloc
// RULE: GetBufferInfo: a local buffer's size must be static (getStaticTotalSize), else a
//   fatal error.
// EXPECT-ERROR: Failed to obtain op buffer shape size which should be static.
module {
  func.func @rules_error_dynamic_alloc(%n : index, %src : memref<?xf32, #hivm.address_space<gm>>) {
    %dyn = memref.alloc(%n) : memref<?xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<?xf32, #hivm.address_space<gm>>) outs(%dyn : memref<?xf32, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_error_preload_outside_loop
// RULE: UpdatePreloadBuffers: a hivm.preload_local_buffer mark needs a loop around the mark
//   or the alloc, else a fatal error.
// EXPECT-ERROR: preload local buffer must be inside a loop-like op
module {
  func.func @rules_error_preload_outside_loop(%src : memref<64xf32, #hivm.address_space<gm>>) {
    %pre = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    annotation.mark %pre {hivm.preload_local_buffer} : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%pre : memref<64xf32, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_error_unknown_op_touches_local_buffer
// RULE: CheckIfUnknownOpTouchBuffer: an op the walk does not know (not a view, alloc,
//   load/store, destination-style op, select, mark, branch, call, debug, or one of the
//   skippable return/yield/dim/dcci) that touches a local buffer is an error.
//   memref.copy is none of those.
// EXPECT-ERROR: PlanMemory Fail : Unrecognized type of Operation touches local buffer!
module {
  func.func @rules_error_unknown_op_touches_local_buffer(%src : memref<64xf32, #hivm.address_space<gm>>) {
    %from = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    %to = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%from : memref<64xf32, #hivm.address_space<ub>>)
    memref.copy %from, %to : memref<64xf32, #hivm.address_space<ub>> to memref<64xf32, #hivm.address_space<ub>>
    return
  }
}

// -----
// CASE: rules_extract_strided_metadata_is_a_view
// RULE: getOperationAliasInfo: memref.extract_strided_metadata's base buffer aliases its source,
//   as a subview's result does, so it is no unknown op (CheckIfUnknownOpTouchBuffer, which stops
//   at any other memref op on a local buffer, memref.copy above among them). The vabs then
//   writes %b over %a in place.
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 0
module {
  func.func @rules_extract_strided_metadata_is_a_view(%src : memref<64xf32, #hivm.address_space<gm>>, %dst : memref<64xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%a : memref<64xf32, #hivm.address_space<ub>>)
    %base, %offset, %size, %stride = memref.extract_strided_metadata %a : memref<64xf32, #hivm.address_space<ub>> -> memref<f32, #hivm.address_space<ub>>, index, index, index
    hivm.hir.vabs ins(%a : memref<64xf32, #hivm.address_space<ub>>) outs(%b : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%b : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_error_ssbuf_written
// RULE: SSBUF is a local space (isLocalBuffer, LocalBufferSpace), so its allocs become
//   storages, but this pass has no capacity for it: GetBufferSpaceInfo's default case, a
//   fatal error as soon as its storage's space is asked for (MergeSameScopeSE).
// EXPECT-ERROR: Temporarily unsupported memory buffer space
module {
  func.func @rules_error_ssbuf_written(%src : memref<16xi32, #hivm.address_space<gm>>) {
    %u = memref.alloc() : memref<16xi32, #hivm.address_space<ub>>
    %s = memref.alloc() : memref<16xi32, #hivm.address_space<ssbuf>>
    hivm.hir.load ins(%src : memref<16xi32, #hivm.address_space<gm>>) outs(%u : memref<16xi32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<16xi32, #hivm.address_space<gm>>) outs(%s : memref<16xi32, #hivm.address_space<ssbuf>>)
    return
  }
}

// -----
// CASE: rules_error_released_buffer_written_again
// RULE: UpdateOpGenInfo: a buffer written after the op that killed it stops the pass ("has
//   been released"). Blocks are numbered in text order, not in the order they run: %t is
//   written in ^bb0 and read last in ^bb1, where it is dead after the store (the liveness of
//   ^bb1 knows no later use, and ^bb2 is no block after ^bb1 for IsDeadAfterOp), so it is
//   killed there; ^bb2, a sibling branch numbered after it, writes %t again.
// EXPECT-ERROR: The buffer memory has been released and cannot be used again!
module {
  func.func @rules_error_released_buffer_written_again(%flag : i1,
                                                        %src : memref<64xf32, #hivm.address_space<gm>>,
                                                        %dst : memref<64xf32, #hivm.address_space<gm>>) {
    %t = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%t : memref<64xf32, #hivm.address_space<ub>>)
    cf.cond_br %flag, ^bb1, ^bb2
  ^bb1:
    hivm.hir.store ins(%t : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  ^bb2:
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%t : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%t : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_error_copy_between_spaces_without_pipe
// RULE: OptMemPlanForDma::build asks every single-pipe HIVM op for its pipe; CopyOp::getPipe
//   knows ub -> ub, gm -> cbuf, ub -> cbuf and cc -> gm only, and any other pair of spaces is
//   a fatal "Unknown PIPE!". A copy from ub to gm (a store's job) has none.
// EXPECT-ERROR: Unknown PIPE!
module {
  func.func @rules_error_copy_between_spaces_without_pipe(%src : memref<64xf32, #hivm.address_space<gm>>,
                                                          %dst : memref<64xf32, #hivm.address_space<gm>>) {
    %u = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%u : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.copy ins(%u : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}
