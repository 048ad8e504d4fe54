// The model strategy on small programs with scripted solver models: each verdict, the naming of
// single and global weaknesses, invalid and discarded models, further models, and non-compliances
// found while diagnosing another goal. Every definite verdict is replayed here by rac::run.
#include "classify/model_strategy.hpp"
#include "classify/replay.hpp"

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "rac/interpreter.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <map>

using namespace triage;
using namespace triage::classify;

namespace {

/// Models handed out in order, per goal index, as a solver would on repeated requests.
class ScriptedModels : public ModelSource {
public:
  std::map<size_t, std::deque<ir::Counterexample>> queue;
  int requests = 0;
  std::optional<ir::Counterexample> another_model(size_t index, vcgen::Prover, unsigned,
                                                  const std::vector<ir::Counterexample> &,
                                                  std::chrono::steady_clock::time_point) override {
    ++requests;
    auto &q = queue[index];
    if (q.empty()) return std::nullopt;
    ir::Counterexample c = q.front();
    q.pop_front();
    return c;
  }
};

ir::Program load(const std::string &name) {
  ir::Program p = ir::parse_file(std::string(TRIAGE_SOURCE_DIR) + "/tests/classify/ivl/" + name);
  ir::typecheck(p);
  return p;
}

GoalDiagnosis failed_goal(ir::GoalKind kind, std::string id, std::string function, ir::SrcLoc at) {
  GoalDiagnosis d;
  d.result.goal = ir::GoalRef{kind, std::move(id), std::move(function), std::move(at)};
  d.result.status = vcgen::Status::Failed;
  d.result.answer = vcgen::GoalAnswer::Sat;
  d.result.prover = vcgen::Prover::Z3;
  return d;
}

ir::Counterexample model(std::string function, ir::NamedValues inputs,
                         std::vector<ir::SubcontractOutput> outputs = {}) {
  ir::Counterexample c;
  c.function = std::move(function);
  c.inputs = std::move(inputs);
  c.outputs = std::move(outputs);
  return c;
}

ir::SubcontractOutput out(std::string name, int line, ir::NamedValues values) {
  return ir::SubcontractOutput{std::move(name), line, 1, std::move(values)};
}

void diagnose(const ir::Program &p, std::vector<GoalDiagnosis> &goals, ScriptedModels &models) {
  StrategyContext ctx{p, models, StrategyOptions{}};
  ModelStrategy().diagnose(ctx, goals);
}

/// Replays a definite verdict independently of classify's own policy choice.
void expect_replays(const ir::Program &p, const GoalDiagnosis &d) {
  ASSERT_TRUE(is_definite(d.verdict));
  ASSERT_TRUE(d.counterexample.has_value());
  rac::Config cfg;
  cfg.function = d.counterexample->function;
  cfg.input = *d.counterexample;
  if (d.verdict == Verdict::SubcontractWeakness) {
    if (d.scope == Scope::Global)
      cfg.policy.all_giant = true;
    else
      cfg.policy.giant = {d.subcontracts.begin(), d.subcontracts.end()};
  }
  const rac::Outcome o = rac::run(p, cfg);
  ASSERT_EQ(o.kind, rac::OutcomeKind::Failure) << o.reason;
  ASSERT_TRUE(o.goal.has_value());
  EXPECT_EQ(o.goal->kind, d.result.goal.kind);
  EXPECT_EQ(o.goal->at.line, d.result.goal.at.line);
}

const ir::SrcLoc set_x_assert{"subcontracts/set_x.c", 16, 14};

GoalDiagnosis set_x_goal() {
  return failed_goal(ir::GoalKind::Assertion, "run.assert1", "run", set_x_assert);
}

} // namespace

TEST(ModelStrategy, SetXIsAWeaknessOfSetX) {
  const ir::Program p = load("set_x.ivl");
  std::vector<GoalDiagnosis> goals{set_x_goal()};
  goals[0].result.model = model("run", {{"x", ir::Json(7)}}, {out("set_x", 15, {{"x", 4}})});
  ScriptedModels models;
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.scope, Scope::Single);
  EXPECT_EQ(d.subcontracts, std::vector<std::string>{"set_x"});
  ASSERT_TRUE(d.counterexample);
  ASSERT_EQ(d.counterexample->outputs.size(), 1u);
  EXPECT_EQ(d.counterexample->outputs[0].values[0].second, ir::Json(4));
  EXPECT_EQ(d.models_tried, 1);
  EXPECT_EQ(models.requests, 0);
  expect_replays(p, d);
}

