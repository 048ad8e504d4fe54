// The `combined` strategy (the default): the static check of the proof alone first (a bug that
// every state the proved contracts allow shows: no run), then the model strategy, as it is cheap;
// then the test strategy on what they left open. A goal the models explain only as a weakness still
// gets the test strategy's search for a non-compliance (a bug outranks a weak contract); a goal
// they leave unknown gets the whole test strategy. One verdict per goal, from the strategy that
// settled it.
#pragma once

#include "classify/model_strategy.hpp"
#include "classify/static_strategy.hpp"
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
    // First, the proof may show a bug by itself: a solver call or two per goal whose contracts
    // are proved, on the prover's own model, before any run of the models' (each up to the step
    // limit: big_sum.c's loop of three billion iterations ends none) or search, which may be
    // long. A non-compliance it shows is final; the other goals go on as before.
    StrategyContext proof_only = ctx;
    proof_only.options.static_models = 0;
    static_.diagnose(proof_only, goals);
    models_.diagnose(first, goals);
    tests_.diagnose(ctx, goals);
  }

private:
  ModelStrategy models_;
  StaticStrategy static_;
  TestStrategy tests_;
};

} // namespace triage::classify
