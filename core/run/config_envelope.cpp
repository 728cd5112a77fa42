#include "core/run/config_envelope.hpp"

#include "core/base/cancellation.hpp"
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/diagnosis/fit_map_replan.hpp"
#include "core/run/run_formats.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/terminal_text.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace memlens {

namespace {

std::optional<std::int64_t> valueOf(const RunRow& row, const std::string& name)
{
    for (const auto& [constexprName, value] : row.configValues)
        if (constexprName == name)
            return value;
    return std::nullopt;
}

bool rowFits(const RunRow& row, std::optional<double> failAbove)
{
    return row.status == RowStatus::Fits && !rowFailsGate(row, failAbove);
}

bool envelopeRowFits(const EnvelopeRow& row, std::optional<double> failAbove)
{
    return rowFits(envelopeRowAsRunRow(row), failAbove);
}

std::string pythonName(const std::string& kernel)
{
    std::string name;
    for (const char c : kernel)
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    return name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) ? "k" + name : name;
}

std::string pythonString(const std::string& text)
{
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            quoted += '\\';
        if (static_cast<unsigned char>(c) < 0x20)
            continue;
        quoted += c;
    }
    return quoted + "\"";
}

// Largest values first; a constexpr a row does not set sorts below every value.
void sortLargestFirst(std::vector<EnvelopeRow>& rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const EnvelopeRow& a, const EnvelopeRow& b) {
        const auto key = [](const EnvelopeRow& row) {
            std::vector<std::int64_t> out;
            for (const auto& value : row.values)
                out.push_back(value.value_or(-1));
            return out;
        };
        return key(a) > key(b);
    });
}

