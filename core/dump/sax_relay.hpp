#pragma once
// Reads JSON on a second thread and hands its SAX events to a handler on the
// calling thread. On a big dump the JSON reader's scanning and what the handler
// makes of the events (fields, paths, interned text) then run on two cores side
// by side. The handler sees exactly the events json::sax_parse would give it, in
// the same order, a syntax error included.
#include <nlohmann/json.hpp>

#include <functional>

namespace memlens {

using JsonSax = nlohmann::json_sax<nlohmann::json>;

// `read` runs on the second thread and feeds a recorder to the JSON reader
// (for example json::sax_parse(first, last, &recorder)). What the handler throws
// stops the reading and reaches the caller; what `read` throws (a cancel, a file
// that cannot be read) reaches the caller once the handler has seen every event
// recorded before it. Returns false when the handler stopped the parse by returning false.
bool relaySaxEvents(const std::function<void(JsonSax& recorder)>& read, JsonSax& handler);

} // namespace memlens
