// `triage verify`: the verdict of a verification task (docs/verify.md). A task's property holds
// of every run of `main`: `false` needs a run that breaks it, which the concolic search finds
// and the runtime checker replays; `true` needs every path explored, or a proof of every goal
// of the property (in every function, calls by their contracts), with loop invariants of
// triage's own when the program has none, checked by that proof; anything else is `unknown`.
#pragma once

#include "classify/invariant_search.hpp"
#include "classify/task_definition.hpp"
#include "classify/testcomp.hpp"
#include "dse/explore.hpp"
#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "vcgen/prove.hpp"

#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

enum class TaskVerdict { True, False, Unknown };
const char *verdict_name(TaskVerdict v);

struct VerifyOptions {
  vcgen::ProveOptions prove;
  /// The concolic search from main: its work, in milliseconds of the reference machine, and
  /// the steps of one run (long loops run to their end).
  std::chrono::milliseconds search_budget{20000};
  long run_steps = 400'000'000;
  /// When set, loop invariants are looked for (FixContext::compile and source must be set).
  std::optional<FixContext> fixes;
};

struct TaskResult {
  TaskVerdict verdict = TaskVerdict::Unknown;
  std::string reason; ///< one sentence: why this verdict
  /// `false`: the goal the run breaks, and the run's inputs (the values of the nondeterministic
  /// calls are the outputs of its `havoc@LINE` steps, in the order the run reads them).
  std::optional<ir::GoalRef> goal;
  std::optional<ir::Counterexample> witness;
  /// The values the nondeterministic calls return on that run, in order (a Test-Comp test).
  std::vector<ir::Json> test_inputs;
  /// `true` by proof with invariants triage found: the loops' new clauses.
  std::vector<FunctionFix> invariants;
  long paths = 0; ///< of the search
  bool search_complete = false;
  long time_ms = 0;
};

/// The verdict of property `k` on the type-checked program `p` (from its function `main`).
TaskResult verify(const ir::Program &p, TaskPropertyKind k, const VerifyOptions &o);

} // namespace triage::classify
