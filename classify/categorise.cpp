#include "classify/categorise.hpp"

#include <algorithm>

namespace triage::classify {

std::function<bool(const ir::GoalRef &)> masking_goals(const ir::GoalRef &target) {
  auto on_return = [](const ir::GoalRef &g) {
    return g.kind == ir::GoalKind::Postcondition || g.kind == ir::GoalKind::Assigns;
  };
  if (!on_return(target)) return nullptr;
  return [target, on_return](const ir::GoalRef &g) {
    return on_return(g) && g.function == target.function && !same_goal(target, g);
  };
}

bool same_goal(const ir::GoalRef &goal, const ir::GoalRef &failed) {
  if (goal.kind != failed.kind || goal.at.line != failed.at.line || goal.at.file != failed.at.file)
    return false;
  // A call's preconditions are one goal of the call site, which a prover may check at once and
  // name after any of them: the site identifies it.
  if (goal.kind == ir::GoalKind::CallPrecondition) return true;
  return goal.annot_id.empty() || failed.annot_id.empty() || goal.annot_id == failed.annot_id;
}

std::string failure_text(const ir::GoalRef &g) {
  return std::string(ir::goal_kind_name(g.kind)) + " at line " + std::to_string(g.at.line);
}

std::optional<ir::GoalRef> first_failure(const rac::Outcome &o) {
  if (!o.passed_over.empty()) return o.passed_over.front();
  if (o.kind == rac::OutcomeKind::Failure) return o.goal;
  return std::nullopt;
}

RunResult judge(const rac::Outcome &o, const ir::GoalRef &goal) {
  if (!o.passed_over.empty()) {
    if (same_goal(goal, o.passed_over.front())) return RunResult::FailsGoal;
    const bool later =
        std::ranges::any_of(o.passed_over, [&](const auto &g) { return same_goal(goal, g); });
    return later || o.kind != rac::OutcomeKind::Ok ? RunResult::FailsOther : RunResult::PassesGoal;
  }
  switch (o.kind) {
  case rac::OutcomeKind::Ok:
    return RunResult::Ok;
  case rac::OutcomeKind::Failure:
    // A failure without a goal cannot be attributed: treat it as inconclusive, never as a match.
    if (!o.goal) return RunResult::Inconclusive;
    return same_goal(goal, *o.goal) ? RunResult::FailsGoal : RunResult::FailsOther;
  case rac::OutcomeKind::Stuck:
    return RunResult::Stuck;
  case rac::OutcomeKind::OutsidePrecondition:
    return RunResult::OutsidePre;
  case rac::OutcomeKind::NotExecutable:
  case rac::OutcomeKind::LimitReached:
    return RunResult::Inconclusive;
  }
  return RunResult::Inconclusive;
}

Category categorise(RunResult small, std::optional<RunResult> giant) {
  switch (small) {
  case RunResult::FailsGoal:
    return Category::NonCompliance;
  case RunResult::FailsOther:
    return Category::NonComplianceElsewhere;
  case RunResult::OutsidePre:
  case RunResult::Stuck: // small steps never get stuck; a bad oracle cannot matter there
    return Category::InvalidModel;
  case RunResult::Inconclusive:
    return Category::Inconclusive;
  case RunResult::Ok:
  case RunResult::PassesGoal:
    break;
  }
  if (!giant) return Category::NeedsGiantStep;
  switch (*giant) {
  case RunResult::FailsGoal:
    return Category::SubcontractWeakness;
  case RunResult::FailsOther:
  case RunResult::PassesGoal:
    return Category::WeaknessElsewhere;
  case RunResult::Stuck:
  case RunResult::OutsidePre:
    return Category::InvalidModel;
  case RunResult::Ok:
    return Category::Discarded;
  case RunResult::Inconclusive:
    return Category::Inconclusive;
  }
  return Category::Inconclusive;
}

const char *category_phrase(Category c) {
  switch (c) {
  case Category::NonCompliance:
    return "a real run fails this goal";
  case Category::NonComplianceElsewhere:
    return "a real run fails another goal first: reported there";
  case Category::NeedsGiantStep:
    return "a real run satisfies every annotation";
  case Category::SubcontractWeakness:
    return "a real run satisfies this goal, a run through the contracts fails it";
  case Category::WeaknessElsewhere:
    return "the run through the contracts fails another goal first";
  case Category::InvalidModel:
    return "invalid model (inputs outside the precondition or the types, or values a contract "
           "forbids): prover incapacity suspected";
  case Category::Discarded:
    return "the model satisfies this goal under the contracts: discarded";
  case Category::Inconclusive:
    return "a run could not be completed";
  }
  return "";
}

} // namespace triage::classify
