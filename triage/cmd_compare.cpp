// `triage compare FILE...`: the model, test, combined and static strategies on every goal not
// proved, side by side, with a summary and the contradictions between them (docs/diagnose.md).
#include "triage/command.hpp"
#include "triage/diagnose_options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/compare.hpp"

#include <iostream>
#include <memory>

namespace triage::cli {
namespace {

int run_compare(const std::vector<std::string> &args) {
  CommandLine cl(
      "compare", "FILE...",
      "Proves every goal of each FILE once, then diagnoses the goals not proved with each\n"
      "strategy (model, test, combined, static) and prints, per goal, each one's verdict,\n"
      "time and counterexample, then a summary: goals each strategy classified, its verdicts\n"
      "and time, how many goals got one verdict from all. Options as for `triage diagnose`.\n",
      "Exit code 0 when every goal is proved, 1 when some goal is not, 2 on bad input, 3 when\n"
      "two strategies contradict each other (one's replayed counterexample against another's\n"
      "complete search): a bug in triage.");
  const DiagnoseFlags diagnosis(cl, false);
  std::string format = "text";
  cl.choice("--format", format, {"text", "json"}, "text or json");
  cl.parse(args);
  if (cl.files().empty()) throw UsageError("missing input file");
  classify::Comparison c;
  c.strategies = {"model", "test", "combined", "static"};
  std::vector<std::unique_ptr<ir::Program>> programs;
  bool all_proved = true;
  for (const auto &file : cl.files()) {
    const classify::DiagnoseOptions o = diagnosis.options(file);
    programs.push_back(std::make_unique<ir::Program>(load_program(file, cl.source())));
    if (o.prove.function && !programs.back()->function(*o.prove.function))
      throw UsageError("no function '" + *o.prove.function + "' in " + file);
    auto reports = classify::diagnose_each(*programs.back(), o, c.strategies);
    for (const auto &d : reports.front().goals)
      all_proved = all_proved && d.verdict == classify::Verdict::Proved;
    c.files.push_back({programs.back().get(), std::move(reports)});
  }
  if (format == "json")
    std::cout << classify::render_comparison_json(c).dump(2) << "\n";
  else
    std::cout << classify::render_comparison_text(c);
  if (!classify::contradictions(c).empty()) {
    std::cerr << "triage compare: strategies contradict each other: a bug in triage, please "
                 "report it with the files above\n";
    return 3;
  }
  return all_proved ? 0 : 1;
}

const Registrar reg{
    {"compare",
     "the model, test, combined and static strategies side by side on the goals not proved",
     run_compare}};

} // namespace
} // namespace triage::cli
#endif
