// In-place rules of the compiler's hivm-plan-memory pass (PlanMemory.cpp @52f96a1,
// MemPlan::GenerateInplaceList and IsReuseHIVMOp), each with a case of our own. Pattern
// unless said otherwise: %x is loaded, one op reads %x (its last read) and writes %y, %y is
// stored. The op's gen list is [%y] and its kill list [%x]; when the pair passes the rule,
// MergeInplaceSE puts %y into %x's storage and both get the same offset (these plans fit,
// so offsets are the no-reuse ones: storages side by side in gen order).

// CASE: rules_inplace_isa_vmax
// RULE: IsReuseHIVMOp: vadd/vsub/vmax/vmin/vor/vand/vmul without an inline broadcast or
//   transpose "can be inplaced in isa" (first branch after the offset test): %y takes %x's storage.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module {
  func.func @rules_inplace_isa_vmax(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.vmax ins(%x, %x : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_inline_transpose_refused
// RULE: IsReuseHIVMOp: a vor with an inline transpose skips the ISA branch
//   (hasInlineBroadcastOrTransposeAttr) and is refused by existInlineTransposeLoopDims
//   ("Tranpose operands can not inplace even with same shape"): two storages, %y after %x (4096 B).
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module {
  func.func @rules_inplace_inline_transpose_refused(%src : memref<32x32xf32, #hivm.address_space<gm>>, %dst : memref<32x32xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<32x32xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<32x32xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<32x32xf32, #hivm.address_space<gm>>) outs(%x : memref<32x32xf32, #hivm.address_space<ub>>)
    hivm.hir.vor ins(%x, %x : memref<32x32xf32, #hivm.address_space<ub>>, memref<32x32xf32, #hivm.address_space<ub>>) outs(%y : memref<32x32xf32, #hivm.address_space<ub>>) transpose = [1, 0]
    hivm.hir.store ins(%y : memref<32x32xf32, #hivm.address_space<ub>>) outs(%dst : memref<32x32xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_same_operand_type_vexp2
// RULE: IsReuseHIVMOp: an elementwise op outside the ISA list, with no extra buffer, no inline
//   broadcast or transpose, whose operands share one element type (vexp2 has the
//   SameOperandsElementType trait, HIVMVectorOps.td) may write over its input.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module {
  func.func @rules_inplace_same_operand_type_vexp2(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.vexp2 ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_vcast_narrowing_1d
// RULE: isReusableOperands, Scene3: a vcast from a wider type whose width is a multiple of the
//   output's (32 % 16 == 0) may reuse its input when the output is rank 1 and both last dims
//   are contiguous (isReusableCastOp); the kill (32768 bits) is not smaller than the gen (16384).
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module {
  func.func @rules_inplace_vcast_narrowing_1d(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf16, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.vcast ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf16, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<1024xf16, #hivm.address_space<ub>>) outs(%dst : memref<1024xf16, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_narrowing_vcmp_i1
// RULE: isReusableOperands, Scene2: an op other than vcast whose input width is a multiple of
//   the output's (16 % 1 == 0; i1 is one bit a element) reuses its input: vcmp has neither
//   SameOperandsElementType nor the vsel rule, so this is the branch that decides.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module {
  func.func @rules_inplace_narrowing_vcmp_i1(%src : memref<1024xf16, #hivm.address_space<gm>>, %dst : memref<1024xi1, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf16, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xi1, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf16, #hivm.address_space<gm>>) outs(%x : memref<1024xf16, #hivm.address_space<ub>>)
    hivm.hir.vcmp ins(%x, %x : memref<1024xf16, #hivm.address_space<ub>>, memref<1024xf16, #hivm.address_space<ub>>) outs(%y : memref<1024xi1, #hivm.address_space<ub>>) compare_mode = <lt>
    hivm.hir.store ins(%y : memref<1024xi1, #hivm.address_space<ub>>) outs(%dst : memref<1024xi1, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_vtranspose_not_elementwise
// RULE: IsReuseHIVMOp: an op that is not an elementwise n-ary op (isElemwiseNaryOpImpl) is
//   never in place, whatever the sizes: the vtranspose's output keeps its own storage.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module {
  func.func @rules_inplace_vtranspose_not_elementwise(%src : memref<32x32xf32, #hivm.address_space<gm>>, %dst : memref<32x32xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<32x32xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<32x32xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<32x32xf32, #hivm.address_space<gm>>) outs(%x : memref<32x32xf32, #hivm.address_space<ub>>)
    hivm.hir.vtranspose ins(%x : memref<32x32xf32, #hivm.address_space<ub>>) outs(%y : memref<32x32xf32, #hivm.address_space<ub>>) permutation = [1, 0]
    hivm.hir.store ins(%y : memref<32x32xf32, #hivm.address_space<ub>>) outs(%dst : memref<32x32xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_dynamic_offsets_compare_equal
// RULE: isReusableByOffset compares the static offsets of the strided layouts of the output
//   and of every memref input; a dynamic offset ('?') is the same value (kDynamic) on both
//   sides, so two views at offset ? pass, and vabs (SameOperandsElementType) writes over
//   its input: %y's storage is merged into %x's.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module {
  func.func @rules_inplace_dynamic_offsets_compare_equal(%at : index,
                                                         %src : memref<2048xf32, #hivm.address_space<gm>>,
                                                         %dst : memref<2048xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<2048xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<2048xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<2048xf32, #hivm.address_space<gm>>)
                  outs(%x : memref<2048xf32, #hivm.address_space<ub>>)
    %xs = memref.subview %x[%at] [1024] [1] : memref<2048xf32, #hivm.address_space<ub>> to memref<1024xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    %ys = memref.subview %y[%at] [1024] [1] : memref<2048xf32, #hivm.address_space<ub>> to memref<1024xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    hivm.hir.vabs ins(%xs : memref<1024xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>)
                  outs(%ys : memref<1024xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<2048xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<2048xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_mem_unique_still_merges
// RULE: a mem_unique mark (UpdateMemoryUniqueBufferInfo) keeps a buffer out of the alias
//   pairs (InitializeInplacePairList) and out of shared segments (VerifyConflictStage0), but
//   GenerateInplaceList only skips ignoreInplace buffers: the vabs still puts %y into %x's
//   storage. 0 %x, 1 %y, 2 mark, 3 load, 4 vabs, 5 store, 6 return.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
// EXPECT-LIFE: %x = 3, 5
module {
  func.func @rules_inplace_mem_unique_still_merges(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                   %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    annotation.mark %x {mem_unique} : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>)
                  outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>)
                  outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>)
                   outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_vsel_condition_reused
// RULE: IsReuseHIVMOp, vsel branch (isReusableVSelOp): only an i64 select with an i1
//   condition keeps its condition out; with i8 data and an i8 condition the dying
//   condition buffer %c is a valid kill. %p and %q are stored later, so %c is the only
//   kill at the vsel and %o takes its storage. Gen order %c, %p, %q: 1024 B each.
// EXPECT-OFFSETS: %c = 0
// EXPECT-OFFSETS: %p = 1024
// EXPECT-OFFSETS: %q = 2048
// EXPECT-OFFSETS: %o = 0
module {
  func.func @rules_inplace_vsel_condition_reused(%src : memref<1024xi8, #hivm.address_space<gm>>,
                                                 %dst : memref<1024xi8, #hivm.address_space<gm>>) {
    %c = memref.alloc() : memref<1024xi8, #hivm.address_space<ub>>
    %p = memref.alloc() : memref<1024xi8, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<1024xi8, #hivm.address_space<ub>>
    %o = memref.alloc() : memref<1024xi8, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xi8, #hivm.address_space<gm>>) outs(%c : memref<1024xi8, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi8, #hivm.address_space<gm>>) outs(%p : memref<1024xi8, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi8, #hivm.address_space<gm>>) outs(%q : memref<1024xi8, #hivm.address_space<ub>>)
    hivm.hir.vsel ins(%c, %p, %q : memref<1024xi8, #hivm.address_space<ub>>, memref<1024xi8, #hivm.address_space<ub>>, memref<1024xi8, #hivm.address_space<ub>>)
                  outs(%o : memref<1024xi8, #hivm.address_space<ub>>)
    hivm.hir.store ins(%o : memref<1024xi8, #hivm.address_space<ub>>) outs(%dst : memref<1024xi8, #hivm.address_space<gm>>)
    hivm.hir.store ins(%p : memref<1024xi8, #hivm.address_space<ub>>) outs(%dst : memref<1024xi8, #hivm.address_space<gm>>)
    hivm.hir.store ins(%q : memref<1024xi8, #hivm.address_space<ub>>) outs(%dst : memref<1024xi8, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_vsel_i64_data_reused
// RULE: isReusableVSelOp with i64 data and an i1 condition: the kill may be any input but
//   the condition. Both %m (1024 bits, smaller than the 65536-bit gen: skipped) and %p die
//   at the vsel; %p passes and %o takes its storage. Gen order %m (128 B), %p, %q.
// EXPECT-OFFSETS: %m = 0
// EXPECT-OFFSETS: %p = 128
// EXPECT-OFFSETS: %q = 8320
// EXPECT-OFFSETS: %o = 128
module {
  func.func @rules_inplace_vsel_i64_data_reused(%msrc : memref<1024xi1, #hivm.address_space<gm>>,
                                                %src : memref<1024xi64, #hivm.address_space<gm>>,
                                                %dst : memref<1024xi64, #hivm.address_space<gm>>) {
    %m = memref.alloc() : memref<1024xi1, #hivm.address_space<ub>>
    %p = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    %o = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    hivm.hir.load ins(%msrc : memref<1024xi1, #hivm.address_space<gm>>) outs(%m : memref<1024xi1, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi64, #hivm.address_space<gm>>) outs(%p : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi64, #hivm.address_space<gm>>) outs(%q : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.vsel ins(%m, %p, %q : memref<1024xi1, #hivm.address_space<ub>>, memref<1024xi64, #hivm.address_space<ub>>, memref<1024xi64, #hivm.address_space<ub>>)
                  outs(%o : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.store ins(%o : memref<1024xi64, #hivm.address_space<ub>>) outs(%dst : memref<1024xi64, #hivm.address_space<gm>>)
    hivm.hir.store ins(%q : memref<1024xi64, #hivm.address_space<ub>>) outs(%dst : memref<1024xi64, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_restrict_as_isa_option
// OPTIONS: restrict-inplace-as-isa
// RULE: IsReuseHIVMOp with the pass option restrict-inplace-as-isa: after the ISA list
//   (vadd ... vmul) the answer is no, so a vabs - in place by default through
//   SameOperandsElementType - keeps its output apart: %y after %x.
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module {
  func.func @rules_inplace_restrict_as_isa_option(%src : memref<1024xf32, #hivm.address_space<gm>>,
                                                  %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_inplace_extra_buffer_not_for_scalar_refused
// RULE: isReusableExtraBuffer: one extra buffer is harmless only when the op allocates it for
//   a scalar operand or an inline broadcast (shouldAllocExtraBufferForScalarOrOTFBrc: a
//   broadcast attribute or an int/float operand); a vdiv of two vectors with a temp_buffer
//   keeps its output apart. The temp buffer itself is written and read at the op
//   (UpdateOpTempGenInfo, marked ignoreInplace): Life [4, 4], its own storage.
//   0 %x, 1 %y, 2 %t, 3 load, 4 vdiv, 5 store, 6 return.
// EXPECT-LIFE: %x = 3, 4
// EXPECT-LIFE: %y = 4, 5
// EXPECT-LIFE: %t = 4, 4
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 256
// EXPECT-OFFSETS: %t = 512
module {
  func.func @rules_inplace_extra_buffer_not_for_scalar_refused(%src : memref<64xf32, #hivm.address_space<gm>>,
                                                               %dst : memref<64xf32, #hivm.address_space<gm>>) {
    %x = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    %t = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<64xf32, #hivm.address_space<gm>>) outs(%x : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.vdiv ins(%x, %x : memref<64xf32, #hivm.address_space<ub>>, memref<64xf32, #hivm.address_space<ub>>)
                  outs(%y : memref<64xf32, #hivm.address_space<ub>>)
                  temp_buffer(%t : memref<64xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%y : memref<64xf32, #hivm.address_space<ub>>) outs(%dst : memref<64xf32, #hivm.address_space<gm>>)
    return
  }
}
