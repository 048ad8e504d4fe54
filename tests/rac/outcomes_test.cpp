// The outcomes besides ok and failure, inputs, limits, traces and the printed forms.
#include "rac_test_util.hpp"

#include "ir/error.hpp"

namespace triage::rac::test {
namespace {

TEST(Outcomes, InputOutsideThePreconditionIsNotAFailure) {
  const char *text = R"(
fun f(n: int32): int32 requires #pre { n >= 0 } ensures { result > 0 } { return n; })";
  RunSpec r;
  r.inputs = {{"n", -1}};
  const Outcome o = run_text(text, r);
  EXPECT_EQ(verdict(o), "outside_precondition");
  EXPECT_NE(o.reason.find("pre"), std::string::npos);
  EXPECT_NE(format_text(o).find("input outside the precondition"), std::string::npos);
}

TEST(Outcomes, GoingPastAnnotationFailuresRecordsThemInOrder) {
  const char *text = R"(
fun g(x: int32): int32 requires #g.pre { x > 0 } ensures #g.post { result > 1 } { return x; }
fun f(n: int32): int32 {
  assert #a1 { n > 5 };
  var y: int32 = 0;
  y := call g(n - 10);
  assert #a2 { y > 100 };
  assert #a1b { n > 6 };
  return y + 2147483647;
})";
  RunSpec r;
  r.inputs = {{"n", 1}};
  EXPECT_EQ(verdict(run_text(text, r)), "failure assertion a1"); // by default the first stops
  r.go_past = [](const ir::GoalRef &g) { return g.annot_id != "a1b"; };
  Outcome o = run_text(text, r);
  EXPECT_EQ(verdict(o), "failure assertion a1b");
  std::vector<std::string> passed;
  for (const auto &g : o.passed_over)
    passed.push_back(std::string(ir::goal_kind_name(g.kind)) + " " + g.annot_id);
  EXPECT_EQ(passed, (std::vector<std::string>{"assertion a1", "call_precondition g.pre",
                                              "postcondition g.post", "assertion a2"}));
  // Runtime errors always stop the run: nothing is defined after them.
  r.go_past = [](const ir::GoalRef &) { return true; };
  r.inputs = {{"n", 20}};
  o = run_text(text, r);
  EXPECT_EQ(verdict(o), "failure rte_overflow");
  EXPECT_EQ(o.passed_over.size(), 1u); // a2: y = 10
}

TEST(Outcomes, StepLimitStopsAnEndlessLoop) {
  const char *text = R"(
fun f() { var i: int32 = 0; while true { i := i; } })";
  RunSpec r;
  r.steps = 5000;
  const Outcome o = run_text(text, r);
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("step limit"), std::string::npos) << o.reason;
}

TEST(Outcomes, TimeLimitStopsALongRun) {
  const ir::Program p = program(R"(
fun f() { var i: int32 = 0; while true { i := i; } })");
  Config cfg;
  cfg.function = "f";
  cfg.step_limit = 1L << 40;
  cfg.time_limit = std::chrono::milliseconds(100);
  const Outcome o = run(p, cfg);
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("time limit"), std::string::npos) << o.reason;
}

TEST(Outcomes, IntegerSizeIsLimited) {
  const char *text = R"(
fun f() { var x: int = 3; while true { x := x * x; } })";
  const Outcome o = run_text(text, RunSpec{});
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("2^65536"), std::string::npos) << o.reason;
}

TEST(Outcomes, CallDepthIsLimited) {
  const char *text = R"(
fun f(n: int32) { if n < 1000000 { call f(n + 1); } })";
  const Outcome o = run_text(text, RunSpec{});
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("call depth"), std::string::npos) << o.reason;
}

TEST(Outcomes, LocalArraysAreBoundedByTheCellLimit) {
  const ir::Program p = program(R"(
fun f(n: int32) {
  var i: int32 = 0;
  while i < n { var a: int32[300]; a[299] := i; i := i + 1; }
  var b: int32[300];
  var c: int32[300];
  var d: int32[300];
  var e: int32[300];
})");
  Config cfg;
  cfg.function = "f";
  cfg.cell_limit = 1000;
  cfg.input.inputs = {{"n", 1000}};
  // Each iteration's array is freed when the declaration runs again (the last one lives until
  // the function returns): a, b, c fit, d exceeds.
  const Outcome o = run(p, cfg);
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("the array 'd'"), std::string::npos) << o.reason;
}

