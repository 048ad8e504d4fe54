// The outcome as users see it (docs/rac.md): one line saying what happened and where, then the
// state; or the same as JSON.
#include "rac/interpreter.hpp"

namespace triage::rac {

std::string format_text(const Outcome &o) {
  std::string out;
  if (o.kind == OutcomeKind::Ok) {
    out = "ok\n";
  } else if (o.kind == OutcomeKind::Failure && o.goal) {
    out = ir::where(o.goal->at) + ": failure: " + ir::goal_kind_name(o.goal->kind) +
          (o.goal->annot_id.empty() ? "" : " (" + o.goal->annot_id + ")") + " in " +
          o.goal->function + "\n";
    if (!o.reason.empty()) out += "  " + o.reason + "\n";
  } else {
    out = ir::where(o.at) + ": " + outcome_headline(o.kind) + ": " + o.reason + "\n";
  }
  if (o.kind != OutcomeKind::Ok && !o.state.empty()) out += "  state:" + o.state + "\n";
  for (const auto &g : o.giant_steps)
    out += "  giant step: " + g.subcontract + " (line " + std::to_string(g.line) + ", visit " +
           std::to_string(g.visit) + ")\n";
  for (const auto &d : o.defaults_used)
    out += "  default: " + d + "\n";
  return out;
}

ir::Json to_json(const Outcome &o) {
  ir::Json j = ir::Json::object();
  j["outcome"] = outcome_name(o.kind);
  if (o.goal) {
    ir::Json g = ir::Json::object();
    g["kind"] = ir::goal_kind_name(o.goal->kind);
    g["id"] = o.goal->annot_id;
    g["function"] = o.goal->function;
    g["file"] = o.goal->at.file;
    g["line"] = o.goal->at.line;
    g["column"] = o.goal->at.col;
    j["goal"] = std::move(g);
  }
  j["reason"] = o.reason;
  ir::Json at = ir::Json::object();
  at["file"] = o.at.file;
  at["line"] = o.at.line;
  at["column"] = o.at.col;
  j["at"] = std::move(at);
  j["state"] = o.state_json.is_null() ? ir::Json::object() : o.state_json;
  ir::Json steps = ir::Json::array();
  for (const auto &g : o.giant_steps) {
    ir::Json s = ir::Json::object();
    s["subcontract"] = g.subcontract;
    s["line"] = g.line;
    s["visit"] = g.visit;
    steps.push_back(std::move(s));
  }
  j["giant_steps"] = std::move(steps);
  ir::Json defaults = ir::Json::array();
  for (const auto &d : o.defaults_used)
    defaults.push_back(d);
  j["defaults_used"] = std::move(defaults);
  j["steps"] = ir::Json(o.steps);
  return j;
}

} // namespace triage::rac
