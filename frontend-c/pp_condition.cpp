#include "frontend-c/pp_condition.hpp"

#include <cstdint>
#include <stdexcept>

namespace triage::frontend_c {
namespace {

// Recursive descent by C's precedence levels, from ?: down to unary operators.
class Condition {
public:
  Condition(const std::vector<Token> &t, Loc directive,
            const std::function<void(Loc, const std::string &)> &fail)
      : toks_(t), directive_(directive), fail_(fail) {}

  long long whole() {
    const long long v = conditional();
    if (i_ < toks_.size()) error(toks_[i_].loc, "unexpected '" + toks_[i_].text + "' in #if");
    return v;
  }

private:
  const std::vector<Token> &toks_;
  Loc directive_;
  const std::function<void(Loc, const std::string &)> &fail_;
  size_t i_ = 0;

  [[noreturn]] void error(Loc at, const std::string &msg) const {
    fail_(at, msg);
    throw std::logic_error("fail returned"); // fail_ always throws
  }
  Loc here() const { return i_ < toks_.size() ? toks_[i_].loc : directive_; }
  bool accept(const char *p) {
    if (i_ < toks_.size() && toks_[i_].punct(p)) return ++i_, true;
    return false;
  }

  long long conditional() {
    const long long c = binary(0);
    if (!accept("?")) return c;
    const long long a = conditional();
    if (!accept(":")) error(here(), "expected ':' in #if");
    const long long b = conditional();
    return c ? a : b;
  }

  // Levels from loosest to tightest; each is left-associative.
  long long binary(int level) {
    static const std::vector<std::vector<std::string>> levels = {{"||"},
                                                                 {"&&"},
                                                                 {"|"},
                                                                 {"^"},
                                                                 {"&"},
                                                                 {"==", "!="},
                                                                 {"<", ">", "<=", ">="},
                                                                 {"<<", ">>"},
                                                                 {"+", "-"},
                                                                 {"*", "/", "%"}};
    if (level == int(levels.size())) return unary();
    long long v = binary(level + 1);
    for (;;) {
      std::string op;
      for (const std::string &o : levels[size_t(level)])
        if (i_ < toks_.size() && toks_[i_].punct(o.c_str())) op = o;
      if (op.empty()) return v;
      const Loc at = toks_[i_++].loc;
      const long long r = binary(level + 1);
      v = apply(op, v, r, at);
    }
  }

  long long apply(const std::string &op, long long a, long long b, Loc at) const {
    if ((op == "/" || op == "%") && b == 0) error(at, "division by zero in #if");
    if (op == "||") return a || b;
    if (op == "&&") return a && b;
    if (op == "|") return a | b;
    if (op == "^") return a ^ b;
    if (op == "&") return a & b;
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "<") return a < b;
    if (op == ">") return a > b;
    if (op == "<=") return a <= b;
    if (op == ">=") return a >= b;
    if (op == "<<" || op == ">>") {
      if (b < 0 || b > 62) error(at, "shift out of range in #if");
      return op == "<<" ? a << b : a >> b;
    }
    long long r = 0;
    if ((op == "+" && __builtin_add_overflow(a, b, &r)) ||
        (op == "-" && __builtin_sub_overflow(a, b, &r)) ||
        (op == "*" && __builtin_mul_overflow(a, b, &r)))
      error(at, "overflow in #if");
    if (op == "+" || op == "-" || op == "*") return r;
    if (a == INT64_MIN && b == -1) error(at, "overflow in #if");
    return op == "/" ? a / b : a % b;
  }

  long long unary() {
    const Loc at = here();
    if (accept("!")) return !unary();
    if (accept("~")) return ~unary();
    if (accept("+")) return unary();
    if (accept("-")) {
      const long long v = unary();
      if (v == INT64_MIN) error(at, "overflow in #if");
      return -v;
    }
    if (accept("(")) {
      const long long v = conditional();
      if (!accept(")")) error(here(), "expected ')' in #if");
      return v;
    }
    if (i_ >= toks_.size()) error(directive_, "#if condition ends too early");
    const Token &t = toks_[i_++];
    if (t.kind == Tok::Ident) return 0; // C: an identifier left after expansion counts as 0
    if (t.kind == Tok::Number) return number(t);
    if (t.kind == Tok::Char && t.text.size() == 3) return t.text[1];
    error(t.loc, "unexpected '" + t.text + "' in #if");
  }

  long long number(const Token &t) const {
    std::string digits = t.text;
    while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U' ||
                               digits.back() == 'l' || digits.back() == 'L'))
      digits.pop_back();
    try {
      size_t used = 0;
      const unsigned long long v = std::stoull(digits, &used, 0);
      if (used == digits.size() && v <= static_cast<unsigned long long>(INT64_MAX))
        return static_cast<long long>(v);
    } catch (const std::exception &) {
    }
    error(t.loc, "bad or too large number '" + t.text + "' in #if");
  }
};

} // namespace

long long evaluate_condition(const std::vector<Token> &tokens, Loc directive,
                             const std::function<void(Loc, const std::string &)> &fail) {
  return Condition(tokens, directive, fail).whole();
}

} // namespace triage::frontend_c
