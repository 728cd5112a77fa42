#!/usr/bin/env python3
"""Self-check for the memlens layer-norm example.

    python3 check_example.py          # exit status 0 when every check passes

For block8192/ and block16384/ it checks that memory_info_aiv.json is a valid
dump in the compiler's format, that its plan is valid (32 B aligned, no two
blocks live at the same time share an address), that 8192 fits in the 192 KB
UB and 16384 overflows with the compiler's error text, and that every
source_location leads to a real allocating expression in layer_norm.py and to
an allocating op of _layer_norm_fwd_fused.ttadapter resolving to the same place.
It also reads compile.log, the late IR the planner numbered, and checks that each
storage's Life starts at an op that writes one of its buffers and ends at an op
that reads one (or at the end of the loop that uses it).
Python columns are Triton's: 0-based (Python's ast col_offset).
"""
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
UB_BYTES = 196608  # Ascend910B3
ERROR_TEXT = ("ub overflow, requires {} bits while 1572864 bits available! (possible reason: "
              "tiling basic block is too large or block number is more than what user expect due "
              "to multi-buffer feature is enabled and some ops need extra local buffer.)")
CASES = {8192: False, 16384: True}  # BLOCK_SIZE -> overflows
BITS = {"f16": 16, "f32": 32, "i8": 8, "i32": 32}

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
    return cond


# ---------------------------------------------------------------- MLIR locations
class LocParser:
    """loc(...) bodies: "file":l:c, "name"(child), callsite(a at b), fused[...],
    fused<"meta">[...], unknown, #locN aliases."""

    def __init__(self, text):
        self.s, self.i = text, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def eat(self, tok):
        self.ws()
        if not self.s.startswith(tok, self.i):
            raise ValueError(f"expected {tok!r} at {self.i} in {self.s!r}")
        self.i += len(tok)

    def string(self):
        self.eat('"')
        j = self.s.index('"', self.i)
        out, self.i = self.s[self.i:j], j + 1
        return out

    def parse(self):
        self.ws()
        s = self.s
        if s.startswith("#loc", self.i):
            m = re.compile(r"#loc\d*").match(s, self.i)
            self.i = m.end()
            return ("alias", m.group(0))
        if s.startswith("unknown", self.i):
            self.i += len("unknown")
            return ("unknown",)
        if s.startswith("callsite(", self.i):
            self.i += len("callsite(")
            callee = self.parse()
            self.eat("at")
            caller = self.parse()
            self.eat(")")
            return ("callsite", callee, caller)
        if s.startswith("fused", self.i):
            self.i += len("fused")
            if s.startswith("<", self.i):
                depth = 0
                while True:
                    depth += {"<": 1, ">": -1}.get(s[self.i], 0)
                    self.i += 1
                    if depth == 0:
                        break
            self.eat("[")
            parts = [self.parse()]
            self.ws()
            while s.startswith(",", self.i):
                self.i += 1
                parts.append(self.parse())
                self.ws()
            self.eat("]")
            return ("fused", parts)
        text = self.string()
        m = re.compile(r":(\d+):(\d+)").match(s, self.i)
        if m:
            self.i = m.end()
            return ("file", text, int(m.group(1)), int(m.group(2)))
        self.ws()
        if s.startswith("(", self.i):
            self.i += 1
            child = self.parse()
            self.eat(")")
            return ("name", text, child)
        return ("name", text, None)


def parse_loc(text):
    """text is 'loc(...)'."""
    p = LocParser(text)
    p.eat("loc(")
    out = p.parse()
    p.eat(")")
    check(p.i == len(text), f"trailing text after location: {text!r}")
    return out


def is_library(path):
    return "/triton/language/" in path or "/triton/runtime/" in path


