#include "term/term.hpp"

#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace triage::term {
namespace {

Term node(Op op, Sort sort, std::vector<Term> args) {
  auto n = std::make_shared<Node>();
  n->op = op;
  n->sort = sort;
  n->args = std::move(args);
  for (const auto &a : n->args)
    n->depth = std::max(n->depth, a->depth + 1);
  return n;
}

bool same(const Term &a, const Term &b) {
  if (a == b) return true;
  if (a->op != b->op) return false;
  if (a->op == Op::IntLit) return a->value == b->value;
  if (a->op == Op::BoolLit) return a->bval == b->bval;
  return false;
}

} // namespace

Term mk_const(const std::string &name, Sort s) {
  auto n = std::make_shared<Node>();
  n->op = Op::Const;
  n->sort = s;
  n->name = name;
  return n;
}

Term mk_bound(const std::string &name, Sort s) {
  auto n = std::make_shared<Node>();
  n->op = Op::Bound;
  n->sort = s;
  n->name = name;
  return n;
}

Term mk_int(const BigInt &v) {
  auto n = std::make_shared<Node>();
  n->op = Op::IntLit;
  n->sort = Sort::Int;
  n->value = v;
  return n;
}

Term mk_bool(bool b) {
  static const Term t = [] {
    auto n = std::make_shared<Node>();
    n->op = Op::BoolLit;
    n->bval = true;
    return Term(n);
  }();
  static const Term f = [] {
    auto n = std::make_shared<Node>();
    n->op = Op::BoolLit;
    return Term(n);
  }();
  return b ? t : f;
}
Term mk_true() {
  return mk_bool(true);
}
Term mk_false() {
  return mk_bool(false);
}

namespace {

/// `t` with each leaf (a node without arguments: constant, bound variable, literal) replaced by
/// `leaf` of it; the nodes above rebuilt only where something below changed. Patterns follow;
/// binder lists are left as they are.
template <class Leaf> Term map_leaves(const Term &t, const Leaf &leaf) {
  std::unordered_map<const Node *, Term> done; // terms are DAGs: each shared node once
  auto walk = [&](auto &self, const Term &x) -> Term {
    if (x->args.empty()) return leaf(x);
    if (auto it = done.find(x.get()); it != done.end()) return it->second;
    auto copy = std::make_shared<Node>(*x);
    bool changed = false;
    copy->depth = 1;
    for (Term &a : copy->args) {
      Term b = self(self, a);
      changed = changed || b != a;
      a = std::move(b);
      copy->depth = std::max(copy->depth, a->depth + 1);
    }
    for (auto &pattern : copy->patterns)
      for (Term &p : pattern)
        p = self(self, p);
    Term out = changed ? Term(std::move(copy)) : x;
    done.emplace(x.get(), out);
    return out;
  };
  return walk(walk, t);
}

} // namespace

Term rename_bound(const Term &t, const Term &from, const Term &to) {
  return map_leaves(
      t, [&](const Term &x) { return x->op == Op::Bound && x->name == from->name ? to : x; });
}

bool mentions_bound(const Term &t, const Term &var) {
  if (t->op == Op::Bound) return t->name == var->name;
  return std::ranges::any_of(t->args, [&](const Term &a) { return mentions_bound(a, var); });
}

bool equal_terms(const Term &a, const Term &b) {
  if (a == b) return true;
  if (a->op != b->op || a->sort != b->sort || a->name != b->name || a->value != b->value ||
      a->bval != b->bval || a->args.size() != b->args.size() || !a->bound.empty() ||
      !b->bound.empty())
    return false;
  for (size_t i = 0; i < a->args.size(); ++i)
    if (!equal_terms(a->args[i], b->args[i])) return false;
  return true;
}

