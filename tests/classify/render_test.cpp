// Reports as users see them: the text blocks and the JSON document of hand-built diagnoses.
#include "classify/render.hpp"
#include "classify/suggestion.hpp"

#include <gtest/gtest.h>

using namespace triage;
using namespace triage::classify;

namespace {

GoalDiagnosis goal(ir::GoalKind kind, std::string id, int line, Verdict v) {
  GoalDiagnosis d;
  d.result.goal = ir::GoalRef{kind, std::move(id), "isqrt", ir::SrcLoc{"isqrt/S7.c", line, 13}};
  d.result.status = v == Verdict::Proved ? vcgen::Status::Proved : vcgen::Status::Failed;
  d.result.answer = v == Verdict::Proved ? vcgen::GoalAnswer::Unsat : vcgen::GoalAnswer::Sat;
  d.result.prover = vcgen::Prover::Z3;
  d.verdict = v;
  d.strategy = "model";
  return d;
}

ir::Counterexample cex(std::string function) {
  ir::Counterexample c;
  c.function = std::move(function);
  c.inputs = {{"n", ir::Json(2)}, {"t", ir::Json(ir::Json::Array{ir::Json(10), ir::Json(-10)})}};
  return c;
}

GoalDiagnosis weakness() {
  GoalDiagnosis d =
      goal(ir::GoalKind::Postcondition, "isqrt.ensures1", 5, Verdict::SubcontractWeakness);
  d.subcontracts = {"loop@13"};
  d.counterexample = cex("isqrt");
  d.counterexample->outputs.push_back(
      {"loop@13", 13, 1, {{"r", ir::Json(0)}, {"y", ir::Json(0)}, {"z", ir::Json(1)}}});
  return d;
}

GoalDiagnosis non_compliance() {
  GoalDiagnosis d =
      goal(ir::GoalKind::LoopInvariantInit, "isqrt.invariant1", 13, Verdict::NonCompliance);
  d.counterexample = cex("isqrt");
  return d;
}

Report report() {
  Report r{"isqrt/S7.c", "model", {}};
  r.goals.push_back(goal(ir::GoalKind::LoopVariantNonneg, "isqrt.variant1", 17, Verdict::Proved));
  r.goals.push_back(non_compliance());
  r.goals.push_back(weakness());
  GoalDiagnosis u = goal(ir::GoalKind::RteOverflow, "", 20, Verdict::Unknown);
  u.notes.push_back("model 1: the model is invalid");
  r.goals.push_back(u);
  return r;
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

} // namespace

TEST(RenderText, NonComplianceBlock) {
  const std::string t = render_text(report());
  EXPECT_TRUE(contains(t, "isqrt/S7.c:13:13: non_compliance: loop_invariant_init "
                          "(isqrt.invariant1) in isqrt\n"));
  EXPECT_TRUE(contains(t, "  inputs: n = 2, t = [10, -10]\n"));
  EXPECT_TRUE(contains(t, "  suggestion: follow the values along the path"));
  EXPECT_TRUE(contains(t, "  replay: triage run isqrt/S7.c --function isqrt --input n=2 "
                          "--input 't=[10,-10]' --trace\n"));
}

TEST(RenderText, WeaknessBlockShowsOutputsAndNamesTheContract) {
  const std::string t = render_text(report());
  EXPECT_TRUE(contains(t, "isqrt/S7.c:5:13: subcontract_weakness: postcondition (isqrt.ensures1) "
                          "in isqrt [loop@13]\n"));
  EXPECT_TRUE(contains(t, "  loop@13 outputs: r = 0, y = 0, z = 1\n"));
  EXPECT_TRUE(contains(t, "strengthen the contract of loop@13: its loop invariant"));
  EXPECT_TRUE(contains(t, "--giant-step loop@13 --oracle <(echo '{"));
}

TEST(RenderText, UnknownShowsNotesAndProvedGoalsOnlyInTheSummary) {
  const std::string t = render_text(report());
  EXPECT_TRUE(contains(t, "isqrt/S7.c:20:13: unknown: rte_overflow in isqrt\n"));
  EXPECT_TRUE(contains(t, "  note: model 1: the model is invalid\n"));
  EXPECT_TRUE(contains(t, "add a `typically` clause"));
  EXPECT_FALSE(contains(t, "loop_variant_nonneg"));
  EXPECT_TRUE(contains(t, "4 goals: 1 proved, 3 failed (1 non_compliance, 1 subcontract_weakness, "
                          "1 unknown)\n"));
}

TEST(RenderText, GlobalWeaknessListsEveryContract) {
  Report r{"t.c", "model", {weakness()}};
  r.goals[0].scope = Scope::Global;
  r.goals[0].subcontracts = {"g1", "g2", "g3"};
  const std::string t = render_text(r);
  EXPECT_TRUE(contains(t, "[all of: g1, g2, g3]"));
  EXPECT_TRUE(contains(t, "strengthen the contracts of g1, g2, g3"));
  EXPECT_TRUE(contains(t, "--giant-step all"));
}

TEST(RenderJson, GoalFields) {
  const ir::Json j = render_json(report());
  EXPECT_EQ(j.find("file")->as_string(), "isqrt/S7.c");
  const auto &goals = j.find("goals")->as_array();
  ASSERT_EQ(goals.size(), 4u);
  EXPECT_EQ(goals[0].find("status")->as_string(), "proved");
  EXPECT_EQ(goals[0].find("verdict")->as_string(), "proved");
  const ir::Json &sw = goals[2];
  EXPECT_EQ(sw.find("status")->as_string(), "failed");
  EXPECT_EQ(sw.find("verdict")->as_string(), "subcontract_weakness");
  EXPECT_EQ(sw.find("kind")->as_string(), "postcondition");
  EXPECT_EQ(sw.find("line")->as_int(), 5);
  EXPECT_EQ(sw.find("column")->as_int(), 13);
  EXPECT_EQ(sw.find("function")->as_string(), "isqrt");
  EXPECT_EQ(sw.find("id")->as_string(), "isqrt.ensures1");
  EXPECT_EQ(sw.find("scope")->as_string(), "single");
  EXPECT_EQ(sw.find("subcontracts")->dump(), "[\"loop@13\"]");
  EXPECT_EQ(sw.find("strategy")->as_string(), "model");
  const ir::Json *c = sw.find("counterexample");
  ASSERT_TRUE(c && c->is_object());
  EXPECT_EQ(c->find("inputs")->dump(), "{\"n\":2,\"t\":[10,-10]}");
  EXPECT_EQ(c->find("subcontract_outputs")->as_array().size(), 1u);
  EXPECT_TRUE(goals[3].find("counterexample")->is_null());
  EXPECT_TRUE(goals[3].find("scope")->is_null());
}

TEST(RenderJson, HugeIntegersAreStrings) {
  Report r{"t.c", "model", {non_compliance()}};
  r.goals[0].counterexample->inputs = {{"x", ir::Json(ir::BigInt("18446744073709551615"))}};
  const std::string s = render_json(r).dump();
  EXPECT_TRUE(contains(s, "\"x\":\"18446744073709551615\""));
}

TEST(ExitCode, ZeroOnlyWhenEverythingIsProved) {
  EXPECT_EQ(exit_code(report()), 1);
  Report r{"t.c", "model", {goal(ir::GoalKind::Assertion, "a", 1, Verdict::Proved)}};
  EXPECT_EQ(exit_code(r), 0);
  EXPECT_EQ(summary_line(r), "1 goals: 1 proved, 0 failed");
}

TEST(FormatValue, PointersNullAndArrays) {
  EXPECT_EQ(format_value(ir::Json()), "NULL");
  EXPECT_EQ(format_value(ir::Json(true)), "true");
  ir::Json p = ir::Json::object();
  p["block"] = "t";
  p["offset"] = 3;
  EXPECT_EQ(format_value(p), "&t[3]");
  EXPECT_EQ(format_values({}), "(none)");
}

// A non-compliance the proof alone showed: said so in text and JSON; a run too long to replay
// gets no replay command, and says why.
TEST(RenderText, StaticNonComplianceSaysHowItWasShown) {
  Report r{"big_sum.c", "static", {}};
  GoalDiagnosis d = non_compliance();
  d.strategy = "static";
  d.shown_statically = "every state the contracts of loop@13 allow on the way, from these "
                       "inputs, fails this goal, and those contracts are proved";
  d.replayed = false;
  r.goals.push_back(d);
  const std::string t = render_text(r);
  EXPECT_TRUE(contains(t, "  shown statically: every state the contracts of loop@13 allow"));
  EXPECT_TRUE(contains(t, "  not replayed: the real run is longer"));
  EXPECT_FALSE(contains(t, "  replay:"));
  const ir::Json j = goal_json(r.goals[0], r);
  ASSERT_NE(j.find("shown"), nullptr);
  EXPECT_EQ(j.find("shown")->dump(), "\"statically\"");
  ASSERT_NE(j.find("replayed"), nullptr);
  EXPECT_EQ(j.find("replayed")->dump(), "false");
  EXPECT_EQ(j.find("replay"), nullptr);
  // Replayed: the usual replay line, and `replayed: true`.
  r.goals[0].replayed = true;
  EXPECT_TRUE(contains(render_text(r), "  replay: triage run big_sum.c"));
  const ir::Json replayed = goal_json(r.goals[0], r);
  ASSERT_NE(replayed.find("replayed"), nullptr);
  EXPECT_EQ(replayed.find("replayed")->dump(), "true");
  // Shown by a run: no such fields.
  EXPECT_EQ(goal_json(non_compliance(), r).find("shown"), nullptr);
}
