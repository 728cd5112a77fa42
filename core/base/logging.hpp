#pragma once
// One place that sets up spdlog for memlens: messages go to stderr (never into
// JSON on stdout); warnings only, unless --verbose or MEMLENS_VERBOSE=1.
namespace memlens {

void configureLogging(bool verbose);
bool verboseRequestedByEnvironment();

} // namespace memlens
