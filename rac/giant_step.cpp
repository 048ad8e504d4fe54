// Giant steps (docs/ir.md, Becker et al. 2021 Fig. 2): a call or a loop replaced by its
// contract, the locations it may write and its result taken from the oracle.
//  - call: precondition (failure), oracle values, postcondition (false: stuck).
//  - loop: invariant (failure, checked by exec_loop), oracle values, invariant (false: stuck);
//    the condition false goes on after the loop, true runs one iteration whose checks may fail,
//    and an iteration that ends without failure is stuck; break or return leave normally.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

using ir::AnnotKind;
using ir::GoalKind;
using ir::StmtKind;

namespace {

/// Variables a loop without a writes clause may change: those its body assigns, and the
/// globals its calls may write.
void assigned_in(const ir::Program &p, const ir::Block &b, LocSet &out, bool &all_globals) {
  auto var = [&](const ir::Expr *e) {
    if (e && e->kind == ir::ExprKind::Var)
      (e->ref == ir::VarRef::Global ? out.globals : out.locals).insert(e->name);
  };
  for (const auto &s : b) {
    if (s->kind == StmtKind::Assign || s->kind == StmtKind::Call) var(s->lhs.get());
    if (s->kind == StmtKind::Havoc)
      for (const auto &l : s->locs)
        if (l.kind == ir::Location::Kind::Var)
          (l.ref == ir::VarRef::Global ? out.globals : out.locals).insert(l.var);
    if (s->kind == StmtKind::Call)
      if (const ir::Function *f = p.function(s->callee)) {
        bool has_writes = false;
        for (const auto &a : f->contract)
          if (a.kind == AnnotKind::Writes) {
            has_writes = true;
            for (const auto &l : a.locs)
              if (l.kind == ir::Location::Kind::Var) out.globals.insert(l.var);
          }
        all_globals = all_globals || !has_writes;
      }
    assigned_in(p, s->body, out, all_globals);
    assigned_in(p, s->else_body, out, all_globals);
  }
}

std::string step_name(const GiantStep &gs) {
  return gs.subcontract + " (line " + std::to_string(gs.line) + ", visit " +
         std::to_string(gs.visit) + ")";
}

} // namespace

Value Machine::step_output(const GiantStep &gs, const std::string &name, const ir::Json &j,
                           const ir::Type &t, const ir::SrcLoc &at) {
  return symbolic_value(output_value(gs, name, j, t, at), output_symbol(gs, name), t);
}

GiantStep Machine::begin_giant_step(const std::string &name, int line) {
  GiantStep gs{name, line, ++visits_[{name, line}]};
  out_.giant_steps.push_back(gs);
  return gs;
}

Value Machine::output_value(const GiantStep &gs, const std::string &name, const ir::Json &j,
                            const ir::Type &t, const ir::SrcLoc &at) {
  auto bad = [&](const std::string &why) -> Value {
    stop(OutcomeKind::Stuck,
         "the oracle value " + j.dump() + " of " + name + " at " + step_name(gs) + " " + why, at);
  };
  if (t.is_bool()) {
    if (j.is_bool()) return Value::boolean(j.as_bool());
    // 0 / 1 from a source that does not know the types (the test generator's).
    if (auto i = j.integer(); i && (*i == 0 || *i == 1)) return Value::boolean(*i == 1);
    return bad("is not a boolean");
  }
  if (t.is_numeric()) {
    auto i = j.integer();
    if (!i) return bad("is not an integer");
    if (!t.fits(*i)) return bad("is outside " + t.str());
    return Value::integer(*i);
  }
  // Null, or 0, C's null pointer constant (a test case's value for a nondeterministic pointer).
  if (j.is_null() || j.integer() == std::optional<BigInt>(0)) return Value::null();
  const ir::Json *block = j.find("block");
  if (!block || !block->is_string())
    return bad("is not a pointer {\"block\": NAME, \"offset\": K}");
  const int id = mem_.latest(block->as_string());
  if (id < 0) return bad("names no live block");
  BigInt off = 0;
  if (const ir::Json *o = j.find("offset")) {
    auto i = o->integer();
    if (!i) return bad("has a non-integer offset");
    off = *i;
  }
  return Value::pointer(id, off);
}

