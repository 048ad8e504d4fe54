#include "triage/diagnose_options.hpp"

#include "ir/build_speed.hpp"

#include "classify/suggestion.hpp"

#include <CLI/CLI.hpp>

#ifdef TRIAGE_HAVE_DIAGNOSE
#include <algorithm>
#include <cmath>

namespace triage::cli {

namespace {

double seconds_of(std::chrono::milliseconds ms) {
  return double(ms.count()) / 1000;
}

std::chrono::milliseconds ms_of(double seconds) {
  return std::chrono::milliseconds(long(seconds * 1000));
}

} // namespace

std::string source_flags(const CommandLine &cl) {
  std::string flags;
  for (const std::string &v : cl.source().include_dirs)
    flags += " -I " + classify::shell_quote(v);
  for (const std::string &v : cl.source().defines)
    flags += " -D " + classify::shell_quote(v);
  if (cl.source().data_model != "LP64") flags += " --data-model " + cl.source().data_model;
  if (cl.source().total_logic) flags += " --total-logic";
  return flags;
}

DiagnoseFlags::DiagnoseFlags(CommandLine &cl, bool one_strategy)
    : cl_(cl), prove_(cl), budget_s_(seconds_of(o_.strategy_options.exploration_budget)),
      probe_s_(seconds_of(o_.strategy_options.probe_budget)) {
  const classify::StrategyOptions &s = o_.strategy_options;
  if (one_strategy)
    cl.choice("--strategy", o_.strategy, {"combined", "model", "test", "static"},
              "combined: static, then model, then test where still needed;\n"
              "model: judge the solver's models by runtime assertion checking (small\n"
              "steps, then giant steps over loop and call contracts); test: generate\n"
              "tests by concolic execution, in the code, then through one contract at\n"
              "a time, then through all; static: no run, the proof alone shows a bug\n"
              "when every state the proved loop and call contracts allow fails the goal");
  const auto models_ok = [](const std::string &m) {
    return !m.empty() && m.size() <= 2 && m.find_first_not_of("0123456789") == std::string::npos;
  };
  cl.app()
      .add_option("--models", models_,
                  "further models asked per goal when one is unusable (default: " +
                      std::to_string(s.extra_models) + ", and " +
                      std::to_string(s.extra_models_undecided) +
                      "\nwhen no solver answered sat, 0 in the combined strategy)")
      ->option_text("N")
      ->check(rule(models_ok, [](const std::string &m) {
        return "option '--models' expects a number of models from 0 to 99, not '" + m + "'";
      }));
  cl.seconds("--budget", budget_s_,
             "test strategy: work per exploration, in seconds of work of the\n"
             "reference machine (runs, steps and solver work counted, not timed: the\n"
             "same search under any load; the wall-clock backstop is five times it,\n"
             "times --budget-scale)")
      ->capture_default_str();
  cl.whole("--k", k_, 0, "test strategy: at most N consecutive iterations of a loop");
  cl.whole("--max-block", o_.strategy_options.max_block, 1,
           "test strategy: the longest input array nothing bounds")
      ->capture_default_str();
  cl.flag("--no-small-scope", no_small_scope_,
          "test strategy: when no search can explore every input, do not search\n"
          "small scopes of inputs (short arrays, integers near zero and the\n"
          "program's constants) for likely_prover_incapacity");
  if (one_strategy) {
    cl.seconds("--probe", probe_s_,
               "work per function (seconds of the reference machine, as --budget) of\n"
               "the search for failing runs made while proving\n"
               "(not with --strategy model): a goal a replayed run breaks skips its\n"
               "longer proof attempts")
        ->capture_default_str();
    cl.flag("--no-probe", no_probe_, "no such search");
  }
}

classify::DiagnoseOptions DiagnoseFlags::options(const std::string &file) const {
  classify::DiagnoseOptions o = o_;
  classify::StrategyOptions &s = o.strategy_options;
  o.file = file;
  o.source_flags = source_flags(cl_);
  s.exploration_budget = ms_of(budget_s_);
  // An explicit budget is for every search, the NC check behind a weakness included.
  if (cl_.given("--budget")) s.check_budget = s.exploration_budget;
  s.probe_budget = no_probe_ ? std::chrono::milliseconds(0) : ms_of(probe_s_);
  if (cl_.given("--k")) s.k = k_;
  s.small_scope = !no_small_scope_;
  o.prove = prove_.options();
  s.deadline = o.prove.deadline;
  // Asked for explicitly: that many, whatever the solvers answered.
  if (cl_.given("--models")) s.extra_models = s.extra_models_undecided = s.static_models = models_;
  // The searches' wall-clock backstops grow on slower machines; their work does not.
  s.backstop_factor = 5 * prove_.budget_scale() * ir::build_slowdown;
  // A goal's diagnosis may ask a few more models, each bounded by the prover's work (or, with
  // --work 0, by its timeout): the goal's time is only their backstop, the timeout of each (it
  // is scaled by --budget-scale already).
  const auto timeout_ms = static_cast<long>(std::ceil(o.prove.timeout_s * 1000));
  s.goal_budget = std::chrono::milliseconds(std::max(5000L, (s.extra_models + 2) * timeout_ms));
  return o;
}

} // namespace triage::cli
#endif
