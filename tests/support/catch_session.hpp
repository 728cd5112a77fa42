#pragma once
// Runs every registered Catch2 test case with the command line given: the one
// call a suite's main() makes (Catch2's implementation lives in catch_session.cpp).
namespace memlens::test {

int runCatchSession(int argc, char** argv);

} // namespace memlens::test
