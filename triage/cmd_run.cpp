// `triage run FILE --function F --input n=3 ...`: runs a function under the runtime assertion
// checker, small-step or with giant steps over the subcontracts named by --giant-step, and
// prints the outcome (docs/rac.md).
#include "triage/command.hpp"
#include "triage/options.hpp"
#include "triage/policy.hpp"

#include "classify/verify_task.hpp"
#include "ir/error.hpp"
#include "rac/interpreter.hpp"
#include "rac/oracle.hpp"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>

namespace triage::cli {
namespace {

ir::Counterexample read_oracle(const std::string &path) {
  std::ifstream in(path);
  if (!in) throw ir::Error(ir::SrcLoc{path, 1, 1}, "cannot read the oracle file");
  std::stringstream text;
  text << in.rdbuf();
  return ir::Counterexample::from_json(ir::Json::parse(text.str(), path), path);
}

/// `--input n=3`, `t=[10,-10]`, `p=null`, `b=true`: a name and a JSON value.
void add_input(ir::Counterexample &cx, const std::string &arg) {
  const auto eq = arg.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--input expects NAME=VALUE, not '" + arg + "'");
  const std::string name = arg.substr(0, eq);
  ir::Json value;
  try {
    value = ir::Json::parse(arg.substr(eq + 1), "--input " + name);
  } catch (const ir::Error &e) {
    throw UsageError("--input " + name + ": '" + arg.substr(eq + 1) +
                     "' is not a value (an integer, true/false, null or [v, ...])");
  }
  for (auto &[k, v] : cx.inputs)
    if (k == name) {
      v = value;
      return;
    }
  cx.inputs.emplace_back(name, std::move(value));
}

/// Every --input names a parameter of the entry function or a global.
void check_input_names(const ir::Program &p, const std::string &function,
                       const std::vector<std::string> &inputs) {
  const ir::Function *f = p.function(function);
  if (!f) return; // reported by the run
  for (const auto &i : inputs) {
    const std::string name = i.substr(0, i.find('='));
    bool known = p.global(name) != nullptr;
    for (const auto &b : f->params)
      known = known || b.name == name;
    for (const auto &s : f->source_inputs) // a structure, as the source program names it
      known = known || s.name == name;
    if (!known)
      throw UsageError("--input " + name + ": " + function + " has no parameter and the program " +
                       "no global of that name");
  }
}

/// Inputs given as the source program names them (`node=[{"id":0,"value":1}]` for a pointer
/// to a structure) become the IR's (`node_id=[0]`, `node_value=[1]`).
void to_ir_inputs(const ir::Program &p, const std::string &function, ir::Counterexample &cx) {
  const ir::Function *f = p.function(function);
  if (!f || f->source_inputs.empty()) return;
  try {
    cx.inputs = ir::from_source_terms(f->source_inputs, cx.inputs);
  } catch (const ir::Error &e) {
    throw UsageError("--input " + e.message());
  }
}

std::string entry_function(const ir::Program &p, const CommandLine &cl, const std::string &named,
                           const ir::Counterexample &cx) {
  if (cl.given("--function")) return named;
  if (!cx.function.empty()) return cx.function;
  std::vector<std::string> with_body;
  for (const ir::Function *f : p.functions())
    if (f->body) with_body.push_back(f->name);
  if (with_body.size() == 1) return with_body.front();
  throw UsageError("several functions: say which one to run with --function");
}

/// `--nondet 3,-1,7`: integers, in order.
std::vector<ir::Json> nondet_list(const std::string &arg) {
  std::vector<ir::Json> out;
  std::stringstream s(arg);
  for (std::string v; std::getline(s, v, ',');) {
    try {
      out.push_back(ir::Json(ir::BigInt(v)));
    } catch (const std::exception &) {
      throw UsageError("--nondet expects integers separated by commas, not '" + v + "'");
    }
  }
  return out;
}

int exit_code(rac::OutcomeKind k) {
  switch (k) {
  case rac::OutcomeKind::Ok:
    return 0;
  case rac::OutcomeKind::Failure:
    return 1;
  case rac::OutcomeKind::OutsidePrecondition:
    return 2;
  default:
    return 3;
  }
}

/// --steps: a positive number, read as std::stol does (digits first).
bool positive_steps(const std::string &s) {
  try {
    return std::stol(s) > 0;
  } catch (const std::exception &) {
    return false;
  }
}

/// `--inputs-file F`: one oracle per line (blank lines skipped), each run in this one process
/// (the program is parsed once: a brute-force enumeration of a small input domain runs
/// thousands), one outcome per line. `--input` values override each line's. Exit code 1 when
/// some run failed a goal, else 0: the other outcomes are on their lines.
int run_many(const ir::Program &p, const std::string &path, bool function_given,
             const std::vector<std::string> &inputs, const rac::Config &base,
             const std::string &format) {
  std::ifstream in(path);
  if (!in) throw ir::Error(ir::SrcLoc{path, 1, 1}, "cannot read the inputs file");
  bool failed = false;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    rac::Config cfg = base;
    const std::string where = path + ":" + std::to_string(n);
    cfg.input = ir::Counterexample::from_json(ir::Json::parse(line, where), where);
    for (const auto &i : inputs)
      add_input(cfg.input, i);
    if (!function_given && !cfg.input.function.empty()) cfg.function = cfg.input.function;
    to_ir_inputs(p, cfg.function, cfg.input);
    const rac::Outcome out = rac::run(p, cfg);
    failed = failed || out.kind == rac::OutcomeKind::Failure;
    if (format == "json")
      std::cout << rac::to_json(out).dump() << "\n";
    else
      std::cout << "input " << n << ": " << rac::format_text(out);
  }
  return failed ? 1 : 0;
}

int run_run(const std::vector<std::string> &args) {
  CommandLine cl(
      "run", "FILE",
      "Runs F on the given inputs, checking every annotation and runtime error on the "
      "way.\n",
      "Exit code 0 ok, 1 a goal failed, 2 bad input (or input outside the precondition),\n"
      "3 stuck, not executable or limit reached.");
  rac::Config cfg;
  std::string function, oracle, format = "text", steps, inputs_file, test_case, nondet;
  std::vector<std::string> inputs, giant;
  double timeout_s = double(cfg.time_limit.count()) / 1000;
  bool with_trace = false;
  cl.text("--function", function, "F",
          "the function to run (default: the oracle's, or the only one)");
  cl.texts("--input", inputs, "NAME=V",
           "a parameter or global: 3, true, null, or [10,-10] for a pointer\n"
           "(a fresh block with those cells); missing inputs are 0");
  cl.texts("--giant-step", giant, "S",
           "take subcontract S (loop@LINE or a callee name, or 'all') by its\n"
           "contract, with written values from the oracle");
  cl.text("--oracle", oracle, "FILE", "inputs and giant-step outputs (JSON, see docs/rac.md)");
  cl.flag("--trace", with_trace, "print the variables after each statement");
  bool interpret = false;
  cl.flag("--interpret", interpret,
          "interpret every step, compiled loops too (the same outcome, slower:\n"
          "for comparing the two forms)");
  cl.choice("--format", format, {"text", "json"}, "text or json");
  cl.app()
      .add_option("--steps", cfg.step_limit, "step limit")
      ->option_text("N")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string &s) {
            if (!positive_steps(s)) return "--steps expects a positive number, not '" + s + "'";
            s = std::to_string(std::stol(s)); // read as std::stol reads it: "12x" is 12
            return std::string();
          },
          ""));
  cl.seconds("--timeout", timeout_s, "seconds")->capture_default_str();
  cl.flag("--typically", cfg.assume_typically,
          "assume F's typically clauses too (outside_precondition if false)");
  cl.text("--test-case", test_case, "F.xml",
          "a Test-Comp test case: the values of the nondeterministic calls, in order");
  cl.text("--nondet", nondet, "V,V,...",
          "the values of the nondeterministic calls, in order (as --test-case)");
  cl.text("--inputs-file", inputs_file, "F",
          "one oracle (JSON) per line, each run in turn, one outcome a line;\n"
          "exit code 1 when some run failed, else 0");
  cl.parse(args);
  const ir::Program p = load_program(cl.file(), cl.source());
  if (cl.given("--oracle")) cfg.input = read_oracle(oracle);
  for (const auto &i : inputs)
    add_input(cfg.input, i);
  cfg.function = entry_function(p, cl, function, cfg.input);
  check_input_names(p, cfg.function, inputs);
  to_ir_inputs(p, cfg.function, cfg.input);
  cfg.policy = policy_of(p, giant);
  cfg.compile = !interpret;
  cfg.time_limit = std::chrono::milliseconds(long(timeout_s * 1000));
  if (cl.given("--test-case") && cl.given("--nondet"))
    throw UsageError("--test-case and --nondet both give the nondeterministic values: one of them");
  std::optional<rac::NondetStreamOracle> stream;
  if (cl.given("--test-case"))
    stream.emplace(cfg.input, classify::read_testcomp_testcase(read_file(test_case), test_case));
  if (cl.given("--nondet")) stream.emplace(cfg.input, nondet_list(nondet));
  if (stream) cfg.oracle = &*stream;
  if (cl.given("--inputs-file")) {
    if (with_trace || cl.given("--oracle"))
      throw UsageError("--inputs-file runs many inputs: trace or replay an oracle one at a time");
    return run_many(p, inputs_file, cl.given("--function"), inputs, cfg, format);
  }
  std::vector<std::string> trace;
  if (with_trace)
    cfg.trace = [&](const std::string &line) {
      if (format == "text")
        std::cout << "trace: " << line << "\n";
      else
        trace.push_back(line);
    };
  const rac::Outcome out = rac::run(p, cfg);
  if (format == "json") {
    ir::Json j = rac::to_json(out);
    if (with_trace) {
      ir::Json t = ir::Json::array();
      for (auto &l : trace)
        t.push_back(l);
      j["trace"] = std::move(t);
    }
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << rac::format_text(out);
  }
  return exit_code(out.kind);
}

const Registrar reg{{"run", "run a function under the runtime assertion checker", run_run}};

} // namespace
} // namespace triage::cli
