// `triage verify TASK.yml...`: the verdict of verification tasks as the competitions define
// them (docs/verify.md): true, false or unknown per task and property, with the reason, the
// time, and for false a Test-Comp test case that `triage run --test-case` replays.
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/verify_task.hpp"
#include "ir/error.hpp"
#include "ir/json.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace triage::cli {
namespace {

namespace fs = std::filesystem;
using classify::TaskPropertyKind;
using classify::TaskVerdict;

/// One task and property, as answered.
struct Answer {
  std::string task, program, property;
  std::optional<bool> expected;
  classify::TaskResult result;
  std::string test_case; ///< the file written for a false answer
  std::string replay;
  std::string data_model;  ///< the task's, which the program was read with
  bool unreadable = false; ///< the program is not one triage reads (the answer is unknown)
};

/// The competitions' score of an answer: +2 a correct true, +1 a correct false, -32 a wrong true
/// (a bug missed), -16 a wrong false (a false alarm), 0 unknown or no expected verdict.
int score(const Answer &a) {
  if (!a.expected || a.result.verdict == TaskVerdict::Unknown) return 0;
  const bool said_true = a.result.verdict == TaskVerdict::True;
  if (said_true == *a.expected) return said_true ? 2 : 1;
  return said_true ? -32 : -16;
}

const char *correctness(const Answer &a) {
  if (!a.expected || a.result.verdict == TaskVerdict::Unknown) return "";
  return (a.result.verdict == TaskVerdict::True) == *a.expected ? "correct" : "wrong";
}

ir::Json answer_json(const Answer &a) {
  ir::Json j = ir::Json::object();
  j["task"] = a.task;
  j["program"] = a.program;
  j["property"] = a.property;
  j["verdict"] = classify::verdict_name(a.result.verdict);
  j["expected"] = a.expected ? ir::Json(*a.expected ? "true" : "false") : ir::Json();
  j["correct"] = *correctness(a) ? ir::Json(std::string(correctness(a)) == "correct") : ir::Json();
  j["score"] = ir::Json(score(a));
  j["reason"] = a.result.reason;
  j["time_ms"] = ir::Json(a.result.time_ms);
  j["paths"] = ir::Json(a.result.paths);
  j["search_complete"] = ir::Json(a.result.search_complete);
  j["data_model"] = a.data_model;
  if (a.result.goal) j["goal"] = ir::where(a.result.goal->at);
  if (a.result.verdict == TaskVerdict::False) {
    ir::Json values = ir::Json::array();
    for (const ir::Json &v : a.result.test_inputs)
      values.push_back(v);
    j["test_inputs"] = std::move(values);
    j["test_case"] = a.test_case.empty() ? ir::Json() : ir::Json(a.test_case);
    j["replay"] = a.replay;
  }
  return j;
}

std::string nondet_arg(const std::vector<ir::Json> &values) {
  std::string s;
  for (const ir::Json &v : values)
    s += (s.empty() ? "" : ",") + classify::testcomp_value(v);
  return s;
}

Answer verify_property(const classify::TaskDefinition &t, const classify::TaskProperty &prop,
                       const CommandLine &cl, const classify::VerifyOptions &base,
                       const std::string &test_dir) {
  Answer a;
  a.task = t.path;
  a.program = t.input_files.front();
  a.property = classify::property_name(prop.kind);
  a.expected = prop.expected;
  if (t.input_files.size() > 1) {
    a.result.reason = "tasks of several files are not read";
    return a;
  }
  // The task's data model, whatever --data-model says: the task definition is the authority.
  SourceOptions source = cl.source();
  source.data_model = t.data_model;
  a.data_model = t.data_model;
  // A program triage does not read is that task's `unknown`, not the end of the others': a
  // campaign over many tasks answers all it can (the error is printed, and the exit code is 2).
  ir::Program p;
  try {
    p = load_program(a.program, source);
  } catch (const ir::Error &e) {
    std::cerr << e.what() << "\n";
    a.unreadable = true;
    a.result.reason = std::string("the program is not read: ") + e.what();
    return a;
  }
  classify::VerifyOptions o = base;
  if (o.fixes) {
    o.fixes->file = a.program;
    o.fixes->source = read_file(a.program);
    o.fixes->read = [](const std::string &f) {
      try {
        return read_file(f);
      } catch (const ir::Error &) {
        return std::string();
      }
    };
    o.fixes->compile = [&](const std::string &text) {
      return load_c_text(text, a.program, source);
    };
  }
  a.result = classify::verify(p, prop.kind, o);
  if (a.result.verdict != TaskVerdict::False) return a;
  const std::string model = t.data_model == "LP64" ? "" : " --data-model " + t.data_model;
  if (!test_dir.empty()) {
    fs::create_directories(test_dir);
    a.test_case = (fs::path(test_dir) / (fs::path(t.path).stem().string() + ".xml")).string();
    std::ofstream(a.test_case) << classify::testcomp_testcase(a.result.test_inputs);
    a.replay = "triage run " + a.program + model + " --function main --test-case " + a.test_case;
  } else {
    a.replay = "triage run " + a.program + model + " --function main --nondet '" +
               nondet_arg(a.result.test_inputs) + "'";
  }
  return a;
}

void print_text(const Answer &a) {
  std::cout << a.task << ": " << classify::verdict_name(a.result.verdict) << " (" << a.property;
  if (a.expected)
    std::cout << ", expected " << (*a.expected ? "true" : "false")
              << (*correctness(a) ? std::string(", ") + correctness(a) : "");
  std::cout << ") " << a.result.reason << " [" << a.result.time_ms << " ms]\n";
  for (const classify::FunctionFix &f : a.result.invariants)
    for (const classify::LoopInvariants &l : f.loops)
      for (const std::string &c : l.clauses)
        std::cout << "  invariant of " << l.loop << ": " << c << "\n";
  if (a.result.verdict == TaskVerdict::False) {
    std::cout << "  inputs: "
              << (a.result.test_inputs.empty() ? "none" : nondet_arg(a.result.test_inputs)) << "\n";
    if (!a.test_case.empty()) std::cout << "  test case: " << a.test_case << "\n";
    std::cout << "  replay: " << a.replay << "\n";
  }
}

/// The summary over several tasks: counts by verdict and correctness, the score, the time.
void print_summary(const std::vector<Answer> &answers) {
  int correct_true = 0, correct_false = 0, wrong_true = 0, wrong_false = 0, unknown = 0, total = 0;
  long ms = 0;
  for (const Answer &a : answers) {
    total += score(a);
    ms += a.result.time_ms;
    const std::string c = correctness(a);
    const bool t = a.result.verdict == TaskVerdict::True;
    if (a.result.verdict == TaskVerdict::Unknown)
      ++unknown;
    else if (c == "correct")
      ++(t ? correct_true : correct_false);
    else if (c == "wrong")
      ++(t ? wrong_true : wrong_false);
  }
  std::cout << "\n"
            << std::left << std::setw(40) << "task" << std::setw(14) << "property" << std::setw(9)
            << "verdict" << std::setw(9) << "expected" << std::setw(7) << "score"
            << "time\n";
  for (const Answer &a : answers)
    std::cout << std::setw(40) << fs::path(a.task).filename().string() << std::setw(14)
              << a.property << std::setw(9) << classify::verdict_name(a.result.verdict)
              << std::setw(9) << (a.expected ? (*a.expected ? "true" : "false") : "-")
              << std::setw(7) << score(a) << std::fixed << std::setprecision(2)
              << double(a.result.time_ms) / 1000 << " s\n";
  std::cout << answers.size() << " tasks: " << correct_true << " correct true, " << correct_false
            << " correct false, " << wrong_true << " wrong true, " << wrong_false
            << " wrong false, " << unknown << " unknown; score " << total << "; "
            << std::setprecision(1) << double(ms) / 1000 << " s\n";
}

int run_verify(const std::vector<std::string> &args) {
  CommandLine cl("verify", "TASK.yml...",
                 "Answers verification tasks (SV-COMP format 2.0: unreach-call, no-overflow):\n"
                 "true, false or unknown, with the reason; for false, a test case that replays.\n",
                 "Exit code 0 when every answer is correct or no verdict is expected, 1 when some\n"
                 "answer is wrong or unknown, 2 on bad input.");
  classify::VerifyOptions o;
  double budget_s = double(o.search_budget.count()) / 1000;
  std::string format = "text", test_dir;
  bool no_invariants = false;
  cl.seconds("--budget", budget_s,
             "work of the search for a failing run, in seconds of the reference\n"
             "machine (counted, not timed)")
      ->capture_default_str();
  cl.number("--work", o.prove.work_s, {0, true, 86400, "a number of seconds of solver work"}, "S",
            "solver work per goal and solver (as triage prove --work)")
      ->capture_default_str();
  cl.text("--test-cases", test_dir, "DIR",
          "write each false answer's test case (Test-Comp XML) to DIR/TASK.xml");
  cl.flag("--no-invariants", no_invariants, "do not look for loop invariants of triage's own");
  cl.choice("--format", format, {"text", "json"}, "text or json");
  cl.parse(args);
  if (cl.files().empty()) throw UsageError("missing task definition (TASK.yml)");
  o.search_budget = std::chrono::milliseconds(long(budget_s * 1000));
  if (!no_invariants) o.fixes.emplace();
  std::vector<Answer> answers;
  for (const std::string &file : cl.files()) {
    const classify::TaskDefinition t = classify::read_task(file);
    for (const classify::TaskProperty &prop : t.properties) {
      if (prop.kind == TaskPropertyKind::Other && t.properties.size() > 1) continue;
      answers.push_back(verify_property(t, prop, cl, o, test_dir));
      if (format == "text") print_text(answers.back());
    }
  }
  if (format == "json") {
    ir::Json tasks = ir::Json::array();
    int total = 0;
    for (const Answer &a : answers) {
      tasks.push_back(answer_json(a));
      total += score(a);
    }
    ir::Json j = ir::Json::object();
    j["tasks"] = std::move(tasks);
    j["score"] = ir::Json(total);
    std::cout << j.dump(2) << "\n";
  } else if (answers.size() > 1) {
    print_summary(answers);
  }
  if (std::ranges::any_of(answers, [](const Answer &a) { return a.unreadable; })) return 2;
  const bool all_right = std::ranges::all_of(answers, [](const Answer &a) {
    return !a.expected || std::string(correctness(a)) == "correct";
  });
  return all_right ? 0 : 1;
}

const Registrar reg{
    {"verify", "answer verification tasks (SV-COMP .yml): true, false or unknown", run_verify}};

} // namespace
} // namespace triage::cli
#endif
