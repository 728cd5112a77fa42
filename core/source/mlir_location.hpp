#pragma once
// MLIR source locations (docs/design.md, Locations): parsing the printed form into a
// tree, and resolving a tree (through a table of #loc aliases) into the frames a
// user cares about. Qt-free; never throws to the caller.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

namespace memlens {

struct Location;
using LocationPtr = std::shared_ptr<const Location>;

// "file":line:col, optionally a range ("f":3:5 to 3:9, "f":3:5 to :9).
struct FileLineColLoc {
    std::string file;
    int line = 0;
    int column = 0;
    std::optional<int> endLine;   // set only for ranges
    std::optional<int> endColumn; // set only for ranges
};
struct UnknownLoc { };
// "name"(child) or "name" alone.
struct NameLoc {
    std::string name;
    LocationPtr child; // may be null
};
struct CallSiteLoc {
    LocationPtr callee;
    LocationPtr caller;
};
// fused[a, b] or fused<metadata>[a, b]; metadata is kept as raw text.
struct FusedLoc {
    std::optional<std::string> metadata;
    std::vector<LocationPtr> children;
};
// #loc12: a reference into the file's alias table.
struct AliasRefLoc {
    std::string alias; // including the '#'
};

struct Location {
    std::variant<UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc, AliasRefLoc> node;
};

struct LocationParseError {
    std::string message;
    std::size_t position = 0; // byte offset into the parsed text
};

struct LocationParseResult {
    LocationPtr location; // null on error
    std::optional<LocationParseError> error;
    std::size_t end = 0; // offset just after the consumed text
    bool ok() const { return location != nullptr && !error; }
};

// Maximum nesting of locations inside one another before parsing gives up.
inline constexpr int kMaxLocationDepth = 256;

// Parse a whole location: "loc(...)" (or the bare inner form, e.g. "#loc3",
// "callsite(a at b)"). Surrounding whitespace is allowed; anything else after
// the location is an error.
LocationParseResult parseLocation(std::string_view text);

// Parse one location starting at `pos` (leading whitespace skipped) and stop
// after it; trailing text is left alone (result.end tells where it stopped).
// Used by the IR scanner.
LocationParseResult parseLocationPrefix(std::string_view text, std::size_t pos = 0);

// Parse a dump's `source_location`: parseLocation's forms, and also a bare
// `file:line` or `file:line:col` (not wrapped in loc(...), as some producers
// write it), read as a plain file location. On failure, parseLocation's error.
LocationParseResult parseDumpLocation(std::string_view text);

// Print a location back in MLIR syntax (for diagnostics and tests).
std::string toString(const Location& loc);

// ---------------------------------------------------------------------------
// Resolution

struct SourceFrame {
    std::string file;
    int line = 0;
    int column = 0;
    std::string name;     // innermost named-location name ("" when none)
    bool library = false; // a Triton frame (/triton/language/, /triton/runtime/)

    bool operator==(const SourceFrame&) const = default;
};

// True for frames inside Triton itself rather than the user's kernel.
bool isLibraryPath(std::string_view path);

// "standard.py:306" or "kernel.py:53 \"mean\"" (file name only).
std::string formatFrame(const SourceFrame& frame);

// The most common dump location, loc("file":line:col) with a file without quotes or
// backslashes, read without building a location; nullopt for any other text.
struct PlainFileLocation {
    std::string_view file; // into the text read
    int line = 0;
    int column = 0;
};
std::optional<PlainFileLocation> readPlainFileLocation(std::string_view text);

struct ResolvedLocation {
    // One call stack per alternative of a fused location (a single entry for a
    // plain location), each innermost first and including library frames.
    std::vector<std::vector<SourceFrame>> stacks;
    // Every frame of every stack, in order (stacks concatenated).
    std::vector<SourceFrame> chain;
    // The non-library frames of `chain`, without duplicates, innermost first.
    std::vector<SourceFrame> userFrames;
    // The user-facing frame: userFrames.front() when there is one.
    std::optional<SourceFrame> primary;
    // Why something is missing (unknown alias, alias cycle, ...); "" when fine.
    std::string problem;

    bool empty() const { return chain.empty(); }
    // "standard.py:306 <- kernel.py:53 \"mean\"" for stack i (innermost first).
    std::string describeStack(std::size_t i = 0) const;
};

using AliasTable = std::unordered_map<std::string, LocationPtr>;

// Print a location back with every #alias replaced by its definition, as a dump's
// `source_location` holds it; an alias the table does not define stays as it is.
std::string toInlineString(const Location& loc, const AliasTable& aliases);

// Resolves locations against one alias table, memoising every alias it meets.
// Not thread-safe (the memo mutates); cheap to copy the table into another.
class LocationResolver {
public:
    LocationResolver() = default;
    explicit LocationResolver(AliasTable aliases);

    const AliasTable& aliases() const { return aliases_; }
    ResolvedLocation resolve(const Location& loc) const;
    ResolvedLocation resolve(const LocationPtr& loc) const;
    // The most common dump location, loc("file":line:col) (a file without quotes or
    // backslashes), resolved as resolve() would resolve it parsed, without building the
    // location; nullopt for any other text (then parse and resolve()).
    std::optional<ResolvedLocation> resolvePlainFileLocation(std::string_view text) const;
    // A plain location whose frame a caller made itself counts toward the frame budget
    // as resolvePlainFileLocation() would have counted it.
    void countPlainFrame() const { ++framesBuilt_; }

private:
    using Stacks = std::vector<std::vector<SourceFrame>>;
    // Resolved sub-locations are shared, never copied: an alias used twice (as in
    // callsite(#a at #a)) costs one pointer, and the frames kept for one location
    // are capped, so resolution stays linear in the size of the IR.
    using StacksPtr = std::shared_ptr<const Stacks>;
    struct Memo {
        StacksPtr stacks;
        std::string problem;
    };
    StacksPtr flatten(const Location& loc, int depth, std::string& problem) const;
    StacksPtr combine(Stacks out, bool truncated, std::string& problem) const;
    const Memo& resolveAlias(const std::string& alias, int depth) const;

    AliasTable aliases_;
    mutable std::unordered_map<std::string, Memo> memo_;
    mutable std::unordered_map<std::string, bool> inProgress_;
    mutable std::size_t framesBuilt_ = 0; // every frame built so far, for the resolver-wide budget
};

// At most this many frames are kept for one location (every stack of it
// together); the rest is dropped with a note in ResolvedLocation::problem.
inline constexpr std::size_t kMaxFramesPerLocation = 32;
// Once a resolver has built this many frames, later locations keep at most
// kFramesPerLocationOverBudget frames each (memory stays bounded).
inline constexpr std::size_t kResolverFrameBudget = std::size_t(2) << 20;
inline constexpr std::size_t kFramesPerLocationOverBudget = 4;

// Convenience: parse (as parseDumpLocation) then resolve without aliases (or with the given ones).
ResolvedLocation resolveLocationText(std::string_view text, const LocationResolver& resolver);

} // namespace memlens
