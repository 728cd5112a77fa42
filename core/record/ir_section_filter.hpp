#pragma once
// Takes out of the compiler's stderr the IR sections memlens record asked it to print
// (--mlir-print-ir-before= / --mlir-print-ir-after= of the planner pass), so that what the
// caller reads is what it would have read without memlens: every other line (the "ub
// overflow" error, warnings, notes) is kept, byte for byte and in order. A section is its
// header line (`// -----// IR Dump Before PlanMemory (hivm-plan-memory) ... //----- //`) and
// the IR lines after it, up to the first line that cannot be IR (as the log reader tells them,
// core/compile_log/log_scan). Bytes come in chunks, cut anywhere.
#include <string>
#include <string_view>

namespace memlens {

class IrSectionFilter {
public:
    // `pass`: "hivm-plan-memory" or "hivm-plan-memory-regbase"; which of its sections memlens added.
    IrSectionFilter(std::string pass, bool before, bool after);

    // The bytes of `chunk` to pass on (whole lines; a line cut at the chunk's end waits for the rest).
    std::string feed(std::string_view chunk);
    // The rest once the stream has ended (a last line without a newline).
    std::string finish();

private:
    void line(std::string_view text, std::string& out);
    bool isAddedHeader(std::string_view text) const;

    std::string pass_;
    bool before_;
    bool after_;
    std::string pending_;
    bool inSection_ = false;
};

// True for a line the compiler prints inside an IR section (indentation, aliases, braces, ...).
bool mayBeIrSectionLine(std::string_view line);

} // namespace memlens
