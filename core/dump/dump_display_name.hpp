#pragma once
// How a dump is named on screen and in reports: its folder and file name
// ("block16384/memory_info_aiv.json"), because every dump of a core type has
// the same file name and only the folder tells two compiles apart.
#include <string>

namespace memlens {

// "block16384/memory_info_aiv.json" for ".../block16384/memory_info_aiv.json"; relative
// paths are made absolute first; a file at the root is its bare name.
std::string dumpDisplayName(const std::string& path);

} // namespace memlens
