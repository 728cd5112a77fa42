#pragma once
// Where tests find their inputs. Real samples sit beside the checkout in
// ../shared/samples; when absent, tests that need them skip visibly.
#include <filesystem>
#include <string>
#include <vector>

namespace memlens::test {

std::filesystem::path samplesDir();
std::filesystem::path dataDir();
std::filesystem::path sourceDir();
// True when ../shared/samples exists; otherwise prints a visible skip message once per call site.
bool samplesAvailable(const char* what);
std::filesystem::path sample(const std::string& relative);
std::filesystem::path data(const std::string& relative);
// The example kernel's dump in resources/examples/layer_norm/<folder>.
std::filesystem::path exampleDump(const std::string& folder);
// Every file under tests/data/dumps (good, hostile and broken alike), in path order.
std::vector<std::filesystem::path> testDumpFiles();

} // namespace memlens::test

// Skip the rest of a test case, loudly, when the real samples are absent.
#define MEMLENS_REQUIRE_SAMPLES()                                                                                      \
    do {                                                                                                               \
        if (!::memlens::test::samplesAvailable(__FILE__))                                                              \
            return;                                                                                                    \
    } while (false)
