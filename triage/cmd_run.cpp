// `triage run FILE --function F --input n=3 ...`: runs a function under the runtime assertion
// checker, small-step or with giant steps over the subcontracts named by --giant-step, and
// prints the outcome (docs/rac.md).
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"
#include "triage/policy.hpp"

#include "ir/error.hpp"
#include "rac/interpreter.hpp"

#include <fstream>
#include <iostream>
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
    if (!known)
      throw UsageError("--input " + name + ": " + function + " has no parameter and the program " +
                       "no global of that name");
  }
}

std::string entry_function(const ir::Program &p, const Options &opts,
                           const ir::Counterexample &cx) {
  if (auto f = opts.value("function")) return *f;
  if (!cx.function.empty()) return cx.function;
  std::vector<std::string> with_body;
  for (const ir::Function *f : p.functions())
    if (f->body) with_body.push_back(f->name);
  if (with_body.size() == 1) return with_body.front();
  throw UsageError("several functions: say which one to run with --function");
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

/// The configuration every run of the command shares: entry, giant steps, limits.
rac::Config base_config(const ir::Program &p, const Options &opts) {
  rac::Config cfg;
  if (auto o = opts.value("oracle")) cfg.input = read_oracle(*o);
  for (const auto &i : opts.values("input"))
    add_input(cfg.input, i);
  cfg.function = entry_function(p, opts, cfg.input);
  check_input_names(p, cfg.function, opts.values("input"));
  cfg.policy = policy_of(p, opts.values("giant-step"));
  if (auto s = opts.value("steps")) {
    try {
      cfg.step_limit = std::stol(*s);
    } catch (const std::exception &) {
      cfg.step_limit = 0;
    }
    if (cfg.step_limit <= 0)
      throw UsageError("--steps expects a positive number, not '" + *s + "'");
  }
  cfg.time_limit = std::chrono::milliseconds(long(opts.seconds("timeout", 5) * 1000));
  cfg.assume_typically = opts.flag("typically");
  return cfg;
}

/// `--inputs-file F`: one oracle per line (blank lines skipped), each run in this one process
/// (the program is parsed once: a brute-force enumeration of a small input domain runs
/// thousands), one outcome per line. `--input` values override each line's. Exit code 1 when
/// some run failed a goal, else 0: the other outcomes are on their lines.
int run_many(const ir::Program &p, const Options &opts, const rac::Config &base,
             const std::string &format) {
  const std::string path = *opts.value("inputs-file");
  std::ifstream in(path);
  if (!in) throw ir::Error(ir::SrcLoc{path, 1, 1}, "cannot read the inputs file");
  bool failed = false;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    rac::Config cfg = base;
    const std::string where = path + ":" + std::to_string(n);
    cfg.input = ir::Counterexample::from_json(ir::Json::parse(line, where), where);
    for (const auto &i : opts.values("input"))
      add_input(cfg.input, i);
    if (!opts.value("function") && !cfg.input.function.empty()) cfg.function = cfg.input.function;
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
  const Options opts(args, {"trace", "typically"},
                     {"function", "input", "giant-step", "oracle", "format", "steps", "timeout",
                      "inputs-file"});
  const std::string format = opts.choice("format", {"text", "json"}, "text");
  const ir::Program p = load_program(opts.file(), opts);
  rac::Config cfg = base_config(p, opts);
  if (opts.value("inputs-file")) {
    if (opts.flag("trace") || opts.value("oracle"))
      throw UsageError("--inputs-file runs many inputs: trace or replay an oracle one at a time");
    return run_many(p, opts, cfg, format);
  }
  std::vector<std::string> trace;
  if (opts.flag("trace"))
    cfg.trace = [&](const std::string &line) {
      if (format == "text")
        std::cout << "trace: " << line << "\n";
      else
        trace.push_back(line);
    };
  const rac::Outcome out = rac::run(p, cfg);
  if (format == "json") {
    ir::Json j = rac::to_json(out);
    if (opts.flag("trace")) {
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

const Registrar reg{
    {"run", "run a function under the runtime assertion checker",
     "usage: triage run FILE [--function F] [--input NAME=VALUE]... [--giant-step S]...\n"
     "                  [--oracle ORACLE.json] [--trace] [--format text|json]\n"
     "                  [--steps N] [--timeout SECONDS] [--typically]\n"
     "                  [--inputs-file INPUTS.jsonl]\n\n"
     "Runs F on the given inputs, checking every annotation and runtime error on the way.\n"
     "  --function F       the function to run (default: the oracle's, or the only one)\n"
     "  --input NAME=V     a parameter or global: 3, true, null, or [10,-10] for a pointer\n"
     "                     (a fresh block with those cells); missing inputs are 0\n"
     "  --giant-step S     take subcontract S (loop@LINE or a callee name, or 'all') by its\n"
     "                     contract, with written values from the oracle\n"
     "  --oracle FILE      inputs and giant-step outputs (JSON, see docs/rac.md)\n"
     "  --trace            print the variables after each statement\n"
     "  --format F         text (default) or json\n"
     "  --steps N          step limit (default 1000000); --timeout: seconds (default 5)\n"
     "  --typically        assume F's typically clauses too (outside_precondition if false)\n"
     "  --inputs-file F    one oracle (JSON) per line, each run in turn, one outcome a line;\n"
     "                     exit code 1 when some run failed, else 0\n"
     "Exit code 0 ok, 1 a goal failed, 2 bad input (or input outside the precondition),\n"
     "3 stuck, not executable or limit reached.\n",
     run_run}};

} // namespace
} // namespace triage::cli
