#pragma once
// The op tree of an MLIR module in its printed form, as the memory planner sees it:
// functions, regions, blocks, ops with results, operands and their roles
// (ins / outs / temp_buffer), attributes and 1-based text lines. Read by
// core/planner/mlir_reader; numbered by core/planner/op_sequence.
#include "core/base/shaped_type.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memlens::planner {

// A memref type: shape (-1 for '?'), element type and width, layout, address space.
struct MemrefType {
    bool valid = false;
    std::vector<std::int64_t> shape;
    std::string elementType;
    int elementBits = 0;
    std::string addressSpace; // "ub", "cbuf", "cc", "gm", ... ("" when none)
    bool hasStrides = false;
    std::vector<std::int64_t> strides;            // -1 for '?'
    std::optional<std::int64_t> layoutOffset = 0; // empty when dynamic ('?')
    std::string text;

    std::optional<std::int64_t> staticElementCount() const;
    std::optional<std::int64_t> staticBits() const;
    bool lastDimContiguous() const;
    int rank() const { return static_cast<int>(shape.size()); }
};

// Parses "memref<16x?xf16, strided<[16, 1], offset: 4>, #hivm.address_space<ub>>";
// anything else gives valid == false.
MemrefType parseMemrefType(const std::string& text);
// Bit width of a scalar type name (f16 -> 16, i1 -> 1, index -> 64); 0 when unknown.
int scalarTypeBits(const std::string& name);

struct Op;
struct Block;
struct Region;

struct Value {
    int id = 0;       // definition order within the module
    std::string name; // "%alloc", "%0#1", "%arg3"
    std::string typeText;
    MemrefType memref; // valid when the type is a memref
    Op* definingOp = nullptr;
    Block* ownerBlock = nullptr; // for block arguments
    std::vector<Op*> users;      // every op that has it as an operand (nested ones too)
    bool isBlockArgument() const { return definingOp == nullptr; }
};

struct Block {
    std::string label; // "^bb1", "" for an entry block without header
    std::vector<Value*> arguments;
    std::vector<std::unique_ptr<Op>> ops;
    Region* parent = nullptr;
    std::vector<Block*> successors;
    int indexInRegion = 0;
};

struct Region {
    std::vector<std::unique_ptr<Block>> blocks;
    Op* parentOp = nullptr;
    int indexInOp = 0;
};

struct Successor {
    Block* block = nullptr;
    std::string label;
    std::vector<Value*> operands;
};

struct Op {
    std::string name;      // "hivm.hir.vadd", "scf.for", "func.func"
    int line = 0;          // 1-based line of the op's name in the text
    int column = 0;        // 1-based column of the op's name
    bool implicit = false; // a terminator the printer elided (line = the closing brace's)
    std::vector<Value*> results;
    std::vector<Value*> operands;                  // every operand, in text order
    std::vector<Value*> ins;                       // DPS inputs (ins(...))
    std::vector<Value*> outs;                      // DPS inits (outs(...))
    std::vector<Value*> temps;                     // temp_buffer(...)
    bool destinationStyle = false;                 // has ins(...) or outs(...)
    std::map<std::string, std::string> attributes; // name -> value text ("" for a unit attribute)
    std::vector<std::unique_ptr<Region>> regions;
    std::vector<Successor> successors;
    std::string location; // "loc(...)" text when printed, else ""
    std::string text;     // the op's text up to its regions, on one line
    std::string symbol;   // "@name" of func.func / memref.global
    Block* block = nullptr;
    int indexInBlock = 0;

    Op* parentOp() const;
    bool hasAttribute(const std::string& key) const { return attributes.count(key) != 0; }
    bool isBeforeInBlock(const Op* other) const { return indexInBlock < other->indexInBlock; }
    bool isAncestorOf(const Op* other) const; // true for itself too
};

struct ReaderNote {
    int line = 0;
    std::string message;
};

struct Function {
    Op* op = nullptr;     // the func.func op; its region 0 is the body
    std::string name;     // without '@'
    std::string coreType; // "aiv", "aic", "" (hivm.func_core_type)
    std::string target;   // hacc.target of the enclosing module ("" when none)
    bool isHost = false;
    Region* body() const { return op && !op->regions.empty() ? op->regions[0].get() : nullptr; }
};

struct Module {
    std::string fileName;
    Block top; // top-level ops (modules, functions, attribute aliases are skipped)
    std::vector<std::unique_ptr<Value>> values;
    std::vector<Function> functions; // in text order
    std::vector<ReaderNote> notes;
    // The text ends inside a region: the IR was cut short (a log or a file written part way).
    // Its first such region's line (0 when the text is whole).
    int cutShortAt = 0;
    // Top-level location aliases as written: {"#loc3", "loc(\"k.py\":52:20)"}.
    std::vector<std::pair<std::string, std::string>> locationAliases;

    const Function* findFunction(const std::string& name) const;
};

// Walks `op`'s regions in pre-order (not `op` itself).
template <typename Visit> void walkNested(const Op& op, Visit&& visit)
{
    for (const auto& region : op.regions)
        for (const auto& block : region->blocks)
            for (const auto& nested : block->ops) {
                visit(*nested);
                walkNested(*nested, visit);
            }
}

// The op of `block` that is `op` or holds it; nullptr when `op` is not inside `block`.
const Op* ancestorInBlock(const Op* op, const Block* block);

} // namespace memlens::planner
