#pragma once
// The files memlens record writes, written so that an interrupted run never leaves half of
// one where a reader looks: a file is created new (O_EXCL, O_NOFOLLOW: never through a link
// someone left), a compile's folder is filled out of sight (DIR/.memlens/staging/) and moved
// into place in one rename that never replaces anything.
#include <string>

namespace memlens {

// Writes `text` to `path`, which must not exist, through a new temporary file beside it and a
// rename; "" or why it could not.
std::string writeNewFile(const std::string& path, const std::string& text);

// Makes `base`, else `base-2`, `base-3`, ... (the first that does not exist; never one that
// does) and checks that a file can be made in it. Returns the folder made; throws
// std::runtime_error saying why none could be (a read-only or missing parent, say).
std::string makeNumberedFolder(const std::string& base);

// Moves the folder `from` to `parent/1`, else `parent/2`, ... (creating `parent`), never onto
// anything that exists. Returns the folder it became; throws std::runtime_error.
std::string publishNumbered(const std::string& from, const std::string& parent);

// A name for a file or folder made of `text`: letters, digits, '_', '-', '.' kept, others '_'.
std::string safeFileName(const std::string& text);

} // namespace memlens