TEST(ModelStrategy, StuckModelIsInvalidThenAnotherModelIsAsked) {
  const ir::Program p = load("set_x.ivl");
  std::vector<GoalDiagnosis> goals{set_x_goal()};
  // x = 1 contradicts set_x's postcondition x > 2: stuck, the model is invalid.
  goals[0].result.model = model("run", {}, {out("set_x", 15, {{"x", 1}})});
  ScriptedModels models;
  // x = 3 satisfies the assertion: discarded. x = 9 shows the weakness.
  models.queue[0].push_back(model("run", {}, {out("set_x", 15, {{"x", 3}})}));
  models.queue[0].push_back(model("run", {}, {out("set_x", 15, {{"x", 9}})}));
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.models_tried, 3);
  ASSERT_EQ(d.notes.size(), 2u);
  EXPECT_NE(d.notes[0].find("invalid"), std::string::npos) << d.notes[0];
  EXPECT_NE(d.notes[1].find("discarded"), std::string::npos) << d.notes[1];
  expect_replays(p, d);
}

TEST(ModelStrategy, UnknownAfterABoundedNumberOfModels) {
  const ir::Program p = load("set_x.ivl");
  std::vector<GoalDiagnosis> goals{set_x_goal()};
  ScriptedModels models;
  for (int i = 0; i < 10; ++i)
    models.queue[0].push_back(model("run", {}, {out("set_x", 15, {{"x", 3}})}));
  diagnose(p, goals, models);
  EXPECT_EQ(goals[0].verdict, Verdict::Unknown);
  EXPECT_FALSE(goals[0].counterexample);
  EXPECT_EQ(models.requests, StrategyOptions{}.extra_models);
  EXPECT_EQ(goals[0].models_tried, StrategyOptions{}.extra_models);
}

TEST(ModelStrategy, CallNcIsANonCompliance) {
  const ir::Program p = load("call_nc.ivl");
  std::vector<GoalDiagnosis> goals{failed_goal(ir::GoalKind::Postcondition, "f.ensures1", "f",
                                               {"subcontracts/call_nc.c", 13, 13})};
  goals[0].result.model = model("f", {{"x", 5}}, {out("g", 15, {{"x", 6}})});
  ScriptedModels models;
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::NonCompliance);
  ASSERT_TRUE(d.counterexample);
  EXPECT_TRUE(d.counterexample->outputs.empty()); // a real run needs no oracle
  EXPECT_EQ(d.counterexample->inputs, (ir::NamedValues{{"x", 5}}));
  EXPECT_NE(d.failure_state.find("x"), std::string::npos);
  expect_replays(p, d);
}

TEST(ModelStrategy, InputsOutsideThePreconditionMakeAnInvalidModel) {
  const ir::Program p = load("call_nc.ivl");
  std::vector<GoalDiagnosis> goals{failed_goal(ir::GoalKind::Postcondition, "f.ensures1", "f",
                                               {"subcontracts/call_nc.c", 13, 13})};
  goals[0].result.model = model("f", {{"x", -5}});
  ScriptedModels models;
  diagnose(p, goals, models);
  EXPECT_EQ(goals[0].verdict, Verdict::Unknown);
  ASSERT_FALSE(goals[0].notes.empty());
  EXPECT_NE(goals[0].notes[0].find("invalid"), std::string::npos);
}

GoalDiagnosis three_calls_goal(const std::string &file) {
  return failed_goal(ir::GoalKind::Postcondition, "f.ensures1", "f", {file, 27, 13});
}

ir::Counterexample plus_one_each(int x) {
  return model("f", {{"x", x}},
               {out("g1", 29, {{"x", x + 1}}), out("g2", 29, {{"x", x + 2}}),
                out("g3", 29, {{"x", x + 3}})});
}