// The re-plans of one envelope; its replanNote says why there are none.
void replanEnvelope(ConfigEnvelope& envelope, const RunSummary& summary, const LoadOptions& options)
{
    // The compile to re-plan from: the largest whose plan memlens's planner reproduced (its IR
    // is in the planner's form and gives the dump's plan) or planned (a compile log's), with
    // every constexpr known.
    const EnvelopeRow* from = nullptr;
    for (const EnvelopeRow& row : envelope.rows)
        if (row.compiled()
            && (!summary.rows[*row.summaryRow].compilerGeneration.empty()
                || summary.rows[*row.summaryRow].source == RowSource::CompileLog)
            && std::all_of(row.values.begin(), row.values.end(), [](const auto& v) { return v.has_value(); })) {
            from = &row;
            break;
        }
    if (!from) {
        envelope.replanNote = "no config re-planned: memlens reproduced no compile's plan from its planner IR "
                              "(memlens record keeps the IR beside every dump)";
        return;
    }
    // Copied: the rows added below may move the one it points to.
    const EnvelopeRow source = *from;
    from = &source;
    const PlanDocument document = loadPlanDocument(from->file, options);
    std::optional<std::size_t> scope;
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i)
        if (document.dump.scopes[i].scope == from->scope)
            scope = i;
    if (!scope) {
        envelope.replanNote = "no config re-planned: " + from->file + " no longer holds scope " + from->scope;
        return;
    }
    const Diagnosis diagnosis = diagnoseScope(document, *scope);
    const std::vector<FitDimension> dims = fitDimensionsNamed(document, *scope, diagnosis, envelope.names);
    std::unique_ptr<FitEvaluator> evaluator = replannedEvaluator(document, *scope);
    if (!evaluator) {
        const std::string why = replanUnavailableReason(document, *scope);
        envelope.replanNote = "no config re-planned: " + (why.empty() ? "its plan cannot be re-planned" : why);
        return;
    }
    if (dims.empty()) {
        envelope.replanNote = "no config re-planned: no constexpr of the table sizes a buffer of " + from->file;
        return;
    }
    // Along each dimension: the grid's values from half the smallest to twice the largest compiled.
    std::vector<std::vector<std::int64_t>> candidates;
    std::vector<std::size_t> nameOfDim;
    for (const FitDimension& dim : dims) {
        const std::size_t n = static_cast<std::size_t>(
            std::find(envelope.names.begin(), envelope.names.end(), dim.configKey()) - envelope.names.begin());
        std::int64_t lo = std::numeric_limits<std::int64_t>::max();
        std::int64_t hi = 0;
        for (const EnvelopeRow& row : envelope.rows)
            if (row.values[n]) {
                lo = std::min(lo, *row.values[n]);
                hi = std::max(hi, *row.values[n]);
            }
        std::vector<std::int64_t> values;
        for (const std::int64_t value : dim.values)
            if (value * 2 >= lo && value <= hi * 2)
                values.push_back(value);
        candidates.push_back(std::move(values));
        nameOfDim.push_back(n);
    }
    std::set<std::vector<std::optional<std::int64_t>>> compiled;
    for (const EnvelopeRow& row : envelope.rows)
        compiled.insert(row.values);
    std::vector<FitConfig> configs;
    std::vector<std::vector<std::optional<std::int64_t>>> rowValues;
    std::vector<std::size_t> at(dims.size(), 0);
    while (std::all_of(candidates.begin(), candidates.end(), [](const auto& c) { return !c.empty(); })) {
        FitConfig config;
        std::vector<std::optional<std::int64_t>> values = from->values; // constexprs no buffer holds keep theirs
        for (std::size_t d = 0; d < dims.size(); ++d) {
            config.values.push_back(candidates[d][at[d]]);
            values[nameOfDim[d]] = candidates[d][at[d]];
        }
        if (!compiled.contains(values)) {
            configs.push_back(config);
            rowValues.push_back(values);
        }
        std::size_t d = 0;
        while (d < dims.size() && ++at[d] == candidates[d].size())
            at[d++] = 0;
        if (d == dims.size())
            break;
    }
    if (configs.empty())
        return;
    throwIfCancelled(options.cancel.get());
    const FitProblem problem{document, *scope, diagnosis, dims};
    const std::vector<FitEvaluation> evaluations = evaluator->evaluate(problem, configs);
    std::size_t undecided = 0;
    for (std::size_t i = 0; i < evaluations.size() && i < configs.size(); ++i) {
        const FitEvaluation& evaluation = evaluations[i];
        if (evaluation.how != PlanMethod::Replanned || !evaluation.decided) {
            ++undecided;
            continue;
        }
        EnvelopeRow row;
        row.values = rowValues[i];
        row.peakBytes = evaluation.requiredBytes;
        row.capacityBytes = diagnosis.capacityBytes;
        row.status = evaluation.requiredBytes <= diagnosis.capacityBytes ? RowStatus::Fits : RowStatus::Overflows;
        row.scope = from->scope;
        row.file = from->file;
        envelope.rows.push_back(std::move(row));
    }
    if (undecided > 0)
        envelope.replanNote = std::to_string(undecided) + " config" + (undecided == 1 ? "" : "s")
            + " left out: memlens's re-plan stopped at its search budget before deciding";
    sortLargestFirst(envelope.rows);
}

} // namespace

RunRow envelopeRowAsRunRow(const EnvelopeRow& row)
{
    RunRow out;
    out.status = row.status;
    out.peakBytes = row.peakBytes;
    out.capacityBytes = row.capacityBytes;
    out.scope = row.scope;
    out.file = row.file;
    return out;
}

std::string envelopeRowHowText(const EnvelopeRow& row)
{
    return row.compiled() ? "compiled" : "re-planned, not compiled";
}

