#include "core/kernel_source/kernel_scan.hpp"

#include "core/kernel_source/constexpr_arithmetic.hpp"
#include "core/kernel_source/python_tokens.hpp"
#include "core/kernel_source/scan_value.hpp"

#include <algorithm>
#include <charconv>
#include <set>

namespace memlens {

namespace {

using namespace kernel_scan; // Value, tile, broadcast

// Functions that reduce an axis away (by `axis=` or their second argument), or every axis without one.
bool isReduction(const std::string& name)
{
    static const std::set<std::string> names
        = {"sum", "max", "min", "argmax", "argmin", "reduce", "xor_sum", "prod", "mean"};
    return names.count(name) > 0;
}

bool isScalarFunction(const std::string& name)
{
    static const std::set<std::string> names = {"program_id", "num_programs", "cdiv", "range", "static_range", "len",
        "int", "float", "min_dot_size", "next_power_of_2", "multiple_of", "max_contiguous"};
    return names.count(name) > 0;
}

class Scanner {
public:
    Scanner(KernelScan& scan)
        : scan_(scan)
    {
    }

    // The statements of one function body, in order.
    void scanBody(const std::vector<PyLogicalLine>& lines, std::size_t first, std::size_t last)
    {
        for (std::size_t i = first; i < last; ++i)
            statement(lines[i]);
    }

    // A module-level `NAME: tl.constexpr = value` or derived assignment.
    void moduleStatement(const PyLogicalLine& line) { derivedAssignment(line, true); }

private:
    using Tokens = std::vector<PyToken>;

    bool isConstexpr(const std::string& name) const
    {
        return std::find(scan_.constexprs.begin(), scan_.constexprs.end(), name) != scan_.constexprs.end()
            || scan_.derived.count(name) > 0;
    }

    // `NAME = expression of one constexpr and numbers`: a derived constexpr.
    bool derivedAssignment(const PyLogicalLine& line, bool moduleLevel)
    {
        const Tokens& t = line.tokens;
        if (t.size() < 3 || t[0].kind != PyTokenKind::Name)
            return false;
        std::size_t eq = 1;
        if (t[1].text == ":") { // annotated: NAME: tl.constexpr = ...
            while (eq < t.size() && t[eq].text != "=")
                ++eq;
        }
        if (eq >= t.size() || t[eq].text != "=" || eq + 1 >= t.size())
            return false;
        std::vector<std::string> tokens;
        std::set<std::string> sources;
        for (std::size_t i = eq + 1; i < t.size(); ++i) {
            const PyToken& token = t[i];
            if (token.kind == PyTokenKind::Name) {
                if (!isConstexpr(token.text))
                    return false;
                sources.insert(scan_.rootOf(token.text));
            } else if (token.kind == PyTokenKind::String) {
                return false;
            }
            tokens.push_back(token.text);
        }
        if (sources.size() != 1) {
            // A module-level constant annotated tl.constexpr is a constexpr of its own.
            if (moduleLevel && sources.empty() && eq > 1 && t[eq - 1].text == "constexpr")
                scan_.constexprs.push_back(t[0].text);
            return false;
        }
        // Written in terms of other derived ones: substitute so the expression reads the root only.
        std::vector<std::string> expanded;
        for (const std::string& token : tokens) {
            const auto it = scan_.derived.find(token);
            if (it == scan_.derived.end()) {
                expanded.push_back(token);
                continue;
            }
            expanded.push_back("(");
            expanded.insert(expanded.end(), it->second.tokens.begin(), it->second.tokens.end());
            expanded.push_back(")");
        }
        scan_.derived[t[0].text] = {t[0].text, *sources.begin(), std::move(expanded), line.line};
        return true;
    }

