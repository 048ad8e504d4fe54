// The test-based strategy (Petiot et al. 2018, sections 4 to 6): concolic test generation
// (dse/) looks for a counterexample in the real program (non-compliance), then with one
// subcontract at a time taken by its contract (single weakness), then with all of them (global
// weakness). Every input found is replayed small-step first: a failure there is a
// non-compliance. Exhausting every path of both the real program and the all-contracts one
// without a counterexample means prover incapacity (likely, when a `typically` clause reduced
// the inputs).
#pragma once

#include "classify/replay.hpp"
#include "classify/strategy.hpp"
#include "dse/explore.hpp"

#include <string>
#include <vector>

namespace triage::classify {

/// Goals an earlier strategy explained as a subcontract weakness get only the NC search (a bug
/// outranks a weak contract); non-compliances are kept as they are.
class TestStrategy : public Strategy {
public:
  std::string name() const override { return "test"; }
  void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) override;
};

/// How far a search for a bug went (GoalDiagnosis::nc_search): complete, stopped or bounded.
NcSearch search_extent(const dse::Result &r);

/// A non-compliance from a test's inputs, when its replay fails the goal first.
bool settle_nc_by_test(const ir::Program &p, GoalDiagnosis &d, ir::Counterexample inputs,
                       const RunLimits &limits);

/// A test of a giant-step exploration (subcontracts `names`, or those it went through for a
/// global one) failed the goal: a non-compliance when the real run from its inputs fails the
/// goal first, a weakness when the real run passes it; true once the verdict replays.
bool settle_weakness_by_test(const ir::Program &p, GoalDiagnosis &d, const dse::Test &t,
                             Scope scope, std::vector<std::string> names, const RunLimits &limits);

} // namespace triage::classify
