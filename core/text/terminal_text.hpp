#pragma once
// Text from a dump printed on a terminal. A dump's strings (kernel name, buffer
// text, locations, error text) are data: a control sequence in them (ESC ]0; sets
// the window title, ESC [2J clears the screen) must be shown, never obeyed.
#include <cstddef>
#include <string>
#include <string_view>

namespace memlens {

// `text` with every control character escaped: C0 (but new line and tab), DEL as
// \xNN, C1 (U+0080..U+009F, which some terminals obey) as \u00NN. Other bytes,
// backslashes too, are kept, so that printable text reads as it was.
std::string terminalText(std::string_view text);

// `text` cut to at most `maxBytes` (at a UTF-8 character boundary), with what was
// left out said: "... (60000 bytes)". Shorter text is returned as it is.
std::string shortenedText(std::string_view text, std::size_t maxBytes);

// A name (kernel, buffer) for one line of a terminal: shortened, then escaped.
inline constexpr std::size_t kMaxPrintedNameBytes = 200;
std::string printableName(std::string_view name);

} // namespace memlens
