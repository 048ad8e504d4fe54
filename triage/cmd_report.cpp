// `triage report RESULT.json... -o report.html`: the HTML page of saved diagnosis reports, the
// same page `triage diagnose --format html` writes (docs/diagnose.md, "HTML report").
#include "triage/command.hpp"
#include "triage/options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/report_runs.hpp"
#include "ir/error.hpp"
#include "triage/html_output.hpp"
#include "triage/load.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace triage::cli {
namespace {

ir::Json read_report(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ir::Error({path, 0, 0}, "cannot read this file");
  std::ostringstream text;
  text << in.rdbuf();
  ir::Json j = ir::Json::parse(text.str(), path);
  const ir::Json *goals = j.is_object() ? j.find("goals") : nullptr;
  if (!goals || !goals->is_array())
    throw ir::Error({path, 1, 1},
                    "not a report of `triage diagnose --format json` (no \"goals\" array)");
  return j;
}

bool lacks_runs(const ir::Json &report) {
  for (const auto &g : report.find("goals")->as_array())
    if (const ir::Json *c = g.find("counterexample"); c && !c->is_null() && !g.find("runs"))
      return true;
  return false;
}

/// Replays the counterexamples of a report that has none of their runs, from its program; a
/// program that cannot be read any more leaves the page without those runs, with a warning.
void add_runs(ir::Json &report, const std::string &path, const SourceOptions &source) {
  if (!lacks_runs(report)) return;
  const ir::Json *file = report.find("file");
  const std::string program = file && file->is_string() ? file->as_string() : "";
  try {
    classify::attach_runs(load_program(program, source), report);
  } catch (const ir::Error &e) {
    std::cerr << path
              << ":1:1: warning: the runs of its counterexamples are not shown: " << e.what()
              << "\n";
  }
}

int run_report(const std::vector<std::string> &args) {
  CommandLine cl(
      "report", "RESULT.json...",
      "Writes the HTML page of saved diagnosis reports (`triage diagnose --format json`),\n"
      "one section per file: the page `triage diagnose --format html` writes. Their\n"
      "counterexamples are replayed from the programs the reports name, which must\n"
      "still be where the reports say.\n",
      "Exit code 0 when the page is written, 2 on bad input.");
  std::string output;
  cl.text("-o,--output", output, "FILE.html", "write the page there (default: standard output)");
  cl.parse(args);
  if (cl.files().empty()) throw UsageError("missing input file");
  std::vector<ir::Json> reports;
  for (const auto &path : cl.files()) {
    reports.push_back(read_report(path));
    add_runs(reports.back(), path, cl.source());
  }
  write_output(output, html_page(reports, command_line("report", args), std::nullopt));
  return 0;
}

const Registrar reg{{"report", "the HTML page of saved diagnosis reports (JSON)", run_report}};

} // namespace
} // namespace triage::cli
#endif
