#include "core/record/record_setup.hpp"

#include "core/record/compile_call.hpp"
#include "core/record/record_files.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

extern char** environ;

namespace memlens {

namespace {

const char* const kSitecustomize
    = R"PY(# memlens record: points Triton-Ascend's compiler lookup at memlens's recording compiler.
# Written by memlens record into its run folder and removed when the run ends. Once its
# work is done, the next sitecustomize on the path (if any) runs as it would have.
import os
import sys


def _memlens_record_hook():
    import importlib.abc

    masquerade = os.environ.get("MEMLENS_RECORD_BIN", "")
    wanted = "triton.backends.ascend.utils"
    names = {"bishengir-compile": "MEMLENS_RECORD_COMPILER", "npuc": "MEMLENS_RECORD_NPUC"}
    if not masquerade:
        return

    def patch(module):
        lookup = getattr(module, "_get_npucompiler_path", None)
        if lookup is None or getattr(lookup, "_memlens_record", False):
            return

        def recorded_lookup(*args, **kwargs):
            path, env = lookup(*args, **kwargs)
            name = os.path.basename(str(path))
            if name not in names or os.path.dirname(os.path.abspath(path)) == masquerade:
                return path, env
            env = dict(os.environ if env is None else env)
            env[names[name]] = str(path)
            return os.path.join(masquerade, name), env

        recorded_lookup._memlens_record = True
        module._get_npucompiler_path = recorded_lookup

    class Loader:
        def __init__(self, inner):
            self._inner = inner

        def __getattr__(self, name):
            return getattr(self._inner, name)

        def create_module(self, spec):
            return self._inner.create_module(spec)

        def exec_module(self, module):
            self._inner.exec_module(module)
            patch(module)

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname, path, target=None):
            if fullname != wanted:
                return None
            for finder in sys.meta_path:
                find = getattr(finder, "find_spec", None)
                if finder is self or find is None:
                    continue
                spec = find(fullname, path, target)
                if spec is None:
                    continue
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = Loader(spec.loader)
                return spec
            return None

    if wanted in sys.modules:
        patch(sys.modules[wanted])
    sys.meta_path.insert(0, Finder())


def _memlens_record_chain():
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    mine = sys.modules.pop("sitecustomize", None)
    try:
        if importlib.util.find_spec("sitecustomize") is not None:
            import sitecustomize  # noqa: F401  the next one on the path
    finally:
        if "sitecustomize" not in sys.modules and mine is not None:
            sys.modules["sitecustomize"] = mine


_memlens_record_hook()
_memlens_record_chain()
)PY";

bool sameFile(const std::string& a, const std::string& b)
{
    struct stat first { };
    struct stat second { };
    return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev
        && first.st_ino == second.st_ino;
}

bool isExecutableFile(const std::string& path)
{
    struct stat info { };
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

void writeExecutable(const std::string& path, const std::string& text)
{
    if (const std::string why = writeNewFile(path, text); !why.empty())
        throw std::runtime_error(why);
    if (::chmod(path.c_str(), 0755) != 0)
        throw std::runtime_error("cannot make " + path + " executable: " + std::strerror(errno));
}

} // namespace

Environment currentEnvironment()
{
    Environment environment;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string text = *entry;
        const std::size_t equals = text.find('=');
        if (equals != std::string::npos)
            environment.emplace(text.substr(0, equals), text.substr(equals + 1));
    }
    return environment;
}

std::vector<std::string> environmentStrings(const Environment& environment)
{
    std::vector<std::string> strings;
    strings.reserve(environment.size());
    for (const auto& [name, value] : environment)
        strings.push_back(name + "=" + value);
    return strings;
}

const std::vector<std::pair<std::string, std::string>>& tritonRecordSwitches()
{
    static const std::vector<std::pair<std::string, std::string>> switches{{"TRITON_MEMORY_DISPLAY", "1"},
        {"TRITON_DISABLE_LINE_INFO", "0"}, {"TRITON_ALWAYS_COMPILE", "1"}, {"ENABLE_PRINT_UB_BITS", "1"}};
    return switches;
}

bool isMemlensCompiler(const std::string& path, const std::string& self)
{
    if (!self.empty() && sameFile(path, self))
        return true;
    std::ifstream in(path, std::ios::binary);
    std::string head(256, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head.find(kMasqueradeMarker) != std::string::npos;
}

std::optional<std::string> findCompilerOnPath(
    const std::string& name, const std::string& pathList, const std::string& skipDir, const std::string& self)
{
    std::size_t start = 0;
    while (start <= pathList.size()) {
        const std::size_t end = std::min(pathList.find(':', start), pathList.size());
        std::string dir = pathList.substr(start, end - start);
        start = end + 1;
        if (dir.empty())
            dir = ".";
        if (!skipDir.empty() && sameFile(dir, skipDir))
            continue;
        const std::string candidate = dir + "/" + name;
        if (isExecutableFile(candidate) && !isMemlensCompiler(candidate, self))
            return candidate;
    }
    return std::nullopt;
}

std::string masqueradeDir(const std::string& runDir) { return runDir + "/.memlens/bin"; }

std::string pythonHookDir(const std::string& runDir) { return runDir + "/.memlens/python"; }

std::string sitecustomizeText() { return kSitecustomize; }

void writeRecordHooks(const std::string& runDir, const std::string& self)
{
    std::error_code error;
    for (const std::string& dir : {masqueradeDir(runDir), pythonHookDir(runDir), runDir + "/.memlens/staging"}) {
        std::filesystem::create_directories(dir, error);
        if (error)
            throw std::runtime_error("cannot make " + dir + ": " + error.message());
    }
    for (const char* name : {"bishengir-compile", "npuc"})
        writeExecutable(masqueradeDir(runDir) + "/" + name,
            std::string("#!/bin/sh\n") + kMasqueradeMarker + " (removed when the run ends)\nexec " + shellQuote(self)
                + " __record-compile " + name + " \"$@\"\n");
    if (const std::string why = writeNewFile(pythonHookDir(runDir) + "/sitecustomize.py", kSitecustomize); !why.empty())
        throw std::runtime_error(why);
}

std::string selfExecutable()
{
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string() : self.string();
}

} // namespace memlens
