// Liveness rules of the compiler's hivm-plan-memory pass (PlanMemory.cpp @52f96a1,
// MemLivenessAnalysis), each with a case of our own. The numbers in the comments are the
// op sequence of RecursionIR / UpdateLinearOperation: every op one index (constants, allocs,
// marks, yields and the return too), scf.for / scf.while a begin and an end entry, scf.if a
// begin, an else entry always and an end entry only with an else region. A Life is
// [index of the gen, index of the kill] (GenerateBufferLife).
// Every plan here fits, so offsets are the no-reuse ones (PlanBuffersWithoutReuse): storage
// entries side by side in the order of their first write.

// CASE: rules_life_straight_line
// RULE: RecursionIR, DestinationStyleOpInterface branch: UpdateOpGenInfo on the outs (first
//   write), then OpKillHandle: a buffer dies at the op after which it and all its aliases
//   are dead (AllDeadAfter). The vcast widens f16 -> f32, so the kill (16384 bits) is
//   smaller than the gen (32768 bits) and GenerateInplaceList skips the pair
//   (killBits < genBits): two storages.
// EXPECT-LIFE: %h = 2, 3
// EXPECT-LIFE: %w = 3, 4
// EXPECT-OFFSETS: %h = 0
// EXPECT-OFFSETS: %w = 2048
module {
  func.func @rules_life_straight_line(%src : memref<1024xf16, #hivm.address_space<gm>>,
                                      %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %h = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    %w = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf16, #hivm.address_space<gm>>)
                  outs(%h : memref<1024xf16, #hivm.address_space<ub>>)
    hivm.hir.vcast ins(%h : memref<1024xf16, #hivm.address_space<ub>>)
                   outs(%w : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%w : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_dead_write
// RULE: OpKillHandle runs after the gen at the same op: a buffer written and never read
//   dies at its own writer ([k, k]). 0 %never, 1 %kept, 2 load %never, 3 load %kept,
//   4 store %kept, 5 return.
// EXPECT-LIFE: %never = 2, 2
// EXPECT-LIFE: %kept = 3, 4
// EXPECT-OFFSETS: %never = 0
// EXPECT-OFFSETS: %kept = 64
module {
  func.func @rules_life_dead_write(%src : memref<16xf32, #hivm.address_space<gm>>,
                                   %dst : memref<16xf32, #hivm.address_space<gm>>) {
    %never = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    %kept = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>)
                  outs(%never : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>)
                  outs(%kept : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%kept : memref<16xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_outer_buffer_dies_at_loop_end
// RULE: UpdateOpKillInfo kills only where isParentOpDominate holds (the killing op's parent
//   is an ancestor of the buffer's definition's parent): %in_ub, defined in the function and
//   last read inside the loop, cannot die at the vcast (parent scf.for); it dies at the
//   loop's end entry (RecursiveForOp: OpKillHandle on forEndSeq). %tile, defined in the
//   body, dies at its last read there.
//   0 %in_ub, 1-3 constants, 4 load %in_ub, 5 for begin, 6 %tile, 7 vcast, 8 store,
//   9 yield, 10 for end, 11 return.
// EXPECT-LIFE: %in_ub = 4, 10
// EXPECT-LIFE: %tile = 7, 8
// EXPECT-OFFSETS: %in_ub = 0
// EXPECT-OFFSETS: %tile = 2048
module {
  func.func @rules_life_outer_buffer_dies_at_loop_end(%src : memref<1024xf16, #hivm.address_space<gm>>,
                                                      %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %in_ub = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    hivm.hir.load ins(%src : memref<1024xf16, #hivm.address_space<gm>>)
                  outs(%in_ub : memref<1024xf16, #hivm.address_space<ub>>)
    scf.for %i = %c0 to %c4 step %c1 {
      %tile = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.vcast ins(%in_ub : memref<1024xf16, #hivm.address_space<ub>>)
                     outs(%tile : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%tile : memref<1024xf32, #hivm.address_space<ub>>)
                     outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_life_loop_begin_writes_live_buffers
// RULE: RecursiveForOp: UpdateOpGenInfo(forBeginSeq, GetLiveBuffersInLoop): a buffer defined
//   before the loop, live at it and not yet written, is first written at the loop's begin
//   entry, though its first real write is inside. %sum dies at the store after the loop.
//   0 %sum, 1-3 constants, 4 for begin, 5 %part, 6 load %part, 7 vadd, 8 yield, 9 for end,
//   10 store %sum, 11 return. At 7 %part dies; no gen there (%sum already written), so no
//   in-place pair.
// EXPECT-LIFE: %sum = 4, 10
// EXPECT-LIFE: %part = 6, 7
// EXPECT-OFFSETS: %sum = 0
// EXPECT-OFFSETS: %part = 4096
module {
  func.func @rules_life_loop_begin_writes_live_buffers(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                       %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %sum = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %part = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                    outs(%part : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vadd ins(%sum, %part : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>)
                    outs(%sum : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield
    }
    hivm.hir.store ins(%sum : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_if_else_kill_at_end_entry
// RULE: RecursiveIfOp: begin entry, then region, the else entry, else region, end entry;
//   OpKillHandle runs on the end entry. %x (defined before the if, read in both branches)
//   dies there, not in a branch (isParentOpDominate). %y is first written in the then
//   branch. 0 %x, 1 %y, 2 load %x, 3 if begin, 4 vcast, 5 yield, 6 else entry, 7 vcast,
//   8 yield, 9 if end, 10 store %y, 11 return.
// EXPECT-LIFE: %x = 2, 9
// EXPECT-LIFE: %y = 4, 10
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 2048
module {
  func.func @rules_life_if_else_kill_at_end_entry(%flag : i1,
                                                  %src : memref<1024xf16, #hivm.address_space<gm>>,
                                                  %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf16, #hivm.address_space<gm>>)
                  outs(%x : memref<1024xf16, #hivm.address_space<ub>>)
    scf.if %flag {
      hivm.hir.vcast ins(%x : memref<1024xf16, #hivm.address_space<ub>>)
                     outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield
    } else {
      hivm.hir.vcast ins(%x : memref<1024xf16, #hivm.address_space<ub>>)
                     outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield
    }
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_if_without_else_kill_at_else_entry
// RULE: RecursiveIfOp without an else region: no end entry; the kill test runs on the else
//   entry (curIfEnd = curIfElse). 0 %x, 1 %y, 2 load %x, 3 load %y, 4 if begin, 5 vadd,
//   6 yield, 7 else entry (kills %x), 8 store %y, 9 return.
// EXPECT-LIFE: %x = 2, 7
// EXPECT-LIFE: %y = 3, 8
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module {
  func.func @rules_life_if_without_else_kill_at_else_entry(%flag : i1,
                                                           %src : memref<1024xf32, #hivm.address_space<gm>>,
                                                           %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
    scf.if %flag {
      hivm.hir.vadd ins(%x, %y : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>)
                    outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield
    }
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_while_begin_and_end_entries
// RULE: RecursiveWhileOp: a begin entry, the before region, the after region, an end entry
//   with OpKillHandle. %in_ub, read in the after region, dies at the end entry; %t, defined
//   and last read in the after region, dies there. 0 %in_ub, 1-3 constants, 4 load,
//   5 while begin, 6 cmpi, 7 condition, 8 %t, 9 vcast, 10 store, 11 addi, 12 yield,
//   13 while end, 14 return.
// EXPECT-LIFE: %in_ub = 4, 13
// EXPECT-LIFE: %t = 9, 10
// EXPECT-OFFSETS: %in_ub = 0
// EXPECT-OFFSETS: %t = 2048
module {
  func.func @rules_life_while_begin_and_end_entries(%src : memref<1024xf16, #hivm.address_space<gm>>,
                                                    %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %in_ub = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
    %c1 = arith.constant 1 : i32
    hivm.hir.load ins(%src : memref<1024xf16, #hivm.address_space<gm>>)
                  outs(%in_ub : memref<1024xf16, #hivm.address_space<ub>>)
    %n = scf.while (%k = %c0) : (i32) -> i32 {
      %go = arith.cmpi slt, %k, %c8 : i32
      scf.condition(%go) %k : i32
    } do {
    ^bb0(%j: i32):
      %t = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.vcast ins(%in_ub : memref<1024xf16, #hivm.address_space<ub>>)
                     outs(%t : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%t : memref<1024xf32, #hivm.address_space<ub>>)
                     outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
    return
  }
}

// -----
// CASE: rules_life_alias_through_subview
// RULE: UpdateBufferAlias for a view (getOperationAliasInfo): the subview aliases %whole, so
//   %whole dies where the view is last read (the vcast), not at the subview. 0 %whole,
//   1 %out_ub, 2 load, 3 subview, 4 vcast, 5 store, 6 return. No in-place at 4: f16 input,
//   f32 output (isReusableOperands: 16 % 32 != 0).
// EXPECT-LIFE: %whole = 2, 4
// EXPECT-LIFE: %out_ub = 4, 5
// EXPECT-OFFSETS: %whole = 0
// EXPECT-OFFSETS: %out_ub = 4096
module {
  func.func @rules_life_alias_through_subview(%src : memref<2048xf16, #hivm.address_space<gm>>,
                                              %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %whole = memref.alloc() : memref<2048xf16, #hivm.address_space<ub>>
    %out_ub = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<2048xf16, #hivm.address_space<gm>>)
                  outs(%whole : memref<2048xf16, #hivm.address_space<ub>>)
    %half = memref.subview %whole[0] [1024] [1] : memref<2048xf16, #hivm.address_space<ub>> to memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.vcast ins(%half : memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>)
                   outs(%out_ub : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%out_ub : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_alias_chain_collapse_expand_reinterpret
// RULE: aliases are transitive (UpdateBuffer2AliasVec joins both alias sets): a
//   collapse_shape, an expand_shape of it and a reinterpret_cast of that all alias %grid,
//   which dies at the vcast reading the last view. 0 %grid, 1 %wide, 2 load, 3 collapse,
//   4 expand, 5 reinterpret_cast, 6 vcast, 7 store, 8 return.
// EXPECT-LIFE: %grid = 2, 6
// EXPECT-LIFE: %wide = 6, 7
// EXPECT-OFFSETS: %grid = 0
// EXPECT-OFFSETS: %wide = 2048
module {
  func.func @rules_life_alias_chain_collapse_expand_reinterpret(%src : memref<16x64xf16, #hivm.address_space<gm>>,
                                                                %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %grid = memref.alloc() : memref<16x64xf16, #hivm.address_space<ub>>
    %wide = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16x64xf16, #hivm.address_space<gm>>)
                  outs(%grid : memref<16x64xf16, #hivm.address_space<ub>>)
    %flat = memref.collapse_shape %grid [[0, 1]] : memref<16x64xf16, #hivm.address_space<ub>> into memref<1024xf16, #hivm.address_space<ub>>
    %rows = memref.expand_shape %flat [[0, 1]] output_shape [8, 128] : memref<1024xf16, #hivm.address_space<ub>> into memref<8x128xf16, #hivm.address_space<ub>>
    %again = memref.reinterpret_cast %rows to offset: [0], sizes: [1024], strides: [1] : memref<8x128xf16, #hivm.address_space<ub>> to memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.vcast ins(%again : memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>)
                   outs(%wide : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%wide : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_call_writes_and_reads_operands
// RULE: RecursionIR, func::CallOp branch: UpdateOpGenInfo on every operand, then
//   OpKillHandle: a buffer only passed to a call is written and read there ([k, k]).
//   0 %arg_ub, 1 %other, 2 call, 3 load %other, 4 store %other, 5 return.
// EXPECT-LIFE: %arg_ub = 2, 2
// EXPECT-LIFE: %other = 3, 4
// EXPECT-OFFSETS: %arg_ub = 0
// EXPECT-OFFSETS: %other = 4096
module {
  func.func private @rules_helper(memref<1024xf32, #hivm.address_space<ub>>)
  func.func @rules_life_call_writes_and_reads_operands(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                       %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %arg_ub = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %other = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @rules_helper(%arg_ub) : (memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%other : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%other : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_for_iter_arg_forced_pair
// RULE: UpdateForOpInitArgsAlias / UpdateForOpBufferAlias: init <-> iter arg <-> yielded
//   value <-> result, transitively, so %init and %next (both allocs, no condition) alias;
//   InitializeInplacePairList makes them an in-place pair (init, next): %init's storage is
//   merged into %next's (MergeInplaceSE), which comes after %mid's in gen order.
//   0 %init, 1 %mid, 2-4 constants, 5 load %init, 6 load %mid, 7 for begin, 8 %next,
//   9 vadd, 10 yield, 11 for end, 12 store %res (kills %init and %next), 13 store %mid,
//   14 return.
// EXPECT-LIFE: %init = 5, 12
// EXPECT-LIFE: %next = 5, 12
// EXPECT-LIFE: %mid = 6, 13
// EXPECT-OFFSETS: %mid = 0
// EXPECT-OFFSETS: %init = 4096
// EXPECT-OFFSETS: %next = 4096
module {
  func.func @rules_life_for_iter_arg_forced_pair(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                 %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %init = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %mid = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%init : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%mid : memref<1024xf32, #hivm.address_space<ub>>)
    %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (memref<1024xf32, #hivm.address_space<ub>>) {
      %next = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.vadd ins(%acc, %acc : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>)
                    outs(%next : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield %next : memref<1024xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%res : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%mid : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_if_yields_forced_pair
// RULE: UpdateIfOpBufferAlias: the if's result aliases the then-yield and the else-yield, so
//   the two yielded allocs alias each other without a condition and become an in-place pair
//   (InitializeInplacePairList, pair (then, else)): one storage, placed where the else
//   alloc's entry is (after %before's).
// EXPECT-OFFSETS: %before = 0
// EXPECT-OFFSETS: %then_ub = 4096
// EXPECT-OFFSETS: %else_ub = 4096
module {
  func.func @rules_life_if_yields_forced_pair(%flag : i1,
                                              %src : memref<1024xf32, #hivm.address_space<gm>>,
                                              %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %before = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%before : memref<1024xf32, #hivm.address_space<ub>>)
    %picked = scf.if %flag -> (memref<1024xf32, #hivm.address_space<ub>>) {
      %then_ub = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                    outs(%then_ub : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield %then_ub : memref<1024xf32, #hivm.address_space<ub>>
    } else {
      %else_ub = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                    outs(%else_ub : memref<1024xf32, #hivm.address_space<ub>>)
      scf.yield %else_ub : memref<1024xf32, #hivm.address_space<ub>>
    }
    hivm.hir.store ins(%picked : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%before : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_select_operands_never_in_place
// RULE: arith.select: UpdateBufferAlias(result, true/false value, hasCond, isIgnoreInplace)
//   marks both selected allocs ignoreInplace, and the alias carries a condition, so no
//   forced pair either. At the vadd the select's result dies, killing %p and %q, but the
//   ISA-inplace vadd may not reuse them: %r keeps its own storage and Life.
//   0 %p, 1 %q, 2 %r, 3 load %p, 4 load %q, 5 select, 6 vadd, 7 store, 8 return.
// EXPECT-LIFE: %p = 3, 6
// EXPECT-LIFE: %q = 4, 6
// EXPECT-LIFE: %r = 6, 7
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %q = 4096
// EXPECT-OFFSETS: %r = 8192
module {
  func.func @rules_life_select_operands_never_in_place(%flag : i1,
                                                       %src : memref<1024xf32, #hivm.address_space<gm>>,
                                                       %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %r = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%p : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%q : memref<1024xf32, #hivm.address_space<ub>>)
    %s = arith.select %flag, %p, %q : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%s, %s : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>)
                  outs(%r : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%r : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_mark_kills_without_shuffle
// RULE: every OpKillHandle (here the loads and the vadd) shuffles the block's live values
//   with the attempt's engine (getShuffledRange, std::mt19937 seeded 0 on the first attempt),
//   but an annotation.mark only tests its own alloc (ProcessMarkOp -> UpdateOpKillInfo) and
//   shuffles nothing. Live values: ops 4-6 [%src, %dst, %a, %b, %c, %m] (6 each), the mark
//   none, the vadd [%dst, %a, %b, %c]. libstdc++'s std::shuffle after three shuffles of 6
//   orders the vadd's list %dst, %b, %a, %c: %b is killed first, and the vadd's output %c
//   takes %b's storage (GenerateInplaceList takes the first kill that passes). (A shuffle
//   at the mark too would order %a first.) %m dies at its mark.
//   0-3 allocs, 4-6 loads, 7 mark, 8 vadd, 9 store, 10 return.
// EXPECT-LIFE: %m = 6, 7
// EXPECT-LIFE: %b = 5, 9
// EXPECT-OFFSETS: %a = 0
// EXPECT-OFFSETS: %b = 4096
// EXPECT-OFFSETS: %m = 8192
// EXPECT-OFFSETS: %c = 4096
module {
  func.func @rules_life_mark_kills_without_shuffle(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                   %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %a = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %b = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %c = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %m = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%a : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%b : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%m : memref<1024xf32, #hivm.address_space<ub>>)
    annotation.mark %m : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%a, %b : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>)
                  outs(%c : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%c : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_tightly_coupled_written_at_mark
// RULE: ProcessMarkOpForTightlyCoupledCV: in an AIV function a ub buffer marked
//   hivm.tightly_coupled_buffer is written by the other core, so its gen is the mark itself
//   (UpdateOpGenInfo on the mark's op). 0 %shared, 1 %own, 2 load %own, 3 mark (gen
//   %shared), 4 vadd (kills %shared), 5 store, 6 return. No in-place at 4 (no gen there).
// EXPECT-LIFE: %own = 2, 5
// EXPECT-LIFE: %shared = 3, 4
// EXPECT-OFFSETS: %own = 0
// EXPECT-OFFSETS: %shared = 64
module {
  func.func @rules_life_tightly_coupled_written_at_mark(%src : memref<16xf32, #hivm.address_space<gm>>,
                                                        %dst : memref<16xf32, #hivm.address_space<gm>>)
      attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %shared = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    %own = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%own : memref<16xf32, #hivm.address_space<ub>>)
    annotation.mark %shared {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<1>} : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.vadd ins(%shared, %own : memref<16xf32, #hivm.address_space<ub>>, memref<16xf32, #hivm.address_space<ub>>)
                  outs(%own : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%own : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_tightly_coupled_other_core_still_planned
// RULE: ProcessMarkOpForTightlyCoupledCV in an AIC function with a ub buffer: the buffer goes
//   into skipMemPlan, a set this pass (PlanMemory.cpp, not the regbase variant) never reads,
//   and the mark does no gen: the buffer is planned like any other, first written by its load.
//   0 %x, 1 mark, 2 %y, 3 load %x, 4 load %y, 5 store %x, 6 store %y, 7 return.
// EXPECT-LIFE: %x = 3, 5
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 64
module {
  func.func @rules_life_tightly_coupled_other_core_still_planned(%src : memref<16xf32, #hivm.address_space<gm>>,
                                                                 %dst : memref<16xf32, #hivm.address_space<gm>>)
      attributes {hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %x = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    annotation.mark %x {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<1>} : memref<16xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%x : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%y : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%x : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%y : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_scope_end_entry
// RULE: RecursiveScopeOp: a scope.scope has a begin and an end entry, and OpKillHandle runs
//   on the end entry in the enclosing block: %x, defined outside and read inside, dies
//   there (isParentOpDominate fails inside). 0 %x, 1 %y, 2 load %x, 3 scope begin, 4 vadd,
//   5 scope.return, 6 scope end, 7 store %y, 8 return.
// EXPECT-LIFE: %x = 2, 6
// EXPECT-LIFE: %y = 4, 7
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 64
module {
  func.func @rules_life_scope_end_entry(%src : memref<16xf32, #hivm.address_space<gm>>,
                                        %dst : memref<16xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%x : memref<16xf32, #hivm.address_space<ub>>)
    scope.scope : () -> () {
      hivm.hir.vadd ins(%x, %x : memref<16xf32, #hivm.address_space<ub>>, memref<16xf32, #hivm.address_space<ub>>)
                    outs(%y : memref<16xf32, #hivm.address_space<ub>>)
      scope.return
    }
    hivm.hir.store ins(%y : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_life_branch_args_alias_with_condition
// RULE: UpdateBranchOpAlias: a cf.br / cf.cond_br operand aliases the successor's block
//   argument with a condition (hasCond), and the condition spreads to the pair of allocs it
//   joins, so InitializeInplacePairList makes no pair of them (unlike scf.if yields):
//   %p and %q keep their own storages.
// EXPECT-OFFSETS: %p = 0
// EXPECT-OFFSETS: %q = 64
module {
  func.func @rules_life_branch_args_alias_with_condition(%flag : i1,
                                                         %src : memref<16xf32, #hivm.address_space<gm>>,
                                                         %dst : memref<16xf32, #hivm.address_space<gm>>) {
    %p = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%p : memref<16xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<16xf32, #hivm.address_space<gm>>) outs(%q : memref<16xf32, #hivm.address_space<ub>>)
    cf.cond_br %flag, ^bb1(%p : memref<16xf32, #hivm.address_space<ub>>), ^bb1(%q : memref<16xf32, #hivm.address_space<ub>>)
  ^bb1(%m : memref<16xf32, #hivm.address_space<ub>>):
    hivm.hir.store ins(%m : memref<16xf32, #hivm.address_space<ub>>) outs(%dst : memref<16xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_tightly_coupled_disabled_reuse_is_mem_unique
// PASS: hivm-plan-memory=disable-tightly-coupled-buffer-reuse=true
// RULE: ProcessMarkOpForTightlyCoupledCV with disable-tightly-coupled-buffer-reuse: the owning
//   side of a tightly coupled buffer (AIV, ub) is memoryUnique. Its storage goes first in the
//   reorder and no other storage shares its memory at any level (VerifyConflictStage0), though
//   the Lives never meet: %shared [3,4] (written at its mark), %late [6,7]. 128 KB each: 256 KB
//   of the 192 do not fit, and the failed scope's level-0 plan puts %late after %shared. Without
//   the option %late takes %shared's address at level 0 (rules_tightly_coupled_reuse_by_default).
// EXPECT-ERROR: ub overflow, requires 2097152 bits while 1572864 bits available!
module {
  func.func @rules_tightly_coupled_disabled_reuse_is_mem_unique(%src : memref<32768xf32, #hivm.address_space<gm>>,
                                                                %dst : memref<32768xf32, #hivm.address_space<gm>>)
      attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %shared = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %late = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    annotation.mark %shared {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<1>} : memref<32768xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%shared : memref<32768xf32, #hivm.address_space<ub>>) outs(%dst : memref<32768xf32, #hivm.address_space<gm>>)
    %c1 = arith.constant 1 : index
    hivm.hir.load ins(%src : memref<32768xf32, #hivm.address_space<gm>>) outs(%late : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%late : memref<32768xf32, #hivm.address_space<ub>>) outs(%dst : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_tightly_coupled_reuse_by_default
// RULE: without disable-tightly-coupled-buffer-reuse the coupled buffer is an ordinary storage:
//   the same IR as rules_tightly_coupled_disabled_reuse_is_mem_unique fits, %late (DMA, first
//   in the reorder) at 0 and %shared, whose Life [3,4] ends before %late's [6,7], on it at
//   level 0 after levels 3 and 2 refuse (DMA; both outside loops). The DMA-reuse warning says so.
// EXPECT-OFFSETS: %shared = 0
// EXPECT-OFFSETS: %late = 0
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2097152 bits while 1572864 bits available!
module {
  func.func @rules_tightly_coupled_reuse_by_default(%src : memref<32768xf32, #hivm.address_space<gm>>,
                                                   %dst : memref<32768xf32, #hivm.address_space<gm>>)
      attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %shared = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %late = memref.alloc() : memref<32768xf32, #hivm.address_space<ub>>
    %c0 = arith.constant 0 : index
    annotation.mark %shared {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<1>} : memref<32768xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%shared : memref<32768xf32, #hivm.address_space<ub>>) outs(%dst : memref<32768xf32, #hivm.address_space<gm>>)
    %c1 = arith.constant 1 : index
    hivm.hir.load ins(%src : memref<32768xf32, #hivm.address_space<gm>>) outs(%late : memref<32768xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%late : memref<32768xf32, #hivm.address_space<ub>>) outs(%dst : memref<32768xf32, #hivm.address_space<gm>>)
    return
  }
}