def user_frames(loc, aliases, name=None):
    """Every user frame (file, line, col, variable) of a location, primary first."""
    kind = loc[0]
    if kind == "alias":
        return user_frames(aliases[loc[1]], aliases, name)
    if kind == "file":
        return [] if is_library(loc[1]) else [(loc[1], loc[2], loc[3], name)]
    if kind == "name":
        return [] if loc[2] is None else user_frames(loc[2], aliases, loc[1])
    if kind == "callsite":
        return user_frames(loc[1], aliases, name) or user_frames(loc[2], aliases, name)
    if kind == "fused":
        return [f for part in loc[1] for f in user_frames(part, aliases, name)]
    return []


# ---------------------------------------------------------------- the IR
ALLOC_RE = re.compile(r"=\s*(memref\.alloc\(\)\s*:\s*memref<([^>]*)>|tensor\.empty\(\)\s*:\s*tensor<([^>]*)>|"
                      r"bufferization\.alloc_tensor\(\)\s*:\s*tensor<([^>]*)>)")
TRAILING_LOC_RE = re.compile(r"loc\((#loc\d*)\)\s*$")


def index_ir(path, block):
    lines = open(path).read().splitlines()
    aliases, module_line, end_line = {}, None, None
    for n, line in enumerate(lines, 1):
        m = re.match(r"(#loc\d*) = (loc\(.*\))$", line)
        if m:
            aliases[m.group(1)] = parse_loc(m.group(2))
        if line.startswith("module attributes"):
            module_line = n
        if line.startswith("} loc("):
            end_line = n
    check(module_line is not None, f"{path}: no module")
    check('hacc.target = #hacc.target<"Ascend910B3">' in lines[module_line - 1], f"{path}: target is not Ascend910B3")
    before = [n for n, l in enumerate(lines, 1) if l.startswith("#loc") and n < module_line]
    after = [n for n, l in enumerate(lines, 1) if l.startswith("#loc") and n > end_line]
    check(before and after, f"{path}: #loc aliases must appear both before and after the module")
    text = "\n".join(lines)
    for ref in set(re.findall(r"#loc\d*\b", text)):
        check(ref in aliases, f"{path}: {ref} used but never defined")
    for kind in ("callsite(", "fused[", 'loc("x"(#loc'):
        check(kind in text, f"{path}: no {kind} location")
    check(re.search(r"^\s*\} loc\(#loc\d+\)$", text, re.M), f"{path}: no region op closed with '}} loc(#locN)'")
    check(f"memref<{block}xf16>" in text and f"tensor<{block}xf32>" in text, f"{path}: BLOCK_SIZE {block} not in types")
    allocs = []
    for n, line in enumerate(lines, 1):
        m = ALLOC_RE.search(line)
        if not m:
            continue
        t = TRAILING_LOC_RE.search(line)
        if not check(t, f"{path}:{n}: allocating op without a trailing loc(#locN)"):
            continue
        frames = user_frames(("alias", t.group(1)), aliases)
        if not check(frames, f"{path}:{n}: allocating op location has no user frame"):
            continue
        shape = m.group(2) or m.group(3) or m.group(4)
        allocs.append({"line": n, "shape": shape, "frames": frames, "text": line.strip()})
    return allocs


# ---------------------------------------------------------------- layer_norm.py
class PySource:
    def __init__(self, path):
        self.text = open(path).read()
        self.lines = self.text.splitlines()
        self.tree = ast.parse(self.text)
        self.parent = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        self.kernel = next(n for n in self.tree.body
                           if isinstance(n, ast.FunctionDef) and n.name == "_layer_norm_fwd_fused")

    def node_at(self, line, col):
        """The outermost expression starting exactly at line:col inside the kernel."""
        found = [node for node in ast.walk(self.kernel)
                 if isinstance(node, ast.expr) and node.lineno == line and node.col_offset == col]
        return min(found, key=self.depth) if found else None

    def depth(self, node):
        d = 0
        while node in self.parent:
            node, d = self.parent[node], d + 1
        return d

    def statement(self, node):
        while not isinstance(node, ast.stmt):
            node = self.parent[node]
        return node