std::vector<Term> free_constants(const std::vector<Term> &ts) {
  std::vector<Term> out;
  std::unordered_set<const Node *> seen; // terms are DAGs: each shared node once
  std::unordered_set<std::string> names;
  auto walk = [&](auto &self, const Term &x) -> void {
    if (!seen.insert(x.get()).second) return;
    if (x->op == Op::Const) {
      if (names.insert(x->name).second) out.push_back(x);
      return;
    }
    for (const Term &a : x->args)
      self(self, a);
  };
  for (const Term &t : ts)
    walk(walk, t);
  return out;
}

Term replace_constants(const Term &t, const std::map<std::string, Term> &to) {
  return map_leaves(t, [&](const Term &x) {
    if (x->op != Op::Const) return x;
    const auto it = to.find(x->name);
    return it == to.end() ? x : it->second;
  });
}

bool is_true(const Term &t) {
  return t->op == Op::BoolLit && t->bval;
}
bool is_false(const Term &t) {
  return t->op == Op::BoolLit && !t->bval;
}
const BigInt *int_value(const Term &t) {
  return t->op == Op::IntLit ? &t->value : nullptr;
}

Term mk_not(const Term &a) {
  if (a->op == Op::BoolLit) return mk_bool(!a->bval);
  if (a->op == Op::Not) return a->args[0];
  return node(Op::Not, Sort::Bool, {a});
}

Term mk_and(std::vector<Term> args) {
  std::vector<Term> keep;
  for (auto &a : args) {
    if (is_false(a)) return mk_false();
    if (is_true(a)) continue;
    // Small conjunctions are flattened; a large one stays a shared node: a path condition grows
    // by one conjunct per statement, and copying it each time made a 10,000-line function's
    // VCs quadratic (2 GB).
    if (a->op == Op::And && a->args.size() <= 16)
      keep.insert(keep.end(), a->args.begin(), a->args.end());
    else
      keep.push_back(a);
  }
  if (keep.empty()) return mk_true();
  if (keep.size() == 1) return keep[0];
  return node(Op::And, Sort::Bool, std::move(keep));
}
Term mk_and(const Term &a, const Term &b) {
  return mk_and(std::vector<Term>{a, b});
}

Term mk_or(std::vector<Term> args) {
  std::vector<Term> keep;
  for (auto &a : args) {
    if (is_true(a)) return mk_true();
    if (is_false(a)) continue;
    keep.push_back(a);
  }
  if (keep.empty()) return mk_false();
  if (keep.size() == 1) return keep[0];
  return node(Op::Or, Sort::Bool, std::move(keep));
}
Term mk_or(const Term &a, const Term &b) {
  return mk_or(std::vector<Term>{a, b});
}

Term mk_implies(const Term &a, const Term &b) {
  if (is_true(a) || is_true(b)) return b->op == Op::BoolLit && b->bval ? mk_true() : b;
  if (is_false(a)) return mk_true();
  if (is_false(b)) return mk_not(a);
  return node(Op::Implies, Sort::Bool, {a, b});
}

Term mk_iff(const Term &a, const Term &b) {
  return mk_eq(a, b);
}

Term mk_eq(const Term &a, const Term &b) {
  if (same(a, b)) return mk_true();
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_false();
  if (a->op == Op::BoolLit && b->op == Op::BoolLit) return mk_false();
  return node(Op::Eq, Sort::Bool, {a, b});
}

Term mk_ite(const Term &c, const Term &a, const Term &b) {
  if (is_true(c) || same(a, b)) return a;
  if (is_false(c)) return b;
  if (a->sort == Sort::Bool) {
    if (is_true(a) && is_false(b)) return c;
    if (is_false(a) && is_true(b)) return mk_not(c);
  }
  return node(Op::Ite, a->sort, {c, a, b});
}

