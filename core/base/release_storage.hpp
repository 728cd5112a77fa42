#pragma once
// Gives a container's memory back, not only its elements. `v = {}` reads as that but is the
// initializer-list assignment: it destroys the elements and keeps the capacity (a vector's
// block, a hash set's buckets), which a million-block plan then holds to the end.
#include <utility>

namespace memlens {

template <typename Container> void releaseStorage(Container& container) { Container().swap(container); }

} // namespace memlens
