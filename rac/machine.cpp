#include "rac/machine.hpp"

#include "ir/error.hpp"

#include <algorithm>

namespace triage::rac {

Machine::Machine(const ir::Program &p, const Config &cfg, OracleSource &oracle)
    : p_(p), cfg_(cfg), oracle_(oracle) {}

Outcome Machine::run() {
  const ir::Function *f = p_.function(cfg_.function);
  if (!f) throw ir::Error(ir::SrcLoc{p_.file, 1, 1}, "no function named '" + cfg_.function + "'");
  if (!f->body)
    throw ir::Error(ir::where(p_, f->pos, f->src),
                    "'" + f->name + "' has no body: only a function with a body can be run");
  deadline_ = std::chrono::steady_clock::now() + cfg_.time_limit;
  // Bad inputs are configuration errors (ir::Error); everything after is program behaviour.
  setup_globals();
  std::vector<Value> args = setup_params(*f);
  try {
    std::optional<Value> result = call_function(*f, args, nullptr);
    out_.kind = OutcomeKind::Ok;
    out_.at = ir::where(p_, f->pos, f->src);
    (void)result;
  } catch (Stop &s) {
    s.outcome.giant_steps = std::move(out_.giant_steps);
    s.outcome.defaults_used = std::move(out_.defaults_used);
    s.outcome.passed_over = std::move(out_.passed_over);
    // A run that stops (a failure, the precondition, a limit) pinned values all the same: the
    // search must not call itself complete on their paths.
    s.outcome.concretized = std::move(out_.concretized);
    out_ = std::move(s.outcome);
  }
  out_.steps = steps_;
  out_.compiled_steps = compiled_steps_;
  return std::move(out_);
}

Outcome Machine::run_lemma(const ir::Annotation &lemma) {
  deadline_ = std::chrono::steady_clock::now() + cfg_.time_limit;
  out_.at = loc(lemma);
  try {
    Ctx c;
    c.logic = true;
    c.here = here();
    c.at = loc(lemma);
    if (!lemma.labels.empty())
      not_executable("a lemma over several memory states (the run has one memory)", c);
    if (!eval_bool(*lemma.expr, c))
      fail_annot(ir::GoalKind::Lemma, lemma, "-", "the lemma is false");
    out_.kind = OutcomeKind::Ok;
  } catch (Stop &s) {
    out_ = std::move(s.outcome);
  }
  out_.steps = steps_;
  return std::move(out_);
}

View Machine::here() {
  return View{&globals_, frames_.empty() ? nullptr : &top().vars, &mem_};
}

Snapshot Machine::snapshot() {
  return Snapshot{globals_, frames_.empty() ? VarMap{} : top().vars, mem_};
}

void Machine::stop(OutcomeKind kind, const std::string &reason, const ir::SrcLoc &at) {
  Stop s;
  s.outcome.kind = kind;
  s.outcome.reason = reason;
  s.outcome.at = at;
  s.outcome.state = state_text(returned_ ? &*returned_ : nullptr);
  s.outcome.state_json = state_json(returned_ ? &*returned_ : nullptr);
  throw s;
}

void Machine::fail(ir::GoalKind kind, const std::string &annot_id, const std::string &fn,
                   const ir::SrcLoc &at, const std::string &reason, bool undefined) {
  Stop s;
  s.outcome.kind = OutcomeKind::Failure;
  s.outcome.goal = ir::GoalRef{kind, annot_id, fn, at};
  s.outcome.reason = reason;
  s.outcome.undefined = undefined;
  s.outcome.at = at;
  s.outcome.state = state_text(returned_ ? &*returned_ : nullptr);
  s.outcome.state_json = state_json(returned_ ? &*returned_ : nullptr);
  throw s;
}

void Machine::fail_annot(ir::GoalKind kind, const ir::Annotation &a, const std::string &fn,
                         const std::string &reason, bool undefined) {
  if (passes_over(ir::GoalRef{kind, a.id, fn, loc(a)})) return;
  fail(kind, a.id, fn, loc(a), reason, undefined);
}

bool Machine::passes_over(const ir::GoalRef &g) {
  if (!cfg_.go_past || g.kind == ir::GoalKind::Lemma || !cfg_.go_past(g)) return false;
  auto &seen = out_.passed_over;
  if (std::find(seen.begin(), seen.end(), g) == seen.end()) seen.push_back(g);
  return true;
}

void Machine::rte(ir::GoalKind kind, const std::string &reason) {
  fail(kind, "", frames_.empty() ? "-" : top().fn->name, cur_at_, reason);
}

void Machine::not_executable(const std::string &reason, const Ctx &c) {
  stop(OutcomeKind::NotExecutable, reason, c.logic ? c.at : cur_at_);
}

void Machine::trace(const std::string &what, const std::optional<Value> &result) {
  if (!cfg_.trace && !cfg_.trace_step) return;
  if (cfg_.trace_step)
    cfg_.trace_step(TraceStep{cur_at_, frames_.empty() ? "-" : top().fn->name, what,
                              [this, result] { return state_items(result ? &*result : nullptr); }});
  if (!cfg_.trace) return;
  // Statements of callees say whose they are; the entry function's need not.
  const std::string in = frames_.size() > 1 ? "[" + top().fn->name + "] " : "";
  std::string line = cur_at_.file + ":" + std::to_string(cur_at_.line) + ": " + in + what;
  const std::string vars = state_text();
  cfg_.trace(line + (vars.empty() ? "" : "  |" + vars));
}

void Machine::report_default(const std::string &what) {
  out_.defaults_used.push_back(what);
}

Outcome run(const ir::Program &p, const Config &cfg) {
  CounterexampleOracle fallback(cfg.input);
  Machine m(p, cfg, cfg.oracle ? *cfg.oracle : static_cast<OracleSource &>(fallback));
  return m.run();
}

Outcome check_lemma(const ir::Program &p, const std::string &lemma_id, const Config &cfg) {
  for (const auto &d : p.decls)
    if (auto *a = std::get_if<std::shared_ptr<ir::Annotation>>(&d);
        a && (*a)->kind == ir::AnnotKind::Lemma && (*a)->id == lemma_id) {
      CounterexampleOracle none(cfg.input);
      return Machine(p, cfg, none).run_lemma(**a);
    }
  throw ir::Error(ir::SrcLoc{p.file, 1, 1}, "no lemma with id '" + lemma_id + "'");
}

} // namespace triage::rac