    void statement(const PyLogicalLine& line)
    {
        const Tokens& t = line.tokens;
        if (t.empty())
            return;
        static const std::set<std::string> headers
            = {"for", "while", "if", "elif", "else", "with", "def", "return", "try", "except", "finally", "pass",
                "assert", "break", "continue", "import", "from", "global", "nonlocal", "raise", "del", "yield", "@"};
        if (headers.count(t[0].text) > 0) {
            if (t[0].text == "return" && t.size() > 1)
                record(line, expression(t, 1, t.size()));
            return;
        }
        if (derivedAssignment(line, false))
            return;
        // The last top-level `=` (or augmented operator) splits targets from the value.
        int depth = 0;
        std::size_t split = t.size();
        bool augmented = false;
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i].kind == PyTokenKind::Open)
                ++depth;
            else if (t[i].kind == PyTokenKind::Close)
                --depth;
            else if (depth == 0 && t[i].kind == PyTokenKind::Operator
                && (t[i].text == "="
                    || (t[i].text.size() == 2 && t[i].text[1] == '=' && t[i].text != "==" && t[i].text != "!="
                        && t[i].text != "<=" && t[i].text != ">="))) {
                split = i;
                augmented = t[i].text != "=";
                break; // chained `a = b = c` assigns the value once: the first split is enough here
            }
        }
        if (split == t.size()) {
            record(line, expression(t, 0, t.size()));
            return;
        }
        std::size_t valueStart = split + 1;
        // a = b = value: the value is after the last `=` at depth 0 (one pass with a running
        // depth: keyword arguments `f(a=1, ...)` must not rescan the value at each `=`).
        int valueDepth = 0;
        for (std::size_t i = valueStart; i < t.size(); ++i) {
            if (t[i].kind == PyTokenKind::Open)
                ++valueDepth;
            else if (t[i].kind == PyTokenKind::Close)
                --valueDepth;
            else if (valueDepth == 0 && t[i].text == "=")
                valueStart = i + 1;
        }
        Value value = expression(t, valueStart, t.size());
        if (augmented) {
            const auto targetValue = t[0].kind == PyTokenKind::Name ? lookup(t[0].text) : unknown();
            value = broadcast(targetValue, value);
        }
        record(line, value);
        assignTargets(t, 0, split, value);
    }

    void assignTargets(const Tokens& t, std::size_t from, std::size_t to, const Value& value)
    {
        // Names at depth 0 separated by commas; an annotation (`x: T`) ends the target.
        std::vector<std::string> names;
        bool expectName = true;
        int depth = 0;
        for (std::size_t i = from; i < to; ++i) {
            if (t[i].kind == PyTokenKind::Open) {
                ++depth;
                continue;
            }
            if (t[i].kind == PyTokenKind::Close) {
                --depth;
                continue;
            }
            if (t[i].text == ":" && depth == 0)
                break;
            if (t[i].text == ",") {
                expectName = true;
                continue;
            }
            if (expectName && t[i].kind == PyTokenKind::Name) {
                // `a.b = ...` or `a[i] = ...` does not rebind a name.
                const bool plain = i + 1 >= to || t[i + 1].text == "," || t[i + 1].text == ":"
                    || t[i + 1].kind == PyTokenKind::Close;
                names.push_back(plain ? t[i].text : std::string());
                expectName = false;
            }
        }
        if (names.size() == 1) {
            if (!names[0].empty())
                env_[names[0]] = value;
            return;
        }
        for (std::size_t k = 0; k < names.size(); ++k)
            if (!names[k].empty())
                env_[names[k]]
                    = value.kind == Value::Kind::Tuple && k < value.items.size() ? value.items[k] : unknown();
    }

    void record(const PyLogicalLine& line, const Value& value)
    {
        if (value.kind != Value::Kind::Tile || value.shape.axes.empty())
            return;
        for (int l = line.line; l <= std::max(line.line, line.lastLine); ++l)
            scan_.shapeAtLine[l] = value.shape;
    }

    Value lookup(const std::string& name) const
    {
        if (isConstexpr(name)) {
            Value v;
            v.kind = Value::Kind::Constexpr;
            v.constexprName = name;
            return v;
        }
        const auto it = env_.find(name);
        return it == env_.end() ? unknown() : it->second;
    }

    // The expression t[from, to): operands joined by operators broadcast together.
    Value expression(const Tokens& t, std::size_t from, std::size_t to)
    {
        // Deeper nesting than any kernel's is not followed (and cannot exhaust the stack).
        if (from >= to || nesting_ >= kMaxNesting)
            return unknown();
        ++nesting_;
        Value value = expressionAt(t, from, to);
        --nesting_;
        return value;
    }

    Value expressionAt(const Tokens& t, std::size_t from, std::size_t to)
    {
        // A tuple at depth 0 (`a, b`).
        std::vector<std::pair<std::size_t, std::size_t>> parts = splitTopLevel(t, from, to, ",");
        if (parts.size() > 1 || (parts.size() == 1 && parts[0].second < to)) {
            Value tuple;
            tuple.kind = Value::Kind::Tuple;
            for (const auto& [a, b] : parts)
                tuple.items.push_back(expression(t, a, b));
            return tuple;
        }
        if (t[from].text == "lambda")
            return unknown();
        std::size_t pos = from;
        Value result;
        bool first = true;
        bool negate = false;
        while (pos < to) {
            const PyToken& token = t[pos];
            if (token.kind == PyTokenKind::Operator || token.text == "not" || token.text == "and" || token.text == "or"
                || token.text == "if" || token.text == "else" || token.text == "in" || token.text == "is") {
                negate = first && token.text == "-";
                ++pos;
                continue;
            }
            Value operand = primary(t, pos, to);
            if (negate && operand.kind == Value::Kind::Number)
                operand.number = -operand.number; // axis=-1
            negate = false;
            result = first ? operand : broadcast(result, operand);
            first = false;
        }
        return result;
    }

    static std::vector<std::pair<std::size_t, std::size_t>> splitTopLevel(
        const Tokens& t, std::size_t from, std::size_t to, const char* separator)
    {
        std::vector<std::pair<std::size_t, std::size_t>> parts;
        int depth = 0;
        std::size_t start = from;
        for (std::size_t i = from; i < to; ++i) {
            if (t[i].kind == PyTokenKind::Open)
                ++depth;
            else if (t[i].kind == PyTokenKind::Close)
                --depth;
            else if (depth == 0 && t[i].text == separator) {
                parts.emplace_back(start, i);
                start = i + 1;
            }
        }
        if (start < to)
            parts.emplace_back(start, to);
        return parts;
    }

    // The index just past the bracket opened at `open` (or `to`).
    static std::size_t matching(const Tokens& t, std::size_t open, std::size_t to)
    {
        int depth = 0;
        for (std::size_t i = open; i < to; ++i) {
            if (t[i].kind == PyTokenKind::Open)
                ++depth;
            else if (t[i].kind == PyTokenKind::Close && --depth == 0)
                return i + 1;
        }
        return to;
    }

    struct Arguments {
        std::vector<Value> positional;
        std::map<std::string, Value> keyword;
    };

    Arguments arguments(const Tokens& t, std::size_t open, std::size_t close)
    {
        Arguments args;
        for (const auto& [a, b] : splitTopLevel(t, open + 1, close > open + 1 ? close - 1 : open + 1, ",")) {
            if (b > a + 1 && t[a].kind == PyTokenKind::Name && t[a + 1].text == "=")
                args.keyword[t[a].text] = expression(t, a + 2, b);
            else
                args.positional.push_back(expression(t, a, b));
        }
        return args;
    }

    // A size inside a shape: an axis named by its constexpr, a 1, or unknown.
    TileAxis axisOf(const Value& v, int line) const
    {
        TileAxis axis;
        if (v.kind == Value::Kind::Constexpr) {
            axis.constexprs = {v.constexprName};
            axis.line = line;
        } else if (v.kind == Value::Kind::Number && v.number == 1) {
            axis.one = true;
        }
        return axis;
    }

    std::optional<TileShape> shapeOf(const Value& v, int line) const
    {
        if (v.kind == Value::Kind::Tuple) {
            TileShape shape;
            for (const Value& item : v.items)
                shape.axes.push_back(axisOf(item, line));
            return shape;
        }
        if (v.kind == Value::Kind::Constexpr || v.kind == Value::Kind::Number)
            return TileShape{{axisOf(v, line)}};
        return std::nullopt;
    }

    static const Value* argument(const Arguments& args, std::size_t index, const char* keyword)
    {
        if (const auto it = args.keyword.find(keyword); it != args.keyword.end())
            return &it->second;
        return index < args.positional.size() ? &args.positional[index] : nullptr;
    }

    // The axis a reduction removes; nullopt for every axis.
    static std::optional<std::int64_t> reducedAxis(const Arguments& args)
    {
        const Value* axis = argument(args, 1, "axis");
        if (!axis || axis->kind != Value::Kind::Number)
            return std::nullopt;
        return axis->number;
    }

    static Value reduce(const Value& input, std::optional<std::int64_t> axis)
    {
        if (input.kind != Value::Kind::Tile)
            return input;
        TileShape shape = input.shape;
        if (!axis)
            return tile({});
        const auto rank = static_cast<std::int64_t>(shape.axes.size());
        const std::int64_t index = *axis < 0 ? *axis + rank : *axis;
        if (index < 0 || index >= rank)
            return unknown();
        shape.axes.erase(shape.axes.begin() + index);
        return tile(std::move(shape));
    }

    // A call of `name` (the last part of its dotted callee) on `self` (a method) with `args`.
    Value call(const std::string& name, const Value* self, const Arguments& args, int line)
    {
        const Value* first = self ? self : argument(args, 0, "input");
        const std::size_t shift = self ? 1 : 0; // a method's arguments start one earlier
        const auto arg = [&](std::size_t index, const char* keyword) {
            return index >= shift ? argument(args, index - shift, keyword) : self;
        };
        if (name == "arange") {
            const Value* end = arg(1, "end");
            TileAxis axis = end ? axisOf(*end, line) : TileAxis{};
            axis.one = false;
            if (axis.constexprs.empty())
                axis.line = 0;
            return tile({{axis}});
        }
        if (name == "zeros" || name == "full" || name == "empty" || name == "ones" || name == "zeros_like") {
            if (name == "zeros_like")
                return first ? *first : unknown();
            const Value* shape = argument(args, 0, "shape");
            if (const auto s = shape ? shapeOf(*shape, line) : std::nullopt)
                return tile(*s);
            return unknown();
        }
        if (name == "make_block_ptr") {
            const Value* shape = argument(args, 99, "block_shape");
            if (!shape && args.positional.size() >= 5)
                shape = &args.positional[4];
            if (const auto s = shape ? shapeOf(*shape, line) : std::nullopt)
                return tile(*s);
            return unknown();
        }
        if (name == "reshape" || name == "view" || name == "broadcast_to") {
            // x.reshape(A, B) / x.reshape((A, B)) / tl.reshape(x, (A, B)).
            Value shapeValue;
            if (self && args.positional.size() > 1) {
                shapeValue.kind = Value::Kind::Tuple;
                shapeValue.items = args.positional;
            } else if (const Value* s = arg(1, "shape")) {
                shapeValue = *s;
            }
            if (const auto s = shapeOf(shapeValue, line))
                return tile(*s);
            return unknown();
        }
        if (name == "trans" || name == "T" || name == "permute") {
            if (!first || first->kind != Value::Kind::Tile)
                return unknown();
            TileShape shape = first->shape;
            std::reverse(shape.axes.begin(), shape.axes.end());
            return tile(std::move(shape));
        }
        if (name == "dot") {
            const Value* a = arg(0, "input");
            const Value* b = arg(1, "other");
            if (!a || !b || a->kind != Value::Kind::Tile || b->kind != Value::Kind::Tile || a->shape.axes.size() < 2
                || b->shape.axes.size() < 2)
                return unknown();
            TileShape shape = a->shape;
            shape.axes.back() = b->shape.axes.back();
            return tile(std::move(shape));
        }
        if (name == "expand_dims") {
            const Value* axis = arg(1, "axis");
            if (!first || first->kind != Value::Kind::Tile || !axis || axis->kind != Value::Kind::Number)
                return unknown();
            TileShape shape = first->shape;
            const auto rank = static_cast<std::int64_t>(shape.axes.size());
            const std::int64_t index = axis->number < 0 ? axis->number + rank + 1 : axis->number;
            if (index < 0 || index > rank)
                return unknown();
            TileAxis one;
            one.one = true;
            shape.axes.insert(shape.axes.begin() + index, one);
            return tile(std::move(shape));
        }
        if (isReduction(name))
            return first ? reduce(*first,
                       self ? (args.positional.empty() ? reducedAxisKeyword(args) : numberOf(args.positional[0]))
                            : reducedAxis(args))
                         : unknown();
        if (name == "load" || name == "advance" || name == "to" || name == "cast" || name == "cumsum"
            || name == "cumprod" || name == "sort" || name == "flip")
            return first ? *first : unknown();
        if (name == "store") // the line's tile is the value stored
            return arg(1, "value") ? *arg(1, "value") : unknown();
        if (isScalarFunction(name))
            return unknown();
        // Anything else (tl.where, tl.exp, tl.maximum, a helper of the user's): its arguments broadcast.
        Value result;
        if (self)
            result = *self;
        for (const Value& v : args.positional)
            result = broadcast(result, v);
        return result;
    }

    static std::optional<std::int64_t> reducedAxisKeyword(const Arguments& args)
    {
        const auto it = args.keyword.find("axis");
        return it == args.keyword.end() ? std::nullopt : numberOf(it->second);
    }
    static std::optional<std::int64_t> numberOf(const Value& v)
    {
        return v.kind == Value::Kind::Number ? std::optional<std::int64_t>(v.number) : std::nullopt;
    }

    Value subscript(const Value& base, const Tokens& t, std::size_t open, std::size_t close)
    {
        if (base.kind != Value::Kind::Tile)
            return unknown();
        TileShape shape;
        std::size_t next = 0;
        const auto parts = splitTopLevel(t, open + 1, close > open + 1 ? close - 1 : open + 1, ",");
        for (const auto& [a, b] : parts) {
            if (b == a + 1 && t[a].text == "None") {
                TileAxis one;
                one.one = true;
                shape.axes.push_back(one);
            } else if (b == a + 1 && t[a].text == ":") {
                if (next < base.shape.axes.size())
                    shape.axes.push_back(base.shape.axes[next]);
                ++next;
            } else if (b == a + 1 && t[a].text == "...") {
                while (next + (parts.size() - shape.axes.size() - 1) < base.shape.axes.size())
                    shape.axes.push_back(base.shape.axes[next++]);
            } else {
                ++next; // an index drops its axis
            }
        }
        while (next < base.shape.axes.size())
            shape.axes.push_back(base.shape.axes[next++]);
        return tile(std::move(shape));
    }

    // One operand with its trailers (calls, subscripts, attributes), starting at t[pos].
    Value primary(const Tokens& t, std::size_t& pos, std::size_t to)
    {
        const PyToken& token = t[pos];
        Value value;
        std::string dotted; // the callee's last name while the operand is a dotted module path
        bool isModulePath = false;
        const int line = token.line;
        if (token.kind == PyTokenKind::Open) {
            const std::size_t end = matching(t, pos, to);
            if (token.text == "(" || token.text == "[") {
                value = expression(t, pos + 1, end > pos + 1 ? end - 1 : pos + 1);
                // (A, B) with a trailing comma or several items is a tuple already; (x) is x.
                if (token.text == "[" && value.kind != Value::Kind::Tuple) {
                    Value list;
                    list.kind = Value::Kind::Tuple;
                    list.items.push_back(value);
                    value = list;
                }
            }
            pos = end;
        } else if (token.kind == PyTokenKind::Number) {
            value.kind = Value::Kind::Number;
            const auto [end, error]
                = std::from_chars(token.text.data(), token.text.data() + token.text.size(), value.number);
            if (error != std::errc() || end != token.text.data() + token.text.size())
                value.kind = Value::Kind::Unknown;
            ++pos;
        } else if (token.kind == PyTokenKind::Name) {
            value = lookup(token.text);
            isModulePath = value.kind == Value::Kind::Unknown && env_.count(token.text) == 0;
            dotted = token.text;
            ++pos;
        } else {
            ++pos;
            return unknown();
        }
        // Trailers.
        while (pos < to) {
            const PyToken& next = t[pos];
            if (next.text == "." && pos + 1 < to && t[pos + 1].kind == PyTokenKind::Name) {
                const std::string attribute = t[pos + 1].text;
                pos += 2;
                if (isModulePath) {
                    dotted = attribute;
                    continue;
                }
                if (attribute == "T") {
                    value = call("T", &value, {}, line);
                    continue;
                }
                // A method: called right after, else an attribute of unknown worth.
                if (pos < to && t[pos].text == "(") {
                    const std::size_t end = matching(t, pos, to);
                    const Arguments args = arguments(t, pos, end);
                    value = call(attribute, &value, args, line);
                    pos = end;
                } else {
                    value = unknown();
                }
                continue;
            }
            if (next.text == "(") {
                const std::size_t end = matching(t, pos, to);
                const Arguments args = arguments(t, pos, end);
                value = isModulePath ? call(dotted, nullptr, args, line) : unknown();
                isModulePath = false;
                pos = end;
                continue;
            }
            if (next.text == "[") {
                const std::size_t end = matching(t, pos, to);
                value = subscript(value, t, pos, end);
                isModulePath = false;
                pos = end;
                continue;
            }
            break;
        }
        return isModulePath ? unknown() : value;
    }

    static constexpr int kMaxNesting = 64;
    KernelScan& scan_;
    std::map<std::string, Value> env_;
    int nesting_ = 0;
};

