// Catch2 main for the Qt-free core tests.
#include <catch2/catch.hpp>

namespace memlens::test {
int runCatchSession(int argc, char** argv); // support/catch_session.cpp
}

int main(int argc, char** argv) { return memlens::test::runCatchSession(argc, argv); }
