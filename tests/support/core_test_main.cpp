// Catch2 main for the Qt-free core tests.
#include <catch2/catch.hpp>

int main(int argc, char** argv) { return Catch::Session().run(argc, argv); }
