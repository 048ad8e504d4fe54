// Quantifiers are executed by enumeration over the integers their guard allows: in
// `forall i. lo <= i < hi -> p` (or `exists i. lo <= i < hi && p`) the bounds lo and hi are read
// from the comparisons of the guard, binder by binder. A bound may name an earlier binder (it has
// a value by then) or a later one (its own bound is used: i <= j < n gives i < n). Booleans and
// small machine types are enumerated whole. Anything else is not executable.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

using ir::BinOp;
using ir::ExprKind;

namespace {

void conjuncts(const ir::Expr &e, std::vector<const ir::Expr *> &out) {
  if (e.kind == ExprKind::Binary && e.binop == BinOp::And) {
    conjuncts(*e.args[0], out);
    conjuncts(*e.args[1], out);
  } else {
    out.push_back(&e);
  }
}

/// The hypotheses that restrict the binders: `A -> B -> p` gives A and B for forall, `A && p`
/// every conjunct for exists.
std::vector<const ir::Expr *> guards_of(const ir::Expr &q) {
  std::vector<const ir::Expr *> out;
  const ir::Expr *body = q.args[0].get();
  if (!q.bval) {
    conjuncts(*body, out);
    return out;
  }
  while (body->kind == ExprKind::Binary && body->binop == BinOp::Implies) {
    conjuncts(*body->args[0], out);
    body = body->args[1].get();
  }
  return out;
}

bool is_binder(const ir::Expr &e, const std::string &name) {
  return e.kind == ExprKind::Var && e.ref == ir::VarRef::Bound && e.name == name;
}

/// Whether `e` mentions one of the binders of q from index k on.
bool mentions(const ir::Expr &e, const ir::Expr &q, size_t k) {
  if (e.kind == ExprKind::Var && e.ref == ir::VarRef::Bound)
    for (size_t i = k; i < q.binders.size(); ++i)
      if (q.binders[i].name == e.name) return true;
  for (const auto &a : e.args)
    if (a && mentions(*a, q, k)) return true;
  for (const auto &l : e.locs)
    for (const auto *x : {&l.ptr, &l.lo, &l.hi})
      if (*x && mentions(**x, q, k)) return true;
  return false;
}

/// From a comparison `x op e` or `e op x`, the bound it gives x: (e, offset, is_lower).
struct Constraint {
  const ir::Expr *other = nullptr;
  int offset = 0;
  bool lower = false, upper = false;
};

std::optional<Constraint> constraint_on(const ir::Expr &g, const std::string &x) {
  if (g.kind != ExprKind::Binary || g.binop < BinOp::Eq || g.binop == BinOp::Ne)
    return std::nullopt;
  BinOp op = g.binop;
  const ir::Expr *other;
  if (is_binder(*g.args[0], x)) {
    other = g.args[1].get();
  } else if (is_binder(*g.args[1], x)) {
    other = g.args[0].get();
    // e op x  is  x op' e
    op = op == BinOp::Lt   ? BinOp::Gt
         : op == BinOp::Le ? BinOp::Ge
         : op == BinOp::Gt ? BinOp::Lt
         : op == BinOp::Ge ? BinOp::Le
                           : op;
  } else {
    return std::nullopt;
  }
  Constraint c;
  c.other = other;
  switch (op) {
  case BinOp::Eq:
    c.lower = c.upper = true;
    break;
  case BinOp::Lt:
    c.upper = true;
    c.offset = -1;
    break;
  case BinOp::Le:
    c.upper = true;
    break;
  case BinOp::Gt:
    c.lower = true;
    c.offset = 1;
    break;
  default:
    c.lower = true;
    break;
  }
  return c;
}

} // namespace

Value Machine::quantifier(const ir::Expr &e, const Ctx &c) {
  const std::vector<const ir::Expr *> guards = guards_of(e);
  const size_t base = bound_.size();
  const bool r = enumerate(e, 0, guards, c);
  bound_.resize(base);
  return Value::boolean(r);
}

std::optional<BigInt> Machine::bound_of(const ir::Expr &q, size_t var, size_t k, bool lower,
                                        const std::vector<const ir::Expr *> &guards, const Ctx &c,
                                        int depth) {
  std::optional<BigInt> best;
  const std::string &x = q.binders[var].name;
  for (const ir::Expr *g : guards) {
    auto con = constraint_on(*g, x);
    if (!con || (lower ? !con->lower : !con->upper)) continue;
    std::optional<BigInt> b;
    if (!mentions(*con->other, q, k)) {
      const Value v = eval(*con->other, c);
      if (v.kind == Value::Kind::Int) b = v.num + con->offset;
    } else if (depth < int(q.binders.size())) {
      // x <= y with y a binder still to enumerate: y's own bound bounds x.
      for (size_t j = k; j < q.binders.size(); ++j)
        if (j != var && is_binder(*con->other, q.binders[j].name))
          if (auto yb = bound_of(q, j, k, lower, guards, c, depth + 1)) b = *yb + con->offset;
    }
    if (b && (!best || (lower ? *b > *best : *b < *best))) best = b;
  }
  return best;
}

bool Machine::enumerate(const ir::Expr &q, size_t k, const std::vector<const ir::Expr *> &guards,
                        const Ctx &c) {
  const bool forall = q.bval;
  if (k == q.binders.size()) return eval_bool(*q.args[0], c);
  const ir::Binder &b = q.binders[k];
  auto visit = [&](Value v) -> std::optional<bool> {
    tick();
    bound_.emplace_back(b.name, std::move(v));
    const bool r = enumerate(q, k + 1, guards, c);
    bound_.pop_back();
    if (forall && !r) return false;
    if (!forall && r) return true;
    return std::nullopt;
  };
  if (b.type.is_bool()) {
    for (bool v : {false, true})
      if (auto r = visit(Value::boolean(v))) return *r;
    return forall;
  }
  if (!b.type.is_numeric())
    not_executable("cannot enumerate the " + b.type.str() + " values of '" + b.name + "' in '" +
                       ir::print(q) + "'",
                   c);
  std::optional<BigInt> lo = bound_of(q, k, k, true, guards, c, 0);
  std::optional<BigInt> hi = bound_of(q, k, k, false, guards, c, 0);
  if (b.type.is_machine() && b.type.bits() <= 16) { // small types: their range bounds them
    if (!lo || *lo < b.type.min_value()) lo = b.type.min_value();
    if (!hi || *hi > b.type.max_value()) hi = b.type.max_value();
  }
  if (!lo || !hi)
    not_executable("the quantifier over '" + b.name + "' cannot be executed: its guard gives " +
                       std::string(!lo && !hi ? "no bounds"
                                   : !lo      ? "no lower bound"
                                              : "no upper bound") +
                       " (write it as 'lo <= " + b.name + " < hi -> ...')",
                   c);
  if (b.type.is_machine()) {
    if (*lo < b.type.min_value()) lo = b.type.min_value();
    if (*hi > b.type.max_value()) hi = b.type.max_value();
  }
  for (BigInt v = *lo; v <= *hi; ++v)
    if (auto r = visit(Value::integer(v))) return *r;
  return forall;
}

} // namespace triage::rac
