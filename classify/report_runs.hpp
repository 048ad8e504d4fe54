// The runs a report shows beside the source (the HTML report): each failed goal's counterexample
// replayed by the runtime checker, statement by statement, with the values after each one.
#pragma once

#include "ir/ast.hpp"
#include "ir/json.hpp"

#include <cstddef>

namespace triage::classify {

/// How much of a run a report keeps: its last `max_steps` statements (the failure is at the end).
struct RunViewLimits {
  size_t max_steps = 3000;
  long run_steps = 1000000; ///< as a diagnosis replays (RunLimits)
};

/// The runs of one goal of a `--format json` report (docs/diagnose.md, "runs"): for a
/// non-compliance, the run that fails; for a weakness, the real run (every body executed) and
/// the run through the blamed contracts, whose giant steps take the counterexample's outputs.
/// Empty when the goal has no counterexample.
ir::Json goal_runs(const ir::Program &p, const ir::Json &goal, const RunViewLimits &limits = {});

/// Adds "runs" to every goal of the report that has a counterexample.
void attach_runs(const ir::Program &p, ir::Json &report, const RunViewLimits &limits = {});

} // namespace triage::classify