def call_name(node):
    """'tl.load', 'tl.sum', '.to' ... for a Call node, else None."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    f = node.func
    if isinstance(f.value, ast.Name) and f.value.id == "tl":
        return "tl." + f.attr
    return "." + f.attr


def allocating_expression(src, node, kind):
    """What allocates at node, per Triton's rule that an op takes the location of the
    last AST node visited before it was built; None when nothing does."""
    p = src.parent.get(node)
    while isinstance(p, ast.expr) and not isinstance(p, ast.Call) and not (
            isinstance(p, ast.BinOp) and p.right is node):
        node, p = p, src.parent.get(p)
    if isinstance(p, ast.Call) and node in p.args and node is p.args[-1]:
        name = call_name(p)
        src_text = ast.get_source_segment(src.text, p)
        if kind == "load" and name == "tl.load":
            return src_text
        if kind == "reduce" and name == "tl.sum":
            return src_text
        if kind == "f32" and (name == ".to" and ast.unparse(node) == "tl.float32" or name == "tl.where"):
            return src_text
        if kind == "f16" and name == ".to" and ast.unparse(node) == "tl.float16":
            return src_text
    if isinstance(p, ast.BinOp) and p.right is node and kind == "f32":
        return ast.get_source_segment(src.text, p)  # broadcast of the scalar right operand
    return None


# ---------------------------------------------------------------- one case
def buffer_type(buffer):
    m = re.match(r"(%[\w.$-]+) = memref\.alloc\(\) : memref<(?:(\d+)x)?(\w+), #hivm\.address_space<ub>>$", buffer)
    check(m, f"buffer string not in the compiler's form: {buffer!r}")
    return m.group(1), (int(m.group(2)) if m.group(2) else 1), m.group(3), m.group(0)


PLAN_MEMORY_SECTION = "IR Dump Before PlanMemory (hivm-plan-memory)"
OP_RE = re.compile(r"^\s*(?:%[\w.]+(?:\s*,\s*%[\w.]+)*\s*=\s*)?([a-z_]+\.[\w.]+|return)\b")


def log_ops(log_path):
    """The planner's op sequence of the log's last PlanMemory section: (text, loop depth) per
    index, pre-order, one entry per op, a begin and an end entry per scf.for (the loop's
    elided scf.yield is an op too)."""
    with open(log_path) as f:
        text = f.read()
    at = text.rfind(PLAN_MEMORY_SECTION)
    if not check(at >= 0, f"{log_path}: no \"{PLAN_MEMORY_SECTION}\" section"):
        return []
    section = text[text.index("\n", at) + 1:]
    ops, loops = [], []
    views.clear()
    for line in section.splitlines():
        view = re.match(r"\s*(%[\w.]+) = memref\.(?:subview|reinterpret_cast|cast|reshape) (%[\w.]+)", line)
        if view:
            views[view.group(1)] = view.group(2)
        if line.startswith("func.func"):
            check("@_layer_norm_fwd_fused(" in line, f"{log_path}: the section is not the kernel's function")
            continue
        if line.startswith("}"):
            break
        stripped = line.strip()
        if stripped.startswith("}"):
            ops.append(("scf.yield", loops[-1]))
            ops.append(("scf.for end", loops.pop()))
            continue
        m = OP_RE.match(line)
        if not m:
            continue
        if m.group(1) == "scf.for":
            loops.append(len(ops))
            ops.append(("scf.for begin", len(ops)))
        else:
            ops.append((stripped, loops[-1] if loops else None))
    return ops


views = {}  # a view's name -> the value it views, in the section log_ops read last


def root(name):
    while name in views:
        name = views[name]
    return name


def operands(op_text, keyword):
    """The buffers an op's ins(...)/outs(...)/temp_buffer(...) name, views followed to their root."""
    m = re.search(keyword + r"\s*\(([^:)]*)", op_text)
    return {root(v) for v in re.findall(r"%[\w.]+", m.group(1))} if m else set()


