// The Catch2 implementation, compiled once for every suite (it is the slowest
// file of the tests). Each suite brings its own main(): core_test_main.cpp or
// gui_test_main.cpp.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "support/catch_session.hpp"

namespace memlens::test {

int runCatchSession(int argc, char** argv) { return Catch::Session().run(argc, argv); }

} // namespace memlens::test
