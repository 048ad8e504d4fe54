#include "triage/diagnose_options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <thread>

namespace triage::cli {

std::set<std::string> diagnose_option_names() {
  return {"function", "prover", "timeout", "models", "budget", "k", "max-block", "deadline", "j"};
}

namespace {

vcgen::Prover prover_of(const std::string &name) {
  if (name == "z3") return vcgen::Prover::Z3;
  if (name == "cvc5") return vcgen::Prover::Cvc5;
  return vcgen::Prover::Portfolio;
}

} // namespace

classify::DiagnoseOptions diagnose_options(const Options &opts, const std::string &file) {
  classify::DiagnoseOptions o;
  o.file = file;
  o.strategy = opts.choice("strategy", {"combined", "model", "test"}, "combined");
  o.strategy_options.exploration_budget =
      std::chrono::milliseconds(long(opts.seconds("budget", 3) * 1000));
  // An explicit budget is for every search, the NC check behind a weakness included.
  if (opts.value("budget")) o.strategy_options.check_budget = o.strategy_options.exploration_budget;
  o.strategy_options.k = opts.whole("k", 0);
  o.strategy_options.max_block = opts.whole("max-block", 1).value_or(o.strategy_options.max_block);
  if (opts.value("deadline")) {
    const auto at = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(long(opts.seconds("deadline", 0) * 1000));
    o.prove.deadline = at;
    o.strategy_options.deadline = at;
  }
  // Goals are proved by this many threads at once: by default one per core, or TRIAGE_JOBS (the
  // test suite runs tests side by side, each on one core: timeouts then mean the same).
  int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  if (const char *env = std::getenv("TRIAGE_JOBS"); env && std::atoi(env) > 0)
    jobs = std::atoi(env);
  o.prove.jobs = opts.whole("j", 1).value_or(jobs);
  o.prove.function = opts.value("function");
  o.prove.prover = prover_of(opts.choice("prover", {"z3", "cvc5", "portfolio"}, "portfolio"));
  o.prove.timeout_s = opts.seconds("timeout", o.prove.timeout_s);
  o.prove.rte = !opts.flag("no-rte");
  if (auto m = opts.value("models")) {
    const bool digits =
        !m->empty() && m->size() <= 2 && m->find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
      throw UsageError("option '--models' expects a number of models from 0 to 99, not '" + *m +
                       "'");
    // Asked for explicitly: that many, whatever the solvers answered.
    o.strategy_options.extra_models = o.strategy_options.extra_models_undecided = std::stoi(*m);
  }
  // A goal's diagnosis may ask a few more models, each bounded by the prover timeout.
  const auto timeout_ms = static_cast<long>(std::ceil(o.prove.timeout_s * 1000));
  o.strategy_options.goal_budget = std::chrono::milliseconds(
      std::max(5000L, (o.strategy_options.extra_models + 2) * timeout_ms));
  return o;
}

} // namespace triage::cli
#endif