Term mk_add(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_int(a->value + b->value);
  if (a->op == Op::IntLit && a->value == 0) return b;
  if (b->op == Op::IntLit && b->value == 0) return a;
  // o + (j - o) = j: quantifiers over absolute offsets read back their bound variable.
  if (b->op == Op::Sub && b->args[1] == a) return b->args[0];
  if (a->op == Op::Sub && a->args[1] == b) return a->args[0];
  return node(Op::Add, Sort::Int, {a, b});
}
Term mk_sub(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_int(a->value - b->value);
  if (b->op == Op::IntLit && b->value == 0) return a;
  return node(Op::Sub, Sort::Int, {a, b});
}
Term mk_mul(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_int(a->value * b->value);
  if (a->op == Op::IntLit && a->value == 1) return b;
  if (b->op == Op::IntLit && b->value == 1) return a;
  return node(Op::Mul, Sort::Int, {a, b});
}
Term mk_neg(const Term &a) {
  if (a->op == Op::IntLit) return mk_int(-a->value);
  return node(Op::Neg, Sort::Int, {a});
}
Term mk_ediv(const Term &a, const Term &b) {
  return node(Op::EDiv, Sort::Int, {a, b});
}
Term mk_emod(const Term &a, const Term &b) {
  return node(Op::EMod, Sort::Int, {a, b});
}

Term mk_tdiv(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit && b->value != 0)
    return mk_int(a->value / b->value); // cpp_int divides toward zero, as C
  // For a >= 0 the Euclidean quotient is C's whatever the sign of b; for a < 0, C's quotient is
  // the opposite of -a's. One case split on a only: solvers instantiate quantified `%` and `/`
  // far better than the absolute values and sign tests of both operands.
  return mk_ite(mk_le(mk_int(0), a), mk_ediv(a, b), mk_neg(mk_ediv(mk_neg(a), b)));
}

Term mk_tmod(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit && b->value != 0)
    return mk_int(a->value % b->value);
  // As mk_tdiv: the Euclidean remainder is C's for a >= 0, its opposite's for a < 0.
  return mk_ite(mk_le(mk_int(0), a), mk_emod(a, b), mk_neg(mk_emod(mk_neg(a), b)));
}

Term mk_lt(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_bool(a->value < b->value);
  return node(Op::Lt, Sort::Bool, {a, b});
}
Term mk_le(const Term &a, const Term &b) {
  if (a->op == Op::IntLit && b->op == Op::IntLit) return mk_bool(a->value <= b->value);
  if (same(a, b)) return mk_true();
  return node(Op::Le, Sort::Bool, {a, b});
}

Term mk_in_range(const ir::Type &t, const Term &v) {
  if (!t.is_machine()) return mk_true();
  return mk_and(mk_le(mk_int(t.min_value()), v), mk_le(v, mk_int(t.max_value())));
}

Term mk_wrap(const ir::Type &t, const Term &v) {
  const BigInt modulus = BigInt(1) << t.bits();
  if (!t.is_signed()) return mk_emod(v, mk_int(modulus));
  const Term half = mk_int(modulus / 2);
  return mk_sub(mk_emod(mk_add(v, half), mk_int(modulus)), half);
}

