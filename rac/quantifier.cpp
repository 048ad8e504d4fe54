// Quantifiers are executed by enumeration over the range of each variable that its guard gives
// (ir/quantifier_range.hpp, docs/rac.md "Quantifier bounds"): binder by binder, each bound
// evaluated once the binders before it have values. Booleans and small machine types are
// enumerated whole. A variable with no finite range makes the quantifier not executable.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

Value Machine::quantifier(const ir::Expr &e, const Ctx &c) {
  auto it = ranges_.find(&e);
  if (it == ranges_.end()) it = ranges_.emplace(&e, ir::quantifier_ranges(e)).first;
  const size_t base = bound_.size();
  const bool r = enumerate(e, it->second, 0, c);
  bound_.resize(base);
  return Value::boolean(r);
}

std::optional<Value> Machine::bound_value(const std::vector<ir::QuantBound> &bounds, bool lower,
                                          const Ctx &c) {
  std::vector<Value> values;
  for (const ir::QuantBound &b : bounds) {
    Value v = Value::integer(b.offset);
    bool ok = true;
    for (const auto &[part, sign] : {std::pair{b.base, 1}, std::pair{b.minus, -1}}) {
      if (!part || !ok) continue;
      const Value x = eval(*part, c);
      ok = x.kind == Value::Kind::Int;
      if (!ok) continue;
      const term::Term t = v.sym || x.sym ? (sign > 0 ? term::mk_add(term(v), term(x))
                                                      : term::mk_sub(term(v), term(x)))
                                          : nullptr;
      v = Value::integer(v.num + sign * x.num).with(t);
    }
    if (ok) values.push_back(std::move(v));
  }
  if (values.empty()) return std::nullopt;
  const auto best = std::ranges::max_element(values, [&](const Value &a, const Value &b) {
    return lower ? a.num < b.num : b.num < a.num;
  });
  // The tightest bound is a decision when the bounds are symbolic.
  for (const Value &v : values)
    if (&v != &*best && (v.sym || best->sym))
      decide(lower ? term::mk_le(term(v), term(*best)) : term::mk_le(term(*best), term(v)), true);
  return *best;
}

bool Machine::enumerate(const ir::Expr &q, const std::vector<ir::BinderRange> &ranges, size_t k,
                        const Ctx &c) {
  const bool forall = q.bval;
  if (k == q.binders.size()) return eval_bool(*q.args[0], c);
  const ir::Binder &b = q.binders[k];
  auto visit = [&](Value v) -> std::optional<bool> {
    tick();
    bound_.emplace_back(b.name, std::move(v));
    const bool r = enumerate(q, ranges, k + 1, c);
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
  std::optional<Value> lo = bound_value(ranges[k].lower, true, c);
  std::optional<Value> hi = bound_value(ranges[k].upper, false, c);
  // A machine type cuts the range; the cut bound is concrete.
  auto cut = [&](std::optional<Value> &v, const BigInt &limit, bool lower, bool whole) {
    if ((!v && whole) || (v && (lower ? v->num < limit : v->num > limit))) {
      if (v) pin(*v, "a quantifier range cut by its variable's type");
      v = Value::integer(limit);
    }
  };
  const bool small = b.type.is_machine() && b.type.bits() <= 16; // enumerated whole
  if (small) {
    cut(lo, b.type.min_value(), true, true);
    cut(hi, b.type.max_value(), false, true);
  }
  if (!lo || !hi) {
    const std::string missing = !lo && !hi ? "no bounds"
                                : !lo      ? "no lower bound"
                                           : "no upper bound";
    // A checked annotation is probed far out on the open side: an instance there that decides
    // the quantifier decides it, and one that reads outside every block makes the annotation
    // fail, as it would under E-ACSL (e.g. `0 <= k > n ==> t[k] == 0`, a mistyped `k < n`).
    if (c.checked) {
      const BigInt far = BigInt(1) << 32;
      std::vector<Value> probes;
      auto from = [&](const Value &base, int dir) {
        for (int extra : {0, 1}) {
          const BigInt d = dir * (far + extra);
          probes.push_back(Value::integer(base.num + d)
                               .with(base.sym ? term::mk_add(base.sym, term::mk_int(d)) : nullptr));
        }
      };
      if (lo) from(*lo, 1);
      if (hi) from(*hi, -1);
      if (!lo && !hi) {
        from(Value::integer(0), 1);
        from(Value::integer(0), -1);
      }
      for (const Value &x : probes) {
        try {
          if (auto r = visit(x)) return *r;
        } catch (Undefined &u) {
          throw Undefined{u.reason + " (with " + b.name + " = " + x.num.str() +
                          ": the guard gives '" + b.name + "' " + missing + ")"};
        }
      }
    }
    not_executable("the quantifier over '" + b.name + "' cannot be executed: its guard gives " +
                       missing + " (write it as 'lo <= " + b.name + " < hi ==> ...')",
                   c);
  }
  if (b.type.is_machine()) {
    cut(lo, b.type.min_value(), true, false);
    cut(hi, b.type.max_value(), false, false);
  }
  oracle_.on_range(q, b.name, lo->num, hi->num);
  // Each instance is a decision `x <= hi` of the shadow, as in a loop over the range.
  const bool sym = lo->sym || hi->sym;
  for (BigInt v = lo->num;; ++v) {
    const Value x = Value::integer(v).with(
        lo->sym ? term::mk_add(lo->sym, term::mk_int(v - lo->num)) : nullptr);
    const bool in = v <= hi->num;
    if (sym) decide(term::mk_le(term(x), term(*hi)), in);
    if (!in) break;
    if (auto r = visit(x)) return *r;
  }
  return forall;
}

} // namespace triage::rac
