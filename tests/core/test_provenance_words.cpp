// The words of a plan's provenance, written once each (core/diagnosis/plan_method.hpp,
// core/document/plan_source.hpp): the JSON contract's values and the sentences' wording.
#include "core/diagnosis/plan_method.hpp"
#include "core/document/plan_source.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace memlens;

TEST_CASE("a plan method's JSON word and its wording", "[provenance]")
{
    CHECK(std::string(planMethodName(PlanMethod::Predicted)) == "predicted");
    CHECK(std::string(planMethodName(PlanMethod::Replanned)) == "re-planned");
    CHECK(std::string(planMethodText(PlanMethod::Predicted)) == "predicted from the dump");
    CHECK(std::string(planMethodText(PlanMethod::Replanned)) == "re-planned");
}

TEST_CASE("a plan source's JSON word", "[provenance]")
{
    CHECK(std::string(planSourceName(PlanSource::Dump)) == "dump");
    CHECK(std::string(planSourceName(PlanSource::Memlens)) == "memlens");
    CHECK(std::string(planSourceName(PlanSource::CompilerLog)) == "compiler_log");
}
