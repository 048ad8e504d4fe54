#include "classify/verify_task.hpp"

#include "ir/error.hpp"

#include <algorithm>
#include <chrono>
#include <set>

namespace triage::classify {

namespace {

using Clock = std::chrono::steady_clock;

/// The ids of the assertions the task conventions made of reach_error and __VERIFIER_assert
/// (frontend-c/lower_task.cpp names them so).
void reach_error_ids(const ir::Block &b, std::set<std::string> &out) {
  for (const ir::StmtPtr &s : b) {
    if (s->kind == ir::StmtKind::Assert)
      for (const ir::Annotation &a : s->annots)
        if (a.name == "reach_error") out.insert(a.id);
    reach_error_ids(s->body, out);
    reach_error_ids(s->else_body, out);
  }
}

std::set<std::string> reach_error_ids(const ir::Program &p) {
  std::set<std::string> ids;
  for (const ir::Function *f : p.functions())
    if (f->body) reach_error_ids(*f->body, ids);
  return ids;
}

/// The property's goals, as a predicate.
std::function<bool(const ir::GoalRef &)> property_goals(const ir::Program &p, TaskPropertyKind k) {
  if (k == TaskPropertyKind::NoOverflow)
    return [](const ir::GoalRef &g) { return g.kind == ir::GoalKind::RteOverflow; };
  return [ids = reach_error_ids(p)](const ir::GoalRef &g) {
    return g.kind == ir::GoalKind::Assertion && ids.count(g.annot_id) > 0;
  };
}

long ms_since(Clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

/// A run from main that breaks the property, or every path explored without one.
void search(const ir::Program &p, TaskPropertyKind k, const VerifyOptions &o, TaskResult &r) {
  dse::Options d;
  d.function = "main";
  d.budget = o.search_budget;
  d.run_steps = o.run_steps;
  // A task's loops run to their end: one run may take the whole search's backstop.
  d.run_backstop = std::chrono::milliseconds(5 * o.search_budget.count());
  const auto is_property = property_goals(p, k);
  d.target = is_property;
  const dse::Result s = dse::explore(p, d);
  r.paths = s.paths;
  r.search_complete = s.complete;
  if (s.found) {
    const dse::Test &t = s.tests[*s.found];
    r.verdict = TaskVerdict::False;
    r.goal = t.outcome.goal;
    r.witness = t.input;
    r.test_inputs = nondet_values(t.input);
    r.reason = k == TaskPropertyKind::NoOverflow
                   ? "an arithmetic operation overflows at " + ir::where(t.outcome.goal->at)
                   : "reach_error is reached at " + ir::where(t.outcome.goal->at);
    return;
  }
  if (s.complete) {
    r.verdict = TaskVerdict::True;
    r.reason = "every path of main explored (" + std::to_string(s.paths) + "), none breaks it";
  }
}

/// The property's goals in every function that the prover leaves open (all proved: none).
std::vector<ir::GoalRef> unproved(const ir::Program &p, TaskPropertyKind k,
                                  const vcgen::ProveOptions &po, size_t &goals) {
  vcgen::ProveOptions o = po;
  o.function.reset();
  o.rte = k == TaskPropertyKind::NoOverflow;
  vcgen::Session session(p, o);
  const auto is_property = property_goals(p, k);
  std::vector<ir::GoalRef> open;
  goals = 0;
  for (const vcgen::GoalResult &g : session.prove_all()) {
    if (!is_property(g.goal)) continue;
    ++goals;
    if (g.status != vcgen::Status::Proved) open.push_back(g.goal);
  }
  return open;
}

/// Loop invariants of triage's own that make every open goal provable (checked by proof).
void by_invariants(const ir::Program &p, TaskPropertyKind k, const VerifyOptions &o,
                   const std::vector<ir::GoalRef> &open, TaskResult &r) {
  Report report;
  report.file = o.fixes->file;
  for (const ir::GoalRef &g : open) {
    GoalDiagnosis d;
    d.result.goal = g;
    d.verdict = Verdict::Unknown;
    report.goals.push_back(std::move(d));
  }
  FixContext ctx = *o.fixes;
  ctx.prove = o.prove;
  ctx.prove.rte = k == TaskPropertyKind::NoOverflow;
  std::vector<FunctionFix> fixes = suggest_invariants(p, report, ctx);
  size_t proved = 0;
  for (const FunctionFix &f : fixes)
    proved += f.loops.empty() ? 0 : f.proves.size();
  if (proved < open.size()) return;
  r.verdict = TaskVerdict::True;
  r.reason = "proved with loop invariants triage found and checked";
  r.invariants = std::move(fixes);
}

} // namespace

const char *verdict_name(TaskVerdict v) {
  switch (v) {
  case TaskVerdict::True:
    return "true";
  case TaskVerdict::False:
    return "false";
  case TaskVerdict::Unknown:
    break;
  }
  return "unknown";
}

TaskResult verify(const ir::Program &p, TaskPropertyKind k, const VerifyOptions &o) {
  const auto t0 = Clock::now();
  TaskResult r;
  if (k == TaskPropertyKind::Other) {
    r.reason = "the property is not one triage checks (unreach-call, no-overflow)";
    return r;
  }
  if (!p.function("main") || !p.function("main")->body) {
    r.reason = "the program has no function main";
    return r;
  }
  search(p, k, o, r);
  if (r.verdict == TaskVerdict::Unknown) {
    size_t goals = 0;
    const std::vector<ir::GoalRef> open = unproved(p, k, o.prove, goals);
    if (open.empty()) {
      r.verdict = TaskVerdict::True;
      r.reason = goals == 0 ? "the program has no goal of the property"
                            : "every goal of the property proved (" + std::to_string(goals) + ")";
    } else if (o.fixes) {
      by_invariants(p, k, o, open, r);
    }
    if (r.verdict == TaskVerdict::Unknown)
      r.reason = std::to_string(open.size()) + " goal" + (open.size() == 1 ? "" : "s") +
                 " of the property not proved, and the search (" + std::to_string(r.paths) +
                 " paths) ended without a run that breaks it";
  }
  r.time_ms = ms_since(t0);
  return r;
}

} // namespace triage::classify
