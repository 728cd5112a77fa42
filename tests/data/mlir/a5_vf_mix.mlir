// An A5 mix kernel of our own, for `memlens plan`: the vector core's kernel calls a VF function
// that reads %x once and writes %y once, slice for slice, so %y takes %x's place; the cube core
// writes %u, the other core's side of tightly coupled buffer 3, which the vector core owns as %v.
module attributes {hacc.target = #hacc.target<"Ascend950PR_950z">} {
  func.func @copy_vf(%in: memref<4096xf32, #hivm.address_space<ub>>, %out: memref<4096xf32, #hivm.address_space<ub>>) attributes {hivm.vector_function} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %pad = arith.constant 0.000000e+00 : f32
    scf.for %i = %c0 to %c4096 step %c64 {
      %a = memref.subview %in[%i] [64] [1] : memref<4096xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %b = memref.subview %out[%i] [64] [1] : memref<4096xf32, #hivm.address_space<ub>> to memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
      %v = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>, vector<64xf32>
      vector.transfer_write %v, %b[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32, strided<[1], offset: ?>, #hivm.address_space<ub>>
    }
    return
  }
  func.func @mix_cube(%src: memref<4096xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIC>} {
    %acc = memref.alloc() : memref<4096xf32, #hivm.address_space<cc>>
    hivm.hir.load ins(%src : memref<4096xf32, #hivm.address_space<gm>>) outs(%acc : memref<4096xf32, #hivm.address_space<cc>>)
    %u = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    annotation.mark %u {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<3>} : memref<4096xf32, #hivm.address_space<ub>>
    hivm.hir.fixpipe {enable_nz2nd, l0c_to_ub} ins(%acc : memref<4096xf32, #hivm.address_space<cc>>) outs(%u : memref<4096xf32, #hivm.address_space<ub>>)
    return
  }
  func.func @mix_vector(%src: memref<4096xf32, #hivm.address_space<gm>>, %dst: memref<4096xf32, #hivm.address_space<gm>>) attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {
    %x = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<4096xf32, #hivm.address_space<gm>>) outs(%x : memref<4096xf32, #hivm.address_space<ub>>)
    %y = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    func.call @copy_vf(%x, %y) {hivm.vector_function} : (memref<4096xf32, #hivm.address_space<ub>>, memref<4096xf32, #hivm.address_space<ub>>) -> ()
    hivm.hir.store ins(%y : memref<4096xf32, #hivm.address_space<ub>>) outs(%dst : memref<4096xf32, #hivm.address_space<gm>>)
    %v = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    annotation.mark %v {hivm.tightly_coupled_buffer = #hivm.tightly_coupled_buffer<3>} : memref<4096xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%v : memref<4096xf32, #hivm.address_space<ub>>) outs(%dst : memref<4096xf32, #hivm.address_space<gm>>)
    return
  }
}
