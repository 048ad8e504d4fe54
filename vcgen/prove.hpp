// Deductive verification: weakest-precondition VCs per goal, discharged by Z3 and cvc5; models of
// failed goals mapped back to IR values as counterexamples in the oracle format `triage run`
// reads. Interface contract shared with classify.
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "ir/goal.hpp"
#include "vcgen/prover.hpp"

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::vcgen {

/// What proving a goal ended with.
enum class GoalAnswer {
  Unsat,         ///< proved
  Sat,           ///< a solver found a model of the negated goal
  Unknown,       ///< the solvers gave up
  Timeout,       ///< the wall-clock backstop ended the attempts
  ResourceLimit, ///< the solver work ran out
  Refuted,       ///< its long attempts were skipped: it is known to fail (SkipLongAttempts)
  NotRun,        ///< the deadline came before it was tried
};
/// The names of the answers, in the order of the enumerators (the one table): what JSON and
/// text reports print.
inline constexpr std::array<const char *, 7> goal_answer_names{
    "unsat", "sat", "unknown", "timeout", "resource_limit", "refuted", "not_run"};
static_assert(size_t(GoalAnswer::NotRun) + 1 == goal_answer_names.size());
inline const char *goal_answer_name(GoalAnswer a) {
  return goal_answer_names[size_t(a)];
}

/// Whether the long proof attempts of a goal that the quick attempt left open are skipped, and
/// how the goal then fails (ProveOptions::skip_long_attempts): the caller knows of it what the
/// prover does not.
enum class SkipLongAttempts {
  No,      ///< the long attempts are made
  Refuted, ///< the goal is known to fail (a run breaks it): answer "refuted"
};

/// How much of what the lemmas say a proof attempt assumes. A goal's attempts come in this order:
/// without lemmas (when it has some), with the lemmas over one state, then with all of them.
enum class Lemmas { None, SingleState, All };

/// Which attempts proved a goal: the one of its property, and the one of its definedness when
/// that was a query of its own (none: no query, or not one of the attempts). A caller that asks
/// the same goal of a close variant (an invariant search removing a clause) can make those alone.
struct ProofRecipe {
  Lemmas property = Lemmas::SingleState;
  std::optional<Lemmas> definedness;
  friend bool operator==(const ProofRecipe &, const ProofRecipe &) = default;
};

struct ProveOptions {
  std::optional<std::string> function; ///< only this function's goals (lemmas always)
  Prover prover = Prover::Portfolio;
  /// Solver work per attempt and solver, in seconds of the reference machine (solver::Budget):
  /// counted in the solvers' resource units, it decides the same under any load. 0: by time.
  /// 1.2: the checks that run out of work are the dear ones, and their units cost two to three
  /// times the CPU the median check's do (docs/prove.md, "How budgets are counted").
  double work_s = 1.2;
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
  /// ones: whether to skip them. A skipped goal fails at once, with answer Refuted
  /// and no model. Called from the proving threads. (A diagnosis asks its short search for
  /// failing runs, classify::RefutationProbe.)
  std::function<SkipLongAttempts(const ir::GoalRef &)> skip_long_attempts;
  /// When set, only the goals it accepts are proved; the others fail at once, with answer
  /// NotRun and no solver call. (An invariant search asks only what decides its next step.)
  std::function<bool(const ir::GoalRef &)> only;
  /// Whether a failed goal gets a model (one more solver query with the whole budget). An
  /// invariant search asks only which goals are proved: a model would cost it as much again.
  bool models = true;
  /// The first goal that fails, in program order, ends the proof: the goals after it fail with
  /// answer NotRun, those not started at once and those running before their next attempt. A
  /// caller that only asks whether all are proved (an invariant search's minimisation) pays for
  /// one failure, and learns the same proved goals at any -j and load (those before it).
  bool stop_at_failure = false;
  /// When set and it gives a recipe for a goal, that goal is asked with the recipe's attempts
  /// only (no proof by induction): what they do not prove fails. An invariant search's removals
  /// ask the attempts that proved each goal with one clause more. A removal undone for a goal
  /// that another attempt would have proved costs a clause kept, never a wrong proof; each
  /// attempt it skips cost a failing goal its whole work.
  std::function<std::optional<ProofRecipe>(const ir::GoalRef &)> recipe;
  /// Whether a goal with lemmas over several states is also asked with the lemmas over one state
  /// alone, between the attempt without lemmas and the one with all. An invariant search asks
  /// thousands of goals, and each that fails pays every attempt: without this one, its goals that
  /// fail cost a third less, and those the one-state lemmas prove were proved with all of them
  /// (docs/benchmarks.md, "The allocator, and one attempt fewer while searching"). A recipe that
  /// names it is still followed.
  bool one_state_attempt = true;
};

enum class Status { Proved, Failed };

struct GoalResult {
  ir::GoalRef goal;
  Status status = Status::Failed;
  GoalAnswer answer = GoalAnswer::NotRun;
  std::optional<Prover> prover; ///< the solver that answered (none when none was asked)
  /// The variable of a lemma's proof by induction (vcgen/induction.hpp); empty otherwise.
  std::string induction;
  long time_ms = 0;
  std::optional<ProofRecipe> recipe;       ///< how it was proved (a proved goal's only)
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

  /// Falsifiability preservation (Gladisch 2009, Definition 5, formula (2)): whether, from the
  /// inputs of `inputs`, goal `index` fails for every value the loop and call contracts on its
  /// path allow their written locations to take (the VC's fresh constants of those sites), i.e.
  /// whether the goal's obligation is unsatisfiable with those inputs. true: valid (unsat, and
  /// the same inputs do fail the goal for some outputs: the hypotheses are consistent); false:
  /// some allowed outputs satisfy the goal; nullopt: undecided within the quick share of
  /// --work. Sound only when those contracts are proved: the caller's to check.
  std::optional<bool>
  fails_for_every_output(size_t index, const ir::Counterexample &inputs,
                         std::optional<std::chrono::steady_clock::time_point> until = std::nullopt);

  /// The other side of formula (2), when the inputs of the models tried do not work: inputs
  /// from which goal `index` fails for every value the contracts on its path allow (one
  /// quantified query: exists inputs, for all outputs), or nullopt when the solvers find none
  /// within the quick share of --work. A candidate only: the caller confirms it with
  /// fails_for_every_output, whose query has no quantifier over outputs.
  std::optional<ir::Counterexample> inputs_failing_for_every_output(
      size_t index, std::optional<std::chrono::steady_clock::time_point> until = std::nullopt);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace triage::vcgen
