#pragma once
// A multi-buffered alloc is written to the dump once per copy: each copy is a storage entry of
// its own holding the same alloc, and the compiler lists every alloc of every entry with the
// alloc's whole offset list. Such records (same `buffer` text, offsets, extent and Life) are one
// buffer: its blocks are its offsets, counted once. Buffers of different texts that share
// offsets, extent and Life stay apart: they are one storage (in-place reuse), not one buffer.
#include "core/dump/dump_model.hpp"

#include <cstddef>

namespace memlens {

// Drops the repeats of each buffer in `scope.buffers` (before its blocks are made), keeping the
// first in file order. Returns how many records were dropped.
std::size_t foldRepeatedRecords(ScopePlan& scope);

// Numbers the buffers of `dump` 0, 1, ... in file order again (after records were folded).
void renumberBuffers(Dump& dump);

// "2 records listed a buffer again (one per multi-buffer copy): each is counted once."
std::string foldedRecordsNote(std::size_t folded);

} // namespace memlens
