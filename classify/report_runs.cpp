// Replays for reports: the same runs `triage run --trace` prints, kept as data.
#include "classify/report_runs.hpp"

#include "classify/replay.hpp"
#include "ir/counterexample.hpp"

#include <algorithm>

namespace triage::classify {

// Helpers in a namespace of their own: unity builds put this file beside others (TRIAGE_UNITY).
namespace run_views {
namespace {

std::string text_of(const ir::Json *j) {
  return j && j->is_string() ? j->as_string() : std::string();
}

/// The giant-step policy of a goal's JSON (as replay_policy of its diagnosis).
rac::Policy policy_of(const ir::Json &goal) {
  rac::Policy policy;
  if (text_of(goal.find("verdict")) != "subcontract_weakness") return policy;
  if (text_of(goal.find("scope")) == "global") {
    policy.all_giant = true;
    return policy;
  }
  if (const ir::Json *names = goal.find("subcontracts"); names && names->is_array())
    for (const auto &n : names->as_array())
      if (n.is_string()) policy.giant.insert(n.as_string());
  return policy;
}

ir::Json named_values(const rac::StateItems &s) {
  ir::Json out = ir::Json::array();
  for (const auto *group : {&s.variables, &s.globals, &s.memory})
    for (const auto &[name, text] : *group)
      out.push_back(ir::Json(ir::Json::Array{ir::Json(name), ir::Json(text)}));
  return out;
}

ir::Json step_json(const rac::TraceStep &t) {
  ir::Json j = ir::Json::object();
  j["file"] = t.at.file;
  j["line"] = t.at.line;
  j["function"] = t.function;
  j["what"] = t.what;
  j["values"] = named_values(t.state());
  return j;
}

/// One run of `cex` under `policy`, its last `limits.max_steps` statements kept. The run is
/// deterministic: a first pass counts its statements, so the second computes the states of
/// the kept ones only.
ir::Json view_run(const ir::Program &p, const ir::Counterexample &cex, const rac::Policy &policy,
                  const std::string &title, const RunViewLimits &limits) {
  const RunLimits run_limits{limits.run_steps, std::chrono::milliseconds(5000)};
  size_t total = 0;
  run_candidate(p, cex, policy, run_limits, nullptr, [&](const rac::TraceStep &) { ++total; });
  const size_t first_kept = total > limits.max_steps ? total - limits.max_steps : 0;
  ir::Json steps = ir::Json::array();
  size_t index = 0;
  const rac::Outcome o =
      run_candidate(p, cex, policy, run_limits, nullptr, [&](const rac::TraceStep &t) {
        if (index++ >= first_kept) steps.push_back(step_json(t));
      });
  ir::Json run = ir::Json::object();
  run["title"] = title;
  ir::Json giant = ir::Json::array();
  for (const auto &name : traversed(o))
    giant.push_back(name);
  run["giant_steps"] = std::move(giant);
  run["outcome"] = rac::outcome_name(o.kind);
  ir::Json end = ir::Json::object();
  end["file"] = o.at.file;
  end["line"] = o.at.line;
  end["column"] = o.at.col;
  end["reason"] = o.reason;
  const size_t start = o.state.find_first_not_of(' ');
  end["state"] = start == std::string::npos ? "" : o.state.substr(start);
  run["end"] = std::move(end);
  run["steps_total"] = total;
  run["steps"] = std::move(steps);
  return run;
}

} // namespace
} // namespace run_views

ir::Json goal_runs(const ir::Program &p, const ir::Json &goal, const RunViewLimits &limits) {
  using namespace run_views;
  ir::Json runs = ir::Json::array();
  const ir::Json *cj = goal.find("counterexample");
  if (!cj || cj->is_null()) return runs;
  const ir::Counterexample cex = ir::Counterexample::from_json(*cj, text_of(goal.find("file")));
  const rac::Policy policy = policy_of(goal);
  if (!policy.all_giant && policy.giant.empty()) {
    runs.push_back(view_run(p, cex, policy, "run", limits));
    return runs;
  }
  runs.push_back(view_run(p, inputs_only(cex), rac::Policy{}, "real run", limits));
  runs.push_back(view_run(p, cex, policy, "run through the contracts", limits));
  return runs;
}

void attach_runs(const ir::Program &p, ir::Json &report, const RunViewLimits &limits) {
  ir::Json *goals = nullptr;
  for (auto &[key, value] : report.as_object())
    if (key == "goals") goals = &value;
  if (!goals || !goals->is_array()) return;
  for (auto &g : goals->as_array())
    if (const ir::Json *c = g.find("counterexample"); c && !c->is_null())
      g["runs"] = goal_runs(p, g, limits);
}

} // namespace triage::classify
