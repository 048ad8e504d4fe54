// Deductive verification: weakest-precondition VCs per goal, discharged by Z3 and cvc5; models of
// failed goals mapped back to IR values as counterexamples in the oracle format `triage run`
// reads. Interface contract shared with classify.
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "ir/goal.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::vcgen {

enum class Prover { Z3, Cvc5, Portfolio };

/// What a diagnosis already knows of a goal that the quick proof attempt left open
/// (ProveOptions::shortcut).
enum class Shortcut {
  None,    ///< nothing: the long attempts are made
  Refuted, ///< a replayed run of the program breaks it: it could only fail
  /// It relies on a loop contract that a replayed run breaks: whatever the prover said of it
  /// would rest on a contract (or code) about to change, so the long attempts are not made.
  Deferred,
};

struct ProveOptions {
  std::optional<std::string> function; ///< only this function's goals (lemmas always)
  Prover prover = Prover::Portfolio;
  /// Solver work per attempt and solver, in seconds of the reference machine (vcgen::Budget):
  /// counted in the solvers' resource units, it decides the same under any load. 0: by time.
  double work_s = 2.0;
  /// Wall-clock seconds per attempt and solver: a backstop for the work the solvers do not
  /// count, larger than the time the work takes on an idle machine.
  double timeout_s = 10.0;
  bool rte = true;          ///< runtime-error goals
  bool well_defined = true; ///< VcOptions::well_defined
  unsigned seed = 0;
  /// When proving must end: goals not tried by then fail with answer "not_run", and no solver
  /// call runs past it.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  int jobs = 1; ///< goals proved at once, each by a thread of its own
  /// Asked of a goal that the quick attempt (a fifth of a second) left open, before the long
  /// ones: what a diagnosis's short search for failing runs (classify::RefutationProbe) knows
  /// of it. A refuted goal could only fail: it does so at once, with answer "refuted" and no
  /// model; a deferred one fails at once too, with answer "deferred" and no model. Called from
  /// the proving threads.
  std::function<Shortcut(const ir::GoalRef &)> shortcut;
};

enum class Status { Proved, Failed };

struct GoalResult {
  ir::GoalRef goal;
  Status status = Status::Failed;
  /// "unsat" (proved), "sat", "unknown", "resource_limit" (the work ran out), "timeout" (the
  /// time did), "refuted" or "deferred" (ProveOptions::shortcut), "not_run"
  std::string answer;
  std::string prover; ///< the solver that answered: "z3", "cvc5"
  long time_ms = 0;
  std::optional<ir::Counterexample> model; ///< candidate counterexample when sat/unknown with model
};

/// All goals of a program, kept so that a diagnosis can ask a failed goal for further models.
class Session {
public:
  Session(const ir::Program &p, ProveOptions opts);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// The goals, in program order (as prove_all returns them).
  std::vector<ir::GoalRef> goals() const;

  /// Proves every goal (in program order) and returns one result per goal.
  std::vector<GoalResult> prove_all();

  /// Another candidate counterexample for goal `index` of prove_all's result: with the given
  /// solver and seed, excluding models whose inputs equal any of `exclude`. nullopt when the
  /// solver finds none (unsat, timeout, no model). No solver call runs past `until`.
  std::optional<ir::Counterexample>
  another_model(size_t index, Prover prover, unsigned seed,
                const std::vector<ir::Counterexample> &exclude,
                std::optional<std::chrono::steady_clock::time_point> until = std::nullopt);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

const char *prover_name(Prover p);

} // namespace triage::vcgen
