// Concolic test generation (dynamic symbolic execution) on the one interpreter: runs the entry
// function concretely with the symbolic shadow on (rac::Config::symbolic), records the decisions
// of the run as terms, negates them one by one (generational search, no path twice) and asks Z3
// for inputs (and giant-step outputs) that take the other way. Petiot et al. 2018, sections 4-5:
// with giant-stepped subcontracts the same search looks for subcontract weaknesses.
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "rac/interpreter.hpp"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace triage::dse {

/// A small scope of inputs (the small-scope hypothesis of Jackson's Alloy: most bugs show on
/// small inputs): input arrays of at most `cells` cells; integer inputs and cells within `window`
/// of zero, or within `near` of a constant the program mentions (either sign). Inputs outside it
/// are not explored and leave the search complete: complete *within the scope*. Giant steps'
/// outputs are not restricted (any state the contract allows).
struct SmallScope {
  size_t cells = 4;
  long window = 8;
  long near = 2; ///< 0: no values near the program's constants
};

/// A scope over one program, as reports state it.
struct ScopeDescription {
  std::string text; ///< `arrays <= 4 cells, integers in [-8, 8] and within 2 of ±100`
  /// The intervals its integers may take: [-window, window], and [c - near, c + near] around
  /// each constant c of the program beyond the window, and around -c.
  std::vector<std::pair<ir::BigInt, ir::BigInt>> intervals;
};
ScopeDescription describe_scope(const ir::Program &p, const SmallScope &s);

struct Options {
  std::string function;
  std::optional<SmallScope> scope; ///< inputs restricted to it (none: their types only)
  rac::Policy policy;              ///< giant-stepped subcontracts (their outputs are symbolic)
  bool assume_typically = true;    ///< the `typically` clauses reduce the input domain
  std::optional<int> k;            ///< at most k consecutive iterations of one loop visit
  int max_block = 8;               ///< the longest input block when nothing else bounds a length
  /// The work the whole exploration may do, in milliseconds of work of the reference machine
  /// (the 2-core development machine): counted from what the search does (runs, interpreter
  /// steps, solver calls and the solvers' resource units: `WorkRates`), not timed, so that the
  /// same search does the same on any machine under any load.
  std::chrono::milliseconds budget{10000};
  /// The wall-clock backstop of the whole exploration, for work nothing counts (a run or a
  /// query that ignores its limits); none: five times the budget, at least 2 s. It is the limit
  /// that bites only on a machine several times slower, or busier, than the reference.
  std::optional<std::chrono::milliseconds> backstop;
  long max_paths = 5000;
  long max_solver_calls = 20000;
  double solver_work_s = 2.0;   ///< per query, in seconds of work (the solver's resource units)
  double solver_timeout_s = 10; ///< per query, the wall-clock backstop
  long run_steps = 200000;      ///< per run
  /// The wall-clock backstop of one run, within the search's: a run is bounded by its steps
  /// (the work left); this is for a machine too slow for them (a sanitizer build). Long runs
  /// (`triage verify`'s loops of millions of iterations) get more.
  std::chrono::milliseconds run_backstop{25000};
  /// When set, the goal the search is for: the exploration stops at the first run whose first
  /// annotation failure matches it (the predicate). A run that fails another goal first ends
  /// there (unless go_past lets it go on).
  std::function<bool(const ir::GoalRef &)> target;
  /// When set, the goals whose failure hides the target's: the target's proof does not assume
  /// them (a postcondition, for the function's assigns goal, both checked on return), so a run
  /// that fails one first may fail the target too, unseen: the search is then not complete.
  std::function<bool(const ir::GoalRef &)> masks;
  /// When set, the runs go past the annotation failures it accepts (rac::Config::go_past): one
  /// search then shows every goal a run fails, and which failed first.
  std::function<bool(const ir::GoalRef &)> go_past;
  bool pass_unexecutable_checks = false; ///< rac::Config::pass_unexecutable_checks
  /// Called after each run (progress, streaming output).
  std::function<void(const struct Test &, long paths)> on_test;
  /// When set, called after each run: true ends the search there (the tests so far are all the
  /// caller needs), which is then not complete.
  std::function<bool(const struct Test &)> enough;
};

/// One generated test: the inputs (and giant-step outputs) and what the run did.
struct Test {
  ir::Counterexample input;
  rac::Outcome outcome;
  size_t decisions = 0; ///< the path's length in decisions
};

struct Result {
  std::vector<Test> tests;
  /// Every feasible path explored: no bound hit, no solver `unknown`, nothing concretized.
  bool complete = false;
  /// Pointer inputs that may share a block but got blocks of their own (`"a and b"`): with
  /// them, `complete` is false, and `complete_apart` says whether every path was explored
  /// but for the runs where they share one.
  std::vector<std::string> apart;
  bool complete_apart = false;
  std::vector<std::string> incomplete_because; ///< which bounds were hit, and why
  long paths = 0;
  long solver_calls = 0;
  long steps = 0;   ///< interpreter steps of every run
  long work_ms = 0; ///< the work done, in milliseconds of the reference machine (Options::budget)
  long ms = 0;      ///< wall-clock time
  std::optional<size_t> found; ///< index in `tests` of the run that hit Options::target
  bool stopped = false;        ///< Options::enough ended the search
};

/// What a search's work costs on the reference machine, in seconds: each run, each interpreter
/// step, each decision of a run's path, each assertion added to the solver, each solver call
/// (scopes, reading the model), and the solver's own work
/// (its resource units, at the rate of Backend::set_work). Calibrated by TRIAGE_DSE_STATS
/// (docs/dse.md, "Bounds and completeness").
struct WorkRates {
  double per_run;
  double per_step;
  double per_call;
  double per_decision;  ///< of a run's path (hashed, recorded)
  double per_assertion; ///< added to the solver (translated, asserted)
  /// Per check, per assertion in the solver's scopes then (what Z3 goes through at each check,
  /// beyond its counted units: long paths make checks dear).
  double per_checked_assertion;
  double per_node; ///< per distinct term node of a run's decisions (translated, hashed)
  /// Per run, per square of its decisions (up to a thousand, linear beyond): a long path's terms
  /// grow with it, and each of its
  /// visits asserts them again (isqrt's loops from n down, a thousand decisions a run, cost
  /// twice what the linear prices count).
  double per_decision_squared;
  /// Z3's resource units cost more CPU per unit in a search's incremental queries than in the
  /// proofs the rate was calibrated on: their seconds of work times this.
  double solver_factor;
};
extern const WorkRates work_rates;

/// Explores `opts.function` of a type-checked program.
Result explore(const ir::Program &p, const Options &opts);

} // namespace triage::dse