TEST(Outcomes, FalseAssumptionCutsTheRunOff) {
  const char *text = R"(
fun f(n: int32) { assume #h { n > 0 } assert { n > 0 } })";
  RunSpec r;
  r.inputs = {{"n", 0}};
  EXPECT_EQ(verdict(run_text(text, r)), "stuck");
  r.inputs = {{"n", 1}};
  EXPECT_EQ(verdict(run_text(text, r)), "ok");
}

// A run that only observes states (an invariant search's) passes over the checks it cannot
// evaluate, here quantifiers over every integer, and goes on to the assertion it can; what the run
// assumes, the entry's precondition and a giant step's contract, must still be evaluated.
TEST(Outcomes, ChecksThatCannotBeExecutedArePassedOverOnlyWhenAskedAndNeverAssumptions) {
  const char *text = R"(
fun g(x: int32): int32
  requires #g.pre { forall v: int. v <= x || v > x }
  ensures #g.post { forall v: int. v <= result || v > result } { return x; }
fun f(n: int32): int32 {
  assert #all { forall v: int. v * v >= 0 };
  var y: int32 = 0;
  y := call g(n);
  assert #pos { y > 0 };
  return y;
}
fun h(n: int32): int32 requires #h.pre { forall v: int. v >= n || v < n } { return n; })";
  const ir::Program p = program(text);
  Config cfg;
  cfg.function = "f";
  cfg.input.inputs = {{"n", 0}};
  EXPECT_EQ(verdict(run(p, cfg)), "not_executable");
  cfg.pass_unexecutable_checks = true;
  EXPECT_EQ(verdict(run(p, cfg)), "failure assertion pos");
  cfg.input.inputs = {{"n", 3}};
  EXPECT_EQ(verdict(run(p, cfg)), "ok");
  cfg.policy.giant.insert("g"); // the giant step's outputs must satisfy its postcondition
  cfg.input.outputs = {ir::SubcontractOutput{"g", 8, 1, {{"result", 3}}}};
  EXPECT_EQ(verdict(run(p, cfg)), "not_executable");
  Config entry;
  entry.function = "h";
  entry.input.inputs = {{"n", 3}};
  entry.pass_unexecutable_checks = true;
  EXPECT_EQ(verdict(run(p, entry)), "not_executable");
}

TEST(Outcomes, MissingResultIsNotExecutable) {
  const char *text = R"(
fun f(n: int32): int32 { if n > 0 { return n; } })";
  RunSpec r;
  r.inputs = {{"n", 0}};
  EXPECT_EQ(verdict(run_text(text, r)), "not_executable");
}

TEST(Outcomes, MissingInputsDefaultAndAreReported) {
  const char *text = R"(
global g: int32
global a: int32[3]
fun f(n: int32, p: ptr int32) ensures { a[0] = 0 && a[2] = 4 } { })";
  RunSpec r;
  r.inputs = {{"a", ints({0, 0, 4})}};
  const Outcome o = run_text(text, r);
  EXPECT_EQ(verdict(o), "ok");
  EXPECT_EQ(o.defaults_used,
            (std::vector<std::string>{"input g = 0", "input n = 0", "input p = null"}));
  r.inputs = {{"a", ints({0, 0})}}; // a[2] stays 0
  EXPECT_EQ(verdict(run_text(text, r)), "failure postcondition f.ensures1");
}

TEST(Outcomes, MalformedInputsAreConfigurationErrors) {
  const char *text = "fun f(n: int8, t: ptr int32) { }";
  RunSpec r;
  r.inputs = {{"n", 300}};
  EXPECT_THROW(run_text(text, r), ir::Error);
  r.inputs = {{"t", 3}};
  EXPECT_THROW(run_text(text, r), ir::Error);
  r.function = "nope";
  r.inputs = {};
  EXPECT_THROW(run_text(text, r), ir::Error);
}

TEST(Outcomes, TraceFollowsEveryStatement) {
  const char *text = R"(
fun f(n: int32): int32 {
  @"t.c":3:3 var r: int32 = n;
  @"t.c":4:3 while r > 0 { @"t.c":5:5 r := r - 1; }
  @"t.c":6:3 return r;
})";
  std::vector<std::string> trace;
  RunSpec r;
  r.inputs = {{"n", 2}};
  r.trace = &trace;
  EXPECT_EQ(verdict(run_text(text, r)), "ok");
  ASSERT_EQ(trace.size(), 7u);
  EXPECT_EQ(trace[0], "t.c:3: var r = n  | n = 2, r = 2");
  EXPECT_EQ(trace[1], "t.c:4: while r > 0: true  | n = 2, r = 2");
  EXPECT_EQ(trace[2], "t.c:5: r := r - 1  | n = 2, r = 1");
  EXPECT_EQ(trace[6], "t.c:6: return r  | n = 2, r = 0");
}

TEST(Outcomes, TextAndJsonForms) {
  const char *text = R"(
global x: int32
fun f(t: ptr int32, n: int32) { @"f.c":3:3 assert #a @"f.c":3:10 { t[0] + n + x = 0 } })";
  RunSpec r;
  r.inputs = {{"t", ints({10, -10})}, {"n", 3}, {"x", 1}};
  const Outcome o = run_text(text, r);
  EXPECT_EQ(format_text(o), "f.c:3:10: failure: assertion (a) in f\n"
                            "  state: t = &t[0], n = 3; globals: x = 1; memory: t = [10, -10]\n");
  const ir::Json j = to_json(o);
  EXPECT_EQ(j.find("outcome")->as_string(), "failure");
  EXPECT_EQ(j.find("goal")->find("kind")->as_string(), "assertion");
  EXPECT_EQ(j.find("goal")->find("id")->as_string(), "a");
  EXPECT_EQ(j.find("goal")->find("line")->as_int(), 3);
  EXPECT_EQ(j.find("goal")->find("column")->as_int(), 10);
  EXPECT_EQ(j.find("state")->find("variables")->find("n")->as_int(), 3);
  EXPECT_EQ(*j.find("state")->find("memory")->find("t"), ints({10, -10}));
  EXPECT_EQ(j.find("state")->find("variables")->find("t")->find("block")->as_string(), "t");
}

} // namespace
} // namespace triage::rac::test
