#pragma once
// The reader behind readMlir (mlir_reader.hpp): MLIR text, token by token, into a Module's
// ops, regions and values. Its tokens, values and an op's parts are read in ir_text_reader.cpp,
// whole ops and their regions in ir_op_reader.cpp.
#include "core/planner/mlir_lexer.hpp"
#include "core/planner/mlir_reader.hpp"

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
// The reader looks back at most a few tokens; the window drops older ones in batches.
inline constexpr std::size_t kTokensKept = 64;
inline constexpr std::size_t kReleaseEvery = 1024;

bool isRegionOpName(const std::string& name);

std::string collapseSpaces(std::string_view text);

std::vector<std::string> splitTypes(std::string text);

// +1 for an opening bracket, -1 for a closing one, 0 for any other token.
int bracketDepthChange(const Token& t);

// The same for the brackets a type nests: (), [] and <>.
int typeDepthChange(const Token& t);

struct TypeTokens {
    std::size_t count = 0;
    std::size_t markerOffset = 0;
    std::size_t lastEnd = 0;
};

struct PendingArgument {
    std::string name;
    std::string typeText;
};

class IrTextReader {
public:
    IrTextReader(std::string_view text, Module& module, const ReadBounds& bounds)
        : text_(text)
        , window_(text)
        , module_(module)
        , bounds_(bounds)
    {
    }

    void run();

    std::size_t peakTokensHeld() const { return window_.peakHeld(); }

private:
    // A copy: the window may drop the token while the caller still looks at it.
    Token tok(std::size_t i) const;
    Token tok() const { return tok(pos_); }
    bool at(TokenKind kind) const { return tok().kind == kind; }
    bool isPunct(const Token& t, char c) const { return t.kind == TokenKind::Punct && t.punct == c; }
    std::string_view textOf(const Token& t) const { return text_.substr(t.offset, t.length); }
    std::size_t nextSignificant(std::size_t i) const;
    void skipNewlines() { pos_ = nextSignificant(pos_); }
    // "#loc3 = loc(...)": kept as text, for dumps that print locations inline.
    void keepLocationAlias(std::string_view definition);
    void note(int line, std::string message);

    // From the token after pos_ on, the text reads as ended: what is too big is not read.
    void stop(const std::string& why);

    void skipLine();

    // From an opening bracket at pos_ to just after its partner.
    void skipBalanced();

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

    std::unique_ptr<Op> parseOp(Block* block);

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

    std::string_view text_;
    mutable TokenWindow window_;
    std::size_t opsMade_ = 0;
    bool stopped_ = false;
    std::size_t stopAt_ = 0;
    Token stopToken_;
    std::size_t pos_ = 0;
    Module& module_;
    const ReadBounds& bounds_;
    std::vector<std::map<std::string, Value*>> scopes_;
    std::map<const Region*, int> closingLines_;
    int nesting_ = 0;
};

} // namespace memlens::planner::detail