TEST(ModelStrategy, OnlyG3AloneExplainsThreeCallsSingle) {
  const ir::Program p = load("three_calls_single.ivl");
  std::vector<GoalDiagnosis> goals{three_calls_goal("subcontracts/three_calls_single.c")};
  goals[0].result.model = plus_one_each(10);
  ScriptedModels models;
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.scope, Scope::Single);
  EXPECT_EQ(d.subcontracts, std::vector<std::string>{"g3"});
  ASSERT_TRUE(d.counterexample);
  ASSERT_EQ(d.counterexample->outputs.size(), 1u); // only g3's outputs are needed
  EXPECT_EQ(d.counterexample->outputs[0].subcontract, "g3");
  expect_replays(p, d);
}

TEST(ModelStrategy, NoSingleCalleeExplainsThreeCallsGlobal) {
  const ir::Program p = load("three_calls_global.ivl");
  std::vector<GoalDiagnosis> goals{three_calls_goal("subcontracts/three_calls_global.c")};
  goals[0].result.model = plus_one_each(10);
  ScriptedModels models;
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.scope, Scope::Global);
  EXPECT_EQ(d.subcontracts, (std::vector<std::string>{"g1", "g2", "g3"}));
  expect_replays(p, d);
}

TEST(ModelStrategy, LoopWeaknessOfSqrtWeak) {
  const ir::Program p = load("sqrt_weak.ivl");
  std::vector<GoalDiagnosis> goals{failed_goal(ir::GoalKind::Postcondition, "sqrt_down.ensures1",
                                               "sqrt_down", {"loops/sqrt_weak.c", 5, 13})};
  // The loop contract allows leaving with i = 5 for x = 4: the result 4 is wrong.
  goals[0].result.model = model("sqrt_down", {{"x", 4}}, {out("loop@11", 11, {{"i", 5}})});
  ScriptedModels models;
  diagnose(p, goals, models);
  const GoalDiagnosis &d = goals[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.subcontracts, std::vector<std::string>{"loop@11"});
  expect_replays(p, d);
}

TEST(ModelStrategy, NonComplianceFoundWhileDiagnosingAnotherGoal) {
  const ir::Program p = load("nc_elsewhere.ivl");
  std::vector<GoalDiagnosis> goals{failed_goal(ir::GoalKind::Assertion, "f.assert1", "f", {}),
                                   failed_goal(ir::GoalKind::Postcondition, "h.ensures1", "h", {})};
  // Locations as the type checker gives them: the .ivl text positions.
  goals[0].result.goal.at = {p.file, 11, 3};
  goals[1].result.goal.at = {p.file, 17, 3};
  goals[0].result.model = model("f", {{"n", 3}});
  ScriptedModels models; // h's own goal gets no model: it must be explained from f's
  diagnose(p, goals, models);
  EXPECT_EQ(goals[1].verdict, Verdict::NonCompliance);
  ASSERT_TRUE(goals[1].counterexample);
  EXPECT_EQ(goals[1].counterexample->function, "f");
  expect_replays(p, goals[1]);
  EXPECT_EQ(goals[0].verdict, Verdict::Unknown); // every real run stops in h first
}

TEST(ModelStrategy, ModelValuesOutsideTheirTypeAreUnusable) {
  const ir::Program p = load("call_nc.ivl");
  std::vector<GoalDiagnosis> goals{failed_goal(ir::GoalKind::Postcondition, "f.ensures1", "f",
                                               {"subcontracts/call_nc.c", 13, 13})};
  goals[0].result.model = model("f", {{"x", ir::Json(ir::BigInt("3000000000"))}});
  ScriptedModels models;
  models.queue[0].push_back(model("f", {{"x", 7}}));
  diagnose(p, goals, models);
  EXPECT_EQ(goals[0].verdict, Verdict::NonCompliance);
  EXPECT_EQ(goals[0].models_tried, 2);
  ASSERT_FALSE(goals[0].notes.empty());
  EXPECT_NE(goals[0].notes[0].find("not an input"), std::string::npos) << goals[0].notes[0];
  expect_replays(p, goals[0]);
}

