// The `model` strategy: giant-step assertion checking (Becker et al. 2021, section 2) of the
// solvers' models, plus what the paper leaves out: naming a single too-weak subcontract when the
// inputs show one, and asking for other models (other solver, other seed, previous ones
// excluded) before giving up.
#pragma once

#include "classify/strategy.hpp"

namespace triage::classify {

class ModelStrategy : public Strategy {
public:
  std::string name() const override { return "model"; }
  void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) override;
};

} // namespace triage::classify
