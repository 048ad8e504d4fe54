#include "vcgen/logic.hpp"

#include "ir/error.hpp"
#include "ir/quantifier_range.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_set>
#include <utility>

namespace triage::vcgen {

using ir::BinOp;
using ir::Expr;
using ir::ExprKind;
using ir::GoalKind;
using ir::Type;

std::vector<std::string> cell_keys(const Type &elem) {
  if (elem.is_ptr()) return {elem.str() + "#b", elem.str() + "#o"};
  return {elem.str()};
}

Term heap_select(const Term &heap, const Term &b, const Term &o) {
  return mk_select(mk_select(heap, b), o);
}
Term heap_store(const Term &heap, const Term &b, const Term &o, const Term &v) {
  return mk_store(heap, b, mk_store(mk_select(heap, b), o, v));
}
Val ptr_val(const Term &b, const Term &o) {
  return Val{b, o};
}

Term val_eq(const Val &a, const Val &b) {
  if (a.off && b.off) return mk_and(mk_eq(a.t, b.t), mk_eq(a.off, b.off));
  return mk_eq(a.t, b.t);
}

Val val_ite(const Term &c, const Val &a, const Val &b) {
  if (a.off && b.off) return Val{mk_ite(c, a.t, b.t), mk_ite(c, a.off, b.off)};
  return Val{mk_ite(c, a.t, b.t), nullptr};
}

Val fresh_val(const std::string &name, const Type &t, std::vector<Term> &facts) {
  if (t.is_ptr()) return Val{mk_const(name + "#b", Sort::Int), mk_const(name + "#o", Sort::Int)};
  if (t.is_bool()) return Val{mk_const(name, Sort::Bool), nullptr};
  Term c = mk_const(name, Sort::Int);
  facts.push_back(mk_in_range(t, c));
  return Val{c, nullptr};
}

namespace {

[[noreturn]] void unsupported(const Expr &e, const std::string &what) {
  throw ir::Error(ir::SrcLoc{"", e.pos.line, e.pos.col}, "prove: unsupported " + what);
}

BigInt pow2(int n) {
  return BigInt(1) << n;
}

/// Bit operations and shifts by unknown amounts stay uninterpreted: proofs about them may fail,
/// but never wrongly succeed.
/// 2^b for a shift amount b in 0 .. bits - 1 (code checks that range first), as a case split.
Term pow2_of(const Term &b, int bits) {
  Term r = mk_int(pow2(bits - 1));
  for (int k = bits - 2; k >= 0; --k)
    r = mk_ite(mk_eq(b, mk_int(k)), mk_int(pow2(k)), r);
  return r;
}

Term opaque(const std::string &name, const Term &a, const Term &b) {
  return mk_app("bv!" + name, Sort::Int, {a, b});
}

} // namespace

Term ExprTr::valid_range(const Val &p, const Term &lo, const Term &hi) {
  Term first = mk_add(p.off, lo), last = mk_add(p.off, hi);
  return mk_or(mk_lt(hi, lo), mk_and({mk_not(mk_eq(p.t, mk_int(0))), mk_le(mk_int(0), first),
                                      mk_lt(last, mk_select(cx_.len, p.t))}));
}

Val ExprTr::load(const State &s, const Val &p, const Type &elem) {
  auto keys = cell_keys(elem);
  auto heap = [&](const std::string &k) {
    auto it = s.heaps.find(k);
    if (it == s.heaps.end()) throw ir::Error({}, "prove: internal error: no heap for " + k);
    return it->second;
  };
  if (elem.is_ptr())
    return Val{heap_select(heap(keys[0]), p.t, p.off), heap_select(heap(keys[1]), p.t, p.off)};
  Term v = heap_select(heap(keys[0]), p.t, p.off);
  if (elem.is_bool()) return Val{mk_not(mk_eq(v, mk_int(0))), nullptr};
  if (code_) facts.push_back(mk_in_range(elem, v));
  return Val{v, nullptr};
}

void ExprTr::check(GoalKind k, const Term &cond) {
  if (!code_) return;
  rte.push_back({k, mk_implies(mk_and(guards_), cond)});
}

void ExprTr::need_defined(const Term &cond) {
  if (well_defined && !code_) defined.push_back(mk_implies(mk_and(guards_), cond));
}

Term ExprTr::machine_result(const Type &t, const Term &exact) {
  if (!code_ || !t.is_machine()) return exact;
  if (t.is_signed()) {
    check(GoalKind::RteOverflow, mk_in_range(t, exact));
    return exact;
  }
  return mk_wrap(t, exact);
}

Term ExprTr::in_locs(const std::vector<ir::Location> &locs, const Env &env, const std::string &key,
                     const Term &b, const Term &o) {
  std::vector<Term> alts;
  for (const auto &l : locs) {
    if (l.kind != ir::Location::Kind::Mem) continue;
    auto ks = cell_keys(l.ptr->type.pointee());
    if (std::find(ks.begin(), ks.end(), key) == ks.end()) continue;
    Val p = ev(*l.ptr, env);
    if (l.lo && l.hi) {
      Term lo = mk_add(p.off, evb(*l.lo, env)), hi = mk_add(p.off, evb(*l.hi, env));
      alts.push_back(mk_and({mk_eq(b, p.t), mk_le(lo, o), mk_le(o, hi)}));
    } else if (l.lo) {
      alts.push_back(mk_and(mk_eq(b, p.t), mk_eq(o, mk_add(p.off, evb(*l.lo, env)))));
    } else {
      alts.push_back(mk_and(mk_eq(b, p.t), mk_eq(o, p.off)));
    }
  }
  return mk_or(alts);
}

Val ExprTr::arith(const Expr &e, const Env &env) {
  const Expr &x = *e.args[0], &y = *e.args[1];
  // Pointer arithmetic moves the offset only.
  if (x.type.is_ptr() || y.type.is_ptr()) {
    Val a = ev(x, env), b = ev(y, env);
    if (e.binop == BinOp::Add)
      return a.off ? Val{a.t, mk_add(a.off, b.t)} : Val{b.t, mk_add(b.off, a.t)};
    if (e.binop == BinOp::Sub && a.off && b.off) return Val{mk_sub(a.off, b.off), nullptr};
    if (e.binop == BinOp::Sub && a.off) return Val{a.t, mk_sub(a.off, b.t)};
    unsupported(e, "pointer operation");
  }
  Term a = evb(x, env), b = evb(y, env);
  const Type &t = e.type;
  switch (e.binop) {
  case BinOp::Add:
    return {machine_result(t, mk_add(a, b)), nullptr};
  case BinOp::Sub:
    return {machine_result(t, mk_sub(a, b)), nullptr};
  case BinOp::Mul:
    return {machine_result(t, mk_mul(a, b)), nullptr};
  case BinOp::Div:
  case BinOp::Mod: {
    check(GoalKind::RteDivision, mk_not(mk_eq(b, mk_int(0))));
    const bool is_signed = code_ && t.is_machine() && t.is_signed();
    // Operands in range have a quotient in range but for MIN / -1: said so, the check needs no
    // division, which solvers find hard to reason about under quantified hypotheses.
    if (is_signed)
      check(GoalKind::RteOverflow,
            mk_not(mk_and(mk_eq(a, mk_int(t.min_value())), mk_eq(b, mk_int(-1)))));
    if (e.binop == BinOp::Mod) return {mk_tmod(a, b), nullptr};
    return {is_signed ? mk_tdiv(a, b) : machine_result(t, mk_tdiv(a, b)), nullptr};
  }
  case BinOp::Shl:
  case BinOp::Shr: {
    if (code_ && t.is_machine()) {
      check(GoalKind::RteOverflow, mk_and(mk_le(mk_int(0), b), mk_lt(b, mk_int(t.bits()))));
      if (e.binop == BinOp::Shl && t.is_signed()) check(GoalKind::RteOverflow, mk_le(mk_int(0), a));
    }
    const BigInt *k = int_value(b);
    // A shift by an amount known, or checked to be below the width (code), is exact: an
    // uninterpreted result trusted to fit its type made signed `y << s` never overflow.
    if ((k && *k >= 0 && *k < 128) || (code_ && t.is_machine())) {
      Term f = k ? mk_int(pow2(static_cast<int>(*k))) : pow2_of(b, t.bits());
      if (e.binop == BinOp::Shl) return {machine_result(t, mk_mul(a, f)), nullptr};
      return {mk_ediv(a, f), nullptr}; // floor division: an arithmetic shift
    }
    Term r = opaque(e.binop == BinOp::Shl ? "shl" : "shr", a, b);
    facts.push_back(mk_in_range(t, r));
    return {r, nullptr};
  }
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor: {
    Term r = opaque(e.binop == BinOp::BitAnd  ? "and"
                    : e.binop == BinOp::BitOr ? "or"
                                              : "xor",
                    a, b);
    if (code_) facts.push_back(mk_in_range(t, r));
    return {r, nullptr};
  }
  default:
    break;
  }
  unsupported(e, "operator");
}

namespace {

/// A pointer variable p (not `var` itself) that the expression reads as `p[var]`, if any.
const Expr *indexed_base(const Expr &e, const std::string &var) {
  if (e.kind == ExprKind::Deref && e.args[0]->kind == ExprKind::Binary &&
      e.args[0]->binop == BinOp::Add) {
    const Expr &p = *e.args[0]->args[0], &i = *e.args[0]->args[1];
    if (p.kind == ExprKind::Var && p.name != var && p.type.is_ptr() && i.kind == ExprKind::Var &&
        i.name == var)
      return &p;
  }
  for (const auto &b : e.binders)
    if (b.name == var) return nullptr;
  if (e.kind == ExprKind::Let && e.name == var) return nullptr;
  for (const auto &a : e.args)
    if (a)
      if (const Expr *r = indexed_base(*a, var)) return r;
  return nullptr;
}

} // namespace

Term ExprTr::quant(const Expr &e, const Env &env, int polarity) {
  Env inner = env;
  inner.quant_depth++;
  std::vector<Term> bound;
  std::vector<Term> ranges;
  for (const auto &b : e.binders) {
    std::string n = cx_.fresh("q!" + b.name);
    if (b.type.is_ptr()) {
      Term tb = mk_bound(n + "#b", Sort::Int), to = mk_bound(n + "#o", Sort::Int);
      bound.push_back(tb);
      bound.push_back(to);
      inner.locals[b.name] = Val{tb, to};
    } else if (const Expr *base = indexed_base(*e.args[0], b.name);
               base && !b.type.is_bool() &&
               (env.locals.count(base->name) || env.st->vars.count(base->name))) {
      // `p[i]` under `forall i`: quantify over the absolute offset j = off(p) + i instead, so
      // that the solvers' triggers see a bare variable as the heap index, not a sum.
      Term off = ev(*base, env).off;
      Term j = mk_bound(n, Sort::Int);
      bound.push_back(j);
      Term i = mk_sub(j, off);
      ranges.push_back(mk_in_range(b.type, i));
      inner.locals[b.name] = Val{i, nullptr};
    } else {
      Term v = mk_bound(n, b.type.is_bool() ? Sort::Bool : Sort::Int);
      bound.push_back(v);
      ranges.push_back(mk_in_range(b.type, v));
      inner.locals[b.name] = Val{v, nullptr};
    }
  }
  // The reads of the body, under the guards inside it; the guards outside apply to the whole.
  const size_t first_read = defined.size();
  std::vector<Term> outer_guards;
  std::swap(outer_guards, guards_);
  // A forall known true, or an exists known false, was evaluated for every instance, each with
  // the same value; otherwise an instance's value is not known.
  const bool every_instance = e.bval ? polarity > 0 : polarity < 0;
  Term body = ev_known(*e.args[0], inner, every_instance ? polarity : 0).t;
  std::swap(outer_guards, guards_);
  if (defined.size() > first_read) {
    Term reads = mk_and(std::vector<Term>(defined.begin() + first_read, defined.end()));
    defined.resize(first_read);
    const Term value = e.binders.size() == 1 ? inner.locals[e.binders[0].name].t : nullptr;
    const Term every = mk_forall(bound, mk_implies(mk_and(ranges), reads));
    // A forall to prove holds for every instance, as does an assumed forall known true (an
    // exists known false has none): a run evaluated each, and `every` is exact (stricter than
    // the run where a forall to prove is in a negative position: sound, docs/prove.md).
    // Otherwise the run stops at the first instance that decides; what it read is known when it
    // enumerates one variable; if not, a goal asks more (`every`), an assumption assumes
    // nothing. Nor does it inside another quantifier: one such disjunction per instance of the
    // outer one drowned the solvers (find_end.c's `!HasSubRange(...)` over `Equal` lost goals:
    // docs/history.md, 2026-11-25).
    if (assumed_ ? every_instance : e.bval)
      need_defined(every);
    else if (auto exact = assumed_ && env.quant_depth > 0
                              ? std::nullopt
                              : run_defined(e, env, bound, ranges, value, body, reads))
      need_defined(*exact);
    else if (!assumed_)
      need_defined(every);
  }
  if (e.bval) return mk_forall(bound, mk_implies(mk_and(ranges), body));
  return mk_exists(bound, mk_and(mk_and(ranges), body));
}

// A run (as E-ACSL's translation) enumerates a quantifier from the smallest value of its range
// up and stops at the first instance that decides it (a witness of an `exists`, a
// counterexample of a `forall`): its reads are defined when every instance's are, or when some
// deciding instance's are and those of every instance before it. Exact for one integer variable
// with both bounds (ir/quantifier_range.hpp gives the range the run enumerates): min_value's
// mutant `0 <= k <= i && t[k] == m` is proved, its witness k = 0 comes before the read past the
// end at k = i.
std::optional<Term> ExprTr::run_defined(const Expr &e, const Env &env,
                                        const std::vector<Term> &bound,
                                        const std::vector<Term> &ranges, const Term &value,
                                        const Term &body, const Term &reads) {
  const auto range = ir::quantifier_ranges(e);
  const bool enumerated = bound.size() == 1 && value && range.size() == 1 &&
                          !range[0].lower.empty() && !range[0].upper.empty() &&
                          e.binders[0].type.is_numeric() && !e.binders[0].type.is_bool();
  if (!enumerated) return std::nullopt;
  auto bound_of = [&](const ir::QuantBound &b) {
    Term t = mk_int(b.offset);
    if (b.base) t = mk_add(evb(*b.base, env), t);
    if (b.minus) t = mk_sub(t, evb(*b.minus, env));
    return t;
  };
  std::vector<Term> in = ranges;
  for (const auto &l : range[0].lower)
    in.push_back(mk_le(bound_of(l), value));
  for (const auto &u : range[0].upper)
    in.push_back(mk_le(value, bound_of(u)));
  const Term k = bound[0];
  const Term j = mk_bound(cx_.fresh("q!before"), k->sort);
  const Term in_k = mk_and(in);
  const Term in_j = rename_bound(in_k, k, j);
  const Term before =
      mk_forall({j}, mk_implies(mk_and({in_j, mk_lt(j, k)}), rename_bound(reads, k, j)));
  const Term every = mk_forall({k}, mk_implies(in_k, reads));
  const Term decides = e.bval ? mk_not(body) : body;
  const Term in_order = mk_exists({k}, mk_and({in_k, decides, reads, before}));
  // To prove, under the switch (a stronger goal without it); assumed, as it is.
  return mk_or(every, assumed_ ? in_order : mk_and(run_order(), in_order));
}

Term run_order() {
  static const Term on = mk_const("wd!run_order", Sort::Bool); // one node: queries can drop it
  return on;
}

Term ExprTr::assumption(const Expr &e, const Env &env) {
  assumed_ = true;
  return ev_known(e, env, 1).t;
}

Val ExprTr::ev_known(const Expr &e, const Env &env, int polarity) {
  const int outer = std::exchange(polarity_, polarity);
  Val v = ev(e, env);
  polarity_ = outer;
  return v;
}

namespace {

/// The least and greatest values the guard of quantifier body `body` (`lo <= var < hi ==> ...`)
/// allows `var`, where it bounds it by terms free of it: the ends of an index range, where the
/// step of an induction adds its element (`\forall k; 0 <= k < n-m ==> a[m+k] == b[p+k]` at
/// k = n-m-1).
std::vector<Term> range_ends(const Term &body, const Term &var) {
  std::vector<Term> out;
  if (body->op != Op::Implies) return out;
  const Term &guard = body->args[0];
  const std::vector<Term> atoms = guard->op == Op::And ? guard->args : std::vector<Term>{guard};
  for (const Term &a : atoms) {
    if (a->op != Op::Le && a->op != Op::Lt) continue;
    const Term &l = a->args[0], &r = a->args[1];
    const int strict = a->op == Op::Lt;
    if (r->op == Op::Bound && r->name == var->name && !mentions_bound(l, var))
      out.push_back(strict ? mk_add(l, mk_int(1)) : l);
    else if (l->op == Op::Bound && l->name == var->name && !mentions_bound(r, var))
      out.push_back(strict ? mk_sub(r, mk_int(1)) : r);
  }
  return out;
}

/// Calls `f` on each universal quantifier `premise` asserts at its top (through conjunctions).
template <typename F> void for_each_asserted_forall(const Term &premise, F f) {
  if (premise->op == Op::And)
    for (const Term &a : premise->args)
      for_each_asserted_forall(a, f);
  else if (premise->op == Op::Forall)
    f(premise);
}

/// The instances at `consts` of the universal quantifiers of `premise` that it asserts at
/// its top (through conjunctions), each bound integer variable taken by one constant or by an
/// end of its range. At most `kMaxInstances` in all: these are hints, not a search.
std::vector<Term> instances_at(const Term &premise, const std::vector<Term> &consts) {
  constexpr size_t kMaxInstances = 32;
  std::vector<Term> out;
  auto instantiate = [&](const Term &q) {
    const bool ints = std::all_of(q->bound.begin(), q->bound.end(),
                                  [](const Term &b) { return b->sort == Sort::Int; });
    if (!ints || q->bound.size() > 2 || out.size() >= kMaxInstances) return;
    std::vector<Term> bodies{q->args[0]};
    for (const Term &var : q->bound) {
      std::vector<Term> values = range_ends(q->args[0], var);
      values.insert(values.end(), consts.begin(), consts.end());
      std::vector<Term> next;
      for (const Term &body : bodies)
        for (const Term &c : values)
          next.push_back(rename_bound(body, var, c));
      bodies = std::move(next);
    }
    for (Term &b : bodies)
      if (out.size() < kMaxInstances) out.push_back(std::move(b));
  };
  for_each_asserted_forall(premise, instantiate);
  return out;
}

/// `e` at var = 0, when `e` is a sum in which bound variable `var` occurs once, added (then
/// e = offset + var): `m + k` gives m. nullopt for any other shape.
std::optional<Term> offset_of(const Term &e, const Term &var) {
  if (e->op == Op::Bound && e->name == var->name) return mk_int(0);
  if (e->op == Op::Sub && !mentions_bound(e->args[1], var)) {
    const auto r = offset_of(e->args[0], var);
    return r ? std::optional<Term>(mk_sub(*r, e->args[1])) : std::nullopt;
  }
  if (e->op != Op::Add) return std::nullopt;
  std::optional<Term> out = mk_int(0);
  bool found = false;
  for (const Term &a : e->args) {
    if (!mentions_bound(a, var)) {
      out = mk_add(*out, a);
      continue;
    }
    const auto r = found ? std::nullopt : offset_of(a, var);
    if (!r) return std::nullopt;
    found = true;
    out = mk_add(*out, *r);
  }
  return out;
}

/// The cell reads `select(select(heap, block), offset)` of `t` outside quantifiers.
std::vector<Term> ground_cell_reads(const Term &t) {
  std::vector<Term> out;
  std::unordered_set<const Node *> seen;
  auto walk = [&](auto &self, const Term &n) -> void {
    if (!seen.insert(n.get()).second || n->op == Op::Forall || n->op == Op::Exists) return;
    if (n->op == Op::Select && n->args[0]->op == Op::Select) out.push_back(n);
    for (const Term &a : n->args)
      self(self, a);
  };
  walk(walk, t);
  return out;
}

/// The instances of the universal quantifiers `premise` asserts at its top that read, at some
/// value of one bound variable, a cell `conclusion` reads: `forall k. ... a[m+k] ...` with
/// `a[i]` in the conclusion is taken at k = i - m. E-matching does no arithmetic: the trigger
/// `a[m+k]` never matches `a[i]`, and ACSL by Example's `Increasing_Equal` (`Equal{K,L}(a, m,
/// n, m+p)` for `Increasing{L}(a, m+p, n+p)`) needs exactly those instances. At most
/// `kMaxInstances`.
std::vector<Term> instances_reading(const Term &premise, const Term &conclusion) {
  constexpr size_t kMaxInstances = 16;
  std::vector<Term> out;
  const std::vector<Term> reads = ground_cell_reads(conclusion);
  if (reads.empty()) return out;
  auto instantiate = [&](const Term &q) {
    for (const Term &var : q->bound) {
      if (var->sort != Sort::Int) continue;
      std::vector<Term> rest;
      std::ranges::copy_if(q->bound, std::back_inserter(rest),
                           [&](const Term &b) { return b->name != var->name; });
      std::unordered_set<const Node *> seen;
      auto walk = [&](auto &self, const Term &n) -> void {
        if (!seen.insert(n.get()).second || out.size() >= kMaxInstances) return;
        if (n->op == Op::Select && n->args[0]->op == Op::Select && mentions_bound(n->args[1], var))
          if (const auto offset = offset_of(n->args[1], var))
            for (const Term &r : reads)
              if (out.size() < kMaxInstances && equal_terms(r->args[0], n->args[0])) {
                const Term body = rename_bound(q->args[0], var, mk_sub(r->args[1], *offset));
                out.push_back(rest.empty() ? body : mk_forall(rest, body));
              }
        for (const Term &a : n->args)
          self(self, a);
      };
      walk(walk, q->args[0]);
    }
  };
  for_each_asserted_forall(premise, instantiate);
  return out;
}

} // namespace

Term ExprTr::goal(const Expr &e, const Env &env) {
  if (e.kind == ExprKind::Binary && e.binop == BinOp::Implies) {
    Term a = evb(*e.args[0], env);
    guards_.push_back(a);
    Term b = goal(*e.args[1], env);
    guards_.pop_back();
    // What the premise says for every value, it says for the values the goal is about: its
    // instances at the goal's skolem constants are given. E-matching cannot find them when
    // the premise's terms occur nowhere else (`MultisetReorder(a, i, k) ==>
    // MultisetReorder(a, k, n) ==> MultisetReorder(a, i, n)`: the counts over [i, k) and
    // [k, n) of the value the conclusion fails at).
    if (premise_hints && !skolems_.empty()) {
      std::vector<Term> hints = instances_at(a, skolems_);
      std::ranges::copy(instances_reading(a, b), std::back_inserter(hints));
      a = mk_and(a, mk_and(hints));
    }
    return mk_implies(a, b);
  }
  if (e.kind == ExprKind::Binary && e.binop == BinOp::And && !well_defined) {
    // Each conjunct is proved on its own: its quantifiers get skolem constants of their own.
    // Not when reads must be defined: those of the right conjunct are guarded by the left
    // one's holding, which one instance of its quantifiers would weaken. (Without that, and
    // outside code, guards guard nothing: none is pushed.)
    Term a = goal(*e.args[0], env);
    return mk_and(a, goal(*e.args[1], env));
  }
  if (e.kind == ExprKind::Let) {
    Env inner = env;
    inner.locals[e.name] = ev(*e.args[0], env);
    return goal(*e.args[1], inner);
  }
  if (e.kind == ExprKind::At || e.kind == ExprKind::Old)
    // In another state, as ev() reads it: a predicate applied at a label (`Increasing{L}(a, m,
    // n)` in a lemma over two states) is still skolemized.
    return goal(*e.args[0], in_state_of(e, env));
  if (e.kind == ExprKind::App) {
    // A predicate to prove is its definition to prove: quantifiers in it are skolemized too.
    const ir::LogicDef *d = cx_.prog.logic(e.name);
    if (!d || !d->body || !d->is_predicate || cx_.recursive.count(d->name)) return evb(e, env);
    const std::vector<Val> args = eval_args(e, env);
    const States states = call_states(*d, e, env);
    // The plain instance only ties the uninterpreted form to it, for the lemmas about it.
    if (cx_.in_lemmas.count(d->name)) inline_def(*d, args, states, env);
    return goal(*d->body, def_env(*d, args, states, env));
  }
  if (e.kind != ExprKind::Quant || !e.bval) return evb(e, env);
  Env inner = env;
  std::vector<Term> ranges;
  for (const auto &b : e.binders) {
    std::string n = cx_.fresh("sk!" + b.name);
    if (b.type.is_ptr()) {
      inner.locals[b.name] = Val{mk_const(n + "#b", Sort::Int), mk_const(n + "#o", Sort::Int)};
      every_skolem_.push_back(inner.locals[b.name].t);
      every_skolem_.push_back(inner.locals[b.name].off);
      continue;
    }
    Term v = mk_const(n, b.type.is_bool() ? Sort::Bool : Sort::Int);
    every_skolem_.push_back(v);
    ranges.push_back(mk_in_range(b.type, v));
    inner.locals[b.name] = Val{v, nullptr};
    if (v->sort == Sort::Int) skolems_.push_back(v);
  }
  Term range = mk_and(ranges);
  guards_.push_back(range);
  Term body = goal(*e.args[0], inner);
  guards_.pop_back();
  return mk_implies(range, body);
}

State Ctx::any_memory(std::vector<Term> &bound) {
  State st;
  for (const auto &k : keys) {
    Term h = mk_bound(fresh("h!" + k), Sort::Heap);
    st.heaps[k] = h;
    bound.push_back(h);
  }
  return st;
}

void ExprTr::register_def(const ir::LogicDef &d) {
  if (cx_.def_axioms.count(d.name) || !d.body) return;
  cx_.def_axioms[d.name] = mk_true(); // placeholder: recursion goes through the UF
  std::vector<Term> bound;
  std::vector<State> memories(std::max<size_t>(1, d.labels.size()));
  for (State &m : memories)
    m = cx_.any_memory(bound);
  States states;
  for (const State &m : memories)
    states.push_back(&m);
  std::vector<Val> args;
  for (const auto &p : d.params) {
    std::string n = cx_.fresh("a!" + p.name);
    Val v = p.type.is_ptr() ? Val{mk_bound(n + "#b", Sort::Int), mk_bound(n + "#o", Sort::Int)}
                            : Val{mk_bound(n, p.type.is_bool() ? Sort::Bool : Sort::Int), nullptr};
    bound.push_back(v.t);
    if (v.off) bound.push_back(v.off);
    args.push_back(v);
  }
  Env env;
  env.quant_depth = 1;
  ExprTr body_tr(cx_, false, true);
  const Val app = uf_call(d, args, states);
  const Val body = body_tr.ev(*d.body, def_env(d, args, states, env));
  // A pointer result is two functions (block, offset), each defined with its own trigger (one
  // quantifier with both as alternative patterns stops Z3 4.8.12 with an internal error).
  Term def = mk_forall(bound, mk_eq(app.t, body.t), {{app.t}});
  if (app.off) def = mk_and(def, mk_forall(bound, mk_eq(app.off, body.off), {{app.off}}));
  cx_.def_axioms[d.name] = def;
}

Val ExprTr::uf_call(const ir::LogicDef &d, const std::vector<Val> &args, const States &states) {
  std::vector<Term> targs;
  for (const State *st : states)
    for (const auto &k : cx_.keys)
      targs.push_back(st->heaps.at(k));
  for (const auto &a : args) {
    targs.push_back(a.t);
    if (a.off) targs.push_back(a.off);
  }
  if (d.ret.is_ptr())
    return ptr_val(mk_app(uf_name(d.name) + "#b", Sort::Int, targs),
                   mk_app(uf_name(d.name) + "#o", Sort::Int, targs));
  return {
      mk_app(uf_name(d.name), d.is_predicate || d.ret.is_bool() ? Sort::Bool : Sort::Int, targs),
      nullptr};
}

std::map<std::string, std::set<size_t>> recursion_positions(const Ctx &cx) {
  std::map<std::string, std::set<size_t>> out;
  for (const std::string &name : cx.recursive) {
    const ir::LogicDef *d = cx.prog.logic(name);
    if (!d || !d->body) continue;
    std::set<size_t> changed; // parameter indices
    auto walk = [&](auto &self, const ir::Expr &e) -> void {
      if (e.kind == ExprKind::App && e.name == d->name)
        for (size_t i = 0; i < e.args.size() && i < d->params.size(); ++i)
          if (e.args[i]->kind != ExprKind::Var || e.args[i]->name != d->params[i].name)
            changed.insert(i);
      for (const auto &a : e.args)
        if (a) self(self, *a);
    };
    walk(walk, *d->body);
    std::set<size_t> &positions = out[uf_name(name)];
    // uf_call's layout: the heaps of each state, then the arguments, a pointer as two.
    size_t at = std::max<size_t>(1, d->labels.size()) * cx.keys.size();
    for (size_t i = 0; i < d->params.size(); ++i) {
      const size_t width = d->params[i].type.is_ptr() ? 2 : 1;
      if (changed.empty() || changed.count(i))
        for (size_t k = 0; k < width; ++k)
          positions.insert(at + k);
      at += width;
    }
  }
  return out;
}

Val ExprTr::app(const Expr &e, const Env &env, int polarity) {
  const ir::LogicDef *d = cx_.prog.logic(e.name);
  if (!d) unsupported(e, "call of " + e.name + " in an expression");
  const std::vector<Val> args = eval_args(e, env);
  const States states = call_states(*d, e, env);
  bool inline_it = d->body && !uf_ && !cx_.recursive.count(d->name);
  if (!inline_it) {
    register_def(*d);
    return uf_call(*d, args, states);
  }
  return inline_def(*d, args, states, env, polarity);
}

const State *ExprTr::state_at(const std::string &label, const Expr &e, const Env &env) {
  if (auto it = env.labels.find(label); it != env.labels.end()) return it->second;
  if (label == "Pre" || label == "Old") return env.pre;
  if (label == "Here") return env.st;
  unsupported(e, "label " + label + " here (not passed on this path)");
}

Env ExprTr::in_state_of(const Expr &e, const Env &env) {
  Env inner = env;
  inner.st = e.kind == ExprKind::Old ? env.pre : state_at(e.name, e, env);
  return inner;
}

States ExprTr::call_states(const ir::LogicDef &d, const Expr &e, const Env &env) {
  if (d.labels.empty()) return {env.st};
  States states;
  for (const std::string &l : e.labels)
    states.push_back(state_at(l, e, env));
  return states;
}

std::vector<Val> ExprTr::eval_args(const Expr &e, const Env &env) {
  std::vector<Val> args;
  for (const auto &a : e.args)
    args.push_back(ev(*a, env));
  return args;
}

Env ExprTr::def_env(const ir::LogicDef &d, const std::vector<Val> &args, const States &states,
                    const Env &env) {
  // Reads outside `at` are in the first state; the others are named by the definition's labels.
  Env inner;
  inner.st = states.front();
  inner.pre = states.front();
  for (size_t i = 0; i < d.labels.size() && i < states.size(); ++i)
    inner.labels[d.labels[i]] = states[i];
  inner.quant_depth = env.quant_depth;
  for (size_t i = 0; i < d.params.size() && i < args.size(); ++i)
    inner.locals[d.params[i].name] = args[i];
  return inner;
}

Val ExprTr::inline_def(const ir::LogicDef &d, const std::vector<Val> &args, const States &states,
                       const Env &env, int polarity) {
  // The body read as the application is: a forall of it in an assumption is evaluated for
  // every instance only where the application is known true (`!Equal(a, n, b)` assumed stops
  // at the first difference; reading it as a goal would assume every cell valid).
  ExprTr body_tr(cx_, false, false);
  body_tr.ground_facts = ground_facts;
  body_tr.well_defined = well_defined;
  body_tr.assumed_ = assumed_;
  const Val body = body_tr.ev_known(*d.body, def_env(d, args, states, env), polarity);
  facts.insert(facts.end(), body_tr.facts.begin(), body_tr.facts.end());
  for (const Term &c : body_tr.defined)
    need_defined(c);
  // Lemmas speak of the uninterpreted form: tie it to this instance when it is ground.
  if (cx_.in_lemmas.count(d.name) && env.quant_depth == 0) {
    register_def(d);
    cx_.ground_defs.push_back(val_eq(uf_call(d, args, states), body));
  }
  return body;
}

Val ExprTr::ev(const Expr &e, const Env &env) {
  // What is known of this formula's value (ev_known); its parts know nothing unless said below.
  const int known = std::exchange(polarity_, 0);
  switch (e.kind) {
  case ExprKind::IntLit:
    return {mk_int(e.value), nullptr};
  case ExprKind::BoolLit:
    return {mk_bool(e.bval), nullptr};
  case ExprKind::Null:
    return ptr_val(mk_int(0), mk_int(0));
  case ExprKind::Var: {
    auto it = env.locals.find(e.name);
    if (it != env.locals.end()) return it->second;
    auto jt = env.st->vars.find(e.name);
    if (jt == env.st->vars.end()) unsupported(e, "variable " + e.name + " here");
    return jt->second;
  }
  case ExprKind::Result:
    if (!env.result)
      throw ir::Error(ir::SrcLoc{"", e.pos.line, e.pos.col},
                      "prove: the postcondition reads the result, but no path of the function "
                      "returns a value");
    return *env.result;
  case ExprKind::Unary: {
    Val a = ev_known(*e.args[0], env, e.unop == ir::UnOp::Not ? -known : 0);
    switch (e.unop) {
    case ir::UnOp::Not:
      return {mk_not(a.t), nullptr};
    case ir::UnOp::Neg:
      return {machine_result(e.type, mk_neg(a.t)), nullptr};
    case ir::UnOp::BitNot:
      if (e.type.is_machine() && !e.type.is_signed())
        return {mk_sub(mk_int(e.type.max_value()), a.t), nullptr};
      return {mk_sub(mk_neg(a.t), mk_int(1)), nullptr};
    }
    break;
  }
  case ExprKind::Binary: {
    const Expr &x = *e.args[0], &y = *e.args[1];
    switch (e.binop) {
    case BinOp::And:
    case BinOp::Or:
    case BinOp::Implies: {
      // `a && b` true: both true; `a || b` false: both false; `a ==> b` false: a true and b
      // false, true: b true where a is (its guard). Otherwise nothing is known of either.
      const bool both = e.binop == BinOp::And ? known > 0 : e.binop == BinOp::Or && known < 0;
      const int left = both ? known : e.binop == BinOp::Implies && known < 0 ? 1 : 0;
      const int right = both || e.binop == BinOp::Implies ? known : 0;
      Term a = ev_known(x, env, left).t;
      guards_.push_back(e.binop == BinOp::Or ? mk_not(a) : a);
      Term b = ev_known(y, env, right).t;
      guards_.pop_back();
      if (e.binop == BinOp::And) return {mk_and(a, b), nullptr};
      if (e.binop == BinOp::Or) return {mk_or(a, b), nullptr};
      return {mk_implies(a, b), nullptr};
    }
    case BinOp::Iff:
      return {mk_iff(evb(x, env), evb(y, env)), nullptr};
    case BinOp::Eq:
      return {val_eq(ev(x, env), ev(y, env)), nullptr};
    case BinOp::Ne:
      return {mk_not(val_eq(ev(x, env), ev(y, env))), nullptr};
    case BinOp::Lt:
    case BinOp::Le:
    case BinOp::Gt:
    case BinOp::Ge: {
      Val a = ev(x, env), b = ev(y, env);
      Term l = a.off ? a.off : a.t, r = b.off ? b.off : b.t;
      if (e.binop == BinOp::Lt) return {mk_lt(l, r), nullptr};
      if (e.binop == BinOp::Le) return {mk_le(l, r), nullptr};
      if (e.binop == BinOp::Gt) return {mk_lt(r, l), nullptr};
      return {mk_le(r, l), nullptr};
    }
    default:
      return arith(e, env);
    }
  }
  case ExprKind::Ite: {
    Term c = evb(*e.args[0], env);
    guards_.push_back(c);
    Val a = ev(*e.args[1], env);
    guards_.back() = mk_not(c);
    Val b = ev(*e.args[2], env);
    guards_.pop_back();
    return val_ite(c, a, b);
  }
  case ExprKind::Let: {
    Env inner = env;
    inner.locals[e.name] = ev(*e.args[0], env);
    return ev_known(*e.args[1], inner, known);
  }
  case ExprKind::Quant:
    return {quant(e, env, known), nullptr};
  case ExprKind::Old:
  case ExprKind::At:
    return ev_known(*e.args[0], in_state_of(e, env), known);
  case ExprKind::App:
    return app(e, env, known);
  case ExprKind::Cast: {
    Val a = ev(*e.args[0], env);
    const Type &t = e.cast_to;
    if (!t.is_machine() || e.args[0]->type.is_bool() || t.is_ptr()) return a;
    if (code_) {
      if (t.is_signed()) {
        check(GoalKind::RteOverflow, mk_in_range(t, a.t));
        return a;
      }
      return {mk_wrap(t, a.t), nullptr};
    }
    return {mk_wrap(t, a.t), nullptr};
  }
  case ExprKind::Deref: {
    Val p = ev(*e.args[0], env);
    const Term readable = valid_range(p, mk_int(0), mk_int(0));
    check(GoalKind::RteMemory, readable); // in code
    need_defined(readable);               // in a checked annotation
    Val v = load(*env.st, p, e.type);
    if (!code_ && ground_facts && env.quant_depth == 0 && e.type.is_machine())
      facts.push_back(mk_in_range(e.type, v.t));
    return v;
  }
  case ExprKind::Valid: {
    std::vector<Term> all;
    for (const auto &l : e.locs) {
      Val p = ev(*l.ptr, env);
      if (l.lo && l.hi)
        all.push_back(valid_range(p, evb(*l.lo, env), evb(*l.hi, env)));
      else
        all.push_back(valid_range(p, mk_int(0), mk_int(0)));
    }
    return {mk_and(all), nullptr};
  }
  case ExprKind::Separated: {
    struct Set {
      Val p;
      Term lo, hi;
    };
    std::vector<Set> sets;
    for (const auto &l : e.locs) {
      Val p = ev(*l.ptr, env);
      if (l.lo && l.hi)
        sets.push_back({p, mk_add(p.off, evb(*l.lo, env)), mk_add(p.off, evb(*l.hi, env))});
      else
        sets.push_back({p, p.off, p.off});
    }
    std::vector<Term> all;
    for (size_t i = 0; i < sets.size(); ++i)
      for (size_t j = i + 1; j < sets.size(); ++j) {
        const Set &a = sets[i], &b = sets[j];
        all.push_back(mk_or({mk_not(mk_eq(a.p.t, b.p.t)), mk_lt(a.hi, a.lo), mk_lt(b.hi, b.lo),
                             mk_lt(a.hi, b.lo), mk_lt(b.hi, a.lo)}));
      }
    return {mk_and(all), nullptr};
  }
  case ExprKind::SameObject: {
    // All null, or in pairwise distinct blocks, the objects of one array of structures: part
    // i of n_i cells per object at offset k * n_i of a block of m * n_i cells, for one k and
    // one m (ir::object_cells). Said of the first part's offset and length without k and m.
    std::vector<Val> ps;
    std::vector<BigInt> n;
    for (const auto &l : e.locs) {
      ps.push_back(ev(*l.ptr, env));
      n.push_back(ir::object_cells(l));
    }
    auto len = [&](size_t i) { return mk_select(cx_.len, ps[i].t); };
    std::vector<Term> nulls, apart;
    if (n[0] > 1)
      for (const Term &x : {ps[0].off, len(0)})
        apart.push_back(mk_eq(mk_emod(x, mk_int(n[0])), mk_int(0)));
    for (size_t i = 0; i < ps.size(); ++i) {
      nulls.push_back(mk_eq(ps[i].t, mk_int(0)));
      apart.push_back(mk_not(nulls.back()));
      if (i > 0) {
        apart.push_back(mk_eq(mk_mul(ps[i].off, mk_int(n[0])), mk_mul(ps[0].off, mk_int(n[i]))));
        apart.push_back(mk_eq(mk_mul(len(i), mk_int(n[0])), mk_mul(len(0), mk_int(n[i]))));
      }
      for (size_t j = i + 1; j < ps.size(); ++j)
        apart.push_back(mk_not(mk_eq(ps[i].t, ps[j].t)));
    }
    return {mk_or(mk_and(nulls), mk_and(apart)), nullptr};
  }
  case ExprKind::Range:
    unsupported(e, "range outside a location");
  }
  unsupported(e, "expression");
}

} // namespace triage::vcgen
