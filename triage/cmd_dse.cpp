// `triage dse FILE --function F`: concolic test generation (docs/dse.md). Prints the tests it
// generated (inputs, giant-step outputs, path length, outcome) and whether the exploration was
// complete.
#include "triage/command.hpp"
#include "triage/diagnose_options.hpp"
#include "triage/policy.hpp"

#include "classify/suggestion.hpp"
#include "classify/testcomp.hpp"
#include "dse/explore.hpp"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace triage::cli {
namespace {

/// The function --function names, or the only one with a body.
std::string function_of(const ir::Program &p, const CommandLine &cl, const std::string &named) {
  if (cl.given("--function")) return named;
  std::vector<std::string> with_body;
  for (const ir::Function *f : p.functions())
    if (f->body) with_body.push_back(f->name);
  if (with_body.size() == 1) return with_body.front();
  throw UsageError("several functions: say which one to explore with --function");
}

/// `ok`, `FILE:LINE:COL: failure: KIND (ID)`, `outside the precondition`, `stuck: ...`.
std::string outcome_line(const rac::Outcome &o) {
  switch (o.kind) {
  case rac::OutcomeKind::Ok:
    return "ok";
  case rac::OutcomeKind::Failure: {
    const ir::GoalRef &g = *o.goal;
    return ir::where(g.at) + ": failure: " + ir::goal_kind_name(g.kind) +
           (g.annot_id.empty() ? "" : " (" + g.annot_id + ")");
  }
  case rac::OutcomeKind::OutsidePrecondition:
    return "outside the precondition";
  default:
    return std::string(rac::outcome_name(o.kind)) + ": " + o.reason;
  }
}

std::vector<std::string> giant_names(const rac::Policy &p) {
  if (p.all_giant) return {"all"};
  return {p.giant.begin(), p.giant.end()};
}

/// One test; a failing one with the command that replays it.
std::string test_text(size_t n, const dse::Test &t, const std::string &file,
                      const rac::Policy &policy, const std::string &flags) {
  std::string s = "test " + std::to_string(n) + ": " + classify::format_values(t.input.inputs);
  for (const auto &o : t.input.outputs)
    s += "; " + o.subcontract + " (line " + std::to_string(o.line) + ", visit " +
         std::to_string(o.visit) + ") outputs: " + classify::format_values(o.values);
  s += "\n  " + std::to_string(t.decisions) + (t.decisions == 1 ? " decision: " : " decisions: ") +
       outcome_line(t.outcome) + "\n";
  if (t.outcome.kind == rac::OutcomeKind::Failure)
    s += "  replay: " + classify::run_command(file, t.input, giant_names(policy), flags) + "\n";
  return s;
}

ir::Json test_json(const dse::Test &t) {
  ir::Json j = t.input.to_json();
  ir::Json out = rac::to_json(t.outcome);
  j["outcome"] = out["outcome"];
  if (const ir::Json *g = out.find("goal")) j["goal"] = *g;
  j["decisions"] = ir::Json(long(t.decisions));
  return j;
}

/// `--scope CELLS,WINDOW,NEAR`: a small scope of inputs (dse::SmallScope).
dse::SmallScope scope_of(const std::string &text) {
  long v[3];
  char end = 0;
  if (std::sscanf(text.c_str(), "%ld,%ld,%ld%c", &v[0], &v[1], &v[2], &end) != 3 || v[0] < 0 ||
      v[0] > 64 || v[1] < 0 || v[1] > 1000000 || v[2] < 0 || v[2] > 1000000)
    throw UsageError("--scope expects CELLS,WINDOW,NEAR (as 4,8,2: arrays of at most 4 cells, "
                     "integers in [-8, 8] and within 2 of the program's constants), not '" +
                     text + "'");
  return dse::SmallScope{size_t(v[0]), v[1], v[2]};
}

/// The tests as a Test-Comp test suite (classify/testcomp.hpp): metadata.xml, whose
/// specification is the competition's branch coverage, and one test case per run.
void write_test_suite(const std::string &dir, const std::string &file, const std::string &entry,
                      const dse::Result &r) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  std::ofstream(fs::path(dir) / "metadata.xml") << classify::testcomp_metadata(
      file, entry, "COVER( init(" + entry + "()), FQL(cover EDGES(@DECISIONEDGE)) )", "LP64");
  for (size_t i = 0; i < r.tests.size(); ++i)
    std::ofstream(fs::path(dir) / ("test" + std::to_string(i + 1) + ".xml"))
        << classify::testcomp_testcase(classify::nondet_values(r.tests[i].input));
}

