// `triage diagnose FILE`: prove, then explain every failed goal with a verdict, a counterexample
// that replays and a suggestion (docs/diagnose.md).
#include "triage/command.hpp"
#include "triage/diagnose_options.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"

// The command exists once the libraries it needs (rac, vcgen) are part of the build.
#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/diagnose.hpp"
#include "classify/render.hpp"
#include "classify/sarif.hpp"

#include <iostream>

namespace triage::cli {
namespace {

int run_diagnose(const std::vector<std::string> &args) {
  std::set<std::string> valued = diagnose_option_names();
  valued.insert({"strategy", "format", "probe"});
  const Options opts(args, {"no-rte", "total-logic", "no-probe"}, valued);
  const std::string format = opts.choice("format", {"text", "json", "sarif"}, "text");
  const classify::DiagnoseOptions o = diagnose_options(opts, opts.file());
  const ir::Program p = load_program(o.file, opts);
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
     "                        [--prover z3|cvc5|portfolio] [--work S] [--timeout S]\n"
     "                        [--budget-scale F] [--no-rte]\n"
     "                        [--total-logic] [--models N] [--budget S] [--k N]\n"
     "                        [--max-block N] [--probe S|--no-probe]\n"
     "                        [--deadline S] [-j N] [--format text|json|sarif]\n\n"
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
     "  --work S       solver work per goal and solver, in seconds of the reference machine,\n"
     "                 counted in the solvers' resource units: the same verdicts under any\n"
     "                 load (default: 2, as --timeout 2 on an idle machine; 0: time alone)\n"
     "  --timeout S    wall-clock backstop per goal and solver (default: 10)\n"
     "  --budget-scale F  multiplies the wall-clock backstops (slower machines), not the work\n"
     "  --no-rte       no runtime-error goals (overflow, division, memory)\n"
     "  --total-logic  read annotations in ACSL's total logic, as Frama-C WP does, with no\n"
     "                 well-definedness (by default, as under E-ACSL, reads of checked\n"
     "                 annotations must be valid, and assumed ones imply that theirs are)\n"
     "  --models N     further models asked per goal when one is unusable (default: 3, and 1\n"
     "                 when no solver answered sat, 0 in the combined strategy)\n"
     "  --budget S     test strategy: seconds per exploration (default: 3)\n"
     "  --k N          test strategy: at most N consecutive iterations of a loop\n"
     "  --max-block N  test strategy: the longest input array nothing bounds (default: 8)\n"
     "  --probe S      seconds per function of the search for failing runs made while proving\n"
     "                 (not with --strategy model): a goal a replayed run breaks skips its\n"
     "                 longer proof attempts (default: 0.25; --no-probe: no search)\n"
     "  -j N           goals proved and diagnosed at once (default: one per core)\n"
     "  --deadline S   for the whole file: goals still open then are unknown (default: none)\n"
     "  --format F     text (default), json (schema in docs/diagnose.md) or sarif (2.1.0)\n"
     "Exit code 0 when every goal is proved, 1 when some goal is not, 2 on bad input.\n",
     run_diagnose}};

} // namespace
} // namespace triage::cli
#endif
