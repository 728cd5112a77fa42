#include "core/planner/module_clone.hpp"

#include <unordered_map>

namespace memlens::planner {

namespace {

// Copies the tree first, then points every cross reference (a value's defining op, owner
// block and users; a block's successors) at the copies.
class ModuleCloner {
public:
    explicit ModuleCloner(const Module& source)
        : source_(source)
    {
    }

    std::unique_ptr<Module> run()
    {
        auto copy = std::make_unique<Module>();
        copy->fileName = source_.fileName;
        copy->notes = source_.notes;
        copy->cutShortAt = source_.cutShortAt;
        copy->locationAliases = source_.locationAliases;
        copy->values.reserve(source_.values.size());
        for (const auto& value : source_.values) {
            auto twin = std::make_unique<Value>(*value);
            values_[value.get()] = twin.get();
            copy->values.push_back(std::move(twin));
        }
        copyBlock(source_.top, copy->top, nullptr);
        for (const auto& value : copy->values) {
            value->definingOp = mapped(ops_, value->definingOp);
            value->ownerBlock = mapped(blocks_, value->ownerBlock);
            for (Op*& user : value->users)
                user = mapped(ops_, user);
        }
        for (auto& [from, to] : blocks_)
            for (Block*& successor : to->successors)
                successor = mapped(blocks_, successor);
        for (Op* op : copiedOps_)
            for (Successor& successor : op->successors)
                successor.block = mapped(blocks_, successor.block);
        copy->functions = source_.functions;
        for (Function& function : copy->functions)
            function.op = mapped(ops_, function.op);
        return copy;
    }

private:
    template <typename T> static T* mapped(const std::unordered_map<const T*, T*>& map, const T* from)
    {
        if (!from)
            return nullptr;
        const auto found = map.find(from);
        return found == map.end() ? nullptr : found->second;
    }

    Value* value(const Value* from) const { return mapped(values_, from); }

    std::vector<Value*> valuesOf(const std::vector<Value*>& from) const
    {
        std::vector<Value*> to;
        to.reserve(from.size());
        for (const Value* v : from)
            to.push_back(value(v));
        return to;
    }

    void copyBlock(const Block& from, Block& to, Region* parent)
    {
        blocks_[&from] = &to;
        to.label = from.label;
        to.arguments = valuesOf(from.arguments);
        to.parent = parent;
        to.successors = from.successors; // mapped once every block is copied
        to.indexInRegion = from.indexInRegion;
        to.ops.reserve(from.ops.size());
        for (const auto& op : from.ops)
            to.ops.push_back(copyOp(*op, &to));
    }

    std::unique_ptr<Op> copyOp(const Op& from, Block* block)
    {
        auto to = std::make_unique<Op>();
        ops_[&from] = to.get();
        copiedOps_.push_back(to.get());
        to->name = from.name;
        to->line = from.line;
        to->column = from.column;
        to->implicit = from.implicit;
        to->results = valuesOf(from.results);
        to->operands = valuesOf(from.operands);
        to->ins = valuesOf(from.ins);
        to->outs = valuesOf(from.outs);
        to->temps = valuesOf(from.temps);
        to->destinationStyle = from.destinationStyle;
        to->attributes = from.attributes;
        for (const Successor& successor : from.successors)
            to->successors.push_back({successor.block, successor.label, valuesOf(successor.operands)});
        to->location = from.location;
        to->text = from.text;
        to->symbol = from.symbol;
        to->block = block;
        to->indexInBlock = from.indexInBlock;
        for (const auto& region : from.regions) {
            auto copy = std::make_unique<Region>();
            copy->parentOp = to.get();
            copy->indexInOp = region->indexInOp;
            for (const auto& nested : region->blocks) {
                auto blockCopy = std::make_unique<Block>();
                copyBlock(*nested, *blockCopy, copy.get());
                copy->blocks.push_back(std::move(blockCopy));
            }
            to->regions.push_back(std::move(copy));
        }
        return to;
    }

    const Module& source_;
    std::unordered_map<const Value*, Value*> values_;
    std::unordered_map<const Op*, Op*> ops_;
    std::unordered_map<const Block*, Block*> blocks_;
    std::vector<Op*> copiedOps_;
};

} // namespace

std::unique_ptr<Module> cloneModule(const Module& module) { return ModuleCloner(module).run(); }

} // namespace memlens::planner