TEST(ModelStrategy, WeaknessShownEvenWhenTheRealRunFailsAnotherGoalLater) {
  const ir::Program p = load("weak_after_nc.ivl");
  std::vector<GoalDiagnosis> goals{
      failed_goal(ir::GoalKind::RteOverflow, "", "f", {"w.c", 18, 5}),
      failed_goal(ir::GoalKind::Assertion, "f.assert1", "f", {"w.c", 21, 3})};
  // The real run from n = 3 adds 1 twice, passes every overflow check, then fails the assertion.
  goals[0].result.model =
      model("f", {{"n", 3}}, {out("loop@14", 14, {{"i", 0}, {"s", 2147483647}})});
  ScriptedModels models;
  diagnose(p, goals, models);
  EXPECT_EQ(goals[0].verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(goals[0].subcontracts, std::vector<std::string>{"loop@14"});
  expect_replays(p, goals[0]);
  EXPECT_EQ(goals[1].verdict, Verdict::NonCompliance); // found on the way, from the same inputs
  expect_replays(p, goals[1]);
}

TEST(ModelStrategy, NoFurtherModelThroughALoopAnotherGoalsFirstModelShowsBroken) {
  // The invariant reads past the block (well-definedness): its first model is a non-compliance.
  // The preservation goal's own model runs into that failure first; since the first models of all
  // goals come before any further one, it asks for none (its loop's contract is wrong, not weak).
  const ir::Program p = load("read_past_block.ivl");
  std::vector<GoalDiagnosis> goals{
      failed_goal(ir::GoalKind::LoopInvariantInit, "zero.invariant3", "zero", {p.file, 12, 5}),
      failed_goal(ir::GoalKind::LoopInvariantPreserved, "zero.invariant3", "zero",
                  {p.file, 12, 5})};
  goals[0].result.model = model("zero", {{"t", ir::Json::array()}, {"n", 0}});
  goals[1].result.model = model("zero", {{"t", ir::Json(ir::Json::Array{0})}, {"n", 1}});
  ScriptedModels models;
  models.queue[1].push_back(model("zero", {{"t", ir::Json(ir::Json::Array{0, 0})}, {"n", 2}}));
  diagnose(p, goals, models);
  EXPECT_EQ(goals[0].verdict, Verdict::NonCompliance);
  expect_replays(p, goals[0]);
  EXPECT_EQ(goals[1].verdict, Verdict::Unknown);
  EXPECT_EQ(models.requests, 0);
  EXPECT_TRUE(std::ranges::any_of(goals[1].notes, [](const std::string &n) {
    return n.find("no further model asked: a real run breaks the contract of loop@") == 0;
  })) << ::testing::PrintToString(goals[1].notes);
}

TEST(ModelStrategy, AfterABugTheCombinedStrategyAsksNoFurtherModel) {
  // The assertion fails on every real run with n >= 1: its first model is its non-compliance.
  // The overflow check's prover gave no model. The model strategy alone asks for more; in the
  // combined strategy (models_after_bug off) further models would most often run into that bug
  // again, so none is asked and the note says which bug to fix first.
  const ir::Program p = load("weak_after_nc.ivl");
  auto goals_of = [] {
    std::vector<GoalDiagnosis> goals{
        failed_goal(ir::GoalKind::RteOverflow, "", "f", {"w.c", 18, 5}),
        failed_goal(ir::GoalKind::Assertion, "f.assert1", "f", {"w.c", 21, 3})};
    goals[1].result.model = model("f", {{"n", 2}}, {out("loop@14", 14, {{"i", 1}, {"s", 1}})});
    return goals;
  };
  std::vector<GoalDiagnosis> alone = goals_of();
  ScriptedModels asked;
  diagnose(p, alone, asked);
  EXPECT_EQ(alone[1].verdict, Verdict::NonCompliance);
  EXPECT_GT(asked.requests, 0);

  std::vector<GoalDiagnosis> combined = goals_of();
  ScriptedModels none;
  StrategyOptions o;
  o.models_after_bug = false;
  StrategyContext ctx{p, none, o};
  ModelStrategy().diagnose(ctx, combined);
  EXPECT_EQ(combined[1].verdict, Verdict::NonCompliance);
  expect_replays(p, combined[1]);
  EXPECT_EQ(combined[0].verdict, Verdict::Unknown);
  EXPECT_EQ(none.requests, 0);
  EXPECT_TRUE(std::ranges::any_of(combined[0].notes, [](const std::string &n) {
    return n.find("no further model asked: a real run fails assertion at line 21") == 0;
  })) << ::testing::PrintToString(combined[0].notes);
}
