// Counterexample categorisation (Becker et al. 2021, section 2) as a small pure function over the
// outcome of a small-step run and, when one was needed, of a giant-step run from the same
// candidate counterexample. No solver and no interpreter here: only their results.
#pragma once

#include "ir/goal.hpp"
#include "rac/interpreter.hpp"

#include <functional>
#include <optional>

namespace triage::classify {

/// Whether a runtime failure is a failure of `goal`: same kind and source line (and file), and
/// the same annotation when both name one (for a call precondition the call site is enough).
/// Sub-goals of a split annotation share all three.
bool same_goal(const ir::GoalRef &goal, const ir::GoalRef &failed);

/// The goals whose failure on a run may hide `target`'s: goals its proof does not assume that a
/// run checks before it at the same point. A function's postconditions and assigns goal are all
/// checked on return and none assumes another, so for one of them, the others of its function;
/// for any other goal, none (nullptr): what a run checks before it, its proof assumes (an
/// assertion, an invariant, a runtime check), and a run that fails there is no counterexample
/// of its proof.
std::function<bool(const ir::GoalRef &)> masking_goals(const ir::GoalRef &target);

/// What one run says about one goal.
enum class RunResult {
  FailsGoal,    ///< the run fails this goal
  FailsOther,   ///< the run fails another goal first
  PassesGoal,   ///< (run going past failures) others fail, this goal never does, the run ends
  Stuck,        ///< a giant step's oracle contradicts its contract
  Ok,           ///< the run ends normally
  OutsidePre,   ///< the inputs violate the entry precondition
  Inconclusive, ///< not executable, or a step or time limit reached
};

/// A run made with rac::Config::go_past that failed other annotations first is `FailsOther`
/// when it fails the goal later or does not end (the goal may be masked), `PassesGoal` otherwise.
RunResult judge(const rac::Outcome &o, const ir::GoalRef &goal);

/// The first failure of a run: the first annotation it went past, else its failure.
std::optional<ir::GoalRef> first_failure(const rac::Outcome &o);

/// A goal as a failure reads to people: `rte_memory at line 24`.
std::string failure_text(const ir::GoalRef &g);

/// What a candidate counterexample shows about a goal.
enum class Category {
  NonCompliance,          ///< small-step run fails the goal
  NonComplianceElsewhere, ///< small-step run fails another goal: a non-compliance of that one
  NeedsGiantStep,         ///< small-step run ends normally: run giant-step to decide
  SubcontractWeakness,    ///< small-step ends normally, giant-step fails the goal
  WeaknessElsewhere,      ///< giant-step fails another goal: says nothing about this one
  InvalidModel,           ///< inputs outside the precondition or giant step stuck: bad model
  Discarded,              ///< giant-step ends normally: the model satisfies the goal
  Inconclusive,           ///< a run could not be completed (limits, non-executable code)
};

/// Categorises from the small-step result and, once it is known, the giant-step result.
Category categorise(RunResult small, std::optional<RunResult> giant = std::nullopt);

/// A short fixed phrase per category, for the notes of a diagnosis ("model discarded: ...").
const char *category_phrase(Category c);

} // namespace triage::classify
