#include "triage/diagnose_options.hpp"
#include "triage/prove_options.hpp"

#include "classify/suggestion.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include <algorithm>
#include <cmath>

namespace triage::cli {

std::set<std::string> diagnose_option_names() {
  std::set<std::string> names{"models", "budget", "k", "max-block"};
  names.merge(prove_option_names());
  return names;
}

std::string source_flags(const Options &opts) {
  std::string flags;
  for (const char *name : {"I", "D"})
    for (const std::string &v : opts.values(name))
      flags += std::string(" -") + name + " " + classify::shell_quote(v);
  return flags;
}

classify::DiagnoseOptions diagnose_options(const Options &opts, const std::string &file) {
  classify::DiagnoseOptions o;
  o.file = file;
  o.source_flags = source_flags(opts);
  o.strategy = opts.choice("strategy", {"combined", "model", "test"}, "combined");
  o.strategy_options.exploration_budget =
      std::chrono::milliseconds(long(opts.seconds("budget", 3) * 1000));
  // An explicit budget is for every search, the NC check behind a weakness included.
  if (opts.value("budget")) o.strategy_options.check_budget = o.strategy_options.exploration_budget;
  o.strategy_options.probe_budget =
      opts.flag("no-probe") ? std::chrono::milliseconds(0)
                            : std::chrono::milliseconds(long(opts.seconds("probe", 0.25) * 1000));
  o.strategy_options.k = opts.whole("k", 0);
  o.strategy_options.max_block = opts.whole("max-block", 1).value_or(o.strategy_options.max_block);
  o.prove = prove_options(opts);
  o.strategy_options.deadline = o.prove.deadline;
  if (auto m = opts.value("models")) {
    const bool digits =
        !m->empty() && m->size() <= 2 && m->find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
      throw UsageError("option '--models' expects a number of models from 0 to 99, not '" + *m +
                       "'");
    // Asked for explicitly: that many, whatever the solvers answered.
    o.strategy_options.extra_models = o.strategy_options.extra_models_undecided = std::stoi(*m);
  }
  // A goal's diagnosis may ask a few more models, each bounded by the prover's budget: the time
  // its work takes on the reference machine (times --budget-scale), or its timeout.
  const double attempt_s = o.prove.work_s > 0
                               ? std::min(o.prove.timeout_s, o.prove.work_s * budget_scale(opts))
                               : o.prove.timeout_s;
  const auto timeout_ms = static_cast<long>(std::ceil(attempt_s * 1000));
  o.strategy_options.goal_budget = std::chrono::milliseconds(
      std::max(5000L, (o.strategy_options.extra_models + 2) * timeout_ms));
  return o;
}

} // namespace triage::cli
#endif
