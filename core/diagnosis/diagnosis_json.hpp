#pragma once
// The "diagnosis" object of a scope in `memlens inspect` (issue 11's keys).
#include "core/diagnosis/diagnosis.hpp"

#include <nlohmann/json.hpp>

namespace memlens {

nlohmann::ordered_json diagnosisJson(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis);

// Diagnoses the scope and returns its object.
nlohmann::ordered_json diagnosisJson(const PlanDocument& document, std::size_t scopeIndex);

} // namespace memlens
