#include "core/run/run_row.hpp"

#include <limits>
#include <tuple>

namespace memlens {

std::optional<std::int64_t> RunRow::headroomBytes() const
{
    if (!peakBytes || !capacityBytes)
        return std::nullopt;
    return static_cast<std::int64_t>(*capacityBytes) - static_cast<std::int64_t>(*peakBytes);
}

std::optional<double> RunRow::usedPercent() const
{
    if (!peakBytes || !capacityBytes || *capacityBytes == 0)
        return std::nullopt;
    return 100.0 * static_cast<double>(*peakBytes) / static_cast<double>(*capacityBytes);
}

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
