// AddressCoverage against a byte-by-byte count: ranges added and removed in any order,
// short (inside one bucket of spans), across bucket edges, whole buckets and long.
#include "core/analysis/address_coverage.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <utility>
#include <vector>

using namespace memlens;

TEST_CASE("covered bytes and the covered end are those of a byte-by-byte count", "[coverage]")
{
    std::mt19937 random(3);
    for (const int pointCount : {2, 3, 17, 33, 200, 1500}) {
        INFO(pointCount << " points");
        // Points a few bytes apart (some a single byte), as offsets and ends would be.
        std::vector<std::uint64_t> points{5};
        while (static_cast<int>(points.size()) < pointCount)
            points.push_back(points.back() + 1 + random() % 7);
        AddressCoverage coverage(points);
        std::vector<int> byteCount(points.back() + 1, 0);
        std::vector<std::pair<std::size_t, std::size_t>> live;
        for (int round = 0; round < 3000; ++round) {
            const bool add = live.empty() || random() % 5 < 3;
            if (add) {
                std::size_t from = random() % points.size(), to = random() % points.size();
                if (round % 3 == 1) // short
                    to = std::min(points.size() - 1, from + random() % 5);
                if (round % 3 == 2) { // from a bucket's first span, a few buckets
                    from = from / 16 * 16;
                    to = std::min(points.size() - 1, from + 16 * (1 + random() % 3));
                }
                if (from > to)
                    std::swap(from, to);
                coverage.addAt(from, to);
                for (std::uint64_t byte = points[from]; byte < points[to]; ++byte)
                    ++byteCount[byte];
                live.emplace_back(from, to);
            } else {
                const std::size_t pick = random() % live.size();
                const auto [from, to] = live[pick];
                coverage.removeAt(from, to);
                for (std::uint64_t byte = points[from]; byte < points[to]; ++byte)
                    --byteCount[byte];
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(pick));
            }
            std::uint64_t covered = 0, end = 0;
            for (std::size_t byte = 0; byte < byteCount.size(); ++byte)
                if (byteCount[byte] > 0) {
                    ++covered;
                    end = byte + 1;
                }
            INFO("round " << round);
            REQUIRE(coverage.coveredBytes() == covered);
            REQUIRE(coverage.coveredEnd() == end);
        }
    }
}

TEST_CASE("ranges given by address cover the same bytes as by point index", "[coverage]")
{
    AddressCoverage coverage({0, 64, 32, 96, 64, 4096});
    coverage.add(32, 96);
    coverage.add(0, 64);
    CHECK(coverage.coveredBytes() == 96);
    CHECK(coverage.coveredEnd() == 96);
    coverage.add(96, 96); // empty: nothing
    coverage.add(96, 4096);
    CHECK(coverage.coveredBytes() == 4096);
    coverage.remove(0, 64);
    coverage.remove(32, 96);
    CHECK(coverage.coveredBytes() == 4000);
    CHECK(coverage.coveredEnd() == 4096);
}
