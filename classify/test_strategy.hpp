// The test-based strategy (Petiot et al. 2018, sections 4 to 6): concolic test generation
// (dse/) looks for a counterexample in the real program (non-compliance), then with one
// subcontract at a time taken by its contract (single weakness), then with all of them (global
// weakness). Every input found is replayed small-step first: a failure there is a
// non-compliance. Exhausting every path of both the real program and the all-contracts one
// without a counterexample means prover incapacity (likely, when a `typically` clause reduced
// the inputs).
#pragma once

#include "classify/strategy.hpp"

namespace triage::classify {

/// Goals an earlier strategy explained as a subcontract weakness get only the NC search (a bug
/// outranks a weak contract); non-compliances are kept as they are.
class TestStrategy : public Strategy {
public:
  std::string name() const override { return "test"; }
  void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) override;
};

} // namespace triage::classify
