#include "core/diagnosis/scope_diagnoses.hpp"

#include "core/document/plan_document.hpp"

#include <stdexcept>

namespace memlens {

ScopeDiagnoses::ScopeDiagnoses(const PlanDocument& document)
    : document_(document)
    , once_(std::make_unique<std::once_flag[]>(document.dump.scopes.size()))
    , diagnoses_(document.dump.scopes.size())
{
}

const Diagnosis& ScopeDiagnoses::of(std::size_t scopeIndex) const
{
    if (scopeIndex >= diagnoses_.size())
        throw std::out_of_range("no scope " + std::to_string(scopeIndex) + " to diagnose");
    std::call_once(once_[scopeIndex], [&] { diagnoses_[scopeIndex] = diagnoseScope(document_, scopeIndex); });
    return *diagnoses_[scopeIndex];
}

} // namespace memlens
