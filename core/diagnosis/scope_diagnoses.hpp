#pragma once
// Each scope's diagnosis of one document, worked out once, on first ask, for every writer
// that shows it. `memlens report` writes the diagnosis twice, in summary.md and in plan.html;
// at a million blocks one diagnosis is about a second of sweeps (docs/performance.md, issue 67).
#include "core/diagnosis/diagnosis.hpp"

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace memlens {

class ScopeDiagnoses {
public:
    // The document must outlive this.
    explicit ScopeDiagnoses(const PlanDocument& document);

    // diagnoseScope(document, scopeIndex), computed on the first call; a caller that asks while
    // another computes it waits for that one. A call that throws (a cancel) leaves it to the next.
    const Diagnosis& of(std::size_t scopeIndex) const;

private:
    const PlanDocument& document_;
    std::unique_ptr<std::once_flag[]> once_;
    mutable std::vector<std::optional<Diagnosis>> diagnoses_;
};

// Each document's of a kernel's folder, in the folder's order (core/document/kernel_folder).
using FolderDiagnoses = std::vector<std::shared_ptr<const ScopeDiagnoses>>;

} // namespace memlens
