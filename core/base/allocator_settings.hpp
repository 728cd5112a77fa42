#pragma once
// How memlens asks the C library's allocator to hold its memory. A million-buffer dump
// builds and drops vectors of tens of megabytes one after another (the load's indexes, the
// analyses' sort keys, the predictor's steps). glibc maps a block that large on its own
// only below a threshold that rises to the size of each mapped block freed, up to 32 MiB:
// after the first few, every later one came from the heap, where a freed block stays
// resident below the blocks still held. Peak RSS was the file's size twice over.

namespace memlens {

// Every allocation of at least kMappedAllocationBytes (core/base/work_thresholds.hpp) is
// mapped on its own and given back to the system when freed. Called once, first thing in
// main(); where the allocator is not glibc's (a sanitizer's own), it changes nothing.
void keepLargeAllocationsMapped();

} // namespace memlens
