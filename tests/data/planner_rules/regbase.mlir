// The A5 pass's (hivm-plan-memory-regbase) in-place reuse across calls of VF functions
// (regbase/PlanMemory.cpp and VFInplaceReuseAnalyzer.cpp @52f96a1), each rule with a case of
// our own. Pattern unless said otherwise: %x is loaded, a call of a VF function reads %x (its
// last read) and writes %y, %y is stored; 1024 f32 each (4096 B). These plans fit, so storages
// sit side by side in gen order and a taken pair shares one offset.

// CASE: rules_a5_vf_inplace_pair
// RULE: VFInplaceReuseAnalysis + GenerateInplaceList: the callee writes %out once (one transfer_write)
//   and reads %in once, the read before the write in one block, through equal subviews of the loop's
//   step: the call's output %y takes its dying input %x's place (no loop around the allocs: no reach test).
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_inplace_pair(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_widening_write_refused
// RULE: isNoWideningWrite: the callee writes f32 elements from f16 ones it read: a write wider than
//   its read never takes the read's place (here %x, 4096 B of f16, would be large enough).
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_widen(
      %in: memref<1024xf16, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f16
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf16, #hivm.address_space<ub>> to memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf16, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf16>
      %w = arith.extf %v : vector<64xf16> to vector<64xf32>
      vector.transfer_write %w, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_widening_write_refused(%src: memref<2048xf16, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<2048xf16, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<2048xf16, #hivm.address_space<gm>>) outs(%x : memref<2048xf16, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    %xs = memref.subview %x[0] [1024] [1] : memref<2048xf16, #hivm.address_space<ub>> to memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>
    func.call @vf_widen(%xs, %y) {hivm.vector_function} : (memref<1024xf16, strided<[1]>, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_read_after_write_refused
// RULE: getPrevReadsInSameBlock: only reads before the write in its block are candidates; the callee
//   writes %out first and reads %in after, so the call writes %y apart from %x.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_write_first(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %z = vector.broadcast %padd : f32 to vector<64xf32>
      vector.transfer_write %z, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
    }
    return
  }
  func.func @rules_a5_vf_read_after_write_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_write_first(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_input_read_twice_refused
// RULE: onlyReadOnce: an argument read by two transfer_reads is no candidate source.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_read_twice(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      %v2 = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_input_read_twice_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_read_twice(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_unequal_slices_refused
// RULE: hasSameIteration / isEqualSlice: the read's subview takes 64 elements a step, the write's 32:
//   not the same slice, so no pair.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_other_slice(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [32] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<32xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<32xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_unequal_slices_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_other_slice(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_aliased_operands_refused
// RULE: hasAliasArgRisk: two operands of the call are views of one alloc (%x), so no VF pair is taken
//   at it, though the callee would let its third argument take its first's place.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_three(
      %a: memref<512xf32, #hivm.address_space<ub>>,
      %b: memref<512xf32, #hivm.address_space<ub>>,
      %out: memref<512xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c512 step %c64 {
      %s = memref.subview %a[%i] [64] [1] : memref<512xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<512xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_aliased_operands_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<512xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %x0 = memref.subview %x[0] [512] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<512xf32, strided<[1]>, #hivm.address_space<ub>>
    %x1 = memref.subview %x[512] [512] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<512xf32, strided<[1], offset: 512>, #hivm.address_space<ub>>
    %y = memref.alloc() : memref<512xf32, #hivm.address_space<ub>>
    func.call @vf_three(%x0, %x1, %y) {hivm.vector_function} : (memref<512xf32, strided<[1]>, #hivm.address_space<ub>>, memref<512xf32, strided<[1], offset: 512>, #hivm.address_space<ub>>, memref<512xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<512xf32, #hivm.address_space<ub>>) outs(%dst : memref<512xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vf_loop_load_to_store_refused
// RULE: IsReuseVFCall: in a loop, %y reaches a store (MTE3) and %x a load's output (MTE2), and %y's
//   alloc is inside the loop: sharing would make the next load wait for this store, so it is refused.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_loop_load_to_store_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %l0 = arith.constant 0 : index
    %l1 = arith.constant 1 : index
    %l4 = arith.constant 4 : index
    scf.for %k = %l0 to %l4 step %l1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
      hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    }
    return
  }
}

// -----
// CASE: rules_a5_vf_loop_reachable_check_off
// RULE: disable-vf-reachable-check=true: IsInplaceReuseReachable is always false, so the same loop's
//   pair is taken.
// PASS: hivm-plan-memory-regbase=disable-vf-reachable-check=true
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_loop_reachable_check_off(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %l0 = arith.constant 0 : index
    %l1 = arith.constant 1 : index
    %l4 = arith.constant 4 : index
    scf.for %k = %l0 to %l4 step %l1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
      hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    }
    return
  }
}

