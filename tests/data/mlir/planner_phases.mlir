// Small kernels for the planner's phase tests (tests/core/test_planner_phases.cpp): one
// function per phase, each small enough to work out by hand.
module {
  // In place: %scaled is first written by the vmul at which %x is read last, so it takes
  // %x's storage; %keep lives on and keeps a storage of its own.
  func.func @phase_inplace(%src : memref<8192xf32, #hivm.address_space<gm>>,
                           %dst : memref<8192xf32, #hivm.address_space<gm>>) {
    %two = arith.constant 2.000000e+00 : f32
    %x = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %keep = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    %scaled = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<8192xf32, #hivm.address_space<gm>>) outs(%x : memref<8192xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<8192xf32, #hivm.address_space<gm>>) outs(%keep : memref<8192xf32, #hivm.address_space<ub>>)
    hivm.hir.vmul ins(%x, %two : memref<8192xf32, #hivm.address_space<ub>>, f32) outs(%scaled : memref<8192xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%scaled : memref<8192xf32, #hivm.address_space<ub>>) outs(%dst : memref<8192xf32, #hivm.address_space<gm>>)
    hivm.hir.store ins(%keep : memref<8192xf32, #hivm.address_space<ub>>) outs(%dst : memref<8192xf32, #hivm.address_space<gm>>)
    return
  }

  // The same pair with %x marked mem_unique: the A2/A3 rules still merge it, the A5 ones do not.
  func.func @phase_inplace_unique(%src : memref<8192xf32, #hivm.address_space<gm>>,
                                  %dst : memref<8192xf32, #hivm.address_space<gm>>) {
    %two = arith.constant 2.000000e+00 : f32
    %x = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    annotation.mark %x {mem_unique} : memref<8192xf32, #hivm.address_space<ub>>
    %scaled = memref.alloc() : memref<8192xf32, #hivm.address_space<ub>>
    hivm.hir.load ins(%src : memref<8192xf32, #hivm.address_space<gm>>) outs(%x : memref<8192xf32, #hivm.address_space<ub>>)
    hivm.hir.vmul ins(%x, %two : memref<8192xf32, #hivm.address_space<ub>>, f32) outs(%scaled : memref<8192xf32, #hivm.address_space<ub>>)
    hivm.hir.store ins(%scaled : memref<8192xf32, #hivm.address_space<ub>>) outs(%dst : memref<8192xf32, #hivm.address_space<gm>>)
    return
  }

  // The ub reorder: written first the scalar %flag, then %filled (neither scalar nor DMA),
  // then the loaded %tile (DMA); searched DMA, other, scalar.
  func.func @phase_reorder(%src : memref<4096xf32, #hivm.address_space<gm>>,
                           %dst : memref<4096xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.000000e+00 : f32
    %flag = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>
    %filled = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    %tile = memref.alloc() : memref<4096xf32, #hivm.address_space<ub>>
    memref.store %one, %flag[%c0] : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.vbrc ins(%one : f32) outs(%filled : memref<4096xf32, #hivm.address_space<ub>>)
    hivm.hir.load ins(%src : memref<4096xf32, #hivm.address_space<gm>>) outs(%tile : memref<4096xf32, #hivm.address_space<ub>>)
    hivm.hir.vadd ins(%filled, %tile : memref<4096xf32, #hivm.address_space<ub>>, memref<4096xf32, #hivm.address_space<ub>>) outs(%tile : memref<4096xf32, #hivm.address_space<ub>>)
    %f = memref.load %flag[%c0] : memref<64xf32, #hivm.address_space<ub>>
    hivm.hir.store ins(%tile : memref<4096xf32, #hivm.address_space<ub>>) outs(%dst : memref<4096xf32, #hivm.address_space<gm>>)
    return
  }

  // The levels: three 80 KB DMA storages with disjoint Lives, %outer1 and %outer2 in loop
  // L, %inner in the loop nested in it. Side by side they need 240 KB of the 192 KB; %outer1
  // and %inner go at 0 and 80 KB with no pipe conflict (level 3); %outer2 conflicts with
  // both there, and at level 2 only with %outer1 (same loop), so it takes %inner's address.
  func.func @phase_levels(%src : memref<20480xf32, #hivm.address_space<gm>>,
                          %dst : memref<20480xf32, #hivm.address_space<gm>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %outer1 = memref.alloc() : memref<20480xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<20480xf32, #hivm.address_space<gm>>) outs(%outer1 : memref<20480xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%outer1 : memref<20480xf32, #hivm.address_space<ub>>) outs(%dst : memref<20480xf32, #hivm.address_space<gm>>)
      scf.for %j = %c0 to %c4 step %c1 {
        %inner = memref.alloc() : memref<20480xf32, #hivm.address_space<ub>>
        hivm.hir.load ins(%src : memref<20480xf32, #hivm.address_space<gm>>) outs(%inner : memref<20480xf32, #hivm.address_space<ub>>)
        hivm.hir.store ins(%inner : memref<20480xf32, #hivm.address_space<ub>>) outs(%dst : memref<20480xf32, #hivm.address_space<gm>>)
        scf.yield
      }
      %outer2 = memref.alloc() : memref<20480xf32, #hivm.address_space<ub>>
      hivm.hir.load ins(%src : memref<20480xf32, #hivm.address_space<gm>>) outs(%outer2 : memref<20480xf32, #hivm.address_space<ub>>)
      hivm.hir.store ins(%outer2 : memref<20480xf32, #hivm.address_space<ub>>) outs(%dst : memref<20480xf32, #hivm.address_space<gm>>)
      scf.yield
    }
    return
  }
}
