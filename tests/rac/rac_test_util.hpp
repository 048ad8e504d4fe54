// Helpers of the rac tests: run a function of an `.ivl` text with inputs and giant steps.
#pragma once

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "rac/interpreter.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace triage::rac::test {

inline ir::Program program(const std::string &text) {
  ir::Program p = ir::parse_text(text, "t.ivl");
  ir::typecheck(p);
  return p;
}

struct RunSpec {
  std::string function = "f";
  ir::NamedValues inputs;
  std::vector<ir::SubcontractOutput> outputs;
  Policy policy;
  long steps = 100000;
  std::vector<std::string> *trace = nullptr;
  OracleSource *oracle = nullptr;
  std::function<bool(const ir::GoalRef &)> go_past;
};

inline Outcome run_text(const std::string &text, const RunSpec &r) {
  const ir::Program p = program(text);
  Config cfg;
  cfg.function = r.function;
  cfg.input.inputs = r.inputs;
  cfg.input.outputs = r.outputs;
  cfg.policy = r.policy;
  cfg.step_limit = r.steps;
  cfg.oracle = r.oracle;
  cfg.go_past = r.go_past;
  if (r.trace) cfg.trace = [t = r.trace](const std::string &l) { t->push_back(l); };
  return run(p, cfg);
}

inline ir::Json ints(std::vector<long> v) {
  ir::Json a = ir::Json::array();
  for (long x : v)
    a.push_back(ir::Json(x));
  return a;
}

inline Policy giant(std::string name) {
  Policy p;
  p.giant.insert(std::move(name));
  return p;
}

/// "ok", or "failure KIND ID", or "stuck", ...: what a test compares.
inline std::string verdict(const Outcome &o) {
  if (o.kind == OutcomeKind::Failure && o.goal)
    return std::string("failure ") + ir::goal_kind_name(o.goal->kind) +
           (o.goal->annot_id.empty() ? "" : " " + o.goal->annot_id);
  return outcome_name(o.kind);
}

} // namespace triage::rac::test