std::optional<Interval> interval_of(const Term &t, const RangeOf &ranges, int depth) {
  if (t->op == Op::IntLit) return Interval{t->value, t->value};
  if (t->op == Op::Const) return ranges ? ranges(t->name) : std::nullopt;
  if (depth <= 0 || t->sort != Sort::Int) return std::nullopt;
  auto of = [&](size_t i) { return interval_of(t->args[i], ranges, depth - 1); };
  // Euclidean division and remainder by a positive literal k: floor(x / k) and 0..k-1.
  const BigInt *k = t->args.size() == 2 ? int_value(t->args[1]) : nullptr;
  if (k && *k <= 0) k = nullptr;
  auto floor_div = [](const BigInt &x, const BigInt &d) {
    BigInt q = x / d; // toward zero
    if (x < 0 && q * d != x) --q;
    return q;
  };
  switch (t->op) {
  case Op::EMod:
    if (k) return Interval{0, *k - 1};
    return std::nullopt;
  case Op::EDiv:
    if (k)
      if (auto x = of(0)) return Interval{floor_div(x->lo, *k), floor_div(x->hi, *k)};
    return std::nullopt;
  case Op::Add:
  case Op::Sub: {
    const auto a = of(0);
    if (!a) return std::nullopt;
    const auto b = of(1);
    if (!b) return std::nullopt;
    if (t->op == Op::Add) return Interval{a->lo + b->lo, a->hi + b->hi};
    return Interval{a->lo - b->hi, a->hi - b->lo};
  }
  case Op::Neg:
    if (auto a = of(0)) return Interval{-a->hi, -a->lo};
    return std::nullopt;
  case Op::Ite: {
    // mk_wrap_tight's corrections, `ite(x < L, x + m, x)` and `ite(H < x, x - m, x)`: each
    // branch within what the condition leaves of x's interval.
    const Term &c = t->args[0], &x = t->args[2];
    const bool below = c->op == Op::Lt && same(c->args[0], x) && int_value(c->args[1]);
    const bool above = c->op == Op::Lt && same(c->args[1], x) && int_value(c->args[0]);
    const Term &shifted = t->args[1];
    if ((below || above) && (shifted->op == Op::Add || shifted->op == Op::Sub) &&
        same(shifted->args[0], x) && int_value(shifted->args[1])) {
      const auto ix = interval_of(x, ranges, depth - 1);
      if (!ix) return std::nullopt;
      const BigInt bound = *int_value(below ? c->args[1] : c->args[0]);
      const BigInt by = shifted->op == Op::Add ? *int_value(shifted->args[1])
                                               : BigInt(-*int_value(shifted->args[1]));
      Interval taken = *ix, kept = *ix; // x when the condition holds, x when it does not
      if (below) {
        taken.hi = std::min(taken.hi, BigInt(bound - 1));
        kept.lo = std::max(kept.lo, bound);
      } else {
        taken.lo = std::max(taken.lo, BigInt(bound + 1));
        kept.hi = std::min(kept.hi, bound);
      }
      if (taken.lo > taken.hi) return kept;
      taken = Interval{taken.lo + by, taken.hi + by};
      if (kept.lo > kept.hi) return taken;
      return Interval{std::min(taken.lo, kept.lo), std::max(taken.hi, kept.hi)};
    }
    const auto a = of(1);
    if (!a) return std::nullopt;
    const auto b = of(2);
    if (!b) return std::nullopt;
    return Interval{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
  }
  default:
    return std::nullopt;
  }
}

Term mk_wrap_tight(const ir::Type &t, const Term &v, const RangeOf &ranges) {
  if (!t.is_machine()) return v;
  const auto i = interval_of(v, ranges);
  if (!i) return mk_wrap(t, v);
  const BigInt lo = t.min_value(), hi = t.max_value(), modulus = hi - lo + 1;
  if (i->lo >= lo && i->hi <= hi) return v;
  if (i->lo < lo - modulus || i->hi > hi + modulus) return mk_wrap(t, v);
  // At most one modulus away: one correction on each side it may leave the range.
  Term out = v;
  if (i->hi > hi) out = mk_ite(mk_lt(mk_int(hi), v), mk_sub(v, mk_int(modulus)), out);
  if (i->lo < lo) out = mk_ite(mk_lt(v, mk_int(lo)), mk_add(v, mk_int(modulus)), out);
  return out;
}

namespace {
bool non_negative(const Term &t, const RangeOf &ranges) {
  const auto i = interval_of(t, ranges);
  return i && i->lo >= 0;
}
} // namespace

Term mk_tdiv_tight(const Term &a, const Term &b, const RangeOf &ranges) {
  return non_negative(a, ranges) ? mk_ediv(a, b) : mk_tdiv(a, b);
}

Term mk_tmod_tight(const Term &a, const Term &b, const RangeOf &ranges) {
  return non_negative(a, ranges) ? mk_emod(a, b) : mk_tmod(a, b);
}

Term mk_select(const Term &array, const Term &index) {
  Sort s = array->sort == Sort::Heap ? Sort::Cells : Sort::Int;
  // Reading back what a store just wrote is common in straight-line code: fold it.
  // Through stores at other literal indices too: the term of a block does not then depend on
  // how many of its cells were written (the concolic engine compares path conditions).
  Term a = array;
  while (a->op == Op::Store) {
    if (same(a->args[1], index)) return a->args[2];
    const BigInt *i = int_value(index), *j = int_value(a->args[1]);
    if (!i || !j) break;
    a = a->args[0];
  }
  return node(Op::Select, s, {a, index});
}
Term mk_store(const Term &array, const Term &index, const Term &value) {
  return node(Op::Store, array->sort, {array, index, value});
}

Term mk_forall(std::vector<Term> bound, const Term &body, std::vector<std::vector<Term>> pats) {
  if (bound.empty() || body->op == Op::BoolLit) return body;
  // `forall h. forall x. P` as one quantifier `forall h x. P`: the outer one alone has no term
  // to trigger on (h occurs only under the inner binder), so e-matching never instantiated it,
  // and a lemma assumed for every memory was useless to Z3 and cvc5 alike.
  if (body->op == Op::Forall && pats.empty() && body->patterns.empty()) {
    bound.insert(bound.end(), body->bound.begin(), body->bound.end());
    return mk_forall(std::move(bound), body->args[0]);
  }
  auto n = std::make_shared<Node>();
  n->op = Op::Forall;
  n->sort = Sort::Bool;
  n->args = {body};
  n->bound = std::move(bound);
  n->patterns = std::move(pats);
  return n;
}
Term mk_exists(std::vector<Term> bound, const Term &body) {
  if (bound.empty() || body->op == Op::BoolLit) return body;
  auto n = std::make_shared<Node>();
  n->op = Op::Exists;
  n->sort = Sort::Bool;
  n->args = {body};
  n->bound = std::move(bound);
  return n;
}

Term mk_app(const std::string &fn, Sort result, std::vector<Term> args) {
  auto n = std::make_shared<Node>();
  n->op = Op::App;
  n->sort = result;
  n->name = fn;
  n->args = std::move(args);
  return n;
}

namespace {
const char *op_name(Op op) {
  switch (op) {
  case Op::Not:
    return "not";
  case Op::And:
    return "and";
  case Op::Or:
    return "or";
  case Op::Implies:
    return "=>";
  case Op::Eq:
    return "=";
  case Op::Ite:
    return "ite";
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Neg:
    return "-";
  case Op::EDiv:
    return "div";
  case Op::EMod:
    return "mod";
  case Op::Lt:
    return "<";
  case Op::Le:
    return "<=";
  case Op::Select:
    return "select";
  case Op::Store:
    return "store";
  case Op::Forall:
    return "forall";
  case Op::Exists:
    return "exists";
  default:
    return "?";
  }
}
void print(std::ostream &os, const Term &t) {
  switch (t->op) {
  case Op::Const:
  case Op::Bound:
    os << t->name;
    return;
  case Op::IntLit:
    os << t->value;
    return;
  case Op::BoolLit:
    os << (t->bval ? "true" : "false");
    return;
  case Op::Forall:
  case Op::Exists:
    os << "(" << op_name(t->op) << " (";
    for (auto &b : t->bound)
      os << b->name << " ";
    os << ") ";
    print(os, t->args[0]);
    os << ")";
    return;
  default:
    break;
  }
  os << "(" << (t->op == Op::App ? t->name.c_str() : op_name(t->op));
  for (auto &a : t->args) {
    os << " ";
    print(os, a);
  }
  os << ")";
}
} // namespace

std::string to_string(const Term &t) {
  std::ostringstream os;
  print(os, t);
  return os.str();
}

} // namespace triage::term
