#include "core/record/compile_call.hpp"

#include "core/planner/plan_target.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <string_view>

namespace memlens {

namespace {

namespace fs = std::filesystem;

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// Options of the real compiler that take their value as the next argument.
bool takesValue(const std::string& arg) { return arg == "-o" || arg == "--o"; }

bool isPassThrough(const std::string& arg)
{
    return arg == "--help" || arg == "-help" || arg == "-h" || arg == "--help-hidden" || arg == "--version"
        || arg == "-version" || startsWith(arg, "--help-list") || arg == "--print-all-options";
}

std::string absoluteFrom(const std::string& path, const std::string& cwd)
{
    if (path.empty() || path == "-" || fs::path(path).is_absolute())
        return path;
    return (fs::path(cwd) / path).lexically_normal().string();
}

bool hasArg(const std::vector<std::string>& args, const std::string& arg)
{
    return std::find(args.begin(), args.end(), arg) != args.end();
}

} // namespace

std::string compileInputOf(const std::vector<std::string>& args)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (takesValue(args[i])) {
            ++i;
            continue;
        }
        if (!args[i].empty() && (args[i][0] != '-' || args[i] == "-"))
            return args[i];
    }
    return {};
}

CompileCall classifyCompileCall(
    const std::vector<std::string>& args, const std::string& cwd, const std::optional<std::string>& irText)
{
    CompileCall call;
    call.args = args;
    call.input = compileInputOf(args);
    if (call.input.empty() || std::any_of(args.begin(), args.end(), isPassThrough))
        return call;
    call.compiles = true;
    call.inputAbsolute = absoluteFrom(call.input, cwd);
    for (const std::string& arg : args)
        if (startsWith(arg, "--target="))
            call.target = arg.substr(9);
    if (!call.target && irText) {
        const std::string marker = "#hacc.target<\"";
        if (const std::size_t at = irText->find(marker); at != std::string::npos) {
            const std::size_t from = at + marker.size();
            const std::size_t to = irText->find('"', from);
            if (to != std::string::npos)
                call.target = irText->substr(from, to - from);
        }
    }
    if (call.target)
        if (const auto target = planner::findPlanTarget(*call.target))
            call.regBase = target->chip.regBasePlanner;
    call.pass = call.regBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory";
    // The compiler runs in the compile's own folder: the caller's relative paths are made absolute.
    call.args.clear();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (takesValue(arg) && i + 1 < args.size()) {
            call.args.push_back(arg);
            call.args.push_back(absoluteFrom(args[++i], cwd));
        } else if (startsWith(arg, "-o=")) {
            call.args.push_back("-o=" + absoluteFrom(arg.substr(3), cwd));
        } else if (!arg.empty() && arg[0] != '-') {
            call.args.push_back(absoluteFrom(arg, cwd));
        } else if (const std::size_t equals = arg.find('='); startsWith(arg, "--") && equals != std::string::npos
                   && !fs::path(arg.substr(equals + 1)).is_absolute() && arg.find('/', equals) != std::string::npos
                   && fs::exists(fs::path(cwd) / arg.substr(equals + 1))) {
            // --link-aicore-bitcode=lib/x.bc: a relative path that names a file of the caller's.
            call.args.push_back(arg.substr(0, equals + 1) + absoluteFrom(arg.substr(equals + 1), cwd));
        } else {
            call.args.push_back(arg);
        }
    }
    const std::string before = "--mlir-print-ir-before=" + call.pass;
    const std::string after = "--mlir-print-ir-after=" + call.pass;
    call.addedBefore = !hasArg(args, before) && !hasArg(args, "--mlir-print-ir-before-all");
    call.addedAfter = !hasArg(args, after) && !hasArg(args, "--mlir-print-ir-after-all");
    if (call.addedBefore)
        call.args.push_back(before);
    if (call.addedAfter)
        call.args.push_back(after);
    if (!hasArg(args, "--mlir-print-debuginfo"))
        call.args.push_back("--mlir-print-debuginfo");
    return call;
}

std::string kernelNameOfIr(const std::string& text)
{
    std::string first;
    for (std::size_t at = text.find("func.func"); at != std::string::npos; at = text.find("func.func", at + 9)) {
        std::size_t name = text.find_first_not_of(" \t", at + 9);
        for (const char* visibility : {"public ", "private ", "nested "})
            if (name != std::string::npos && text.compare(name, std::strlen(visibility), visibility) == 0)
                name = text.find_first_not_of(" \t", name + std::strlen(visibility));
        if (name == std::string::npos || text[name] != '@')
            continue;
        std::size_t end = name + 1;
        while (end < text.size()
            && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' || text[end] == '$'
                || text[end] == '.'))
            ++end;
        const std::string found = text.substr(name + 1, end - name - 1);
        if (found.empty())
            continue;
        if (first.empty())
            first = found;
        // The entry: its attributes (on the same line) say hacc.entry or that it is a global kernel.
        const std::size_t lineEnd = std::min(text.find('\n', end), text.size());
        const std::string_view rest(text.data() + end, lineEnd - end);
        if (rest.find("hacc.entry") != std::string_view::npos || rest.find("global_kernel") != std::string_view::npos)
            return found;
    }
    return first;
}

std::string shellQuote(const std::string& word)
{
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c))
            || std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
    });
    if (plain)
        return word;
    std::string quoted = "'";
    for (const char c : word) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    return quoted + "'";
}

std::string shellCommand(const std::vector<std::string>& words)
{
    std::string text;
    for (const std::string& word : words)
        text += (text.empty() ? "" : " ") + shellQuote(word);
    return text;
}

} // namespace memlens
