// `triage diagnose FILE`: prove, then explain every failed goal with a verdict, a counterexample
// that replays and a suggestion (docs/diagnose.md).
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"

// The command exists once the libraries it needs (rac, vcgen) are part of the build.
#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/diagnose.hpp"
#include "classify/render.hpp"
#include "classify/sarif.hpp"

#include <cmath>
#include <iostream>

namespace triage::cli {
namespace {

vcgen::Prover prover_of(const std::string &name) {
  if (name == "z3") return vcgen::Prover::Z3;
  if (name == "cvc5") return vcgen::Prover::Cvc5;
  return vcgen::Prover::Portfolio;
}

classify::DiagnoseOptions options_of(const Options &opts) {
  classify::DiagnoseOptions o;
  o.file = opts.file();
  o.strategy = opts.choice("strategy", {"combined", "model", "test"}, "combined");
  o.strategy_options.exploration_budget =
      std::chrono::milliseconds(long(opts.seconds("budget", 3) * 1000));
  o.strategy_options.k = opts.whole("k", 0);
  o.strategy_options.max_block = opts.whole("max-block", 1).value_or(o.strategy_options.max_block);
  if (opts.value("deadline")) {
    const auto at = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(long(opts.seconds("deadline", 0) * 1000));
    o.prove.deadline = at;
    o.strategy_options.deadline = at;
  }
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
    o.strategy_options.extra_models = std::stoi(*m);
  }
  // A goal's diagnosis may ask a few more models, each bounded by the prover timeout.
  const auto timeout_ms = static_cast<long>(std::ceil(o.prove.timeout_s * 1000));
  o.strategy_options.goal_budget = std::chrono::milliseconds(
      std::max(5000L, (o.strategy_options.extra_models + 2) * timeout_ms));
  return o;
}

int run_diagnose(const std::vector<std::string> &args) {
  const Options opts(args, {"no-rte"},
                     {"strategy", "function", "prover", "timeout", "format", "models", "budget",
                      "k", "max-block", "deadline"});
  const std::string format = opts.choice("format", {"text", "json", "sarif"}, "text");
  const classify::DiagnoseOptions o = options_of(opts);
  const ir::Program p = load_program(o.file);
  if (o.prove.function && !p.function(*o.prove.function))
    throw UsageError("no function '" + *o.prove.function + "' in " + o.file);
  const classify::Report report = classify::diagnose(p, o);
  if (format == "json")
    std::cout << classify::render_json(report).dump(2) << "\n";
  else if (format == "sarif")
    std::cout << classify::render_sarif(report, p).dump(2) << "\n";
  else
    std::cout << classify::render_text(report);
  return classify::exit_code(report);
}

const Registrar reg{
    {"diagnose", "prove, then explain each failed goal (non-compliance, subcontract weakness...)",
     "usage: triage diagnose FILE [--strategy combined|model|test] [--function F]\n"
     "                        [--prover z3|cvc5|portfolio] [--timeout S] [--no-rte] [--models N]\n"
     "                        [--budget S] [--k N] [--max-block N]\n"
     "                        [--deadline S] [--format text|json|sarif]\n\n"
     "Proves every goal of FILE; for each goal not proved, looks for a counterexample and\n"
     "reports a verdict: non_compliance (the code fails the annotation on the inputs shown),\n"
     "subcontract_weakness (a loop or callee contract is too weak; its outputs are shown),\n"
     "prover_incapacity (every path explored, none fails), or unknown. Every counterexample\n"
     "shown replays with `triage run` (command printed).\n"
     "  --strategy S   combined (default): model, then test where still needed;\n"
     "                 model: judge the solver's models by runtime assertion checking (small\n"
     "                 steps, then giant steps over loop and call contracts); test: generate\n"
     "                 tests by concolic execution, in the code, then through one contract at\n"
     "                 a time, then through all\n"
     "  --function F   only the goals of function F (lemmas always)\n"
     "  --prover P     z3, cvc5 or portfolio (default: portfolio)\n"
     "  --timeout S    seconds per goal and solver (default: 2)\n"
     "  --no-rte       no runtime-error goals (overflow, division, memory)\n"
     "  --models N     further models asked per goal when one is unusable (default: 3)\n"
     "  --budget S     test strategy: seconds per exploration (default: 3)\n"
     "  --k N          test strategy: at most N consecutive iterations of a loop\n"
     "  --max-block N  test strategy: the longest input array nothing bounds (default: 8)\n"
     "  --deadline S   for the whole file: goals still open then are unknown (default: none)\n"
     "  --format F     text (default), json (schema in docs/diagnose.md) or sarif (2.1.0)\n"
     "Exit code 0 when every goal is proved, 1 when some goal is not, 2 on bad input.\n",
     run_diagnose}};

} // namespace
} // namespace triage::cli
#endif