bool isJitDecorator(const PyLogicalLine& line)
{
    const auto& t = line.tokens;
    if (t.empty() || t[0].text != "@")
        return false;
    for (const PyToken& token : t)
        if (token.text == "jit")
            return true;
    return false;
}

// The parameters of `def NAME(...)` annotated `tl.constexpr` (or `constexpr`).
std::vector<std::string> constexprParameters(const PyLogicalLine& def)
{
    std::vector<std::string> names;
    const auto& t = def.tokens;
    int depth = 0;
    std::string current;
    bool annotation = false;
    for (std::size_t i = 2; i < t.size(); ++i) {
        if (t[i].kind == PyTokenKind::Open) {
            ++depth;
            continue;
        }
        if (t[i].kind == PyTokenKind::Close) {
            if (--depth <= 0)
                break;
            continue;
        }
        if (depth != 1)
            continue;
        if (t[i].text == ",") {
            current.clear();
            annotation = false;
        } else if (t[i].text == ":") {
            annotation = true;
        } else if (t[i].text == "=") {
            annotation = false;
        } else if (!annotation && t[i].kind == PyTokenKind::Name && current.empty()) {
            current = t[i].text;
        } else if (annotation && t[i].text == "constexpr" && !current.empty()) {
            if (std::find(names.begin(), names.end(), current) == names.end())
                names.push_back(current);
        }
    }
    return names;
}

} // namespace

