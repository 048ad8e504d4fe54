// Calls of program functions: a frame per activation, the callee's precondition checked at the
// call (assumed for the entry function), its postcondition and writes clause checked on return.
// A callee named in the policy, or without a body, takes a giant step (giant_step.cpp).
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

using ir::AnnotKind;
using ir::GoalKind;

void Machine::push_frame(const ir::Function &f, const std::vector<Value> &args) {
  if (int(frames_.size()) >= cfg_.call_depth_limit)
    stop(OutcomeKind::LimitReached,
         "call depth limit reached (" + std::to_string(cfg_.call_depth_limit) + ") calling '" +
             f.name + "'",
         cur_at_);
  Frame fr;
  fr.fn = &f;
  for (size_t i = 0; i < f.params.size(); ++i) {
    fr.vars.insert_or_assign(f.params[i].name, args.at(i));
    fr.types.insert_or_assign(f.params[i].name, f.params[i].type);
    fr.order.push_back(f.params[i].name);
  }
  fr.first_block = mem_.count();
  fr.pre = Snapshot{globals_, fr.vars, mem_};
  frames_.push_back(std::move(fr));
}

void Machine::pop_frame() {
  for (int id : top().local_blocks)
    mem_.kill(id);
  frames_.pop_back();
}

Ctx Machine::contract_ctx(const ir::Annotation &a, const Value *result) {
  Ctx c = annot_ctx(a);
  c.loop_entry = nullptr;
  c.result = result;
  // As in ACSL, parameters in a contract denote their values on entry.
  c.here.vars = &top().pre.vars;
  return c;
}

void Machine::check_preconditions(const ir::Function &f, const ir::Stmt *site) {
  // The typically clauses first: they bound the inputs the precondition then ranges over.
  std::vector<const ir::Annotation *> order;
  if (!site && cfg_.assume_typically)
    for (const auto &a : f.contract)
      if (a.kind == AnnotKind::Typically) order.push_back(&a);
  for (const auto &a : f.contract)
    if (a.kind == AnnotKind::Requires) order.push_back(&a);
  for (const ir::Annotation *ap : order) {
    const ir::Annotation &a = *ap;
    const bool typically = a.kind == AnnotKind::Typically;
    if (!site) cur_at_ = loc(a); // a limit reached while evaluating it points at the clause
    // At a call the precondition is the caller's check; on entry it is assumed (an input it
    // cannot be evaluated on is outside it: assumed annotations imply that their reads are
    // valid, as vcgen takes them).
    std::string why;
    if ((site ? eval_check_only(*a.expr, contract_ctx(a, nullptr), why)
              : eval_checked(*a.expr, contract_ctx(a, nullptr), why))
            .value_or(false))
      continue;
    if (!site) // the entry function's precondition is assumed
      stop(OutcomeKind::OutsidePrecondition,
           "the input does not satisfy the " +
               std::string(typically ? "typically clause " : "precondition ") + a.id + " of " +
               f.name,
           loc(a));
    // A goal of the caller: report it in the caller's state, with the arguments.
    const Frame &caller = frames_[frames_.size() - 2];
    if (passes_over(ir::GoalRef{GoalKind::CallPrecondition, a.id, caller.fn->name, loc(*site)}))
      continue;
    std::string with;
    for (const auto &b : f.params)
      with += (with.empty() ? " with " : ", ") + b.name + " = " + value_text(top().vars[b.name]);
    pop_frame();
    fail(GoalKind::CallPrecondition, a.id, top().fn->name, loc(*site),
         "the precondition " + a.id + " of " + f.name +
             (why.empty() ? " is false at the call" + with : " at the call" + with + ": " + why),
         !why.empty());
  }
}

void Machine::check_postconditions(const ir::Function &f, const Value *result, bool giant) {
  for (const auto &a : f.contract) {
    if (a.kind != AnnotKind::Ensures) continue;
    // After a giant step the postcondition is what the oracle's values are assumed to satisfy;
    // values it cannot be evaluated on (a read past a block) do not.
    std::string why;
    if ((giant ? eval_checked(*a.expr, contract_ctx(a, result), why)
               : eval_check_only(*a.expr, contract_ctx(a, result), why))
            .value_or(false))
      continue;
    if (giant)
      stop(OutcomeKind::Stuck,
           "the oracle's values for the giant step over " + f.name +
               " do not satisfy its postcondition " + a.id,
           loc(a));
    fail_annot(GoalKind::Postcondition, a, f.name, why, !why.empty());
  }
}

