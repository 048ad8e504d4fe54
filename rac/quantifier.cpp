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

std::optional<BigInt> Machine::bound_value(const std::vector<ir::QuantBound> &bounds, bool lower,
                                           const Ctx &c) {
  std::optional<BigInt> best;
  for (const ir::QuantBound &b : bounds) {
    BigInt v = b.offset;
    bool ok = true;
    for (const auto &[part, sign] : {std::pair{b.base, 1}, std::pair{b.minus, -1}}) {
      if (!part) continue;
      const Value x = eval(*part, c);
      ok = ok && x.kind == Value::Kind::Int;
      if (ok) v += sign * x.num;
    }
    if (ok && (!best || (lower ? v > *best : v < *best))) best = v;
  }
  return best;
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
  std::optional<BigInt> lo = bound_value(ranges[k].lower, true, c);
  std::optional<BigInt> hi = bound_value(ranges[k].upper, false, c);
  if (b.type.is_machine() && b.type.bits() <= 16) { // small types: their range bounds them
    if (!lo || *lo < b.type.min_value()) lo = b.type.min_value();
    if (!hi || *hi > b.type.max_value()) hi = b.type.max_value();
  }
  if (!lo || !hi)
    not_executable("the quantifier over '" + b.name + "' cannot be executed: its guard gives " +
                       std::string(!lo && !hi ? "no bounds"
                                   : !lo      ? "no lower bound"
                                              : "no upper bound") +
                       " (write it as 'lo <= " + b.name + " < hi ==> ...')",
                   c);
  if (b.type.is_machine()) {
    if (*lo < b.type.min_value()) lo = b.type.min_value();
    if (*hi > b.type.max_value()) hi = b.type.max_value();
  }
  oracle_.on_range(q, b.name, *lo, *hi);
  for (BigInt v = *lo; v <= *hi; ++v)
    if (auto r = visit(Value::integer(v))) return *r;
  return forall;
}

} // namespace triage::rac
