// Ranges of quantified variables (docs/rac.md, "Quantifier bounds").
//
// The guard of `forall x. A -> B -> p` is the conjuncts of A and B, and the guard of
// `exists x. A && p` its conjuncts; a quantifier of the same kind directly in the place of p (or
// a conjunct, for exists) adds its own guard, and its variables can then carry bounds from one
// variable to another: in `forall i. forall j. 0 <= i && i < j && j < n -> p`, `i < j` and
// `j <= n - 1` give `i <= n - 2`. This is sound because outside the range every instance of the
// body is vacuous: the guard is false for all values of the inner variables.
#include "ir/quantifier_range.hpp"

#include "ir/printer.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

namespace triage::ir {

namespace {

using Names = std::set<std::string>;

void conjuncts(const Expr &e, std::vector<const Expr *> &out) {
  if (e.kind == ExprKind::Binary && e.binop == BinOp::And) {
    conjuncts(*e.args[0], out);
    conjuncts(*e.args[1], out);
  } else {
    out.push_back(&e);
  }
}

/// Whether `e` mentions a quantified variable named in `names`.
bool mentions(const Expr &e, const Names &names) {
  if (e.kind == ExprKind::Var && e.ref == VarRef::Bound && names.count(e.name)) return true;
  const auto in = [&](const ExprPtr &x) { return x && mentions(*x, names); };
  return std::ranges::any_of(e.args, in) || std::ranges::any_of(e.locs, [&](const Location &l) {
           return in(l.ptr) || in(l.lo) || in(l.hi);
         });
}

/// The comparisons every instance that matters satisfies, and the variables of the nested
/// quantifiers they came through.
struct Guard {
  std::vector<const Expr *> atoms;
  Names inner;
};

/// Descends into a nested quantifier of the same kind unless it rebinds a name already in use
/// (its variables would then mean something else in the atoms already collected).
bool may_enter(const Expr &inner, bool forall, const Names &scope, const Guard &g) {
  if (inner.kind != ExprKind::Quant || inner.bval != forall) return false;
  Names names;
  for (const auto &b : inner.binders)
    names.insert(b.name);
  if (std::ranges::any_of(names, [&](const std::string &n) { return scope.count(n) > 0; }))
    return false;
  return std::ranges::none_of(g.atoms, [&](const Expr *a) { return mentions(*a, names); });
}

void collect(const Expr &body, bool forall, Names &scope, Guard &g) {
  const auto enter = [&](const Expr &q) {
    for (const auto &b : q.binders) {
      scope.insert(b.name);
      g.inner.insert(b.name);
    }
    collect(*q.args[0], forall, scope, g);
  };
  if (!forall) {
    std::vector<const Expr *> cs;
    conjuncts(body, cs);
    for (const Expr *c : cs) {
      if (may_enter(*c, false, scope, g))
        enter(*c);
      else
        g.atoms.push_back(c);
    }
    return;
  }
  const Expr *b = &body;
  while (b->kind == ExprKind::Binary && b->binop == BinOp::Implies) {
    conjuncts(*b->args[0], g.atoms);
    b = b->args[1].get();
  }
  if (may_enter(*b, true, scope, g)) enter(*b);
}

/// `x + term + c` read from one side of a comparison, term free of the open variables.
struct VarSide {
  const Expr *term = nullptr;
  BigInt c = 0;
};

const Expr *strip_widening(const Expr &e) {
  if (e.kind == ExprKind::Cast && e.cast_to.is_int()) return e.args[0].get();
  return &e;
}

std::optional<VarSide> var_side(const Expr &raw, const std::string &x, const Names &open) {
  const Expr &e = *strip_widening(raw);
  if (e.kind == ExprKind::Var && e.ref == VarRef::Bound && e.name == x) return VarSide{};
  if (e.kind != ExprKind::Binary || (e.binop != BinOp::Add && e.binop != BinOp::Sub))
    return std::nullopt;
  for (int side : {0, 1}) {
    if (side == 1 && e.binop == BinOp::Sub) break; // t - x bounds x the other way: not read
    auto inner = var_side(*e.args[side], x, open);
    if (!inner) continue;
    const Expr &t = *e.args[1 - side];
    if (t.kind == ExprKind::IntLit) {
      inner->c += e.binop == BinOp::Add ? t.value : BigInt(-t.value);
      return inner;
    }
    if (e.binop == BinOp::Add && !inner->term && !mentions(t, open)) {
      inner->term = &t;
      return inner;
    }
  }
  return std::nullopt;
}

enum class Dir { Lower, Upper };

/// From `lhs op rhs`, the direction in which rhs bounds lhs and the adjustment for strictness.
struct Relation {
  bool lower = false, upper = false;
  int adjust = 0;
};

Relation relation(BinOp op) {
  switch (op) {
  case BinOp::Eq:
    return {true, true, 0};
  case BinOp::Lt:
    return {false, true, -1};
  case BinOp::Le:
    return {false, true, 0};
  case BinOp::Gt:
    return {true, false, 1};
  case BinOp::Ge:
    return {true, false, 0};
  default:
    return {};
  }
}

BinOp flipped(BinOp op) {
  switch (op) {
  case BinOp::Lt:
    return BinOp::Gt;
  case BinOp::Le:
    return BinOp::Ge;
  case BinOp::Gt:
    return BinOp::Lt;
  case BinOp::Ge:
    return BinOp::Le;
  default:
    return op;
  }
}

bool same_bound(const QuantBound &a, const QuantBound &b) {
  return a.base == b.base && a.minus == b.minus && a.offset == b.offset;
}

class RangeFinder {
public:
  RangeFinder(const Guard &g, Names open) : g_(g), open_(std::move(open)) {}

