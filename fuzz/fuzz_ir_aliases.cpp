// libFuzzer target: IR whose #loc aliases refer to each other in any shape
// (shared sub-locations, forward references, cycles, undefined names, deep
// chains) is indexed in bounded time and memory, and every resolved location
// keeps the resolver's promises. The input bytes are a small program that
// writes the alias table and the ops, so the fuzzer explores alias graphs
// rather than MLIR syntax.
#include "core/source/ir_index.hpp"
#include "core/source/mlir_location.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size)
        : data_(data)
        , size_(size)
    {
    }
    bool empty() const { return pos_ >= size_; }
    unsigned next() { return pos_ < size_ ? data_[pos_++] : 0u; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

constexpr unsigned kMaxAliases = 96;

std::string aliasName(unsigned i) { return "#loc" + std::to_string(i); }

// One location: mostly references to other aliases (any index, so forward
// references, self references and undefined names all occur).
std::string location(Bytes& in, unsigned aliases, int depth)
{
    const unsigned op = in.next() % (depth > 3 ? 3u : 8u);
    auto ref = [&] { return aliasName(in.next() % (aliases + 2)); };
    switch (op) {
    case 0: return ref();
    case 1:
        return "\"/k/kern" + std::to_string(in.next() % 4) + ".py\":" + std::to_string(in.next()) + ":"
            + std::to_string(in.next() % 9);
    case 2: return "\"/venv/triton/language/standard.py\":" + std::to_string(in.next()) + ":1";
    case 3: return "callsite(" + location(in, aliases, depth + 1) + " at " + location(in, aliases, depth + 1) + ")";
    case 4: return "\"v" + std::to_string(in.next() % 5) + "\"(" + location(in, aliases, depth + 1) + ")";
    case 5: {
        std::string fused = "fused[";
        const unsigned n = 1 + in.next() % 4;
        for (unsigned i = 0; i < n; ++i)
            fused += (i ? ", " : "") + location(in, aliases, depth + 1);
        return fused + "]";
    }
    case 6: return "unknown";
    default: return "callsite(" + ref() + " at " + ref() + ")";
    }
}

void check(bool condition)
{
    if (!condition)
        std::abort();
}

void checkResolved(const memlens::ResolvedLocation& r)
{
    check(r.chain.size() <= memlens::kMaxFramesPerLocation);
    std::size_t frames = 0;
    for (const auto& stack : r.stacks)
        frames += stack.size();
    check(frames == r.chain.size());
    check(r.userFrames.size() <= r.chain.size());
    for (const auto& f : r.userFrames)
        check(!f.library);
    check(r.primary.has_value() == !r.userFrames.empty());
    if (r.primary)
        check(*r.primary == r.userFrames.front());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Bytes in(data, size);
    const unsigned aliases = in.next() % kMaxAliases;
    std::string ir;
    std::string ops;
    for (unsigned i = 0; i < aliases && !in.empty(); ++i) {
        const std::string line = aliasName(i) + " = loc(" + location(in, aliases, 0) + ")\n";
        // Aliases may be defined before or after the module.
        (in.next() % 4 == 0 ? ops : ir) += line;
    }
    ir += "module {\n";
    for (unsigned i = 0; !in.empty() && i < 64; ++i)
        ir += "  %a" + std::to_string(i) + " = memref.alloc() : memref<8xf16> loc(" + location(in, aliases, 0) + ")\n";
    ir += "} loc(unknown)\n" + ops;

    const memlens::IrIndex index = memlens::IrIndex::build(ir, "/k/fuzz.ttadapter");
    for (int line = 1; line <= index.lineCount(); ++line)
        if (const memlens::ResolvedLocation* r = index.locationAt(line))
            checkResolved(*r);
    for (unsigned i = 0; i < aliases; i += 7)
        checkResolved(index.resolve("loc(" + aliasName(i) + ")"));
    return 0;
}