int run_dse(const std::vector<std::string> &args) {
  CommandLine cl(
      "dse", "FILE",
      "Explores the paths of F by concolic execution: runs it, negates the decisions of each\n"
      "run (branches, annotation checks, quantifier instances, runtime checks) and asks Z3 for\n"
      "inputs that take the other way. Prints every test and whether every path was explored.\n",
      "Exit code 0 when no test fails an annotation, 1 when one does, 2 bad input or usage.");
  dse::Options o;
  std::string function, format = "text", scope;
  std::vector<std::string> giant;
  int k = 0;
  double budget_s = double(o.budget.count()) / 1000;
  bool no_typically = false;
  cl.text("--function", function, "F", "the function (default: the only one with a body)");
  cl.whole("--k", k, 0, "at most N consecutive iterations of a loop (default: unbounded)");
  cl.seconds("--budget", budget_s,
             "work for the whole exploration, in seconds of work of the reference\n"
             "machine (counted, not timed; the wall-clock backstop is five times it)")
      ->capture_default_str();
  cl.whole("--max-block", o.max_block, 1, "the longest input array when nothing bounds it")
      ->capture_default_str();
  cl.texts("--giant-step", giant, "S",
           "take subcontract S (loop@LINE, a callee, or 'all') by its contract,\n"
           "with outputs chosen by the search");
  cl.flag("--no-typically", no_typically,
          "ignore the `typically` clauses (they reduce the input domain)");
  cl.text("--scope", scope, "C,W,N",
          "explore only a small scope of inputs: arrays of at most C cells,\n"
          "integers within W of zero or within N of the program's constants");
  std::string suite;
  cl.text("--test-suite", suite, "DIR",
          "also write the tests as a Test-Comp test suite: DIR/metadata.xml and\n"
          "DIR/testN.xml, the values of the nondeterministic calls of each run");
  cl.choice("--format", format, {"text", "json"}, "text or json");
  cl.parse(args);
  if (cl.given("--scope")) o.scope = scope_of(scope);
  const ir::Program p = load_program(cl.file(), cl.source());
  o.function = function_of(p, cl, function);
  o.policy = policy_of(p, giant);
  if (cl.given("--k")) o.k = k;
  o.budget = std::chrono::milliseconds(long(budget_s * 1000));
  o.assume_typically = !no_typically;
  const bool progress = format == "text" && isatty(STDERR_FILENO);
  o.on_test = [&](const dse::Test &, long paths) {
    if (progress) std::cerr << "\r" << paths << " paths explored" << std::flush;
  };
  const dse::Result r = dse::explore(p, o);
  if (!suite.empty()) write_test_suite(suite, cl.file(), o.function, r);
  if (progress) std::cerr << "\r" << std::string(30, ' ') << "\r";
  bool failed = false;
  for (const auto &t : r.tests)
    failed = failed || t.outcome.kind == rac::OutcomeKind::Failure;
  if (format == "json") {
    ir::Json j = ir::Json::object();
    j["file"] = cl.file();
    j["function"] = o.function;
    ir::Json tests = ir::Json::array();
    for (const auto &t : r.tests)
      tests.push_back(test_json(t));
    j["tests"] = std::move(tests);
    j["paths"] = ir::Json(r.paths);
    j["complete"] = ir::Json(r.complete);
    ir::Json why = ir::Json::array();
    for (const auto &w : r.incomplete_because)
      why.push_back(w);
    j["incomplete_because"] = std::move(why);
    j["scope"] = o.scope ? ir::Json(dse::describe_scope(p, *o.scope).text) : ir::Json();
    j["solver_calls"] = ir::Json(r.solver_calls);
    j["steps"] = ir::Json(r.steps);
    j["work_ms"] = ir::Json(r.work_ms);
    j["time_ms"] = ir::Json(r.ms);
    std::cout << j.dump(2) << "\n";
    return failed ? 1 : 0;
  }
  for (size_t i = 0; i < r.tests.size(); ++i)
    std::cout << test_text(i + 1, r.tests[i], cl.file(), o.policy, source_flags(cl));
  std::cout << r.tests.size() << " tests, " << r.paths << " paths, "
            << (r.complete ? "complete exploration" : "incomplete exploration") << ", "
            << r.solver_calls << " solver calls, " << r.work_ms << " ms of work, " << r.ms
            << " ms\n";
  if (o.scope) std::cout << "  within the scope: " << dse::describe_scope(p, *o.scope).text << "\n";
  for (const auto &w : r.incomplete_because)
    std::cout << "  incomplete: " << w << "\n";
  return failed ? 1 : 0;
}

const Registrar reg{{"dse", "generate tests by concolic execution", run_dse}};

} // namespace
} // namespace triage::cli
