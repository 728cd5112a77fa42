// Catch2 main for the Qt-free core tests.
#include "support/catch_session.hpp"

int main(int argc, char** argv) { return memlens::test::runCatchSession(argc, argv); }
