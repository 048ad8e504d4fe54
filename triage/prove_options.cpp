#include "triage/prove_options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

namespace triage::cli {

namespace {

/// The names --prover accepts: vcgen's table.
std::vector<std::string> prover_names() {
  return {vcgen::prover_names.begin(), vcgen::prover_names.end()};
}

/// The prover of a name --prover accepted.
vcgen::Prover prover_of(const std::string &name) {
  const auto it = std::ranges::find(vcgen::prover_names, name);
  return vcgen::Prover(it - vcgen::prover_names.begin());
}

/// Goals proved at once: by default one per core, or TRIAGE_JOBS (the test suite runs tests side
/// by side, each on one core: timeouts then mean the same).
int default_jobs() {
  if (const char *env = std::getenv("TRIAGE_JOBS"); env && std::atoi(env) > 0)
    return std::atoi(env);
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

} // namespace

ProveFlags::ProveFlags(CommandLine &cl) : cl_(cl), prover_(vcgen::prover_name(o_.prover)) {
  cl.text("--function", function_, "F", "only the goals of F (lemmas always)");
  cl.choice("--prover", prover_, prover_names(),
            "z3, cvc5, or portfolio: both at once, the first answer wins");
  cl.number("--work", o_.work_s, {0, true, 86400, "a number of seconds of solver work, 0 for none"},
            "S",
            "solver work per goal and solver, in seconds of the reference\n"
            "machine, counted in the solvers' resource units: the same answers\n"
            "under any load (0: bounded by time alone)")
      ->capture_default_str();
  cl.seconds("--timeout", o_.timeout_s, "wall-clock backstop per goal and solver, in seconds")
      ->capture_default_str();
  cl.number("--budget-scale", budget_scale_, {0, false, 1000, "a positive factor (at most 1000)"},
            "F", "multiplies the wall-clock backstops (slower machines), not the work")
      ->capture_default_str();
  cl.whole("-j", jobs_, 1, "goals proved at once (default: one per core, or TRIAGE_JOBS)");
  cl.seconds("--deadline", deadline_s_,
             "for the whole file: goals not tried by then fail (not_run); a\n"
             "diagnosis proves every goal first, and goals not diagnosed by then\n"
             "stay unknown");
  cl.flag("--no-rte", no_rte_, "no runtime-error goals (overflow, division, memory)");
  const auto seed_ok = [](const std::string &s) {
    return !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  cl.app()
      .add_option("--seed", o_.seed, "solver random seed")
      ->option_text("N")
      ->capture_default_str()
      ->check(rule(seed_ok, [](const std::string &s) {
        return "--seed expects a non-negative integer, not '" + s + "'";
      }));
}

vcgen::ProveOptions ProveFlags::options() const {
  vcgen::ProveOptions o = o_;
  if (cl_.given("--function")) o.function = function_;
  o.prover = prover_of(prover_);
  // The backstop grows on slower machines; the work, which decides, does not.
  o.timeout_s *= budget_scale_;
  o.rte = !no_rte_;
  o.well_defined = !cl_.source().total_logic;
  o.jobs = cl_.given("-j") ? jobs_ : default_jobs();
  if (cl_.given("--deadline")) {
    // The whole run ends within the deadline: stopping the work, writing the report and exiting
    // take a little time of their own, which must not fall past it, so the work
    // stops a little earlier (2%, at most half a second).
    const double reserve = std::min(0.5, deadline_s_ * 0.02);
    o.deadline = std::chrono::steady_clock::now() +
                 std::chrono::milliseconds(long((deadline_s_ - reserve) * 1000));
  }
  return o;
}

} // namespace triage::cli
