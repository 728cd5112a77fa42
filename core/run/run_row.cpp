#include "core/run/run_row.hpp"

#include <limits>
#include <tuple>

namespace memlens {

namespace {

std::optional<std::int64_t> headroomOf(std::optional<std::uint64_t> peak, std::optional<std::uint64_t> capacity)
{
    if (!peak || !capacity)
        return std::nullopt;
    return static_cast<std::int64_t>(*capacity) - static_cast<std::int64_t>(*peak);
}

std::optional<double> usedOf(std::optional<std::uint64_t> peak, std::optional<std::uint64_t> capacity)
{
    if (!peak || !capacity || *capacity == 0)
        return std::nullopt;
    return 100.0 * static_cast<double>(*peak) / static_cast<double>(*capacity);
}

} // namespace

std::optional<std::int64_t> RunRow::headroomBytes() const { return headroomOf(peakBytes, capacityBytes); }

std::optional<double> RunRow::usedPercent() const { return usedOf(peakBytes, capacityBytes); }

std::optional<std::int64_t> EnvelopeRow::headroomBytes() const { return headroomOf(peakBytes, capacityBytes); }

std::optional<double> EnvelopeRow::usedPercent() const { return usedOf(peakBytes, capacityBytes); }

const char* rowStatusKey(RowStatus status)
{
    switch (status) {
    case RowStatus::Overflows: return "overflows";
    case RowStatus::Fits: return "fits";
    case RowStatus::NotPlanned: return "not_planned";
    case RowStatus::Error: return "error";
    }
    return "error";
}

const char* rowSourceKey(RowSource source)
{
    switch (source) {
    case RowSource::Dump: return "dump";
    case RowSource::CompileLog: return "compile_log";
    case RowSource::CacheMetadata: return "cache_metadata";
    }
    return "dump";
}

bool rowComesBefore(const RunRow& a, const RunRow& b)
{
    // Rows with numbers (fits, overflows) by headroom; the others after them, in status order.
    const auto rank = [](const RunRow& row) {
        const std::optional<std::int64_t> headroom = row.headroomBytes();
        const bool judged = headroom && (row.status == RowStatus::Fits || row.status == RowStatus::Overflows);
        const int group = judged ? 0 : (row.status == RowStatus::Error ? 2 : 1);
        return std::tuple(group, judged ? *headroom : std::numeric_limits<std::int64_t>::max());
    };
    return std::tuple_cat(rank(a), std::tie(a.kernel, a.core, a.file))
        < std::tuple_cat(rank(b), std::tie(b.kernel, b.core, b.file));
}

} // namespace memlens