std::vector<LocSet> Machine::writes_of(const std::vector<ir::Annotation> &annots, AnnotKind kind,
                                       const Ctx &c, std::vector<const ir::Annotation *> &clauses) {
  std::vector<LocSet> sets;
  for (const auto &a : annots)
    if (a.kind == kind) {
      Ctx ac = c;
      ac.at = loc(a);
      sets.push_back(eval_locations(a.locs, ac));
      clauses.push_back(&a);
    }
  return sets;
}

std::optional<std::string> Machine::changed_outside(const Snapshot &before, const VarMap *vars_now,
                                                    int block_limit, const LocSet &allowed) {
  if (vars_now)
    for (const auto &[name, old] : before.vars)
      if (auto it = vars_now->find(name);
          it != vars_now->end() && !allowed.locals.count(name) && !same_value(it->second, old))
        return name + " changed from " + value_text(old) + " to " + value_text(it->second);
  for (const auto &[name, old] : before.globals)
    if (auto it = globals_.find(name);
        it != globals_.end() && !allowed.globals.count(name) && !same_value(it->second, old))
      return "the global " + name + " changed from " + value_text(old) + " to " +
             value_text(it->second);
  const std::vector<LocSet> sets{allowed};
  for (int id = 0; id < std::min(block_limit, before.mem.count()); ++id) {
    const Block &was = before.mem.block(id), &now = mem_.block(id);
    const bool symbolic = was.cells_sym || now.cells_sym;
    for (size_t i = 0; i < was.cells.size() && i < now.cells.size(); ++i) {
      if (allowed_cell(sets, id, i)) continue;
      bool same = was.cells[i] == now.cells[i];
      const bool untouched = was.cells_sym && was.cells_sym == now.cells_sym;
      if (!untouched && (symbolic || was.cells[i].sym || now.cells[i].sym)) {
        const term::Term a = cell_shadow(before.mem, id, i), b = cell_shadow(mem_, id, i);
        if (a != b) decide(term::mk_eq(a, b), same);
      }
      if (!same)
        return mem_.display_name(id) + "[" + std::to_string(i) + "] changed from " +
               value_text(was.cells[i]) + " to " + value_text(now.cells[i]);
    }
  }
  return std::nullopt;
}

void Machine::check_function_frame(const ir::Function &f) {
  Ctx c = code_ctx();
  c.logic = true;
  c.here = view_of(top().pre); // writes locations are evaluated in the entry state
  std::vector<const ir::Annotation *> clauses;
  const std::vector<LocSet> sets = writes_of(f.contract, AnnotKind::Writes, c, clauses);
  for (size_t i = 0; i < sets.size(); ++i)
    if (auto what = changed_outside(top().pre, nullptr, top().first_block, sets[i]))
      fail_annot(GoalKind::Assigns, *clauses[i], f.name,
                 *what + ", which " + f.name + "'s writes clause does not allow");
}

std::optional<Value> Machine::call_function(const ir::Function &f, const std::vector<Value> &args,
                                            const ir::Stmt *site) {
  push_frame(f, args);
  check_preconditions(f, site);
  returned_.reset();
  exec_block(*f.body);
  std::optional<Value> result = returned_;
  if (!f.ret.is_unit() && !result)
    stop(OutcomeKind::NotExecutable, f.name + " ends without returning a value",
         ir::where(p_, f.pos, f.src));
  check_postconditions(f, result ? &*result : nullptr, false);
  check_function_frame(f);
  returned_.reset();
  pop_frame();
  return result;
}

void Machine::exec_call(const ir::Stmt &s) {
  const ir::Function *f = p_.function(s.callee);
  std::vector<Value> args;
  for (const auto &a : s.args)
    args.push_back(eval(*a, code_ctx()));
  const std::optional<Value> saved = returned_;
  std::optional<Value> result = (cfg_.policy.is_giant(f->name) || !f->body)
                                    ? giant_call(*f, args, s)
                                    : call_function(*f, args, &s);
  returned_ = saved;
  cur_at_ = loc(s);
  if (s.lhs && result) store(*s.lhs, *result);
}

} // namespace triage::rac
