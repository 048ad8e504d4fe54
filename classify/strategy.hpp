// A diagnosis strategy turns failed proofs into verdicts. `model` (solver models judged by small-
// and giant-step runtime checking) is one; strategies that generate tests come later and plug in
// here. Strategies refine the diagnoses in place, so they can be chained.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "vcgen/prove.hpp"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace triage::classify {

struct StrategyOptions {
  vcgen::Prover prover = vcgen::Prover::Portfolio; ///< the prover the proofs were asked of
  int extra_models = 3;                            ///< further models asked per goal
  std::chrono::milliseconds goal_budget{10000};    ///< time to diagnose one goal
  std::chrono::milliseconds run_limit{2000};       ///< time of one runtime-checking run
  long step_limit = 1000000;                       ///< steps of one runtime-checking run
};

/// What a strategy works with: the program, the proof session (for more models) and options.
struct StrategyContext {
  const ir::Program &program;
  vcgen::Session &session;
  StrategyOptions options;
};

class Strategy {
public:
  virtual ~Strategy() = default;
  virtual std::string name() const = 0;
  /// Gives a verdict to each failed goal of `goals` (indices as in Session::prove_all), keeping
  /// verdicts other strategies already settled when it has nothing better.
  virtual void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) = 0;
};

/// The strategies available: "model".
std::vector<std::string> strategy_names();
/// The strategy of that name; nullptr when there is none.
std::unique_ptr<Strategy> make_strategy(const std::string &name);

} // namespace triage::classify