// -----
// CASE: rules_a5_vf_reach_carried_through_merge
// RULE: InplaceReuseReachableMap::unite: the first call's pair (%y over %x) is taken (%y reaches no
//   store) and carries %x's load reach to %y; at the second call %z reaches the store and %y, by
//   the merge, the load: refused, %z apart (without the carry it would share too).
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
// EXPECT-OFFSETS: %z = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_reach_carried_through_merge(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %l0 = arith.constant 0 : index
    %l1 = arith.constant 1 : index
    %l4 = arith.constant 4 : index
    scf.for %k = %l0 to %l4 step %l1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
      %z = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      func.call @vf_copy(%y, %z) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
      hivm.hir.store ins(%z : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    }
    return
  }
}

// -----
// CASE: rules_a5_vf_pair_in_the_a2_a3_pass_too
// RULE: PlanMemory.cpp's GenerateInplaceList has the same VF branch: the membase pass on an A5 target
//   takes the first case's pair as well.
// PASS: hivm-plan-memory
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_pair_in_the_a2_a3_pass_too(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_mb_copy_retried_at_its_own_level
// RULE: ShouldRollbackMuiltiBuffer (both passes): a multi-buffer copy planned on its own is
//   undone with its first storage only when both were placed at the same level. Here %out's copy
//   was placed at a higher level than %out itself; when %mid2 does not fit, the rollback stops at
//   the copy and tries it again at level 0, where it takes offset 0, and the plan fits in the
//   910B1's 192 KB. Undone with %out instead, the search would run out of levels and fail.
//   %in (two copies, 52000 B apart) and %mid1, which the first call writes over it, share 0.
// PASS: hivm-plan-memory-regbase
// EXPECT-WARNING: [hivm-plan-memory] There reused some dma buffers in ub address space, which may stall pipe. Not reusing dma buffer needs 2086400 bits while 1572864 bits available!
// EXPECT-OFFSETS: %in = 0, 52000
// EXPECT-OFFSETS: %mid1 = 0, 52000
// EXPECT-OFFSETS: %mid2 = 108800
// EXPECT-OFFSETS: %out = 0, 54400
module attributes {hacc.target = #hacc.target<"Ascend910B1">} {
  func.func private @first_lane(%a: memref<5500xi64, strided<[1]>, #hivm.address_space<ub>>, %b: memref<5500xi64, #hivm.address_space<ub>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vector_function, no_inline} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i64
    %src = memref.subview %a[0] [1] [1] : memref<5500xi64, strided<[1]>, #hivm.address_space<ub>> to memref<1xi64, strided<[1]>, #hivm.address_space<ub>>
    %dst = memref.subview %b[0] [1] [1] : memref<5500xi64, #hivm.address_space<ub>> to memref<1xi64, #hivm.address_space<ub>>
    %v = vector.transfer_read %src[%c0], %zero {in_bounds = [true]} : memref<1xi64, strided<[1]>, #hivm.address_space<ub>>, vector<64xi64>
    vector.transfer_write %v, %dst[%c0] {in_bounds = [true]} : vector<64xi64>, memref<1xi64, #hivm.address_space<ub>>
    return
  }
  func.func private @nothing(%a: memref<5500xi64, #hivm.address_space<ub>>, %b: memref<6000xi64, #hivm.address_space<ub>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vector_function, no_inline} {
    return
  }
  func.func private @last_lane(%a: memref<6000xi64, #hivm.address_space<ub>>, %b: memref<6000xi64, strided<[1]>, #hivm.address_space<ub>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>, hivm.vector_function, no_inline} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i64
    %src = memref.subview %a[0] [1] [1] : memref<6000xi64, #hivm.address_space<ub>> to memref<1xi64, #hivm.address_space<ub>>
    %dst = memref.subview %b[0] [1] [1] : memref<6000xi64, strided<[1]>, #hivm.address_space<ub>> to memref<1xi64, strided<[1]>, #hivm.address_space<ub>>
    %v = vector.transfer_read %src[%c0], %zero {in_bounds = [true]} : memref<1xi64, #hivm.address_space<ub>>, vector<64xi64>
    vector.transfer_write %v, %dst[%c0] {in_bounds = [true]} : vector<64xi64>, memref<1xi64, strided<[1]>, #hivm.address_space<ub>>
    return
  }
  func.func @rules_a5_mb_copy_retried_at_its_own_level(%gin: memref<5500xi64, #hivm.address_space<gm>>, %gout: memref<6000xi64, #hivm.address_space<gm>>) {
    %in = memref.alloc() : memref<6500xi64, #hivm.address_space<ub>>
    annotation.mark %in {hivm.multi_buffer = 2 : i32} : memref<6500xi64, #hivm.address_space<ub>>
    %in_v = memref.subview %in[0] [5500] [1] : memref<6500xi64, #hivm.address_space<ub>> to memref<5500xi64, strided<[1]>, #hivm.address_space<ub>>
    hivm.hir.load ins(%gin : memref<5500xi64, #hivm.address_space<gm>>) outs(%in_v : memref<5500xi64, strided<[1]>, #hivm.address_space<ub>>)
    %mid1 = memref.alloc() : memref<5500xi64, #hivm.address_space<ub>>
    func.call @first_lane(%in_v, %mid1) {hivm.vector_function, no_inline} : (memref<5500xi64, strided<[1]>, #hivm.address_space<ub>>, memref<5500xi64, #hivm.address_space<ub>>) -> ()
    %mid2 = memref.alloc() : memref<6000xi64, #hivm.address_space<ub>>
    func.call @nothing(%mid1, %mid2) {hivm.vector_function, no_inline} : (memref<5500xi64, #hivm.address_space<ub>>, memref<6000xi64, #hivm.address_space<ub>>) -> ()
    %out = memref.alloc() : memref<6800xi64, #hivm.address_space<ub>>
    annotation.mark %out {hivm.multi_buffer = 2 : i32} : memref<6800xi64, #hivm.address_space<ub>>
    %out_v = memref.subview %out[0] [6000] [1] : memref<6800xi64, #hivm.address_space<ub>> to memref<6000xi64, strided<[1]>, #hivm.address_space<ub>>
    func.call @last_lane(%mid2, %out_v) {hivm.vector_function, no_inline} : (memref<6000xi64, #hivm.address_space<ub>>, memref<6000xi64, strided<[1]>, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%out_v : memref<6000xi64, strided<[1]>, #hivm.address_space<ub>>) outs(%gout : memref<6000xi64, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_vsel_condition_taken_in_place
// RULE: the A5 pass's IsReuseHIVMOp has no vsel branch: an i1 condition that dies at the vsel is
//   a kill like any other, so the select's output takes its storage (the A2/A3 pass keeps an i1
//   condition of an i64 select out). %m is 65536 i1 (8192 B), as large as %o; %p and %q are
//   stored later, so %m is the only kill. Gen order %m, %p, %q: 8192 B each.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %m = 0
// EXPECT-OFFSETS: %p = 8192
// EXPECT-OFFSETS: %q = 16384
// EXPECT-OFFSETS: %o = 0
module {
  func.func @rules_a5_vsel_condition_taken_in_place(%msrc : memref<65536xi1, #hivm.address_space<gm>>,
                                                    %src : memref<1024xi64, #hivm.address_space<gm>>,
                                                    %dst : memref<1024xi64, #hivm.address_space<gm>>) {
    %m = memref.alloc() : memref<65536xi1, #hivm.address_space<ub>>
    %p = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    %q = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    %o = memref.alloc() : memref<1024xi64, #hivm.address_space<ub>>
    hivm.hir.load ins(%msrc : memref<65536xi1, #hivm.address_space<gm>>) outs(%m : memref<65536xi1, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi64, #hivm.address_space<gm>>) outs(%p : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<1024xi64, #hivm.address_space<gm>>) outs(%q : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.vsel ins(%m, %p, %q : memref<65536xi1, #hivm.address_space<ub>>, memref<1024xi64, #hivm.address_space<ub>>, memref<1024xi64, #hivm.address_space<ub>>)
                  outs(%o : memref<1024xi64, #hivm.address_space<ub>>)
    hivm.hir.store ins(%o : memref<1024xi64, #hivm.address_space<ub>>) outs(%dst : memref<1024xi64, #hivm.address_space<gm>>)
    hivm.hir.store ins(%p : memref<1024xi64, #hivm.address_space<ub>>) outs(%dst : memref<1024xi64, #hivm.address_space<gm>>)
    hivm.hir.store ins(%q : memref<1024xi64, #hivm.address_space<ub>>) outs(%dst : memref<1024xi64, #hivm.address_space<gm>>)
    return
  }
}

// -----
// CASE: rules_a5_stall_pair_taken_in_place
// RULE: the A5 pass has no InplaceStallPipeline test: %x and %y, both double buffered, %x loaded
//   and %y stored, still merge in place at the vabs (the A2/A3 pass refuses the pair and plans
//   them apart): one storage of two slots.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0, 4096
// EXPECT-OFFSETS: %y = 0, 4096
module {
  func.func @rules_a5_stall_pair_taken_in_place(%src : memref<1024xf32, #hivm.address_space<gm>>, %dst : memref<1024xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %x {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      annotation.mark %y {hivm.multi_buffer = 2 : i32} : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.vabs ins(%x : memref<1024xf32, #hivm.address_space<ub>>) outs(%y : memref<1024xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_a5_vf_while_load_to_store_refused
// RULE: IsReuseVFCall: a loop is any loop-like op, scf.while too: %y reaches a store, %x a load's
//   output and %y's alloc is inside the while's body, so the pair is refused as in an scf.for.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 4096
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c1024 step %c64 {
      %s = memref.subview %in[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %out[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_while_load_to_store_refused(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %l0 = arith.constant 0 : index
    %l1 = arith.constant 1 : index
    %l4 = arith.constant 4 : index
    %true = arith.constant true
    scf.while : () -> () {
      scf.condition(%true)
    } do {
      %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
      %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
      func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
      hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}

// -----
// CASE: rules_a5_vf_inplace_pair_through_iter_args
// RULE: VFInplaceReuseAnalysis traces a transfer's memref to the callee's argument through the
//   loop's iter_args (an iter_arg starts from the loop's operand after its bounds and step): the
//   callee reads %in and writes %out through two iter_args, and %y takes %x's place as in
//   rules_a5_vf_inplace_pair.
// PASS: hivm-plan-memory-regbase
// EXPECT-OFFSETS: %x = 0
// EXPECT-OFFSETS: %y = 0
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @vf_copy(
      %in: memref<1024xf32, #hivm.address_space<ub>>,
      %out: memref<1024xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %pad = arith.constant 0.000000e+00 : f32
    %padd = arith.constant 0.000000e+00 : f32
    %r:2 = scf.for %i = %c0 to %c1024 step %c64 iter_args(%a = %in, %b = %out) -> (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) {
      %s = memref.subview %a[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %d = memref.subview %b[%i] [64] [1] : memref<1024xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %d[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      scf.yield %a, %b : memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>
    }
    return
  }
  func.func @rules_a5_vf_inplace_pair_through_iter_args(%src: memref<1024xf32, #hivm.address_space<gm>>, %dst: memref<1024xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<1024xf32, #hivm.address_space<gm>>) outs(%x : memref<1024xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<1024xf32, #hivm.address_space<ub>>
    func.call @vf_copy(%x, %y) {hivm.vector_function} : (memref<1024xf32, #hivm.address_space<ub>>, memref<1024xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<1024xf32, #hivm.address_space<ub>>) outs(%dst : memref<1024xf32, #hivm.address_space<gm>>)
    return
  }
}
