#include "classify/diagnose.hpp"

#include "classify/model_strategy.hpp"

#include <stdexcept>

namespace triage::classify {

std::vector<std::string> strategy_names() {
  return {"model"};
}

std::unique_ptr<Strategy> make_strategy(const std::string &name) {
  if (name == "model") return std::make_unique<ModelStrategy>();
  return nullptr;
}

Report diagnose(const ir::Program &p, const DiagnoseOptions &opts) {
  std::unique_ptr<Strategy> strategy = make_strategy(opts.strategy);
  if (!strategy) throw std::invalid_argument("unknown diagnosis strategy '" + opts.strategy + "'");
  vcgen::Session session(p, opts.prove);
  Report report{opts.file, strategy->name(), {}};
  for (vcgen::GoalResult &r : session.prove_all()) {
    GoalDiagnosis d;
    d.verdict = r.status == vcgen::Status::Proved ? Verdict::Proved : Verdict::Unknown;
    d.result = std::move(r);
    report.goals.push_back(std::move(d));
  }
  StrategyContext ctx{p, session, opts.strategy_options};
  ctx.options.prover = opts.prove.prover;
  strategy->diagnose(ctx, report.goals);
  return report;
}

} // namespace triage::classify
