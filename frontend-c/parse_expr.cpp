// C expressions with C precedence, extended inside annotations to ACSL terms and predicates
// (==>, <==>, ^^, binders, \result, \old, \at, \valid, ranges).
#include "frontend-c/parser_impl.hpp"

#include <algorithm>
#include <cctype>

namespace triage::frontend_c {

namespace {
CExprPtr make(CExpr::Kind k, Loc at, std::vector<CExprPtr> args = {}) {
  auto e = std::make_shared<CExpr>();
  e->kind = k;
  e->loc = at;
  e->args = std::move(args);
  return e;
}

bool is_assign_op(const std::string &op) {
  return op == "=" || op == "+=" || op == "-=" || op == "*=" || op == "/=" || op == "%=" ||
         op == "<<=" || op == ">>=" || op == "&=" || op == "|=" || op == "^=";
}
} // namespace

int Parser::precedence(const std::string &op) const {
  if (logic_) {
    if (op == "<==>") return 1;
    if (op == "==>") return 2;
    if (op == "^^") return 4;
  }
  if (op == "||") return 3;
  if (op == "&&") return 5;
  if (op == "|") return 6;
  if (op == "^") return 7;
  if (op == "&") return 8;
  // In ACSL, `==` and `!=` are relational operators like `<`: `n == 1 < 2` is a chain (n == 1
  // && 1 < 2), not C's `n == (1 < 2)` (ACSL manual, operator precedence; Frama-C reads it so).
  if (op == "==" || op == "!=") return logic_ ? 10 : 9;
  if (op == "<" || op == "<=" || op == ">" || op == ">=") return 10;
  if (op == "<<" || op == ">>") return 11;
  if (op == "+" || op == "-") return 12;
  if (op == "*" || op == "/" || op == "%") return 13;
  return -1;
}

CExprPtr Parser::expression() {
  if (logic_) return term();
  CExprPtr e = assignment();
  while (at_punct(",")) {
    const Loc at = next().loc;
    e = make(CExpr::Kind::Comma, at, {e, assignment()});
  }
  return e;
}

CExprPtr Parser::assignment() {
  const Depth guard(*this, peek().loc); // `a = b = c = ...` nests to the right
  CExprPtr lhs = conditional();
  if (!logic_ && peek().kind == Tok::Punct && is_assign_op(peek().text)) {
    const Token &op = next();
    auto e = make(CExpr::Kind::Assign, op.loc, {lhs, assignment()});
    e->op = op.text;
    return e;
  }
  return lhs;
}

CExprPtr Parser::conditional() {
  const Depth guard(*this, peek().loc);
  CExprPtr c = binary(1);
  if (!at_punct("?")) return c;
  const Loc at = next().loc;
  CExprPtr a = logic_ ? term() : expression();
  expect(":");
  CExprPtr b = conditional();
  return make(CExpr::Kind::Cond, at, {c, a, b});
}

CExprPtr Parser::binary(int min_prec) {
  const Depth guard(*this, peek().loc);
  CExprPtr lhs = unary();
  int operators = 0; // a left-nested chain deepens the tree the lowering walks
  while (peek().kind == Tok::Punct) {
    const std::string op = peek().text;
    const int p = precedence(op);
    if (p < 0 || p < min_prec) break;
    if (++operators > 1000) fail(peek().loc, "expression too long");
    const Loc at = next().loc;
    const bool right_assoc = op == "==>";
    CExprPtr rhs = binary(right_assoc ? p : p + 1);
    auto e = make(CExpr::Kind::Binary, at, {lhs, rhs});
    e->op = op;
    lhs = e;
  }
  return lhs;
}

CExprPtr Parser::unary() {
  const Depth guard(*this, peek().loc);
  const Token &t = peek();
  const Loc at = t.loc;
  if (t.kind == Tok::Punct) {
    const std::string op = t.text;
    if (op == "-" || op == "+" || op == "!" || op == "~" || op == "*" || op == "&") {
      next();
      auto e = make(CExpr::Kind::Unary, at, {unary()});
      e->op = op;
      return e;
    }
    if (op == "++" || op == "--") {
      if (logic_) fail(at, "'" + op + "' is not allowed in annotations");
      next();
      auto e = make(CExpr::Kind::IncDec, at, {unary()});
      e->op = op;
      e->prefix = true;
      return e;
    }
    if (op == "(" && starts_type(1)) {
      next();
      const CType base = specifiers();
      const CType to = pointers(base);
      expect(")");
      auto e = make(CExpr::Kind::Cast, at, {unary()});
      e->type = to;
      return e;
    }
  }
  if (t.kind == Tok::Ident) {
    if (t.text == "sizeof") {
      next();
      if (at_punct("(") && starts_type(1)) {
        next();
        const CType base = specifiers();
        const CType ty = pointers(base);
        expect(")");
        auto e = make(CExpr::Kind::SizeOf, at);
        e->type = ty;
        return e;
      }
      fail(at, "sizeof is only supported on a type: sizeof(T)");
    }
    if (logic_ && (t.text == "\\forall" || t.text == "\\exists" || t.text == "\\let"))
      return binder_term(next());
  }
  return postfix(primary());
}

CExprPtr Parser::postfix(CExprPtr e) {
  for (;;) {
    const Token &t = peek();
    if (t.punct("[")) {
      next();
      CExprPtr index = logic_ ? term() : expression();
      if (logic_ && at_punct("..")) {
        const Loc at = next().loc;
        index = make(CExpr::Kind::Range, at, {index, term()});
      }
      expect("]");
      e = make(CExpr::Kind::Index, t.loc, {e, index});
    } else if (t.punct("(") || (logic_ && t.punct("{") && e->kind == CExpr::Kind::Var)) {
      if (e->kind != CExpr::Kind::Var) fail(t.loc, "only named functions can be called");
      std::vector<std::string> labels = state_labels(); // pred{L}(...), pred{K,L}(...)
      auto call = make(CExpr::Kind::Call, e->loc, call_args());
      call->name = e->name;
      call->labels = std::move(labels);
      e = call;
    } else if ((t.punct("++") || t.punct("--")) && !logic_) {
      next();
      auto inc = make(CExpr::Kind::IncDec, t.loc, {e});
      inc->op = t.text;
      e = inc;
    } else if (t.punct(".") || t.punct("->")) {
      next();
      auto member = make(CExpr::Kind::Member, t.loc, {e});
      member->op = t.text;
      member->name = expect_ident("a field name");
      e = member;
    } else {
      return e;
    }
  }
}

std::vector<CExprPtr> Parser::call_args() {
  expect("(");
  std::vector<CExprPtr> args;
  if (accept(")")) return args;
  do
    args.push_back(logic_ ? term() : assignment());
  while (accept(","));
  expect(")");
  return args;
}

CExprPtr Parser::primary() {
  const Token &t = peek();
  switch (t.kind) {
  case Tok::Number:
    next();
    return number(t);
  case Tok::Char:
    next();
    return char_const(t);
  case Tok::String: {
    // Read, to be refused where a value is needed: the messages of __assert_fail, which the
    // task conventions drop, are the string literals verification tasks carry.
    CExprPtr s = make(CExpr::Kind::StringLit, t.loc);
    while (peek().kind == Tok::String)
      s->name += next().text;
    return s;
  }
  case Tok::Ident: {
    if (t.text.starts_with("\\")) {
      if (t.text == "\\null") {
        next();
        return make(CExpr::Kind::Null, t.loc);
      }
      if (!logic_) fail(t.loc, "'" + t.text + "' is only allowed in annotations");
      return logic_builtin(next());
    }
    if (starts_type()) unexpected("an expression");
    next();
    if (auto c = enum_consts_.find(t.text); c != enum_consts_.end()) {
      auto lit = make(CExpr::Kind::IntLit, t.loc);
      lit->value = c->second;
      return lit;
    }
    auto e = make(CExpr::Kind::Var, t.loc);
    e->name = t.text;
    return e;
  }
  case Tok::Punct:
    if (t.text == "(") {
      next();
      CExprPtr e = expression();
      if (logic_ && at_punct("..")) {
        const Loc at = next().loc;
        e = make(CExpr::Kind::Range, at, {e, term()});
      }
      expect(")");
      e->paren = true;
      return e;
    }
    break;
  default:
    break;
  }
  unexpected("an expression");
}

CExprPtr Parser::number(const Token &t) const {
  std::string s = t.text;
  std::string suffix;
  while (!s.empty() && (std::tolower(s.back()) == 'u' || std::tolower(s.back()) == 'l')) {
    suffix.insert(suffix.begin(), char(std::tolower(s.back())));
    s.pop_back();
  }
  int base = 10;
  size_t i = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    i = 1;
  }
  ir::BigInt v = 0;
  if (i >= s.size() && base == 16) fail(t.loc, "malformed integer constant '" + t.text + "'");
  for (; i < s.size(); ++i) {
    const char c = char(std::tolower(s[i]));
    const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                  : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                                                              : 99;
    if (d >= base) fail(t.loc, "malformed integer constant '" + t.text + "'");
    v = v * base + d;
  }
  const bool u = suffix.find('u') != std::string::npos;
  const size_t longs = std::count(suffix.begin(), suffix.end(), 'l');
  if (suffix.size() != longs + (u ? 1 : 0) || longs > 2 ||
      (u && suffix.find('u') != 0 && suffix.back() != 'u'))
    fail(t.loc, "malformed integer constant '" + t.text + "'");
  // C 6.4.4.1: the first type of the list that can represent the value.
  auto e = make(CExpr::Kind::IntLit, t.loc);
  e->value = v;
  for (int rank = longs == 2 ? 5 : longs == 1 ? 4 : 3; rank <= 5; ++rank) {
    for (bool is_unsigned : {false, true}) {
      if (!is_unsigned && u) continue;
      if (is_unsigned && !u && base == 10) continue;
      const CType ct = CType::int_type(rank, !is_unsigned);
      if (to_ir(ct).fits(v)) {
        e->type = ct;
        return e;
      }
    }
  }
  if (v <= to_ir(CType::int_type(5, false)).max_value()) {
    e->type = CType::int_type(5, false);
    return e;
  }
  // In annotations, constants are mathematical integers: any size.
  if (logic_ && suffix.empty()) {
    e->type = CType::integer();
    return e;
  }
  fail(t.loc, "integer constant '" + t.text + "' is too large");
}

