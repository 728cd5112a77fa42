#include "core/kernel_source/python_tokens.hpp"

#include <cctype>

namespace memlens {

namespace {

bool isNameStart(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool isNameChar(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

// Two-character operators the scanner cares about (`//` for derived sizes, `**`, `->`, comparisons, `:=`).
bool isTwoCharOperator(char a, char b)
{
    static constexpr std::string_view pairs[] = {"//", "**", "->", "==", "!=", "<=", ">=", ":=", "<<", ">>",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="};
    for (const std::string_view pair : pairs)
        if (pair[0] == a && pair[1] == b)
            return true;
    return false;
}

class Tokenizer {
public:
    explicit Tokenizer(std::string_view text)
        : text_(text)
    {
    }

    std::vector<PyLogicalLine> run()
    {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\n') {
                newline();
                continue;
            }
            if (c == '\r' || c == ' ' || c == '\t' || c == '\f') {
                if (atLineStart_ && (c == ' ' || c == '\t'))
                    indent_ += c == '\t' ? 8 - indent_ % 8 : 1;
                advance();
                continue;
            }
            if (c == '#') {
                while (pos_ < text_.size() && text_[pos_] != '\n')
                    advance();
                continue;
            }
            if (c == '\\' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == '\n' || text_[pos_ + 1] == '\r')) {
                advance();
                if (text_[pos_] == '\r')
                    advance();
                if (pos_ < text_.size() && text_[pos_] == '\n')
                    advanceLine();
                continue;
            }
            startToken();
            const auto u = static_cast<unsigned char>(c);
            if (isStringStart())
                readString();
            else if (isNameStart(u))
                readWhile(PyTokenKind::Name, isNameChar);
            else if (std::isdigit(u)
                || (c == '.' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))))
                readNumber();
            else
                readOperator();
        }
        newline();
        return std::move(lines_);
    }

private:
    void advance() { ++pos_, ++column_; }
    void advanceLine()
    {
        ++pos_;
        ++line_;
        column_ = 0;
    }

    void startToken()
    {
        if (current_.tokens.empty()) {
            current_.line = line_;
            current_.indent = indent_;
        }
        atLineStart_ = false;
        tokenLine_ = line_;
        tokenColumn_ = column_;
    }

    void push(PyTokenKind kind, std::string text)
    {
        current_.tokens.push_back({kind, std::move(text), tokenLine_, tokenColumn_});
        current_.lastLine = line_;
    }

    // A newline ends the logical line unless brackets are open.
    void newline()
    {
        if (pos_ < text_.size())
            advanceLine();
        if (depth_ > 0 && pos_ < text_.size())
            return;
        depth_ = 0;
        if (!current_.tokens.empty())
            lines_.push_back(std::move(current_));
        current_ = {};
        atLineStart_ = true;
        indent_ = 0;
    }

    template <typename Predicate> void readWhile(PyTokenKind kind, Predicate predicate)
    {
        const std::size_t start = pos_;
        while (pos_ < text_.size() && predicate(static_cast<unsigned char>(text_[pos_])))
            advance();
        push(kind, std::string(text_.substr(start, pos_ - start)));
    }

    void readNumber()
    {
        const std::size_t start = pos_;
        while (pos_ < text_.size()) {
            const auto c = static_cast<unsigned char>(text_[pos_]);
            const bool exponentSign = (c == '+' || c == '-') && pos_ > start
                && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E') && text_[start] != '0';
            if (!(std::isalnum(c) || c == '_' || c == '.' || exponentSign))
                break;
            advance();
        }
        push(PyTokenKind::Number, std::string(text_.substr(start, pos_ - start)));
    }

    void readOperator()
    {
        const char c = text_[pos_];
        if (c == '(' || c == '[' || c == '{') {
            advance();
            ++depth_;
            push(PyTokenKind::Open, std::string(1, c));
            return;
        }
        if (c == ')' || c == ']' || c == '}') {
            advance();
            depth_ = depth_ > 0 ? depth_ - 1 : 0;
            push(PyTokenKind::Close, std::string(1, c));
            return;
        }
        if (pos_ + 1 < text_.size() && isTwoCharOperator(c, text_[pos_ + 1])) {
            advance();
            advance();
            push(PyTokenKind::Operator, std::string(text_.substr(pos_ - 2, 2)));
            return;
        }
        advance();
        push(PyTokenKind::Operator, std::string(1, c));
    }

    // A quote, or a prefix of up to two letters (r, b, f, u, rb, ...) right before one.
    bool isStringStart() const
    {
        std::size_t p = pos_;
        for (int i = 0;
             i < 2 && p < text_.size() && std::string_view("rRbBfFuU").find(text_[p]) != std::string_view::npos; ++i)
            ++p;
        return p < text_.size() && (text_[p] == '"' || text_[p] == '\'');
    }

    void readString()
    {
        while (text_[pos_] != '"' && text_[pos_] != '\'')
            advance();
        const char quote = text_[pos_];
        const bool triple = pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote;
        const std::size_t quoteLength = triple ? 3 : 1;
        for (std::size_t i = 0; i < quoteLength; ++i)
            advance();
        std::string contents;
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\\' && pos_ + 1 < text_.size()) {
                contents += text_[pos_ + 1];
                advance();
                if (text_[pos_] == '\n')
                    advanceLine();
                else
                    advance();
                continue;
            }
            if (c == quote
                && (!triple || (pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote))) {
                for (std::size_t i = 0; i < quoteLength; ++i)
                    advance();
                break;
            }
            if (c == '\n') {
                if (!triple)
                    break; // an unterminated string ends with its line
                contents += c;
                advanceLine();
                continue;
            }
            contents += c;
            advance();
        }
        push(PyTokenKind::String, std::move(contents));
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 0;
    int depth_ = 0;
    int indent_ = 0;
    bool atLineStart_ = true;
    int tokenLine_ = 1;
    int tokenColumn_ = 0;
    PyLogicalLine current_;
    std::vector<PyLogicalLine> lines_;
};

} // namespace

std::vector<PyLogicalLine> pythonLogicalLines(std::string_view text) { return Tokenizer(text).run(); }

} // namespace memlens
