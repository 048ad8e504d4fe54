// Loops, small-step: invariants before the first iteration and after each one, the variant
// non-negative when an iteration starts and smaller when it ends, the loop's writes clause over
// each iteration. `break` and `return` leave with only the variant's non-negativity checked.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

#include <algorithm>
#include <optional>

namespace triage::rac {

using ir::AnnotKind;
using ir::GoalKind;

Value Machine::variant_value(const ir::Annotation &a) {
  return eval(*a.expr, annot_ctx(a));
}

Flow Machine::exec_loop(const ir::Stmt &s) {
  const ir::SrcLoc at = loc(s);
  const Snapshot entry = snapshot();
  const int first_block = mem_.count();
  loop_entries_.push_back(&entry);
  for (const auto &a : s.annots)
    if (a.kind == AnnotKind::Invariant) check_assertion(a, GoalKind::LoopInvariantInit);
  Flow result = Flow::Normal;
  if (cfg_.policy.is_giant(ir::loop_name(p_, s))) {
    result = giant_loop(s, entry, first_block);
  } else {
    while (true) {
      cur_at_ = at;
      tick();
      const bool b = eval_bool(*s.cond, code_ctx());
      oracle_.on_branch(*s.cond, b);
      if (tracing()) trace("while " + ir::print(*s.cond) + ": " + (b ? "true" : "false"));
      if (!b) break;
      const Flow f = iteration(s, entry, first_block);
      if (f == Flow::Break) break;
      if (f == Flow::Return) {
        result = Flow::Return;
        break;
      }
    }
  }
  loop_entries_.pop_back();
  cur_at_ = at;
  return result;
}

Flow Machine::iteration(const ir::Stmt &s, const Snapshot &entry, int first_block) {
  const std::string &fn = top().fn->name; // the frame outlives the iteration
  // The variants' values when the iteration starts; they must be non-negative, which is
  // checked when the iteration ends (docs/rac.md), so that what fails inside comes first.
  std::vector<std::pair<const ir::Annotation *, Value>> variants;
  for (const auto &a : s.annots)
    if (a.kind == AnnotKind::Variant) variants.emplace_back(&a, variant_value(a));
  auto check_nonneg = [&] {
    for (const auto &[a, v] : variants) {
      if (v.sym) decide(term::mk_le(term::mk_int(0), v.sym), v.num >= 0);
      if (v.num < 0)
        fail_annot(GoalKind::LoopVariantNonneg, *a, fn,
                   "the variant is " + v.num.str() + " when an iteration starts");
    }
  };
  // The state when the iteration starts, for the writes clause: only a loop that has one pays
  // for the copy.
  const bool has_writes = std::ranges::any_of(
      s.annots, [](const ir::Annotation &a) { return a.kind == AnnotKind::LoopWrites; });
  std::optional<Snapshot> start;
  std::vector<const ir::Annotation *> clauses;
  std::vector<LocSet> writes;
  if (has_writes) {
    start = snapshot();
    Ctx wc = code_ctx();
    wc.logic = true;
    writes = writes_of(s.annots, AnnotKind::LoopWrites, wc, clauses);
  }

  const Flow f = exec_block(s.body);
  cur_at_ = loc(s);
  if (f == Flow::Break || f == Flow::Return) {
    check_nonneg();
    return f;
  }
  for (const auto &a : s.annots)
    if (a.kind == AnnotKind::Invariant) check_assertion(a, GoalKind::LoopInvariantPreserved);
  check_nonneg();
  for (const auto &[a, before] : variants) {
    const Value after = variant_value(*a);
    const bool decreases = after.num < before.num;
    if (after.sym || before.sym) decide(term::mk_lt(term(after), term(before)), decreases);
    if (!decreases)
      fail_annot(GoalKind::LoopVariantDecrease, *a, fn,
                 "the variant goes from " + before.num.str() + " to " + after.num.str());
  }
  if (!has_writes) return Flow::Normal;
  // Only what existed before the loop is constrained: its own locals and new blocks are free.
  VarMap vars_now;
  for (const auto &[name, v] : top().vars)
    if (entry.vars.count(name)) vars_now.insert_or_assign(name, v);
  Snapshot start_old = *start;
  for (auto it = start_old.vars.begin(); it != start_old.vars.end();)
    it = entry.vars.count(it->first) ? std::next(it) : start_old.vars.erase(it);
  for (size_t i = 0; i < writes.size(); ++i)
    if (auto what = changed_outside(start_old, &vars_now, first_block, writes[i]))
      fail_annot(GoalKind::LoopAssigns, *clauses[i], fn,
                 *what + ", which the loop's writes clause does not allow");
  return Flow::Normal;
}

} // namespace triage::rac