CExprPtr Parser::char_const(const Token &t) const {
  const std::string body = t.text.substr(1, t.text.size() - 2);
  int v = 0;
  if (body.size() == 1 && body[0] != '\\') {
    v = static_cast<signed char>(body[0]);
  } else if (body.size() >= 2 && body[0] == '\\') {
    const char c = body[1];
    static const std::string from = "ntr0abfv\\'\"?";
    static const char to[] = {'\n', '\t', '\r', 0, '\a', '\b', '\f', '\v', '\\', '\'', '"', '?'};
    if (body.size() == 2 && from.find(c) != std::string::npos) {
      v = to[from.find(c)];
    } else if (c == 'x' && body.size() > 2) {
      v = std::stoi(body.substr(2), nullptr, 16);
    } else if (c >= '0' && c <= '7') {
      v = std::stoi(body.substr(1), nullptr, 8);
    } else {
      fail(t.loc, "unsupported character constant " + t.text);
    }
    v = static_cast<signed char>(v);
  } else {
    fail(t.loc, "unsupported character constant " + t.text);
  }
  auto e = make(CExpr::Kind::IntLit, t.loc);
  e->value = v;
  return e;
}

CExprPtr Parser::logic_builtin(const Token &t) {
  const std::string &w = t.text;
  if (w == "\\result") return make(CExpr::Kind::Result, t.loc);
  if (w == "\\true") return make(CExpr::Kind::True, t.loc);
  if (w == "\\false") return make(CExpr::Kind::False, t.loc);
  if (w == "\\old") {
    expect("(");
    auto e = make(CExpr::Kind::Old, t.loc, {term()});
    expect(")");
    return e;
  }
  if (w == "\\at") {
    expect("(");
    auto e = make(CExpr::Kind::At, t.loc, {term()});
    expect(",");
    e->name = expect_ident("a label");
    expect(")");
    return e;
  }
  if (w == "\\valid" || w == "\\valid_read" || w == "\\separated") {
    if (at_punct("{")) fail(peek().loc, "labels on " + w + " are not supported");
    auto e =
        make(w == "\\separated" ? CExpr::Kind::Separated : CExpr::Kind::Valid, t.loc, call_args());
    e->read_only = w == "\\valid_read";
    if (e->args.empty() || (w == "\\separated" && e->args.size() < 2))
      fail(t.loc, w + " expects " + (w == "\\separated" ? "at least two" : "at least one") +
                      " pointer set");
    return e;
  }
  if (w == "\\nothing") fail(t.loc, "\\nothing is only allowed as an assigns clause");
  fail(t.loc, "unsupported ACSL construct '" + w + "'");
}

CExprPtr Parser::binder_term(const Token &t) {
  if (t.text == "\\let") {
    auto e = make(CExpr::Kind::Let, t.loc);
    e->name = expect_ident("a name");
    expect("=");
    e->args.push_back(term());
    expect(";");
    e->args.push_back(term());
    return e;
  }
  auto e = make(CExpr::Kind::Quant, t.loc);
  e->is_forall = t.text == "\\forall";
  do {
    const CType base = logic_type();
    do {
      const CType ty = pointers(base);
      const Loc at = peek().loc;
      std::string name = expect_ident("a bound variable");
      e->binders.emplace_back(std::move(name), ty);
      e->binder_locs.push_back(at);
    } while (at_punct(",") && !starts_type(1) && accept(","));
  } while (accept(","));
  expect(";");
  e->args.push_back(term());
  return e;
}

} // namespace triage::frontend_c
