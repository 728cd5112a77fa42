#pragma once
// The summary as JUnit XML, the test report CI systems show as they show tests (the
// Ant/Jenkins schema most of them read): <testsuites tests failures errors skipped> holding
// one <testsuite> with one <testcase classname="memlens.<kernel>" name="<core> <scope>"> per row;
// a row over the gate has a <failure message type>, a file that could not be read an
// <error>, a kernel nothing planned is <skipped>.
#include "core/run/run_summary.hpp"

#include <optional>
#include <string>

namespace memlens {

std::string summaryJunit(const RunSummary& summary, std::optional<double> failAbove);

// `text` as XML character data or an attribute value: markup escaped, control characters
// XML 1.0 does not allow replaced by U+FFFD, invalid UTF-8 likewise.
std::string xmlText(const std::string& text);

} // namespace memlens