std::vector<ConfigEnvelope> configEnvelopes(const RunSummary& summary)
{
    std::map<std::tuple<std::string, std::string, std::string>, ConfigEnvelope> byKernel;
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<std::size_t>> rowsOf;
    std::vector<std::tuple<std::string, std::string, std::string>> order;
    for (std::size_t i = 0; i < summary.rows.size(); ++i) {
        const RunRow& row = summary.rows[i];
        if (row.configValues.empty())
            continue;
        const auto key = std::make_tuple(row.kernel, row.core, row.target);
        auto [it, added] = byKernel.try_emplace(key);
        if (added) {
            order.push_back(key);
            it->second.kernel = row.kernel;
            it->second.core = row.core;
            it->second.target = row.target;
        }
        for (const auto& [name, value] : row.configValues)
            if (std::find(it->second.names.begin(), it->second.names.end(), name) == it->second.names.end())
                it->second.names.push_back(name);
        rowsOf[key].push_back(i);
    }
    std::vector<ConfigEnvelope> envelopes;
    for (const auto& key : order) {
        ConfigEnvelope& envelope = byKernel.at(key);
        std::set<std::vector<std::pair<std::string, std::int64_t>>> distinct;
        for (const std::size_t i : rowsOf[key])
            distinct.insert(summary.rows[i].configValues);
        if (distinct.size() < 2)
            continue;
        for (const std::size_t i : rowsOf[key]) {
            const RunRow& row = summary.rows[i];
            EnvelopeRow out;
            for (const std::string& name : envelope.names)
                out.values.push_back(valueOf(row, name));
            out.status = row.status;
            out.peakBytes = row.peakBytes;
            out.capacityBytes = row.capacityBytes;
            out.scope = row.scope;
            out.summaryRow = i;
            out.file = row.file;
            envelope.rows.push_back(std::move(out));
        }
        sortLargestFirst(envelope.rows);
        envelopes.push_back(std::move(envelope));
    }
    return envelopes;
}

void replanEnvelopes(RunSummary& summary, const LoadOptions& options)
{
    for (ConfigEnvelope& envelope : summary.envelopes) {
        throwIfCancelled(options.cancel.get());
        try {
            replanEnvelope(envelope, summary, options);
        } catch (const LoadCancelled&) {
            throw;
        } catch (const std::exception& error) {
            envelope.replanNote = std::string("no config re-planned: ") + error.what();
        }
    }
}

std::string largestFittingText(const ConfigEnvelope& envelope, std::optional<double> failAbove)
{
    std::string text;
    for (std::size_t n = 0; n < envelope.names.size(); ++n) {
        const EnvelopeRow* largest = nullptr;
        for (const EnvelopeRow& row : envelope.rows)
            if (row.values[n] && envelopeRowFits(row, failAbove)
                && (!largest || *row.values[n] > *largest->values[n]
                    || (*row.values[n] == *largest->values[n] && row.compiled() && !largest->compiled())))
                largest = &row;
        if (largest)
            text += (text.empty() ? "" : ", ") + envelope.names[n] + " " + std::to_string(*largest->values[n])
                + (largest->compiled() ? "" : " (re-planned, not compiled)");
    }
    return text.empty() ? "none of these configs fits" : text;
}

std::string envelopesText(const std::vector<ConfigEnvelope>& envelopes, std::optional<double> failAbove)
{
    std::string text;
    for (const ConfigEnvelope& envelope : envelopes) {
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> header = envelope.names;
        for (const char* column : {"status", "peak", "capacity", "used", "headroom", ""})
            header.emplace_back(column);
        rows.push_back(header);
        for (const EnvelopeRow& row : envelope.rows) {
            const RunRow asRow = envelopeRowAsRunRow(row);
            std::vector<std::string> cells;
            for (const auto& value : row.values)
                cells.push_back(value ? std::to_string(*value) : "-");
            cells.push_back(gateStatusText(asRow, failAbove));
            cells.push_back(row.peakBytes ? formatBytes(*row.peakBytes) : "-");
            cells.push_back(row.capacityBytes ? formatBytes(*row.capacityBytes) : "-");
            cells.push_back(usedText(asRow));
            cells.push_back(headroomText(asRow));
            cells.push_back(row.compiled() ? "" : "re-planned, not compiled");
            rows.push_back(std::move(cells));
        }
        std::vector<std::size_t> widths(header.size(), 0);
        for (const auto& row : rows)
            for (std::size_t c = 0; c < row.size(); ++c)
                widths[c] = std::max(widths[c], terminalText(row[c]).size());
        text += "Configs of " + terminalText(envelope.kernel) + (envelope.core.empty() ? "" : " " + envelope.core)
            + (envelope.target.empty() ? "" : " on " + terminalText(envelope.target)) + ":\n";
        for (const auto& row : rows) {
            std::string line = " ";
            for (std::size_t c = 0; c < row.size(); ++c) {
                const std::string cell = terminalText(row[c]);
                line += " " + cell + (c + 1 < row.size() ? std::string(widths[c] - cell.size() + 1, ' ') : "");
            }
            while (!line.empty() && line.back() == ' ')
                line.pop_back();
            text += line + "\n";
        }
        text += "  largest that fits: " + terminalText(largestFittingText(envelope, failAbove)) + "\n";
        if (!envelope.replanNote.empty())
            text += "  " + terminalText(envelope.replanNote) + "\n";
        text += "\n";
    }
    return text;
}

