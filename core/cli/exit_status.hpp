#pragma once
// The exit statuses every command shares (docs/design.md, Command line): CI reads
// 3 as "the kernel overflows", 2 as "memlens could not read what it was given".

namespace memlens {

inline constexpr int kExitFits = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitOverflow = 3;

} // namespace memlens
