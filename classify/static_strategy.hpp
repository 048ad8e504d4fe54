// The `static` strategy (Gladisch 2009, sections 3.2 and 3.3): a bug shown by the proof attempt
// itself, without running the program. A failed goal whose proof went through loop or call
// contracts is ambiguous: the code may be wrong, or a contract too weak. When those contracts
// are proved themselves and, for the inputs of a counterexample, every state they allow after
// the loop or call still fails the goal (falsifiability preservation, Definition 5, formula
// (2)), the real run from those inputs fails it too: a non-compliance, whatever the run's
// length. Partial correctness: a loop without a proved variant may not end, and the run then
// never reaches the goal (formula (3) is left out, as the paper recommends in practice). The
// strategy never shows a weakness: some allowed state satisfying the goal says nothing of
// whether a real run reaches it.
#pragma once

#include "classify/strategy.hpp"

namespace triage::classify {

class StaticStrategy : public Strategy {
public:
  std::string name() const override { return "static"; }
  /// Goals a non-compliance already explains are left as they are; a goal shown statically
  /// becomes a non-compliance (outranking an earlier weakness); any other keeps its verdict,
  /// with a note of why the check concluded nothing.
  void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) override;
};

} // namespace triage::classify