def writes(op_text, name):
    return name in operands(op_text, "outs") or name in operands(op_text, "temp_buffer")


def reads(op_text, name):
    return (name in operands(op_text, "ins") or name in operands(op_text, "temp_buffer")
            or re.search(r"memref\.load " + re.escape(name) + r"\[", op_text) is not None)


def check_log(log_path, storages):
    ops = log_ops(log_path)
    if not ops:
        return
    for (offsets, life, _), names in storages.items():
        where = f"{log_path}: Life {list(life)} of {', '.join(sorted(set(names)))}"
        if not check(life[1] < len(ops), f"{where}: the function has {len(ops)} ops"):
            continue
        start, end = ops[life[0]], ops[life[1]]
        check(any(writes(start[0], n) for n in names) or start[0] == "scf.for begin",
              f"{where}: op {life[0]} ({start[0][:60]}) writes none of them")
        if end[0] == "scf.for end":  # a buffer defined before a loop and used in it dies at its end
            used = any(reads(op[0], n) for op in ops[end[1]:life[1]] for n in names)
            check(used, f"{where}: op {life[1]} ends a loop that does not use them")
        else:
            check(any(reads(end[0], n) for n in names), f"{where}: op {life[1]} ({end[0][:60]}) reads none of them")


def check_case(block, overflows, src, rows):
    folder = os.path.join(HERE, f"block{block}")
    dump_path = os.path.join(folder, "memory_info_aiv.json")
    ir_path = os.path.join(folder, "_layer_norm_fwd_fused.ttadapter")
    with open(dump_path) as f:
        dump = json.load(f)
    check(dump["Header"]["KernelName"] == "_layer_norm_fwd_fused", f"{dump_path}: kernel name")
    check(len(dump["Record"]) == 1, f"{dump_path}: one record expected")
    rec = dump["Record"][0]
    check(set(rec) == {"scope", "status", "error_info", "memory_info_array"}, f"{dump_path}: record keys {sorted(rec)}")
    check(rec["scope"] == "ub", f"{dump_path}: scope")
    entries = rec["memory_info_array"]
    check(8 <= len(entries) <= 20, f"{dump_path}: {len(entries)} records, want 8-20")
    allocs = index_ir(ir_path, block)

    blocks = []
    storages = {}  # (offsets, life, extent) -> the allocs listed with it
    for i, e in enumerate(entries):
        where = f"{dump_path}: memory_info_array[{i}]"
        check(set(e) == {"buffer", "offset", "extent", "alloc_time_in_ir", "life_time_in_ir",
                         "source_location", "is_tmpbuf"}, f"{where}: keys {sorted(e)}")
        name, count, elem, _ = buffer_type(e["buffer"])
        # An alloc reused in place in another buffer's storage is listed with that storage's extent.
        check(e["extent"] >= count * BITS[elem], f"{where}: extent {e['extent']} < {count} x {BITS[elem]} bits")
        size = (e["extent"] + 7) // 8
        life = e["life_time_in_ir"]
        check(len(life) == 2 and life[0] <= life[1], f"{where}: life {life}")
        check(e["alloc_time_in_ir"] == life[0], f"{where}: alloc_time_in_ir != life_time_in_ir[0]")
        check(isinstance(e["is_tmpbuf"], bool), f"{where}: is_tmpbuf not a bool")
        check(len(e["offset"]) in (1, 2), f"{where}: {len(e['offset'])} offsets")
        storage = (tuple(e["offset"]), tuple(life), e["extent"])
        storages.setdefault(storage, []).append(name)
        for c, off in enumerate(e["offset"]):
            check(off % 32 == 0, f"{where}: offset {off} not 32-byte aligned")
            if len(storages[storage]) == 1:  # a storage's blocks once, however many allocs it lists
                blocks.append((i, c, off, off + size, life[0], life[1]))

        # where the dump points, and what is there
        loc = parse_loc(e["source_location"])
        frames = user_frames(loc, {})
        if not check(frames, f"{where}: no user frame in {e['source_location']}"):
            continue
        path, line, col, var = frames[0]
        check(path == "/home/dev/kernels/layer_norm.py", f"{where}: python path {path}")
        if not check(1 <= line <= len(src.lines) and 0 <= col < len(src.lines[line - 1]),
                     f"{where}: {line}:{col} is outside layer_norm.py"):
            continue
        if count == block and elem == "f16":
            kind = "load" if len(e["offset"]) == 2 else "f16"
        elif count == block and elem == "f32":
            kind = "f32"
        else:
            kind = "reduce"
        node = src.node_at(line, col)
        expr = node is not None and allocating_expression(src, node, kind)
        check(expr, f"{where}: layer_norm.py:{line}:{col} is no {kind} allocation: {src.lines[line - 1].strip()!r}")
        if var is not None and node is not None:
            stmt = src.statement(node)
            check(isinstance(stmt, ast.Assign) and stmt.targets[0].id == var,
                  f"{where}: variable {var!r} is not assigned on line {line}")

        # the IR op that allocated it
        # A reduction's result is a scalar tensor in the adapter IR and one 32-byte block (8 f32) in the
        # late IR: only the tiles' shapes are the same in both.
        want_shape = f"{count}x{elem}" if count == block else None
        hits = [a for a in allocs if a["frames"][0][1:3] == (line, col)
                and (want_shape is None or a["shape"] == want_shape)]
        check(hits, f"{where}: no allocating op in {ir_path} resolves to layer_norm.py:{line}:{col}")
        rows.append((block, i, name, e, size, line, col, var, hits[0]["line"] if hits else None, expr))

    check_log(os.path.join(folder, "compile.log"), storages)

    # the plan
    for a in range(len(blocks)):
        for b in range(a + 1, len(blocks)):
            x, y = blocks[a], blocks[b]
            live_together = x[4] <= y[5] and y[4] <= x[5]
            check(not (live_together and x[2] < y[3] and y[2] < x[3]),
                  f"{dump_path}: blocks {x[:2]} and {y[:2]} overlap in address while both live")
    # The planner gives each block a multiple of 32 bytes: the error's N counts the padded size.
    peak = max(bl[2] + (bl[3] - bl[2] + 31) // 32 * 32 for bl in blocks)
    if overflows:
        check(peak > UB_BYTES, f"{dump_path}: peak {peak} fits, should overflow")
        check(rec["status"] == "fail", f"{dump_path}: status {rec['status']}")
        check(rec["error_info"] == ERROR_TEXT.format(8 * peak), f"{dump_path}: error_info {rec['error_info']!r}")
    else:
        check(peak <= UB_BYTES, f"{dump_path}: peak {peak} > {UB_BYTES}")
        check(rec["status"] == "success" and rec["error_info"] == "", f"{dump_path}: status/error_info")
    return peak


def main():
    src = PySource(os.path.join(HERE, "layer_norm.py"))
    rows = []
    peaks = {block: check_case(block, over, src, rows) for block, over in CASES.items()}
    verbose = "-v" in sys.argv
    for block, peak in peaks.items():
        print(f"BLOCK_SIZE {block}: peak address {peak} bytes ({peak / 1024:.1f} KiB), "
              f"requires {8 * peak} bits of {8 * UB_BYTES}: {'OVERFLOW' if peak > UB_BYTES else 'fits'}")
        if verbose:
            for (b, i, name, e, size, line, col, var, irl, expr) in rows:
                if b == block:
                    print(f"  [{i:2}] {name:10} {size:6} B x{len(e['offset'])} life {e['life_time_in_ir']} "
                          f"py {line}:{col} ({var}) ir line {irl}: {expr}")
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
