// Memory spaces and alignments of the compiler's hivm-plan-memory pass (PlanMemory.cpp
// @52f96a1; capacities and alignments from NPUTargetSpec.td for Ascend910B1: ub 1572864 bits
// aligned to 256 bits, cbuf (L1) 4194304 aligned to 256, cc (L0C) 1048576 aligned to 4096),
// each with a case of our own. MergeSameScopeSE gives each space its own root storage, so
// every space is planned on its own from offset 0; sizes are AlignUp(constBits, align).

// CASE: rules_space_ub_alignment_32_bytes
// RULE: PlanBuffersWithoutReuse with the ub alignment (256 bits): 10 x f16 = 160 bits takes
//   32 B; 300 x i1 = 300 bits (GetBufferInfo: element count x bit width, i1 one bit) takes
//   64 B.
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %flags = 32
// EXPECT-OFFSETS: %b = 96
module {
  func.func @rules_space_ub_alignment_32_bytes(%src : memref<10xf16, #hivm.address_space<gm>>,
                                               %fsrc : memref<300xi1, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<10xf16, #hivm.address_space<ub>>
    %flags = memref.alloc() : memref<300xi1, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<10xf16, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<10xf16, #hivm.address_space<gm>>) outs(%a : memref<10xf16, #hivm.address_space<ub>>)
    hivm.hir.load ins(%fsrc : memref<300xi1, #hivm.address_space<gm>>) outs(%flags : memref<300xi1, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<10xf16, #hivm.address_space<gm>>) outs(%b : memref<10xf16, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_space_each_space_from_zero
// RULE: MergeSameScopeSE / GetBufferSpaceInfo: ub, cbuf and cc storages each start at 0 in
//   their own space, cbuf aligned to 256 bits (10 x f16 -> 32 B) and cc to 4096 bits
//   (10 x f32 = 320 bits -> 512 B).
// EXPECT-OFFSETS: %u1 = 0
// EXPECT-OFFSETS: %l1a = 0
// EXPECT-OFFSETS: %l1b = 32
// EXPECT-OFFSETS: %acc1 = 0
// EXPECT-OFFSETS: %acc2 = 512
// EXPECT-OFFSETS: %u2 = 32
module {
  func.func @rules_space_each_space_from_zero(%h : memref<10xf16, #hivm.address_space<gm>>,
                                              %f : memref<10xf32, #hivm.address_space<gm>>) {
    %u1 = memref.alloc() : memref<10xf16, #hivm.address_space<ub>>
    %l1a = memref.alloc() : memref<10xf16, #hivm.address_space<cbuf>>
    %l1b = memref.alloc() : memref<10xf16, #hivm.address_space<cbuf>>
    %acc1 = memref.alloc() : memref<10xf32, #hivm.address_space<cc>>
    %acc2 = memref.alloc() : memref<10xf32, #hivm.address_space<cc>>
    %u2 = memref.alloc() : memref<10xf16, #hivm.address_space<ub>>
    hivm.hir.load ins(%h : memref<10xf16, #hivm.address_space<gm>>) outs(%u1 : memref<10xf16, #hivm.address_space<ub>>)
    hivm.hir.load ins(%h : memref<10xf16, #hivm.address_space<gm>>) outs(%l1a : memref<10xf16, #hivm.address_space<cbuf>>)
    hivm.hir.load ins(%h : memref<10xf16, #hivm.address_space<gm>>) outs(%l1b : memref<10xf16, #hivm.address_space<cbuf>>)
    hivm.hir.load ins(%f : memref<10xf32, #hivm.address_space<gm>>) outs(%acc1 : memref<10xf32, #hivm.address_space<cc>>)
    hivm.hir.load ins(%f : memref<10xf32, #hivm.address_space<gm>>) outs(%acc2 : memref<10xf32, #hivm.address_space<cc>>)
    hivm.hir.load ins(%h : memref<10xf16, #hivm.address_space<gm>>) outs(%u2 : memref<10xf16, #hivm.address_space<ub>>)
    return
  }
}

// -----
// CASE: rules_space_cbuf_single_storage_overflow
// RULE: PlanMemAddressOfWholeLocalBuffer: a space whose only storage is larger than it fails
//   at once with "requires" = AlignUp(bits, align): 300000 x f16 = 4800000 bits in cbuf
//   (4194304 available); EmitPlanMemoryFailureInfo names the space by its enum string.
// EXPECT-ERROR: cbuf overflow, requires 4800000 bits while 4194304 bits available! (possible reason: tiling basic block is too large or block number is more than what user expect due to multi-buffer feature is enabled and some ops need extra local buffer.)
module {
  func.func @rules_space_cbuf_single_storage_overflow(%src : memref<300000xf16, #hivm.address_space<gm>>) {
    %big = memref.alloc() : memref<300000xf16, #hivm.address_space<cbuf>>
    hivm.hir.load ins(%src : memref<300000xf16, #hivm.address_space<gm>>) outs(%big : memref<300000xf16, #hivm.address_space<cbuf>>)
    return
  }
}

// -----
// CASE: rules_space_cc_overflow_two_storages
// RULE: PlanMemAddressOfWholeLocalBuffer for cc (no reorder: GetReorderRootStorageEntry
//   only reorders ub): two 96 KB accumulators live together need 1572864 bits; the search
//   within 1048576 fails, and "requires" is the level-0 plan without a limit
//   (PlanMemAddressForSingleLevel(root, SPEC_LEVEL_0)): 0 and 96 KB -> 1572864.
// EXPECT-ERROR: cc overflow, requires 1572864 bits while 1048576 bits available!
module {
  func.func @rules_space_cc_overflow_two_storages(%src : memref<24576xf32, #hivm.address_space<gm>>,
                                                  %dst : memref<24576xf32, #hivm.address_space<gm>>) {
    %acc_a = memref.alloc() : memref<24576xf32, #hivm.address_space<cc>>
    %acc_b = memref.alloc() : memref<24576xf32, #hivm.address_space<cc>>
    hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%acc_a : memref<24576xf32, #hivm.address_space<cc>>)
    hivm.hir.load ins(%src : memref<24576xf32, #hivm.address_space<gm>>) outs(%acc_b : memref<24576xf32, #hivm.address_space<cc>>)
    hivm.hir.vadd ins(%acc_a, %acc_b : memref<24576xf32, #hivm.address_space<cc>>, memref<24576xf32, #hivm.address_space<cc>>)
                  outs(%acc_b : memref<24576xf32, #hivm.address_space<cc>>)
    hivm.hir.store ins(%acc_b : memref<24576xf32, #hivm.address_space<cc>>) outs(%dst : memref<24576xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_space_310b_capacity
// RULE: InitMemSpecsFromModule reads the capacities of the module's target: an Ascend310B1
//   ub holds 2097152 bits (256 KB), so 200 KB in one storage fits there (it would not in a
//   910B's 192 KB).
// EXPECT-OFFSETS: %tile = 0
module attributes {hacc.target = #hacc.target<"Ascend310B1">} {
  func.func @rules_space_310b_capacity(%src : memref<51200xf32, #hivm.address_space<gm>>) attributes {hacc.function_kind = #hacc.function_kind<DEVICE>} {
    %tile = memref.alloc() : memref<51200xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<51200xf32, #hivm.address_space<gm>>) outs(%tile : memref<51200xf32, #hivm.address_space<ub>>)
    return
  }
}
