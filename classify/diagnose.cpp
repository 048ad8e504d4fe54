#include "classify/diagnose.hpp"

#include "classify/combined_strategy.hpp"
#include "classify/refutation_probe.hpp"

#include <stdexcept>

namespace triage::classify {

namespace {
/// Further models come from the proof session that failed the goals.
class SessionModels : public ModelSource {
public:
  explicit SessionModels(vcgen::Session &s) : session_(s) {}
  std::optional<ir::Counterexample>
  another_model(size_t index, vcgen::Prover prover, unsigned seed,
                const std::vector<ir::Counterexample> &exclude,
                std::chrono::steady_clock::time_point until) override {
    return session_.another_model(index, prover, seed, exclude, until);
  }
  std::optional<bool> fails_for_every_output(size_t index, const ir::Counterexample &inputs,
                                             std::chrono::steady_clock::time_point until) override {
    return session_.fails_for_every_output(index, inputs, until);
  }
  std::optional<ir::Counterexample>
  inputs_failing_for_every_output(size_t index,
                                  std::chrono::steady_clock::time_point until) override {
    return session_.inputs_failing_for_every_output(index, until);
  }

private:
  vcgen::Session &session_;
};
} // namespace

std::vector<std::string> strategy_names() {
  return {"combined", "model", "test", "static"};
}

std::unique_ptr<Strategy> make_strategy(const std::string &name) {
  if (name == "model") return std::make_unique<ModelStrategy>();
  if (name == "test") return std::make_unique<TestStrategy>();
  if (name == "combined") return std::make_unique<CombinedStrategy>();
  if (name == "static") return std::make_unique<StaticStrategy>();
  return nullptr;
}

Report diagnose(const ir::Program &p, const DiagnoseOptions &opts) {
  return diagnose_each(p, opts, {opts.strategy}).front();
}

std::vector<Report> diagnose_each(const ir::Program &p, const DiagnoseOptions &opts,
                                  const std::vector<std::string> &strategies) {
  std::vector<std::unique_ptr<Strategy>> chosen;
  for (const auto &name : strategies) {
    chosen.push_back(make_strategy(name));
    if (!chosen.back()) throw std::invalid_argument("unknown diagnosis strategy '" + name + "'");
  }
  // A strategy that tests anyway may let tests break goals while they are proved; the model and
  // static strategies, and a comparison of strategies, get every goal's proof attempts and models.
  const bool probing = strategies.size() == 1 &&
                       (strategies.front() == "combined" || strategies.front() == "test") &&
                       opts.strategy_options.probe_budget.count() > 0;
  std::unique_ptr<RefutationProbe> probe;
  // Every goal first gets the proof attempts `triage prove` gives it: the deadline bounds the
  // diagnosis of the goals left, never their proofs (a proof lost to diagnosing is a false
  // alarm the user did not have before asking why).
  vcgen::ProveOptions prove = opts.prove;
  prove.deadline.reset();
  if (probing)
    prove.skip_long_attempts = [&probe](const ir::GoalRef &g) {
      return probe ? probe->check(g) : vcgen::SkipLongAttempts::No;
    };
  vcgen::Session session(p, prove);
  if (probing) {
    StrategyOptions o = opts.strategy_options;
    o.deadline = opts.prove.deadline;
    probe = std::make_unique<RefutationProbe>(p, o, session.goals());
  }
  std::vector<GoalDiagnosis> proved;
  for (vcgen::GoalResult &r : session.prove_all()) {
    GoalDiagnosis d;
    d.verdict = r.status == vcgen::Status::Proved ? Verdict::Proved : Verdict::Unknown;
    d.result = std::move(r);
    proved.push_back(std::move(d));
  }
  if (probe) probe->settle(proved);
  SessionModels models(session);
  std::vector<Report> reports;
  for (const auto &strategy : chosen) {
    Report report{opts.file, strategy->name(), proved, opts.source_flags};
    StrategyContext ctx{p, models, opts.strategy_options};
    ctx.options.prover = opts.prove.prover;
    ctx.options.jobs = opts.prove.jobs;
    ctx.options.only_function = opts.prove.function;
    ctx.options.rte = opts.prove.rte;
    ctx.options.well_defined = opts.prove.well_defined;
    strategy->diagnose(ctx, report.goals);
    for (const ir::Function *f : p.functions())
      if (!f->source_inputs.empty()) report.source_inputs[f->name] = f->source_inputs;
    reports.push_back(std::move(report));
  }
  return reports;
}

} // namespace triage::classify
