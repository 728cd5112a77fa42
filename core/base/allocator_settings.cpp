#include "core/base/allocator_settings.hpp"

#include "core/base/work_thresholds.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace memlens {

void keepLargeAllocationsMapped()
{
#if defined(__GLIBC__)
    // A fixed threshold also ends glibc's own raising of it (and of the trim threshold).
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(kMappedAllocationBytes));
#endif
}

} // namespace memlens
