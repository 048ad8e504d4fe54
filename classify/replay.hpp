// Running a candidate counterexample through the runtime assertion checker, and checking that an
// emitted verdict's counterexample really fails its goal: no non-compliance or subcontract
// weakness leaves classify without a replay that shows it.
#pragma once

#include "classify/categorise.hpp"
#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "rac/interpreter.hpp"

#include <chrono>

namespace triage::classify {

/// Limits of one runtime-checking run.
struct RunLimits {
  long steps = 1000000;
  std::chrono::milliseconds time{2000};
};

/// Runs `cex.function` from `cex` under `policy`.
/// With `until`, the run goes past every annotation failure but those of that goal
/// (rac::Config::go_past); with `trace`, each statement is told to it (rac::Config::trace_step).
rac::Outcome run_candidate(const ir::Program &p, const ir::Counterexample &cex,
                           const rac::Policy &policy, const RunLimits &limits,
                           const ir::GoalRef *until = nullptr,
                           std::function<void(const rac::TraceStep &)> trace = {});

/// The giant-step policy a verdict's counterexample replays under: none for a non-compliance,
/// the named subcontracts for a single weakness, all for a global one.
rac::Policy replay_policy(const GoalDiagnosis &d);

/// Names of the subcontracts a run giant-stepped, each once, in the order first taken (havoc
/// statements are no subcontracts).
std::vector<std::string> traversed(const rac::Outcome &o);

/// The counterexample without subcontract outputs: the inputs of a real run (with the values
/// of its `havoc` statements, which every run takes from the oracle).
ir::Counterexample inputs_only(ir::Counterexample c);

/// The counterexample with only the subcontract outputs the run's giant steps used.
ir::Counterexample keep_outputs_used(const ir::Counterexample &cex,
                                     const std::vector<rac::GiantStep> &steps);

/// Whether the run `o` of a definite verdict's counterexample fails the diagnosed goal; when it
/// does, fills `d.failure_state` and `d.failure_reason` from it.
bool record_failure(const rac::Outcome &o, GoalDiagnosis &d);

/// Re-runs a definite verdict's counterexample; true when the run fails the diagnosed goal. Fills
/// `d.failure_state` from the replay.
bool confirm(const ir::Program &p, GoalDiagnosis &d, const RunLimits &limits);

} // namespace triage::classify
