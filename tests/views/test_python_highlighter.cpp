// Pins what the Python pane's highlighter makes of a few lines, run by run, so a change to the
// scanning it shares with the IR highlighter cannot change a format unseen.
#include "support/highlight_runs.hpp"
#include "views/source/python_highlighter.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

namespace {

const char* const kPythonLines = R"PY(@triton.jit
def layer_norm(X, Y, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)  # one row per program
    x = tl.load(X + row * 16384, mask=cols < N, other=0.).to(tl.float32)
    s = r"raw\n" + b'bytes' + f"{x}" + 'it\'s' + Rb"x"
    """a docstring
    that spans lines"""
    for i in range(len(self.items)):
        if x is None: return 1e-5 + .5 + 0x1f + 1_000 + cls.y
    class Foo(object): pass
x = '''open
still''' ; print (y); obj.max(z)
while not done and x2: yield)PY";

} // namespace

TEST_CASE("the Python highlighter's runs, line by line", "[highlighter][python]")
{
    // As the highlighter made them before it shared its scan (the same in both themes).
    const std::string expected = R"PIN(@triton.jit=function
def=keyword layer_norm=function tl.=type+b constexpr=function
tl.=type+b program_id=function 0=number # one row per program=comment+i
tl.=type+b load=function 16384=number 0.=number to=function tl.=type+b float32=function
r"raw\n"=string b'bytes'=string f"{x}"=string 'it\'s'=string Rb"x"=string
"""a docstring=string
    that spans lines"""=string
for=control in=keyword range=type len=type self=variable
if=control is=keyword None=keyword return=control 1e-5=number .5=number 0x1f=number 1_000=number cls=variable
class=keyword Foo=function object=type pass=control
'''open=string
still'''=string print=type max=function
while=control not=keyword and=keyword yield=control)PIN";
    for (const bool dark : {false, true})
        CHECK(test::highlightRuns<PythonHighlighter>(QString::fromUtf8(kPythonLines), dark).join(u'\n').toStdString()
            == expected);
}
