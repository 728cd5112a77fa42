#pragma once
// The op reader behind readMlir (mlir_reader.hpp): MLIR text into a Module's ops, regions and
// values, on a TokenCursor (token_cursor.hpp). An op's results, operands and attributes are
// read in ir_text_reader.cpp, whole ops and their regions in ir_op_reader.cpp.
#include "core/planner/mlir_module.hpp"
#include "core/planner/read_bounds.hpp"
#include "core/planner/token_cursor.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens::planner::detail {

inline constexpr int kMaxNesting = 200;
// Bounds on what hostile IR can make the reader build (with ReadBounds): an op keeps at
// most kMaxResultsPerOp results, and notes past kMaxNotes are dropped (with a note saying so).
inline constexpr int kMaxResultsPerOp = 4096;
inline constexpr std::size_t kMaxNotes = 1000;

bool isRegionOpName(const std::string& name);

std::string collapseSpaces(std::string_view text);

std::vector<std::string> splitTypes(std::string text);

struct TypeTokens {
    std::size_t count = 0;
    std::size_t markerOffset = 0;
    std::size_t lastEnd = 0;
};

struct PendingArgument {
    std::string name;
    std::string typeText;
};

// What parseOp keeps while it reads an op's tokens to the statement's end.
struct OpScan {
    bool generic = false; // "name"(...) : the generic form
    bool funcOp = false;
    std::vector<PendingArgument> pending;                   // the first region's arguments
    std::vector<std::pair<std::size_t, std::size_t>> spans; // top-level text, without regions
    std::size_t spanStart = 0;
    // The top-level tokens for the result type: how many, where the one at markerAt starts
    // and where the last ends; markerRank: which marker set it (':' 1, to/into 2, '->' 3).
    TypeTokens typeTokens;
    int markerAt = -1;
    int markerRank = 0;
    int paren = 0;
    int other = 0; // [] and <>

    int depth() const { return paren + other; }
    void pushType(const Token& token);
    void markTypes(int rank);
    void closeSpan(std::size_t end);
};

class IrTextReader : public TokenCursor {
public:
    IrTextReader(std::string_view text, Module& module, const ReadBounds& bounds)
        : TokenCursor(text)
        , module_(module)
        , bounds_(bounds)
    {
    }

    void run();

private:
    // "#loc3 = loc(...)": kept as text, for dumps that print locations inline.
    void keepLocationAlias(std::string_view definition);
    void note(int line, std::string message);

    // From the token after pos_ on, the text reads as ended: what is too big is not read.
    void stop(const std::string& why);

    Value* newValue(const std::string& name, const std::string& typeText);

    void declare(const std::string& name, Value* value) { scopes_.back()[name] = value; }

    Value* resolve(const std::string& name, int line);

    // `%a, %b:2 =` at pos_: the result names, or nothing when no '=' follows. It reads on
    // with pos_; when no '=' follows, pos_ is where the names end (no newline nor bracket
    // lies between, so skipping the line from there skips what it would from the first).
    std::vector<std::pair<std::string, int>> parseResultNames();

    bool looksLikeRegion(const Op& op, bool generic, int parenDepth) const;

    void parseAttributeDict(Op& op);

    // `ins(` / `outs(` / `temp_buffer(` at pos_ (the keyword): values before the ':'.
    void parseOperandGroup(Op& op, std::vector<Value*>& group);

    void parseSuccessor(Op& op);

    // `name = value` written inline (round_mode = <rint>, broadcast = [1]).
    void parseInlineAttribute(Op& op);

    bool endsStatementBefore(std::size_t newlineAt) const;

    // An op in steps: result names, name, then each token to the statement's end (operands,
    // attributes, types, regions), its text, then its results.
    std::unique_ptr<Op> parseOp(Block* block);
    std::unique_ptr<Op> parseOpName(Block* block, const Token& nameToken, bool& generic);
    bool readOpToken(Op& op, OpScan& scan); // false at the statement's end
    void readBrace(Op& op, OpScan& scan, const Token& brace);
    void readPunct(OpScan& scan, const Token& t);
    void readWord(Op& op, OpScan& scan, const Token& t);
    void readValueToken(Op& op, OpScan& scan, const Token& t);
    std::string opText(const Op& op, OpScan& scan);

    void defineResults(
        Op& op, const std::vector<std::pair<std::string, int>>& names, const TypeTokens& typeTokens, int markerAt);

    // A generic DPS op's operandSegmentSizes split its operands into ins, outs, temps.
    void splitGenericOperands(Op& op);

    void addImplicitTerminators(Op& op);

    // An argument's type from pos_ to the ',' or ')' that ends it (or, with `stopAtBrace`,
    // the '{' of its attributes); a loc(...) after it is skipped.
    std::string argumentType(bool stopAtBrace);

    void parseBlockHeader(Block& block);

    void addBlockArgument(Block& block, const std::string& name, const std::string& type);

    void parseRegion(Op& op, std::vector<PendingArgument>& pending, int line);

    std::size_t opsMade_ = 0;
    Module& module_;
    const ReadBounds& bounds_;
    std::vector<std::map<std::string, Value*>> scopes_;
    std::map<const Region*, int> closingLines_;
    int nesting_ = 0;
};

} // namespace memlens::planner::detail
