#pragma once
// A Dump made of its records, however they were read: a dump file's JSON (dump_parser) or a
// plan memlens made itself (dumpOfPlan). Both go through the same checks of each buffer
// (convertBuffer) and the same finishing steps, so a plan opened directly and the same plan
// written as JSON and read back are one Dump.
#include "core/dump/buffer_fields.hpp"
#include "core/dump/dump_model.hpp"
#include "core/dump/shared_texts.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// Each scope's repeated records folded, its blocks made of its buffers' offsets, and the
// buffers numbered again when a record was folded.
void finishScopes(Dump& dump);

// memory_info_aiv.json as the compiler writes it; <kernel>-<time>-aiv.json as memlens keeps it.
CoreKind coreKindFromFileName(const std::string& path);

// One buffer object's values, in the dump format's own units.
struct BufferRecord {
    std::string bufferText; // "%alloc = memref.alloc() : memref<...>"
    std::vector<std::uint64_t> offsets;
    std::uint64_t extentBits = 0;
    std::int64_t allocTime = 0;
    std::int64_t lifeStart = 0;
    std::int64_t lifeEnd = 0;
    std::string location;
    bool tmp = false;
};

// A Dump built record by record from values in hand.
class DumpAssembly {
public:
    // `file` names the dump in what its checks say, and its file name gives the core.
    DumpAssembly(std::string file, std::string kernel);

    // `error` "" is no error (as a dump's "error_info": "" reads).
    void beginScope(const std::string& scope, const std::string& status, const std::string& error);
    // Throws DumpError naming Record[i].memory_info_array[j] when a value is out of the format's range.
    void addBuffer(const BufferRecord& record);
    // Throws DumpError when no scope was begun.
    Dump finish();

private:
    Dump dump_;
    std::vector<ScopePlan> scopes_;
    BufferFields fields_;
    RepeatedWarnings warnings_;
    SharedTexts sharedTexts_;
    int nextId_ = 0;
};

} // namespace memlens