void Machine::give_oracle_values(const GiantStep &gs, const std::vector<LocSet> &allowed,
                                 bool anything, const std::vector<std::string> &free_locals) {
  const ir::SrcLoc at = cur_at_;
  auto allowed_var = [&](const std::string &name, bool global) {
    for (const auto &s : allowed)
      if (!(global ? s.globals : s.locals).count(name)) return false;
    return true;
  };
  // Variables: with a writes clause, those it lists; without, the ones given.
  std::vector<std::string> locals = free_locals, globals;
  if (!anything && !allowed.empty()) {
    locals.assign(allowed[0].locals.begin(), allowed[0].locals.end());
    globals.assign(allowed[0].globals.begin(), allowed[0].globals.end());
  } else if (anything) {
    for (const auto &[name, v] : globals_)
      globals.push_back(name);
  }
  for (const auto &name : locals) {
    if (!anything && !allowed_var(name, false)) continue;
    auto it = top().types.find(name);
    if (it == top().types.end()) continue;
    if (auto j = oracle_.output(gs, name))
      top().vars.insert_or_assign(name, step_output(gs, name, *j, it->second, at));
    else
      report_default(step_name(gs) + ": " + name + " keeps " + value_text(top().vars[name]));
  }
  for (const auto &name : globals) {
    if (!anything && !allowed_var(name, true)) continue;
    auto j = oracle_.output(gs, name);
    if (j)
      globals_.insert_or_assign(name, step_output(gs, name, *j, global_types_.at(name), at));
    else if (!anything)
      report_default(step_name(gs) + ": the global " + name + " keeps " +
                     value_text(globals_[name]));
  }
  // Memory: the block's contents from the oracle, only where every writes clause allows.
  std::vector<int> blocks;
  if (anything) {
    for (int id = 0; id < mem_.count(); ++id)
      if (mem_.block(id).alive) blocks.push_back(id);
  } else if (!allowed.empty()) {
    for (const auto &[id, ranges] : allowed[0].cells)
      blocks.push_back(id);
  }
  for (int id : blocks) {
    const Block &b = mem_.block(id);
    const std::string name = b.name;
    const ir::Type elem = b.elem;
    const size_t len = b.cells.size();
    const auto j = oracle_.output_block(gs, name, len);
    if (j && !j->is_array())
      stop(OutcomeKind::Stuck,
           "the oracle value of the block " + name + " at " + step_name(gs) + " is not an array",
           at);
    size_t kept = 0;
    std::vector<size_t> taken;
    for (size_t i = 0; i < len; ++i) {
      if (!anything && !allowed_cell(allowed, id, i)) continue;
      if (j && i < j->as_array().size()) {
        mem_.write_cell(
            id, i,
            output_value(gs, name + "[" + std::to_string(i) + "]", j->as_array()[i], elem, at));
        taken.push_back(i);
      } else {
        ++kept;
      }
    }
    symbolic_step_cells(gs, id, taken);
    if (!anything) reach_past_end(allowed, id);
    if (kept && !anything)
      report_default(step_name(gs) + ": " + std::to_string(kept) + " cell(s) of " +
                     mem_.display_name(id) + " keep their values");
  }
}

std::optional<Value> Machine::giant_call(const ir::Function &f, const std::vector<Value> &args,
                                         const ir::Stmt &site) {
  push_frame(f, args);
  check_preconditions(f, &site);
  const GiantStep gs = begin_giant_step(f.name, loc(site).line);
  Ctx c = code_ctx();
  c.logic = true;
  c.here = view_of(top().pre);
  std::vector<const ir::Annotation *> clauses;
  const std::vector<LocSet> writes = writes_of(f.contract, AnnotKind::Writes, c, clauses);
  cur_at_ = loc(site);
  give_oracle_values(gs, writes, clauses.empty(), {});
  std::optional<Value> result;
  if (!f.ret.is_unit()) {
    if (auto j = oracle_.output(gs, "result")) {
      result = step_output(gs, "result", *j, f.ret, loc(site));
    } else {
      result = default_value(f.ret);
      report_default(step_name(gs) + ": result defaults to " + value_text(*result));
    }
  }
  returned_ = result;
  check_postconditions(f, result ? &*result : nullptr, true);
  returned_.reset();
  pop_frame();
  // Traced in the caller, where the call is: what the contract let the callee write.
  cur_at_ = loc(site);
  if (tracing()) trace("giant step over " + f.name + " (visit " + std::to_string(gs.visit) + ")");
  return result;
}

bool is_havoc(const std::string &step_name) {
  return step_name.rfind("havoc@", 0) == 0;
}

// Arbitrary values for the locations, from the oracle like a giant step's outputs (named
// `havoc@LINE`): a counterexample that needs them carries them and replays; without an oracle
// value a location keeps its current value, which is one possible choice.
void Machine::havoc(const ir::Stmt &s) {
  const GiantStep gs = begin_giant_step("havoc@" + std::to_string(loc(s).line), loc(s).line);
  Ctx c = code_ctx();
  c.logic = true;
  cur_at_ = loc(s);
  give_oracle_values(gs, {eval_locations(s.locs, c)}, false, {});
  if (tracing()) trace("havoc (visit " + std::to_string(gs.visit) + ")");
}

Flow Machine::giant_loop(const ir::Stmt &s, const Snapshot &entry, int first_block) {
  const std::string name = ir::loop_name(p_, s);
  const GiantStep gs = begin_giant_step(name, loc(s).line);
  Ctx c = code_ctx();
  c.logic = true;
  std::vector<const ir::Annotation *> clauses;
  const std::vector<LocSet> writes = writes_of(s.annots, AnnotKind::LoopWrites, c, clauses);
  std::vector<std::string> free_locals;
  if (clauses.empty()) {
    LocSet assigned;
    bool all_globals = false;
    assigned_in(p_, s.body, assigned, all_globals);
    for (const auto &v : assigned.locals)
      if (entry.vars.count(v)) free_locals.push_back(v);
  }
  cur_at_ = loc(s);
  give_oracle_values(gs, writes, clauses.empty(), free_locals);
  std::string why; // values the invariant cannot be evaluated on do not satisfy it either
  for (const auto &a : s.annots)
    if (a.kind == AnnotKind::Invariant && !eval_checked(*a.expr, annot_ctx(a), why).value_or(false))
      stop(OutcomeKind::Stuck,
           "the oracle's values for the giant step over " + name +
               " do not satisfy its invariant " + a.id,
           loc(a));
  if (tracing()) trace("giant step over " + name + " (visit " + std::to_string(gs.visit) + ")");
  const bool b = eval_bool(*s.cond, code_ctx());
  oracle_.on_branch(*s.cond, b);
  if (tracing()) trace("while " + ir::print(*s.cond) + ": " + (b ? "true" : "false"));
  if (!b) return Flow::Normal;
  const Flow f = iteration(s, entry, first_block);
  if (f == Flow::Return) return Flow::Return;
  if (f == Flow::Break) return Flow::Normal;
  stop(OutcomeKind::Stuck,
       "the iteration after the giant step over " + name +
           " ends without failure: the oracle shows no problem",
       loc(s));
}

} // namespace triage::rac
