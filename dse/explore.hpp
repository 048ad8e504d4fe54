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

struct Options {
  std::string function;
  rac::Policy policy;           ///< giant-stepped subcontracts (their outputs are symbolic)
  bool assume_typically = true; ///< the `typically` clauses reduce the input domain
  std::optional<int> k;         ///< at most k consecutive iterations of one loop visit
  int max_block = 8;            ///< the longest input block when nothing else bounds a length
  std::chrono::milliseconds budget{10000}; ///< for the whole exploration
  long max_paths = 5000;
  long max_solver_calls = 20000;
  double solver_timeout_s = 2.0; ///< per query
  long run_steps = 200000;       ///< per run
  /// When set, the goal the search is for: the exploration stops at the first run whose first
  /// annotation failure matches it (the predicate), and other failures are gone past.
  std::function<bool(const ir::GoalRef &)> target;
  /// When set, the runs go past the annotation failures it accepts (rac::Config::go_past): one
  /// search then shows every goal a run fails, and which failed first.
  std::function<bool(const ir::GoalRef &)> go_past;
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
  std::vector<std::string> incomplete_because; ///< which bounds were hit, and why
  long paths = 0;
  long solver_calls = 0;
  long ms = 0;
  std::optional<size_t> found; ///< index in `tests` of the run that hit Options::target
  bool stopped = false;        ///< Options::enough ended the search
};

/// Explores `opts.function` of a type-checked program.
Result explore(const ir::Program &p, const Options &opts);

} // namespace triage::dse
