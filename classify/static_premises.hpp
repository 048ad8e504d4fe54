// What a verdict shown by the proof alone (the static strategy) rests on. It takes the state
// after each loop and call on the goal's path to be one that the loop's or callee's contract
// allows; a real run gets there only if those contracts hold on real runs and no other check
// stops it first. So the goals those contracts rest on must be proved: the function's own goals
// (its loops' invariants, frames and variants, the checks in their bodies, the callees'
// preconditions at the calls), every goal of every function it calls, directly or not, and the
// lemmas (proofs may use them).
#pragma once

#include "classify/diagnosis.hpp"
#include "classify/strategy.hpp"
#include "ir/ast.hpp"

#include <string>
#include <vector>

namespace triage::classify {

struct StaticPremises {
  /// Why a static verdict on the goal would not be sound (the first premise not proved); empty
  /// when every premise is proved.
  std::string missing;
  /// Partial correctness: the loops without a variant (loop@LINE) and the recursive functions
  /// on the way. A run may not end there, and then never reaches the goal.
  std::vector<std::string> may_not_terminate;
};

/// The premises of a static verdict on `goals[index]` (a goal of a function, not a lemma).
StaticPremises static_premises(const ir::Program &p, const std::vector<GoalDiagnosis> &goals,
                               size_t index, const StrategyOptions &options);

} // namespace triage::classify
