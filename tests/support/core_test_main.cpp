// Catch2 main for the Qt-free core tests.
#include <catch2/catch.hpp>

int runCatchSession(int argc, char** argv); // catch_session.cpp

int main(int argc, char** argv) { return runCatchSession(argc, argv); }