  std::vector<QuantBound> bounds(const std::string &x, Dir dir) {
    Names visiting;
    return bounds(x, dir, visiting);
  }

private:
  const Guard &g_;
  Names open_;

  std::vector<QuantBound> bounds(const std::string &x, Dir dir, Names &visiting) {
    std::vector<QuantBound> out;
    if (!visiting.insert(x).second) return out;
    for (const Expr *a : g_.atoms) {
      if (a->kind != ExprKind::Binary) continue;
      for (int side : {0, 1}) {
        auto vs = var_side(*a->args[side], x, open_);
        if (!vs) continue;
        const Relation r = relation(side == 0 ? a->binop : flipped(a->binop));
        if (!(dir == Dir::Lower ? r.lower : r.upper)) continue;
        // x + term + c  op  other   gives   x op' other - term - c + adjust
        for (QuantBound b : through(*a->args[1 - side], x, dir, visiting)) {
          if (vs->term && b.minus) continue;
          if (vs->term) b.minus = vs->term;
          b.offset += r.adjust - vs->c;
          if (std::ranges::none_of(out, [&](const QuantBound &o) { return same_bound(o, b); }))
            out.push_back(b);
        }
      }
    }
    visiting.erase(x);
    return out;
  }

  /// The bounds `other` gives in direction dir: itself when it mentions no open variable, or the
  /// bounds of the open variable y it is (y + c), carried over.
  std::vector<QuantBound> through(const Expr &other, const std::string &x, Dir dir,
                                  Names &visiting) {
    if (!mentions(other, open_)) return {QuantBound{&other, nullptr, 0}};
    for (const std::string &y : open_) {
      if (y == x) continue;
      auto ys = var_side(other, y, open_);
      if (!ys || ys->term) continue;
      std::vector<QuantBound> out = bounds(y, dir, visiting);
      for (auto &b : out)
        b.offset += ys->c;
      return out;
    }
    return {};
  }
};

std::string bound_text(const QuantBound &b) {
  if (!b.base && !b.minus) return b.offset.str();
  std::string s = b.base ? print(*b.base) : "0";
  if (b.minus) s += " - " + print(*b.minus);
  if (b.offset > 0) s += " + " + b.offset.str();
  if (b.offset < 0) s += " - " + BigInt(-b.offset).str();
  return s;
}

std::string side_text(const std::vector<QuantBound> &bs, const char *pick) {
  if (bs.size() == 1) return bound_text(bs[0]);
  std::string s = std::string(pick) + "(";
  for (size_t i = 0; i < bs.size(); ++i)
    s += (i ? ", " : "") + bound_text(bs[i]);
  return s + ")";
}

} // namespace

std::vector<BinderRange> quantifier_ranges(const Expr &q) {
  Names scope;
  for (const auto &b : q.binders)
    scope.insert(b.name);
  Guard g;
  collect(*q.args[0], q.bval, scope, g);
  std::vector<BinderRange> out;
  for (size_t k = 0; k < q.binders.size(); ++k) {
    Names open = g.inner;
    for (size_t j = k; j < q.binders.size(); ++j)
      open.insert(q.binders[j].name);
    RangeFinder f(g, std::move(open));
    const std::string &x = q.binders[k].name;
    out.push_back({x, f.bounds(x, Dir::Lower), f.bounds(x, Dir::Upper)});
  }
  return out;
}

std::string range_text(const BinderRange &r) {
  if (r.lower.empty() && r.upper.empty()) return r.name + " unbounded";
  std::string s;
  if (!r.lower.empty()) s = side_text(r.lower, "max") + " <= ";
  s += r.name;
  if (!r.upper.empty()) s += " <= " + side_text(r.upper, "min");
  return s;
}

} // namespace triage::ir
