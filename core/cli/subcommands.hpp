#pragma once
// The subcommands memlens knows, a row each: the word that names it, its help, the
// options only it takes and what it cannot run without. The parser
// (core/command_line) reads this table and names no command itself.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace memlens {

enum class Command;
struct CommandLine;

struct Subcommand {
    std::string_view name;
    Command command;
    std::string (*usage)();
    // What to say when no DUMP follows the word.
    std::string_view missingInput
        = "missing DUMP: the memory dump to read (memory_info_aiv.json), or a kernel's folder";
    // A command whose options are all its own (diff, plan) parses the whole line (args[0] is its name).
    CommandLine (*parseAll)(const std::vector<std::string>& args) = nullptr;
    // Consumes args[i] (and its value) when it is an option of this command only.
    bool (*parseOption)(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i) = nullptr;
    // Throws CommandLineError when an option the command needs is missing.
    void (*requireOptions)(const CommandLine& commandLine) = nullptr;
};

// Null when `name` is no subcommand (a dump to open in the window, say).
const Subcommand* findSubcommand(std::string_view name);
// Null for the window, help and version.
const Subcommand* subcommandOf(Command command);

} // namespace memlens
