#pragma once
// Reads a compile log of bishengir-compile as a stream: logs printed with
// --mlir-print-ir-after-all run to hundreds of MB, and only one IR section of them
// matters, the last one printed before the memory planner (`IR Dump Before PlanMemory
// (hivm-plan-memory)`) for the dump's function: the compiler retries its pipeline and
// rewrites the dump each time, so the last attempt wrote it. Beside it the log's
// retry notes, the overflow error and the planner's warning about reused DMA buffers.
// Memory stays bounded by the one section kept (and the one being read).
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

inline constexpr const char* kPlanMemorySectionMarker = "IR Dump Before PlanMemory (hivm-plan-memory)";
// The A5 (and Ascend310B) pass's section.
inline constexpr const char* kRegBasePlannerSectionMarker
    = "IR Dump Before PlanMemoryRegBase (hivm-plan-memory-regbase)";
// What every planner section's header starts with, whichever pass (the words an error names).
inline constexpr const char* kPlannerSectionPrefix = "IR Dump Before PlanMemory";

struct LogScan {
    std::string file;
    std::string sectionText;           // the IR of the last section kept ("" when none)
    std::int64_t sectionFirstLine = 0; // 1-based log line of its first IR line
    std::string sectionFunction;       // "@name" from the header when it says, else ""
    bool sectionRegBase = false;       // the kept section was printed before hivm-plan-memory-regbase
    int sectionsSeen = 0;              // sections dumped before the planner (for any function)
    // The device functions the sections before the planner define (public, with a body, not a VF
    // function), in the order first seen: a log of several kernels' compiles names each.
    std::vector<std::string> sectionKernels;
    int sectionsOfFunction = 0; // of those, the ones holding the function asked for
    // Of those, the ones that plan local memory (an alloc in ub, cbuf or cc): on A5 each compile
    // attempt prints three planner sections, two for the GM workspace and one local, so this
    // counts the attempts.
    int localSectionsOfFunction = 0;
    bool plannerRanAfter = false;    // an "IR Dump After PlanMemory" without "Failed" after the kept section
    bool plannerFailedAfter = false; // an "IR Dump After PlanMemory Failed" after it
    // The IR printed after the planner ran on the kept section (--mlir-print-ir-after): its
    // hivm.hir.pointer_cast ops hold the compiler's offsets ("" when the log has none).
    std::string afterSectionText;
    std::int64_t afterSectionFirstLine = 0;
    std::vector<std::string> retries; // "enable-code-motion=false", in the order the notes set them
    bool stillFailed = false;         // a retry note said "compilation still failed"
    // The last "... overflow, requires N bits ..." message printed after the section kept (one
    // printed before it was an earlier attempt's or compile's).
    std::optional<std::string> overflowError;
    std::optional<std::string> dmaReuseWarning; // "[hivm-plan-memory] There reused some dma buffers ..."
    // "[AscendNPU IR] Allocated UB size = N bits" printed after the kept section's plan (A5,
    // --enable-print-memory-allocated-size): N.
    std::optional<std::uint64_t> allocatedUbBits;
    // The log's word that the compile of the section kept failed: an "IR Dump After PlanMemory
    // Failed" after it, a retry note that says the compile still failed, or an overflow error after
    // it. A plan the compiler failed is no pass, whatever memlens's own plan of the section finds.
    bool compileFailed() const { return plannerFailedAfter || stillFailed || overflowError.has_value(); }
    std::uint64_t bytes = 0;
    // The file's bytes, when it was scanned keeping them and is no larger than asked (IR to
    // plan, or a log to show, read without a second pass over the file); "" otherwise.
    std::string wholeText;
    // A section past the size memlens keeps (kMaxLogSectionBytes) is not read: the last such
    // section's first log line, and whether it came after the section kept (a later attempt lost).
    std::int64_t tooLargeSectionLine = 0;
    bool tooLargeAfterKept = false;

    // The compiler's attempt the kept section is from, on A5 (which prints no note of its
    // retries: each attempt prints one local plan of the function); nullopt for the first
    // attempt or another pass.
    std::optional<int> regBaseAttempt() const
    {
        return sectionRegBase && localSectionsOfFunction > 1 ? std::optional<int>(localSectionsOfFunction)
                                                             : std::nullopt;
    }
};

// The IR of one planner section memlens keeps at most (as for the IR files it reads).
inline constexpr std::size_t kMaxLogSectionBytes = 64u << 20;

// What a too-large section cost the scan, in one phrase ("" when nothing was dropped):
// "the section at log line N is larger than the 64 MB memlens reads of one section (not read)".
std::string droppedSectionNote(const LogScan& scan);

// Scans `path`. `function` ("" for any): keep the last section whose IR defines `func.func @function`.
// Throws DumpError when the file cannot be read; LoadCancelled soon after `*cancel` becomes true.
// `bytesRead`, when given, follows the read from `countFrom` on (a load's counter, past the dump's bytes).
// `keepTextUpTo` > 0: a file of at most that many bytes is kept whole in `wholeText`.
LogScan scanCompileLog(const std::string& path, const std::string& function, const std::atomic<bool>* cancel = nullptr,
    std::atomic<std::uint64_t>* bytesRead = nullptr, std::uint64_t countFrom = 0, std::uint64_t keepTextUpTo = 0);

// The same over text in memory (tests, and logs already read); `firstLine` is the log line of
// the text's first line when the text is a later part of a log (past 2^31 lines in a large one).
LogScan scanCompileLogText(
    const std::string& text, const std::string& function, const std::string& label, std::int64_t firstLine = 1);

// What the first bytes of a file say it is, read in chunks (a log runs to gigabytes and says
// what it is only by its planner section's header), never past `maxBytes`.
struct LogSniff {
    bool readable = false;
    // A dump, not text: the first byte not blank (nor a byte order mark) is '{', or a NUL
    // byte (binary) is in the first chunk.
    bool looksLikeDump = false;
    // A planner section's header, as the scan takes one (before hivm-plan-memory or
    // hivm-plan-memory-regbase).
    bool plannerSection = false;
    // "func.func @<function>" followed by '(' or a space, as the scan finds a function's
    // section (any "func.func" when `function` is ""). Read on only until plannerSection is
    // known with it: a log whose section came first may not say.
    bool definesFunction = false;
};

// Sniffs `path`: stops at what looks like a dump, or once a planner section and the function are found.
// Asks checkInputFile first (a FIFO is not opened).
LogSniff sniffCompileLog(const std::string& path, const std::string& function, std::uint64_t maxBytes);

// True when the first `maxBytes` of `path` hold a planner section and define `function` ("" for any).
bool logHoldsPlanMemorySection(const std::string& path, const std::string& function, std::uint64_t maxBytes);

} // namespace memlens
