#include "classify/sarif.hpp"

#include "classify/render.hpp"
#include "classify/suggestion.hpp"
#include "classify/verdict.hpp"
#include "ir/goal.hpp"

#include <algorithm>
#include <array>

#ifndef TRIAGE_VERSION
#define TRIAGE_VERSION "0.0.0"
#endif

namespace triage::classify {

namespace {

constexpr std::array<Verdict, 5> rule_verdicts{Verdict::NonCompliance, Verdict::SubcontractWeakness,
                                               Verdict::ProverIncapacity,
                                               Verdict::LikelyProverIncapacity, Verdict::Unknown};

/// A bug is an error; a contract too weak, or a goal nobody could decide, a warning; a true
/// goal the prover cannot prove, a note.
const char *level_of(Verdict v) {
  switch (v) {
  case Verdict::NonCompliance:
    return "error";
  case Verdict::ProverIncapacity:
  case Verdict::LikelyProverIncapacity:
    return "note";
  default:
    return "warning";
  }
}

ir::Json text(const std::string &s) {
  ir::Json j = ir::Json::object();
  j["text"] = s;
  return j;
}

/// A physicalLocation; SARIF lines and columns start at 1, so unknown ones are left out.
ir::Json physical(const ir::SrcLoc &at) {
  ir::Json artifact = ir::Json::object();
  artifact["uri"] = at.file;
  ir::Json loc = ir::Json::object();
  loc["artifactLocation"] = std::move(artifact);
  if (at.line > 0) {
    ir::Json region = ir::Json::object();
    region["startLine"] = at.line;
    if (at.col > 0) region["startColumn"] = at.col;
    loc["region"] = std::move(region);
  }
  ir::Json out = ir::Json::object();
  out["physicalLocation"] = std::move(loc);
  return out;
}

ir::Json rules() {
  ir::Json all = ir::Json::array();
  for (Verdict v : rule_verdicts) {
    ir::Json r = ir::Json::object();
    r["id"] = verdict_name(v);
    r["shortDescription"] = text(verdict_sentence(v));
    ir::Json config = ir::Json::object();
    config["level"] = level_of(v);
    r["defaultConfiguration"] = std::move(config);
    all.push_back(std::move(r));
  }
  return all;
}

/// Where a subcontract is: a loop by the line in its name, a callee by its definition.
std::optional<ir::SrcLoc> subcontract_location(const ir::Program &p, const std::string &name,
                                               const ir::SrcLoc &goal_at) {
  if (ir::is_loop_name(name)) {
    const auto line = ir::loop_line(name);
    if (!line) return std::nullopt;
    return ir::SrcLoc{goal_at.file, *line, 0};
  }
  if (const ir::Function *f = p.function(name)) return ir::where(p, f->pos, f->src);
  return std::nullopt;
}

std::string message_of(const Report &r, const GoalDiagnosis &d) {
  std::string m = std::string(verdict_name(d.verdict)) + ": " + goal_title(d) + blamed(d) + ". " +
                  verdict_sentence(d.verdict) + ".";
  if (d.counterexample) {
    m += " Inputs: " + format_values(d.counterexample->inputs) + ".";
    for (const auto &o : d.counterexample->outputs)
      m += " " + o.subcontract + " outputs: " + format_values(o.values) + ".";
  }
  if (!d.failure_reason.empty()) m += " Failure: " + d.failure_reason + ".";
  m += " Suggestion: " + suggestion(d) + ".";
  if (std::string cmd = replay_command(r, d); !cmd.empty()) m += " Replay: " + cmd;
  return m;
}

ir::Json result_of(const Report &r, const GoalDiagnosis &d, const ir::Program &p) {
  const ir::GoalRef &g = d.result.goal;
  ir::Json res = ir::Json::object();
  res["ruleId"] = verdict_name(d.verdict);
  res["ruleIndex"] = long(std::find(rule_verdicts.begin(), rule_verdicts.end(), d.verdict) -
                          rule_verdicts.begin());
  res["level"] = level_of(d.verdict);
  res["message"] = text(message_of(r, d));
  ir::Json locations = ir::Json::array();
  locations.push_back(physical(g.at));
  res["locations"] = std::move(locations);
  ir::Json related = ir::Json::array();
  for (const auto &name : d.subcontracts)
    if (auto at = subcontract_location(p, name, g.at)) {
      ir::Json rel = physical(*at);
      rel["id"] = long(related.as_array().size());
      rel["message"] = text("the contract of " + name + " is too weak for this goal");
      related.push_back(std::move(rel));
    }
  if (!related.as_array().empty()) res["relatedLocations"] = std::move(related);
  // What tools may want beyond the message: the same fields as --format json.
  ir::Json props = ir::Json::object();
  props["goalKind"] = ir::goal_kind_name(g.kind);
  props["annotationId"] = g.annot_id;
  props["function"] = g.function;
  props["strategy"] = d.strategy;
  props["ncSearch"] = nc_search_name(d.nc_search);
  if (!d.nc_search_bounds.empty()) {
    ir::Json bounds = ir::Json::array();
    for (const std::string &b : d.nc_search_bounds)
      bounds.push_back(b);
    props["ncSearchBounds"] = std::move(bounds);
  }
  if (d.verdict == Verdict::SubcontractWeakness) props["scope"] = scope_name(d.scope);
  if (d.search_scope) {
    ir::Json scope = ir::Json::object();
    scope["kind"] = scope_kind_name(d.search_scope->kind);
    scope["text"] = d.search_scope->text;
    props["searchScope"] = std::move(scope);
  }
  if (!d.shown_statically.empty()) {
    props["shown"] = "statically";
    props["replayed"] = d.replayed;
  }
  if (d.counterexample) props["counterexample"] = d.counterexample->to_json();
  if (std::string cmd = replay_command(r, d); !cmd.empty()) props["replay"] = cmd;
  res["properties"] = std::move(props);
  return res;
}

} // namespace

ir::Json render_sarif(const Report &r, const ir::Program &program) {
  ir::Json driver = ir::Json::object();
  driver["name"] = "triage";
  driver["version"] = TRIAGE_VERSION;
  driver["rules"] = rules();
  ir::Json tool = ir::Json::object();
  tool["driver"] = std::move(driver);
  ir::Json results = ir::Json::array();
  for (const auto &d : r.goals)
    if (d.verdict != Verdict::Proved) results.push_back(result_of(r, d, program));
  ir::Json invocation = ir::Json::object();
  invocation["executionSuccessful"] = true;
  ir::Json invocations = ir::Json::array();
  invocations.push_back(std::move(invocation));
  ir::Json run = ir::Json::object();
  run["tool"] = std::move(tool);
  run["invocations"] = std::move(invocations);
  run["results"] = std::move(results);
  ir::Json runs = ir::Json::array();
  runs.push_back(std::move(run));
  ir::Json log = ir::Json::object();
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = std::move(runs);
  return log;
}

} // namespace triage::classify
