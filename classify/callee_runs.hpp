// A callee's own runs, and the postconditions they suggest for it (docs/diagnose.md, "Callees"):
// each output (a global it writes, `\result`, `*p` written through a parameter, `t[i]` written
// at an integer parameter) as a linear function of an input, bounded by one, by another output
// or by a constant, equal to one of the inputs (or their negations) on each run, or the outputs
// a permutation of their own entry values. Guesses, like every candidate: the invariant search
// keeps those the callee's proof shows and the caller's goals need.
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace triage::classify {

/// The integers of one run of a callee: on entry its inputs (parameters, globals, `*p` for the
/// cell a pointer parameter points to, `t[i]` for a cell it writes), on return its outputs
/// (globals, `result`, the same cells).
struct CallRun {
  std::map<std::string, long long> before, after;
};

/// The callee's runs: the concolic search's inputs (with work `budget`), and each of the first
/// ones with every integer input moved a little (a callee without branches has one path, and a
/// relation needs runs that differ). Inputs outside its precondition are left out; `inputs`
/// gets those of the runs kept.
std::vector<CallRun> callee_runs(const ir::Program &p, const ir::Function &g,
                                 std::chrono::milliseconds budget,
                                 std::vector<ir::Counterexample> &inputs);

/// `ensures` predicates of `g`, in ACSL, that every run in `runs` satisfies.
std::vector<std::string> postconditions_of_runs(const ir::Program &p, const ir::Function &g,
                                                const std::vector<CallRun> &runs);

} // namespace triage::classify
