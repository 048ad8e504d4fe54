#include "classify/replay.hpp"

#include "ir/error.hpp"

#include <algorithm>

namespace triage::classify {

rac::Outcome run_candidate(const ir::Program &p, const ir::Counterexample &cex,
                           const rac::Policy &policy, const RunLimits &limits,
                           const ir::GoalRef *until,
                           std::function<void(const rac::TraceStep &)> trace) {
  rac::Config cfg;
  cfg.trace_step = std::move(trace);
  if (until) cfg.go_past = [until](const ir::GoalRef &g) { return !same_goal(*until, g); };
  cfg.function = cex.function;
  cfg.input = cex;
  cfg.policy = policy;
  cfg.step_limit = limits.steps;
  cfg.time_limit = limits.time;
  try {
    return rac::run(p, cfg);
  } catch (const ir::Error &e) {
    // A model value outside its type (or of the wrong shape) is no input of the program: the
    // model is unusable, like inputs outside the precondition.
    rac::Outcome o;
    o.kind = rac::OutcomeKind::OutsidePrecondition;
    o.reason = "not an input of the program: " + e.message();
    return o;
  }
}

rac::Policy replay_policy(const GoalDiagnosis &d) {
  rac::Policy policy;
  if (d.verdict != Verdict::SubcontractWeakness) return policy;
  if (d.scope == Scope::Global)
    policy.all_giant = true;
  else
    policy.giant.insert(d.subcontracts.begin(), d.subcontracts.end());
  return policy;
}

std::vector<std::string> traversed(const rac::Outcome &o) {
  std::vector<std::string> names;
  for (const auto &s : o.giant_steps)
    if (!rac::is_havoc(s.subcontract) &&
        std::find(names.begin(), names.end(), s.subcontract) == names.end())
      names.push_back(s.subcontract);
  return names;
}

ir::Counterexample inputs_only(ir::Counterexample c) {
  std::erase_if(c.outputs, [](const auto &o) { return !rac::is_havoc(o.subcontract); });
  return c;
}

ir::Counterexample keep_outputs_used(const ir::Counterexample &cex,
                                     const std::vector<rac::GiantStep> &steps) {
  ir::Counterexample out = cex;
  out.outputs.clear();
  std::vector<const ir::SubcontractOutput *> kept;
  for (const auto &s : steps) {
    const ir::SubcontractOutput *o = cex.output(s.subcontract, s.line, s.visit);
    if (o && std::find(kept.begin(), kept.end(), o) == kept.end()) {
      kept.push_back(o);
      out.outputs.push_back(*o);
    }
  }
  return out;
}

bool confirm(const ir::Program &p, GoalDiagnosis &d, const RunLimits &limits) {
  if (!is_definite(d.verdict) || !d.counterexample) return false;
  return record_failure(run_candidate(p, *d.counterexample, replay_policy(d), limits), d);
}

bool record_failure(const rac::Outcome &o, GoalDiagnosis &d) {
  if (judge(o, d.result.goal) != RunResult::FailsGoal) return false;
  // The checker's state text starts with a separator; people read it after a colon.
  const size_t start = o.state.find_first_not_of(' ');
  d.failure_state = start == std::string::npos ? "" : o.state.substr(start);
  d.failure_reason = o.reason;
  return true;
}

} // namespace triage::classify