std::vector<FittingConfig> fittingConfigs(const RunSummary& summary, std::optional<double> failAbove)
{
    std::vector<FittingConfig> configs;
    std::set<std::pair<std::string, std::vector<std::pair<std::string, std::int64_t>>>> written;
    const auto add = [&](FittingConfig config) {
        if (written.insert({config.kernel, config.values}).second)
            configs.push_back(std::move(config));
    };
    const auto sizes
        = [](const std::string& core, const std::string& target, const std::string& scope, const RunRow& row) {
              return (core.empty() ? "" : core + " ") + (scope.empty() ? "" : scope + " ")
                  + (row.peakBytes ? formatBytes(*row.peakBytes) : "-") + " of "
                  + (row.capacityBytes ? formatBytes(*row.capacityBytes) : "-") + " (" + usedText(row) + ")"
                  + (target.empty() ? "" : " on " + target);
          };
    for (const RunRow& row : summary.rows)
        if (!row.configValues.empty() && rowFits(row, failAbove))
            add({row.kernel, row.configValues, sizes(row.core, row.target, row.scope, row), true});
    for (const ConfigEnvelope& envelope : summary.envelopes)
        for (const EnvelopeRow& row : envelope.rows) {
            if (row.compiled() || !envelopeRowFits(row, failAbove))
                continue;
            FittingConfig config{envelope.kernel, {}, {}, false};
            for (std::size_t n = 0; n < envelope.names.size(); ++n)
                if (row.values[n])
                    config.values.emplace_back(envelope.names[n], *row.values[n]);
            config.comment = sizes(envelope.core, envelope.target, row.scope, envelopeRowAsRunRow(row))
                + ", re-planned, not compiled";
            add(std::move(config));
        }
    // Each kernel's configs together, in the order the kernels first appear.
    std::vector<std::string> order;
    for (const FittingConfig& config : configs)
        if (std::find(order.begin(), order.end(), config.kernel) == order.end())
            order.push_back(config.kernel);
    std::stable_sort(configs.begin(), configs.end(), [&order](const FittingConfig& a, const FittingConfig& b) {
        return std::find(order.begin(), order.end(), a.kernel) < std::find(order.begin(), order.end(), b.kernel);
    });
    return configs;
}

std::string summaryPython(const RunSummary& summary, std::optional<double> failAbove)
{
    std::string text = "# memlens summary of " + summary.path
        + ": the configs that fit (peak against capacity), as compiled or as memlens re-planned them.\n"
          "# Paste a list into @triton.autotune(configs=...); the compiler decides in the end.\n"
          "import triton\n";
    const std::vector<FittingConfig> configs = fittingConfigs(summary, failAbove);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const FittingConfig& config = configs[i];
        if (i == 0 || configs[i - 1].kernel != config.kernel)
            text += "\n" + pythonName(config.kernel) + "_configs = [\n";
        std::string values;
        for (const auto& [name, value] : config.values)
            values += (values.empty() ? "" : ", ") + pythonString(name) + ": " + std::to_string(value);
        std::string comment;
        for (const char c : config.comment)
            if (c != '\n' && c != '\r')
                comment += c;
        text += "    triton.Config({" + values + "}),  # " + comment + "\n";
        if (i + 1 == configs.size() || configs[i + 1].kernel != config.kernel)
            text += "]\n";
    }
    if (configs.empty())
        text += "\n# No config that fits names its constexprs (the kernel's Python source was not found).\n";
    return text;
}

} // namespace memlens
