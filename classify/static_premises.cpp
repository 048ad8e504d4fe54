#include "classify/static_premises.hpp"

#include <algorithm>
#include <set>

namespace triage::classify {

namespace {

/// What one function's body holds that the premises speak of.
struct BodyFacts {
  std::set<std::string> callees;
  std::vector<std::string> loops_without_variant;
  int assume_line = 0; ///< the first `assume`, 0 when none
};

void facts_of(const ir::Program &p, const ir::Block &b, BodyFacts &out) {
  for (const auto &s : b) {
    if (s->kind == ir::StmtKind::Call) out.callees.insert(s->callee);
    if (s->kind == ir::StmtKind::While &&
        std::ranges::none_of(
            s->annots, [](const ir::Annotation &a) { return a.kind == ir::AnnotKind::Variant; }))
      out.loops_without_variant.push_back(ir::loop_name(p, *s));
    if (s->kind == ir::StmtKind::Assume && out.assume_line == 0)
      out.assume_line = ir::where(p, s->pos, s->src).line;
    facts_of(p, s->body, out);
    facts_of(p, s->else_body, out);
  }
}

BodyFacts facts_of(const ir::Program &p, const ir::Function &f) {
  BodyFacts out;
  if (f.body) facts_of(p, *f.body, out);
  return out;
}

/// The functions `f` calls, directly or not.
std::set<std::string> called_from(const ir::Program &p, const ir::Function &f) {
  std::set<std::string> seen;
  std::vector<std::string> todo;
  for (const auto &c : facts_of(p, f).callees)
    todo.push_back(c);
  while (!todo.empty()) {
    const std::string name = todo.back();
    todo.pop_back();
    if (!seen.insert(name).second) continue;
    if (const ir::Function *g = p.function(name))
      for (const auto &c : facts_of(p, *g).callees)
        todo.push_back(c);
  }
  return seen;
}

std::string at_line(const ir::GoalRef &g) {
  return std::string(ir::goal_kind_name(g.kind)) + " at line " + std::to_string(g.at.line);
}

bool is_lemma(const ir::GoalRef &g) {
  return g.kind == ir::GoalKind::Lemma || g.function.empty() || g.function == "-";
}

} // namespace

StaticPremises static_premises(const ir::Program &p, const std::vector<GoalDiagnosis> &goals,
                               size_t index, const StrategyOptions &options) {
  StaticPremises out;
  const ir::GoalRef &goal = goals[index].result.goal;
  const ir::Function *f = p.function(goal.function);
  if (!f || !f->body) {
    out.missing = "no body to run";
    return out;
  }
  if (!options.rte) {
    out.missing = "runtime errors were not proved absent (--no-rte): a real run may stop at one "
                  "first";
    return out;
  }
  if (!options.well_defined) {
    out.missing = "annotations were read in total logic (--total-logic): a real run may stop at "
                  "an undefined one first";
    return out;
  }
  const std::set<std::string> callees = called_from(p, *f);
  const bool recursive = callees.count(f->name) > 0;
  // The function's own postcondition and frame are checked when it returns, after every other
  // check of its run: they may fail too, unless it calls itself (then they are the contract of
  // its inner calls) or the goal is one of them (which of them a run checks first is not ours to
  // assume).
  const bool exit_goal =
      goal.kind == ir::GoalKind::Postcondition || goal.kind == ir::GoalKind::Assigns;
  if (recursive && exit_goal) {
    out.missing = f->name + " calls itself: this goal is part of the contract its inner calls are "
                            "taken by";
    return out;
  }
  for (const auto &name : callees) {
    const ir::Function *g = p.function(name);
    if (!g || !g->body) {
      out.missing = "callee " + name + " has no body: its contract is assumed, not proved";
      return out;
    }
    if (options.only_function && name != *options.only_function) {
      out.missing = "the goals of callee " + name + " were not proved (--function)";
      return out;
    }
  }
  for (size_t k = 0; k < goals.size(); ++k) {
    const ir::GoalRef &g = goals[k].result.goal;
    if (k == index || goals[k].result.status == vcgen::Status::Proved) continue;
    if (is_lemma(g)) {
      out.missing = "the lemma at line " + std::to_string(g.at.line) + " is not proved";
      return out;
    }
    if (g.function == f->name) {
      const bool exit = g.kind == ir::GoalKind::Postcondition || g.kind == ir::GoalKind::Assigns;
      if (exit && !recursive && !exit_goal) continue;
      out.missing = at_line(g) + " is not proved";
      return out;
    }
    if (callees.count(g.function)) {
      out.missing = at_line(g) + " in " + g.function + " is not proved";
      return out;
    }
  }
  // An assumption is no check: a real run that breaks one inside a loop or a callee is not a
  // run the proved contracts speak of.
  std::vector<const ir::Function *> on_path{f};
  for (const auto &name : callees)
    if (name != f->name) on_path.push_back(p.function(name));
  for (const ir::Function *g : on_path) {
    const BodyFacts facts = facts_of(p, *g);
    if (facts.assume_line > 0) {
      out.missing = "the assumption at line " + std::to_string(facts.assume_line) + " in " +
                    g->name + " is not checked";
      return out;
    }
    out.may_not_terminate.insert(out.may_not_terminate.end(), facts.loops_without_variant.begin(),
                                 facts.loops_without_variant.end());
    if (called_from(p, *g).count(g->name)) out.may_not_terminate.push_back(g->name);
  }
  return out;
}

} // namespace triage::classify
