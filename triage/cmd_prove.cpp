// `triage prove FILE`: deductive verification of every goal, one line (or JSON object) per goal.
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/prove_options.hpp"

#include "ir/json.hpp"
#include "vcgen/prove.hpp"

#include <iostream>

namespace triage::cli {
namespace {

/// The prover that answered, or "" when none did.
const char *prover_text(const vcgen::GoalResult &r) {
  return r.prover ? vcgen::prover_name(*r.prover) : "";
}

ir::Json goal_json(const vcgen::GoalResult &r, bool with_cx) {
  ir::Json g = ir::Json::object();
  g["function"] = r.goal.function;
  g["kind"] = ir::goal_kind_name(r.goal.kind);
  g["id"] = r.goal.annot_id;
  g["file"] = r.goal.at.file;
  g["line"] = r.goal.at.line;
  g["column"] = r.goal.at.col;
  g["status"] = r.status == vcgen::Status::Proved ? "proved" : "failed";
  g["answer"] = vcgen::goal_answer_name(r.answer);
  g["prover"] = prover_text(r);
  g["time_ms"] = ir::Json(r.time_ms);
  if (!r.induction.empty()) g["induction"] = r.induction;
  if (with_cx && r.model) g["counterexample"] = r.model->to_json();
  return g;
}

int run_prove(const std::vector<std::string> &args) {
  CommandLine cl("prove", "FILE",
                 "Generates one verification condition per goal (annotation and goal kind, "
                 "runtime errors\nper statement) and discharges it. Calls and loops are replaced "
                 "by their contracts.\n",
                 "Exit code 0 when every goal is proved, 1 otherwise, 2 on bad input.");
  const ProveFlags prove(cl);
  std::string format = "text";
  bool with_cx = false;
  cl.choice("--format", format, {"text", "json"},
            "text: FILE:LINE:COL: proved|failed: KIND (ID) [PROVER ANSWER MS ms]\n"
            "(a lemma proved by induction adds `, by induction on VAR`);\n"
            "json: {\"file\", \"goals\": [...]}; ANSWER resource_limit: the work\n"
            "ran out, timeout: the backstop did");
  cl.flag("--counterexample", with_cx,
          "with each failed goal, its candidate inputs and giant-step oracle\n"
          "(the format `triage run --oracle` reads)");
  cl.parse(args);
  const vcgen::ProveOptions po = prove.options();
  const bool json = format == "json";
  const ir::Program p = load_program(cl.file(), cl.source());
  if (po.function && !p.function(*po.function))
    throw UsageError("no function named " + *po.function);

  vcgen::Session session(p, po);
  std::vector<vcgen::GoalResult> results = session.prove_all();
  size_t proved = 0;
  for (const auto &r : results)
    proved += r.status == vcgen::Status::Proved;

  if (json) {
    ir::Json out = ir::Json::object();
    out["file"] = cl.file();
    ir::Json goals = ir::Json::array();
    for (const auto &r : results)
      goals.push_back(goal_json(r, with_cx));
    out["goals"] = std::move(goals);
    std::cout << out.dump(2) << "\n";
  } else {
    for (const auto &r : results) {
      std::cout << ir::where(r.goal.at) << ": "
                << (r.status == vcgen::Status::Proved ? "proved" : "failed") << ": "
                << ir::goal_kind_name(r.goal.kind);
      if (!r.goal.annot_id.empty()) std::cout << " (" << r.goal.annot_id << ")";
      std::cout << " [" << prover_text(r) << " " << vcgen::goal_answer_name(r.answer) << " "
                << r.time_ms << " ms"
                << (r.induction.empty() ? "" : ", by induction on " + r.induction) << "]\n";
      if (with_cx && r.model)
        std::cout << "  counterexample: " << r.model->to_json().dump() << "\n";
    }
    std::cout << results.size() << " goals, " << proved << " proved, " << results.size() - proved
              << " failed\n";
  }
  return proved == results.size() ? 0 : 1;
}

const Registrar reg{{"prove", "prove every goal with Z3 and cvc5", run_prove}};

} // namespace
} // namespace triage::cli
