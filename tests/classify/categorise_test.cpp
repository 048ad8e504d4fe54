// Categorisation of candidate counterexamples from hand-built runtime-checking outcomes: the
// decision table of Becker et al. 2021, section 2, and goal matching.
#include "classify/categorise.hpp"
#include "classify/verdict.hpp"

#include <gtest/gtest.h>

using namespace triage;
using namespace triage::classify;

namespace {

ir::GoalRef goal(ir::GoalKind kind, std::string id, int line, std::string file = "f.c") {
  return ir::GoalRef{kind, std::move(id), "f", ir::SrcLoc{std::move(file), line, 5}};
}

rac::Outcome failure(ir::GoalRef g) {
  rac::Outcome o;
  o.kind = rac::OutcomeKind::Failure;
  o.goal = std::move(g);
  return o;
}

rac::Outcome outcome(rac::OutcomeKind k) {
  rac::Outcome o;
  o.kind = k;
  return o;
}

const ir::GoalRef post = goal(ir::GoalKind::Postcondition, "f.ensures1", 5);

} // namespace

TEST(SameGoal, KindLineFileAndAnnotationMustAgree) {
  EXPECT_TRUE(same_goal(post, goal(ir::GoalKind::Postcondition, "f.ensures1", 5)));
  EXPECT_FALSE(same_goal(post, goal(ir::GoalKind::Assertion, "f.ensures1", 5)));
  EXPECT_FALSE(same_goal(post, goal(ir::GoalKind::Postcondition, "f.ensures1", 6)));
  EXPECT_FALSE(same_goal(post, goal(ir::GoalKind::Postcondition, "f.ensures1", 5, "g.c")));
  EXPECT_FALSE(same_goal(post, goal(ir::GoalKind::Postcondition, "f.ensures2", 5)));
}

TEST(SameGoal, RuntimeErrorGoalsMatchByKindAndLocation) {
  const ir::GoalRef rte = goal(ir::GoalKind::RteOverflow, "", 11);
  EXPECT_TRUE(same_goal(rte, goal(ir::GoalKind::RteOverflow, "", 11)));
  EXPECT_FALSE(same_goal(rte, goal(ir::GoalKind::RteOverflow, "", 12)));
  EXPECT_FALSE(same_goal(rte, goal(ir::GoalKind::RteDivision, "", 11)));
}

TEST(SameGoal, ACallPreconditionIsTheCallSitesWhicheverClauseFails) {
  const ir::GoalRef call = goal(ir::GoalKind::CallPrecondition, "g.requires1", 53);
  EXPECT_TRUE(same_goal(call, goal(ir::GoalKind::CallPrecondition, "g.requires4", 53)));
  EXPECT_FALSE(same_goal(call, goal(ir::GoalKind::CallPrecondition, "g.requires1", 54)));
}

TEST(Judge, FailureOfTheGoalOrOfAnother) {
  EXPECT_EQ(judge(failure(post), post), RunResult::FailsGoal);
  EXPECT_EQ(judge(failure(goal(ir::GoalKind::LoopInvariantInit, "f.invariant1", 13)), post),
            RunResult::FailsOther);
}

TEST(Judge, OtherOutcomes) {
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::Ok), post), RunResult::Ok);
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::Stuck), post), RunResult::Stuck);
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::OutsidePrecondition), post), RunResult::OutsidePre);
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::LimitReached), post), RunResult::Inconclusive);
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::NotExecutable), post), RunResult::Inconclusive);
  // A failure the checker could not attribute to a goal never counts as this goal's.
  EXPECT_EQ(judge(outcome(rac::OutcomeKind::Failure), post), RunResult::Inconclusive);
}

TEST(Categorise, SmallStepDecidesFirst) {
  EXPECT_EQ(categorise(RunResult::FailsGoal), Category::NonCompliance);
  EXPECT_EQ(categorise(RunResult::FailsGoal, RunResult::Ok), Category::NonCompliance);
  EXPECT_EQ(categorise(RunResult::FailsOther), Category::NonComplianceElsewhere);
  EXPECT_EQ(categorise(RunResult::OutsidePre), Category::InvalidModel);
  EXPECT_EQ(categorise(RunResult::Inconclusive), Category::Inconclusive);
  EXPECT_EQ(categorise(RunResult::Ok), Category::NeedsGiantStep);
}

TEST(Categorise, GiantStepAfterANormalRealRun) {
  EXPECT_EQ(categorise(RunResult::Ok, RunResult::FailsGoal), Category::SubcontractWeakness);
  EXPECT_EQ(categorise(RunResult::Ok, RunResult::Stuck), Category::InvalidModel);
  EXPECT_EQ(categorise(RunResult::Ok, RunResult::Ok), Category::Discarded);
  EXPECT_EQ(categorise(RunResult::Ok, RunResult::FailsOther), Category::WeaknessElsewhere);
  EXPECT_EQ(categorise(RunResult::Ok, RunResult::Inconclusive), Category::Inconclusive);
}

TEST(Verdicts, NamesRoundTrip) {
  for (Verdict v : {Verdict::Proved, Verdict::NonCompliance, Verdict::SubcontractWeakness,
                    Verdict::ProverIncapacity, Verdict::LikelyProverIncapacity, Verdict::Unknown})
    EXPECT_EQ(verdict_named(verdict_name(v)), v);
  EXPECT_STREQ(verdict_name(Verdict::SubcontractWeakness), "subcontract_weakness");
  EXPECT_FALSE(verdict_named("weakness").has_value());
  EXPECT_TRUE(is_definite(Verdict::NonCompliance));
  EXPECT_FALSE(is_definite(Verdict::Unknown));
}
