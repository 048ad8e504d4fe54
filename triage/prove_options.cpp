#include "triage/prove_options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

namespace triage::cli {

std::set<std::string> prove_option_names() {
  return {"function", "prover", "work", "timeout", "budget-scale", "deadline", "j", "seed"};
}

namespace {

vcgen::Prover prover_of(const std::string &name) {
  if (name == "z3") return vcgen::Prover::Z3;
  if (name == "cvc5") return vcgen::Prover::Cvc5;
  return vcgen::Prover::Portfolio;
}

/// Goals proved at once: by default one per core, or TRIAGE_JOBS (the test suite runs tests side
/// by side, each on one core: timeouts then mean the same).
int default_jobs() {
  if (const char *env = std::getenv("TRIAGE_JOBS"); env && std::atoi(env) > 0)
    return std::atoi(env);
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

/// A number from `min` (included when `min_included`) to `max`, or `fallback` when absent.
double number(const Options &opts, const std::string &name, double fallback, double min,
              bool min_included, double max, const std::string &what) {
  const auto v = opts.value(name);
  if (!v) return fallback;
  try {
    size_t used = 0;
    const double d = std::stod(*v, &used);
    if (used == v->size() && (d > min || (min_included && d == min)) && d <= max) return d;
  } catch (const std::exception &) {
  }
  throw UsageError("option '--" + name + "' expects " + what + ", not '" + *v + "'");
}

} // namespace

double budget_scale(const Options &opts) {
  return number(opts, "budget-scale", 1.0, 0, false, 1000, "a positive factor (at most 1000)");
}

vcgen::ProveOptions prove_options(const Options &opts) {
  vcgen::ProveOptions o;
  o.function = opts.value("function");
  o.prover = prover_of(opts.choice("prover", {"z3", "cvc5", "portfolio"}, "portfolio"));
  o.work_s = number(opts, "work", o.work_s, 0, true, 86400,
                    "a number of seconds of solver work, 0 for none");
  // The backstop grows on slower machines; the work, which decides, does not.
  o.timeout_s = opts.seconds("timeout", o.timeout_s) * budget_scale(opts);
  o.rte = !opts.flag("no-rte");
  o.well_defined = !opts.flag("total-logic");
  o.jobs = opts.whole("j", 1).value_or(default_jobs());
  if (opts.value("deadline")) {
    // The whole run ends within the deadline: stopping the work, writing the report and exiting
    // took 0.1 to 0.15 s past it (mutants with --deadline 30 ended at 30.1 s), so the work
    // stops a little earlier (2%, at most half a second).
    const double s = opts.seconds("deadline", 0);
    const double reserve = std::min(0.5, s * 0.02);
    o.deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(long((s - reserve) * 1000));
  }
  if (auto s = opts.value("seed")) {
    const bool digits =
        !s->empty() && s->size() <= 9 && s->find_first_not_of("0123456789") == std::string::npos;
    if (!digits) throw UsageError("--seed expects a non-negative integer, not '" + *s + "'");
    o.seed = static_cast<unsigned>(std::stoul(*s));
  }
  return o;
}

} // namespace triage::cli
