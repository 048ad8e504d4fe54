// The `combined` strategy (the default): the model strategy first, as it is cheap; then the test
// strategy on what it left open. A goal the models explain only as a weakness still gets the
// test strategy's search for a non-compliance (a bug outranks a weak contract); a goal they leave
// unknown gets the whole test strategy. One verdict per goal, from the strategy that settled it.
#pragma once

#include "classify/model_strategy.hpp"
#include "classify/test_strategy.hpp"

namespace triage::classify {

class CombinedStrategy : public Strategy {
public:
  std::string name() const override { return "combined"; }
  void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) override {
    // A goal no solver could decide gets its first model judged, then testing: further models
    // of it would cost a prover timeout each and seldom help. So does a goal of a function with
    // a bug: its further models ran into that bug again (a binary search reading t[-1]: the
    // further models of every goal behind the read, every one masked by it).
    StrategyContext first = ctx;
    first.options.extra_models_undecided = 0;
    first.options.models_after_bug = false;
    models_.diagnose(first, goals);
    tests_.diagnose(ctx, goals);
  }

private:
  ModelStrategy models_;
  TestStrategy tests_;
};

} // namespace triage::classify
