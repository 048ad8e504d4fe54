// The diagnosis of one goal and the report of a whole program: what strategies produce and the
// renderers print. Plain data, no behaviour.
#pragma once

#include "classify/verdict.hpp"
#include "ir/counterexample.hpp"
#include "vcgen/prove.hpp"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

/// How far a test-based search for a non-compliance went (GoalDiagnosis::nc_search).
enum class NcSearch {
  NotRun,   ///< no test strategy ran, or nothing to run
  Complete, ///< every path explored
  Stopped,  ///< it stopped early, at a failing run of another goal
  Bounded,  ///< a bound was hit: no bug within the bounds
};
/// The names of the extents, in the order of the enumerators (the one table): JSON and SARIF.
inline constexpr std::array<const char *, 4> nc_search_names{"not_run", "complete", "stopped",
                                                             "bounded"};
static_assert(size_t(NcSearch::Bounded) + 1 == nc_search_names.size());
inline const char *nc_search_name(NcSearch s) {
  return nc_search_names[size_t(s)];
}

/// Which inputs the searches behind a `likely_prover_incapacity` covered: the `typically`
/// clauses of the function, or a small scope triage chose (dse::SmallScope), in words.
enum class ScopeKind {
  Typically, ///< the inputs the function's `typically` clauses allow
  Automatic, ///< a small scope triage chose
  Apart,     ///< every input, but pointer inputs in blocks of their own
};
/// The names of the kinds, in the order of the enumerators (the one table): JSON and SARIF.
inline constexpr std::array<const char *, 3> scope_kind_names{"typically", "automatic",
                                                              "blocks_apart"};
static_assert(size_t(ScopeKind::Apart) + 1 == scope_kind_names.size());
inline const char *scope_kind_name(ScopeKind k) {
  return scope_kind_names[size_t(k)];
}

struct SearchScope {
  ScopeKind kind = ScopeKind::Automatic;
  std::string text; ///< `arrays <= 4 cells, integers in [-8, 8] and within 2 of ±100`
  /// Automatic: the longest input array, and the intervals integer inputs and cells were in.
  size_t cells = 0;
  std::vector<std::pair<ir::BigInt, ir::BigInt>> intervals;
};

struct GoalDiagnosis {
  vcgen::GoalResult result; ///< the goal and what the prover said
  Verdict verdict = Verdict::Unknown;
  Scope scope = Scope::Single;           ///< subcontract weakness: one contract or all together
  std::vector<std::string> subcontracts; ///< subcontract weakness: the contracts to strengthen
  /// Non-compliance: the inputs (no subcontract outputs). Subcontract weakness: the inputs and the
  /// outputs of the giant-stepped subcontracts. Replays under the policy `scope` implies.
  std::optional<ir::Counterexample> counterexample;
  std::string failure_state; ///< the variables at the failure on the replay, for people
  /// What the replay's checker said of the failure when more than "false" (an overflow, a read
  /// outside a block inside the annotation, a negative variant).
  std::string failure_reason;
  std::string strategy;           ///< which strategy gave the verdict
  long time_ms = 0;               ///< time spent diagnosing this goal
  std::vector<std::string> notes; ///< what happened to each candidate counterexample
  int models_tried = 0;
  /// How far the test-based search for a non-compliance went.
  NcSearch nc_search = NcSearch::NotRun;
  /// Bounded: the bounds that stopped that search (time, block length, k, run limits), as
  /// dse::Result::incomplete_because says them.
  std::vector<std::string> nc_search_bounds;
  /// Why a run of a candidate could not be completed because an annotation cannot be executed
  /// (`line N: reason`): what the user can change for a diagnosis to be possible.
  std::string not_executable;
  /// Unknown because something else must change first (a loop contract a real run breaks,
  /// another goal's bug, a contract already too weak): what to do, for the suggestion.
  std::string fix_first;
  /// A non-compliance shown by the proof alone (the static strategy): why every state the
  /// contracts on the path allow fails the goal, and its caveats, for people; empty when a run
  /// showed it.
  std::string shown_statically;
  /// likely_prover_incapacity: the inputs its searches covered (none explored past them).
  std::optional<SearchScope> search_scope;
  /// False when the counterexample's replay was not made: the real run is longer than the step
  /// limit (a statically shown non-compliance).
  bool replayed = true;
};

/// Clauses suggested for one loop (each a `loop invariant`) or one callee (each an `ensures`):
/// ACSL predicates.
struct LoopInvariants {
  std::string loop;         ///< loop@LINE, or the callee whose contract gets the clauses
  int line = 0, column = 0; ///< where the loop's annotation (or the loop) starts; for a callee,
                            ///< just after its contract's last clause
  std::vector<std::string> clauses;
  std::string keyword = "loop invariant"; ///< or "ensures", for a callee
  /// The clause, as written, that these replace (`loop assigns L, R, t[0];`), at line:column;
  /// empty when they are added.
  std::string replaces;
};

/// A checked suggestion for the loops of one function (classify/invariant_search.hpp): with
/// these clauses added, a proof of the function shows the goals in `proves`.
struct FunctionFix {
  std::string function;
  std::vector<LoopInvariants> loops;      ///< empty when no candidate made a goal provable
  std::vector<ir::GoalRef> proves;        ///< failed goals the suggestion makes provable
  std::vector<ir::GoalRef> still_failing; ///< failed goals it does not
  size_t candidates = 0;                  ///< tried, from runs and from the goals
  size_t after_runs = 0;                  ///< those every generated run satisfies
  size_t inductive = 0;                   ///< those left by Houdini's pruning
  long time_ms = 0;
  std::string note; ///< why there is no suggestion, or what was left out
};

/// The goals of one program, in program order.
struct Report {
  std::string file;     ///< the input file as given on the command line
  std::string strategy; ///< the strategy asked for
  std::vector<GoalDiagnosis> goals;
  /// The options it was read with (-I, -D), shell-quoted with a leading blank: replay commands
  /// need them too.
  std::string source_flags = {};
  /// With --suggest: the loop invariants found for the failed goals, one entry per function.
  std::vector<FunctionFix> fixes = {};
  /// Per function, its inputs as the source program names them (ir::Function::source_inputs):
  /// counterexamples and replay lines are shown in those terms.
  std::map<std::string, std::vector<ir::SourceInput>> source_inputs = {};

  /// `c`'s inputs as the source program names them.
  ir::NamedValues inputs_in_source(const ir::Counterexample &c) const;
};

} // namespace triage::classify