std::optional<std::int64_t> DerivedConstexpr::valueFor(std::int64_t sourceValue) const
{
    const std::map<std::string, std::int64_t> values = {{source, sourceValue}};
    return evaluateArithmetic(tokens, values);
}

std::string KernelScan::rootOf(const std::string& name) const
{
    const auto it = derived.find(name);
    return it == derived.end() ? name : it->second.source;
}

std::string KernelScan::lineText(int line) const
{
    if (line < 1 || static_cast<std::size_t>(line) > lines.size())
        return {};
    const std::string& text = lines[static_cast<std::size_t>(line) - 1];
    const std::size_t start = text.find_first_not_of(" \t");
    std::size_t end = text.find_last_not_of(" \t\r");
    return start == std::string::npos ? std::string() : text.substr(start, end - start + 1);
}

KernelScan scanKernel(std::string_view text, const std::string& function)
{
    KernelScan scan;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        scan.lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    const std::vector<PyLogicalLine> lines = pythonLogicalLines(text);
    // The jit kernel named `function`, else the first one.
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        if (!isJitDecorator(lines[i]))
            continue;
        std::size_t def = i + 1;
        while (def < lines.size() && !lines[def].tokens.empty() && lines[def].tokens[0].text == "@")
            ++def;
        if (def >= lines.size() || lines[def].tokens.size() < 2 || lines[def].tokens[0].text != "def")
            continue;
        if (!chosen || lines[def].tokens[1].text == function) {
            const bool named = lines[def].tokens[1].text == function;
            chosen = def;
            if (named)
                break;
        }
    }
    if (!chosen)
        return scan;
    const PyLogicalLine& def = lines[*chosen];
    scan.function = def.tokens[1].text;
    scan.defLine = def.line;
    scan.constexprs = constexprParameters(def);
    Scanner scanner(scan);
    // Module-level constexprs and derived ones first (they may be used inside).
    for (const PyLogicalLine& line : lines)
        if (line.indent == 0 && line.line < def.line)
            scanner.moduleStatement(line);
    std::size_t last = *chosen + 1;
    while (last < lines.size() && lines[last].indent > def.indent)
        ++last;
    scanner.scanBody(lines, *chosen + 1, last);
    return scan;
}

} // namespace memlens
