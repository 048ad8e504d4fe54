// `triage prove FILE`: deductive verification of every goal, one line (or JSON object) per goal.
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"
#include "triage/prove_options.hpp"

#include "ir/json.hpp"
#include "vcgen/prove.hpp"

#include <iostream>

namespace triage::cli {
namespace {

ir::Json goal_json(const vcgen::GoalResult &r, bool with_cx) {
  ir::Json g = ir::Json::object();
  g["function"] = r.goal.function;
  g["kind"] = ir::goal_kind_name(r.goal.kind);
  g["id"] = r.goal.annot_id;
  g["file"] = r.goal.at.file;
  g["line"] = r.goal.at.line;
  g["column"] = r.goal.at.col;
  g["status"] = r.status == vcgen::Status::Proved ? "proved" : "failed";
  g["answer"] = r.answer;
  g["prover"] = r.prover;
  g["time_ms"] = ir::Json(r.time_ms);
  if (with_cx && r.model) g["counterexample"] = r.model->to_json();
  return g;
}

int run_prove(const std::vector<std::string> &args) {
  const Options opts(args, {"no-rte", "total-logic", "counterexample"}, [] {
    auto names = prove_option_names();
    names.insert("format");
    return names;
  }());
  const vcgen::ProveOptions po = prove_options(opts);
  const bool json = opts.choice("format", {"text", "json"}, "text") == "json";
  const bool with_cx = opts.flag("counterexample");
  const ir::Program p = load_program(opts.file(), opts);
  if (po.function && !p.function(*po.function))
    throw UsageError("no function named " + *po.function);

  vcgen::Session session(p, po);
  std::vector<vcgen::GoalResult> results = session.prove_all();
  size_t proved = 0;
  for (const auto &r : results)
    proved += r.status == vcgen::Status::Proved;

  if (json) {
    ir::Json out = ir::Json::object();
    out["file"] = opts.file();
    ir::Json goals = ir::Json::array();
    for (const auto &r : results)
      goals.push_back(goal_json(r, with_cx));
    out["goals"] = std::move(goals);
    std::cout << out.dump(2) << "\n";
  } else {
    for (const auto &r : results) {
      std::cout << r.goal.at.file << ":" << r.goal.at.line << ":" << r.goal.at.col << ": "
                << (r.status == vcgen::Status::Proved ? "proved" : "failed") << ": "
                << ir::goal_kind_name(r.goal.kind);
      if (!r.goal.annot_id.empty()) std::cout << " (" << r.goal.annot_id << ")";
      std::cout << " [" << r.prover << " " << r.answer << " " << r.time_ms << " ms]\n";
      if (with_cx && r.model)
        std::cout << "  counterexample: " << r.model->to_json().dump() << "\n";
    }
    std::cout << results.size() << " goals, " << proved << " proved, " << results.size() - proved
              << " failed\n";
  }
  return proved == results.size() ? 0 : 1;
}

const Registrar reg{
    {"prove", "prove every goal with Z3 and cvc5",
     "usage: triage prove FILE [--function F] [--prover z3|cvc5|portfolio] [--work S]\n"
     "                    [--timeout S] [--budget-scale F]\n"
     "                    [-j N] [--deadline S] [--no-rte] [--total-logic]\n"
     "                    [--format text|json]\n"
     "                    [--counterexample] [--seed N]\n\n"
     "Generates one verification condition per goal (annotation and goal kind, runtime errors\n"
     "per statement) and discharges it. Calls and loops are replaced by their contracts.\n"
     "  --function F      only the goals of F (lemmas always)\n"
     "  --prover P        z3, cvc5, or portfolio (default): both at once, the first answer wins\n"
     "  --work S          solver work per goal and solver, in seconds of the reference\n"
     "                    machine, counted in the solvers' resource units: the same answers\n"
     "                    under any load (default 2, as --timeout 2 on an idle machine; 0:\n"
     "                    bounded by time alone)\n"
     "  --timeout S       wall-clock backstop per goal and solver, in seconds (default 10)\n"
     "  --budget-scale F  multiplies the wall-clock backstops (slower machines), not the work\n"
     "  -j N              goals proved at once (default: one per core, or TRIAGE_JOBS)\n"
     "  --deadline S      for the whole file: goals not tried by then fail as not_run\n"
     "  --no-rte          no runtime-error goals (overflow, division, memory)\n"
     "  --total-logic     read annotations in ACSL's total logic, as Frama-C WP does, with no\n"
     "                    well-definedness (by default, as under E-ACSL, reads of checked\n"
     "                    annotations must be valid, and assumed ones imply that theirs are)\n"
     "  --format F        text (default): FILE:LINE:COL: proved|failed: KIND (ID) [PROVER\n"
     "                    ANSWER MS ms]; json: {\"file\", \"goals\": [...]}; ANSWER\n"
     "                    resource_limit: the work ran out, timeout: the backstop did\n"
     "  --counterexample  with each failed goal, its candidate inputs and giant-step oracle\n"
     "                    (the format `triage run --oracle` reads)\n"
     "  --seed N          solver random seed (default 0)\n"
     "Exit code 0 when every goal is proved, 1 otherwise, 2 on bad input.\n",
     run_prove}};

} // namespace
} // namespace triage::cli
