// Work handed to another thread with runBeside: its result or its exception comes back, and
// work started there counts one core fewer, for the caller that keeps working beside it.
#include "core/base/run_beside.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
#include <thread>
#include <utility>

using namespace memlens;

namespace {
unsigned machineCores() { return std::max(1u, std::thread::hardware_concurrency()); }
unsigned atLeastOne(unsigned cores, unsigned busy) { return cores > busy ? cores - busy : 1; }
} // namespace

TEST_CASE("work beside a caller counts one core fewer for each caller that keeps working", "[beside]")
{
    if (machineCores() < 3)
        WARN("this machine has " << machineCores() << " cores: work two callers down has one, like work one down");
    CHECK(coresFreeHere() == machineCores());
    const auto [oneDown, twoDown] = runBeside([] {
        const unsigned here = coresFreeHere();
        return std::pair{here, runBeside([] { return coresFreeHere(); }).get()};
    }).get();
    CHECK(oneDown == atLeastOne(machineCores(), 1));
    CHECK(twoDown == atLeastOne(machineCores(), 2));
    // The count belongs to the work, not to this thread: it is as it was once the work is done.
    CHECK(coresFreeHere() == machineCores());
    // Taken on the caller's thread (small input), the work is not beside anything.
    ResultBeside<unsigned> here(false, [] { return coresFreeHere(); });
    CHECK(here.take() == machineCores());
    ResultBeside<unsigned> apart(true, [] { return coresFreeHere(); });
    CHECK(apart.take() == atLeastOne(machineCores(), 1));
}

TEST_CASE("work beside gives back its result or rethrows its exception", "[beside]")
{
    CHECK(runBeside([] { return 42; }).get() == 42);
    CHECK_THROWS_WITH(runBeside([]() -> int { throw std::runtime_error("no plan"); }).get(), "no plan");
}
