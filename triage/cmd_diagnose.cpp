// `triage diagnose FILE`: prove, then explain every failed goal with a verdict, a counterexample
// that replays and a suggestion (docs/diagnose.md).
#include "triage/command.hpp"
#include "triage/diagnose_options.hpp"

// The command exists once the libraries it needs (rac, vcgen) are part of the build.
#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/diagnose.hpp"
#include "classify/invariant_search.hpp"
#include "classify/render.hpp"
#include "classify/report_runs.hpp"
#include "classify/sarif.hpp"
#include "classify/source_edit.hpp"
#include "triage/html_output.hpp"

#include <chrono>
#include <fstream>
#include <sstream>

namespace triage::cli {
namespace {

std::string read_source(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int run_diagnose(const std::vector<std::string> &args) {
  CommandLine cl(
      "diagnose", "FILE",
      "Proves every goal of FILE; for each goal not proved, looks for a counterexample and\n"
      "reports a verdict: non_compliance (the code fails the annotation on the inputs shown),\n"
      "subcontract_weakness (a loop or callee contract is too weak; its outputs are shown),\n"
      "prover_incapacity (every path explored, none fails), or unknown. Every counterexample\n"
      "shown replays with `triage run` (command printed).\n",
      "Exit code 0 when every goal is proved, 1 when some goal is not, 2 on bad input.");
  const DiagnoseFlags diagnosis(cl, true);
  std::string format = "text";
  cl.choice("--format", format, {"text", "json", "sarif", "html", "diff"},
            "text, json (schema in docs/diagnose.md), sarif (2.1.0), html (one self-contained "
            "page: the source beside each counterexample's runs; with -o), or diff (the "
            "suggested invariants as a unified diff of FILE; implies --suggest)");
  std::string output;
  cl.text("-o,--output", output, "FILE", "write the report to FILE instead of standard output");
  bool suggest = false;
  cl.flag("--suggest", suggest,
          "search for loop invariants that make the failed goals provable, checked by proof "
          "(C files; docs/diagnose.md, \"Suggested invariants\")");
  std::string fix_file;
  cl.text("--fix", fix_file, "OUT.c",
          "write a copy of FILE with the suggested invariants to OUT.c (implies --suggest)");
  cl.parse(args);
  suggest = suggest || !fix_file.empty() || format == "diff";
  if (suggest && !is_c_source(cl.file()))
    throw UsageError(
        "--suggest, --fix and --format diff write C annotations: FILE must be a .c file");
  const classify::DiagnoseOptions o = diagnosis.options(cl.file());
  const ir::Program p = load_program(o.file, cl.source());
  if (o.prove.function && !p.function(*o.prove.function))
    throw UsageError("no function '" + *o.prove.function + "' in " + o.file);
  const auto start = std::chrono::steady_clock::now();
  classify::Report report = classify::diagnose(p, o);
  std::string source;
  if (suggest) {
    source = read_source(o.file);
    classify::FixContext ctx;
    ctx.file = o.file;
    ctx.source = source;
    ctx.compile = [&](const std::string &text) { return load_c_text(text, o.file, cl.source()); };
    ctx.prove = o.prove;
    ctx.read = read_source;
    report.fixes = classify::suggest_invariants(p, report, ctx);
    const std::string fixed = classify::with_fixes(source, report.fixes);
    if (!fix_file.empty() && fixed != source) write_output(fix_file, fixed);
    if (format == "diff") {
      write_output(output, classify::unified_diff(o.file, source, fixed));
      return classify::exit_code(report);
    }
  }
  if (format == "html") {
    ir::Json j = classify::render_json(report);
    classify::attach_runs(p, j);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    write_output(output, html_page({j}, command_line("diagnose", args), took.count()));
  } else if (format == "json")
    write_output(output, classify::render_json(report).dump(2) + "\n");
  else if (format == "sarif")
    write_output(output, classify::render_sarif(report, p).dump(2) + "\n");
  else
    write_output(output, classify::render_text(report));
  return classify::exit_code(report);
}

const Registrar reg{
    {"diagnose", "prove, then explain each failed goal (non-compliance, subcontract weakness...)",
     run_diagnose}};

} // namespace
} // namespace triage::cli
#endif
