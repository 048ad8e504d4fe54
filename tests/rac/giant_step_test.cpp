// Giant steps over loops and calls: oracle values, failures after the step, stuck runs, visits,
// defaults, memory outputs limited to the writes clause, and a custom oracle source.
#include "rac_test_util.hpp"

#include "ir/parser.hpp"

namespace triage::rac::test {
namespace {

ir::Program isqrt() {
  ir::Program p = ir::parse_file(TRIAGE_SOURCE_DIR "/examples/ivl/isqrt_S7.ivl");
  ir::typecheck(p);
  return p;
}

Outcome run_isqrt(long n, ir::NamedValues loop_values, bool giant_loop) {
  const ir::Program p = isqrt();
  Config cfg;
  cfg.function = "isqrt";
  cfg.input.inputs = {{"n", n}};
  if (giant_loop) {
    cfg.policy.giant.insert("loop@13");
    cfg.input.outputs.push_back(ir::SubcontractOutput{"loop@13", 13, 1, std::move(loop_values)});
  }
  return run(p, cfg);
}

TEST(GiantStep, IsqrtSmallStepIsOk) {
  EXPECT_EQ(verdict(run_isqrt(1, {}, false)), "ok");
  EXPECT_EQ(verdict(run_isqrt(10000, {}, false)), "ok");
}

TEST(GiantStep, IsqrtLoopOracleFailsThePostcondition) {
  const Outcome o = run_isqrt(1, {{"r", 0}, {"y", 0}, {"z", 1}}, true);
  EXPECT_EQ(verdict(o), "failure postcondition isqrt.ensures1");
  ASSERT_EQ(o.giant_steps.size(), 1u);
  EXPECT_EQ(o.giant_steps[0].subcontract, "loop@13");
  EXPECT_EQ(o.giant_steps[0].line, 13);
  EXPECT_EQ(o.giant_steps[0].visit, 1);
  EXPECT_TRUE(o.defaults_used.empty());
  EXPECT_NE(o.state.find("r = 0"), std::string::npos) << o.state;
}

TEST(GiantStep, OracleBreakingTheInvariantIsStuck) {
  const Outcome o = run_isqrt(1, {{"r", 5}, {"y", 25}, {"z", -9}}, true);
  EXPECT_EQ(verdict(o), "stuck");
  EXPECT_NE(o.reason.find("invariant"), std::string::npos) << o.reason;
}

TEST(GiantStep, IterationWithoutFailureIsStuck) {
  // y > n: one iteration runs, keeps the invariant and decreases the variant.
  const Outcome o = run_isqrt(4, {{"r", 3}, {"y", 9}, {"z", -5}}, true);
  EXPECT_EQ(verdict(o), "stuck");
  EXPECT_NE(o.reason.find("ends without failure"), std::string::npos) << o.reason;
}

TEST(GiantStep, MissingOracleValuesKeepTheirValuesAndAreReported) {
  const Outcome o = run_isqrt(1, {}, true);
  EXPECT_EQ(verdict(o), "ok");
  EXPECT_EQ(o.defaults_used.size(), 3u);
}

const char *set_x = R"(
global x: int32

fun set_x(n: int32)
  requires #pre { n < 1000 }
  writes { x }
  ensures #post { x > n }
{ x := n + 1; }

fun run()
  writes { x }
{
  x := 0;
  @"s.c":15:3 call set_x(2);
  assert #a { x = 3 }
})";

RunSpec set_x_run(ir::NamedValues values) {
  RunSpec r;
  r.function = "run";
  r.policy = giant("set_x");
  r.outputs.push_back(ir::SubcontractOutput{"set_x", 15, 1, std::move(values)});
  return r;
}

TEST(GiantStep, CallOracleFailsTheAssertion) {
  RunSpec small;
  small.function = "run";
  EXPECT_EQ(verdict(run_text(set_x, small)), "ok");
  const Outcome o = run_text(set_x, set_x_run({{"x", 4}}));
  EXPECT_EQ(verdict(o), "failure assertion a");
  ASSERT_EQ(o.giant_steps.size(), 1u);
  EXPECT_EQ(o.giant_steps[0].subcontract, "set_x");
  EXPECT_EQ(o.giant_steps[0].line, 15);
  EXPECT_EQ(verdict(run_text(set_x, set_x_run({{"x", 3}}))), "ok");
}

TEST(GiantStep, CallOracleBreakingThePostconditionIsStuck) {
  EXPECT_EQ(verdict(run_text(set_x, set_x_run({{"x", 2}}))), "stuck");
  // Missing: x keeps 0, which breaks x > 2.
  const Outcome o = run_text(set_x, set_x_run({}));
  EXPECT_EQ(verdict(o), "stuck");
  ASSERT_EQ(o.defaults_used.size(), 2u); // the global input x, and x at the giant step
}

// Values an invariant or a postcondition cannot be evaluated on (a read past the block) are no
// state it allows: the run is stuck, as for values that make it false, not `not_executable`
// (test generation counted those runs as not completed, and its searches never ended).
TEST(GiantStep, OracleValuesAContractReadsPastABlockOnAreStuck) {
  const std::string text = R"(
fun g(t: ptr int32): int32
  ensures #g.ensures1 { t[result] = 0 }
fun f(t: ptr int32, n: int32) {
  var k: int32 = 0;
  while k < n
    invariant #f.invariant1 { 0 < k -> t[k - 1] = 0 }
    writes #f.loop_writes1 { k }
  {
    k := k + 1;
  }
  var r: int32 = 0;
  r := call g(t);
})";
  // Giant-steps `name` (at `line`) with output `value` for `out`, from t = [0] and n.
  const auto stuck_at = [&](const std::string &name, int line, const std::string &out, long value,
                            long n, const std::string &clause) {
    RunSpec r;
    r.inputs = {{"t", ints({0})}, {"n", n}};
    r.policy.giant.insert(name);
    r.outputs = {ir::SubcontractOutput{name, line, 1, {{out, value}}}};
    const Outcome o = run_text(text, r);
    EXPECT_EQ(verdict(o), "stuck") << o.reason;
    EXPECT_NE(o.reason.find(clause), std::string::npos) << o.reason;
  };
  stuck_at("loop@6", 6, "k", 3, 1, "invariant f.invariant1");
  stuck_at("g", 13, "result", 4, 0, "postcondition g.ensures1");
}

TEST(GiantStep, CallOutOfRangeOracleValueIsStuck) {
  EXPECT_EQ(verdict(run_text(set_x, set_x_run({{"x", 5000000000L}}))), "stuck");
}

const char *calls_in_loop = R"(
fun g(k: int32): int32
  requires #g_pre { k >= 0 }
  ensures { result >= k }
{ return k; }

fun f(n: int32): int32
  requires { 0 <= n <= 10 }
  ensures #post { result <= 100 }
{
  var i: int32 = 0;
  var s: int32 = 0;
  var v: int32 = 0;
  while i < n
    invariant { 0 <= i <= n }
    writes { i, s, v }
    variant { n - i }
  {
    @"l.c":20:5 v := call g(i);
    s := s + v;
    i := i + 1;
  }
  return s;
})";

TEST(GiantStep, CallsAreVisitedOncePerGiantStep) {
  RunSpec r;
  r.inputs = {{"n", 3}};
  r.policy = giant("g");
  r.outputs = {{"g", 20, 1, {{"result", 0}}},
               {"g", 20, 2, {{"result", 1}}},
               {"g", 20, 3, {{"result", 100}}}};
  const Outcome o = run_text(calls_in_loop, r);
  EXPECT_EQ(verdict(o), "failure postcondition post");
  ASSERT_EQ(o.giant_steps.size(), 3u);
  EXPECT_EQ(o.giant_steps[2].visit, 3);
  EXPECT_NE(o.state.find("result = 101"), std::string::npos) << o.state;
  // Missing result: 0, reported; g's postcondition result >= k is then false for i = 1.
  RunSpec missing = r;
  missing.outputs.clear();
  const Outcome m = run_text(calls_in_loop, missing);
  EXPECT_EQ(verdict(m), "stuck");
  EXPECT_EQ(m.defaults_used.size(), 2u);
}

TEST(GiantStep, NestedCallsInAGiantLoopFollowTheirOwnPolicy) {
  RunSpec r;
  r.inputs = {{"n", 10}};
  r.policy.all_giant = true;
  // loop: i = 9, s = 95 then one iteration: g(9) gives 9 (its own giant step), s = 104.
  r.outputs = {{"loop@14", 14, 1, {{"i", 9}, {"s", 95}, {"v", 0}}}, {"g", 20, 1, {{"result", 9}}}};
  const Outcome o = run_text(calls_in_loop, r);
  EXPECT_EQ(verdict(o), "stuck"); // the iteration ends without failure
  ASSERT_EQ(o.giant_steps.size(), 2u);
  EXPECT_EQ(o.giant_steps[0].subcontract, "loop@14");
  EXPECT_EQ(o.giant_steps[1].subcontract, "g");
  // Leaving the loop with s too big: the postcondition fails.
  r.outputs = {{"loop@14", 14, 1, {{"i", 10}, {"s", 101}, {"v", 0}}}};
  EXPECT_EQ(verdict(run_text(calls_in_loop, r)), "failure postcondition post");
}

TEST(GiantStep, BreakOrReturnInTheIterationLeavesTheLoop) {
  const char *text = R"(
fun f(n: int32): int32
  ensures #post { result <> 5 }
{
  var i: int32 = 0;
  while i < n
    invariant { i >= 0 }
    writes { i }
  {
    if i = 3 { break; }
    if i = 5 { return i; }
    i := i + 1;
  }
  return i + 10;
})";
  RunSpec r;
  r.inputs = {{"n", 10}};
  r.policy = giant("loop@6");
  r.outputs = {{"loop@6", 6, 1, {{"i", 3}}}};
  EXPECT_EQ(verdict(run_text(text, r)), "ok");
  r.outputs = {{"loop@6", 6, 1, {{"i", 5}}}};
  EXPECT_EQ(verdict(run_text(text, r)), "failure postcondition post");
}

TEST(GiantStep, MemoryOutputsAreTakenOnlyWhereTheWritesClauseAllows) {
  const char *text = R"(
fun zero(t: ptr int32, n: int32)
  requires { valid(t + (0 .. n - 1)) }
  writes { t[1 .. n - 1] }
  ensures #z { forall k: int. 1 <= k < n -> t[k] = 0 }
{
  var i: int32 = 1;
  while i < n writes { i, t[1 .. n - 1] } variant { n - i } { t[i] := 0; i := i + 1; }
}

fun f(t: ptr int32)
  requires { valid(t + (0 .. 2)) }
{
  @"z.c":14:3 call zero(t, 3);
  assert #a { t[0] = 7 && t[1] = 0 }
})";
  RunSpec r;
  r.inputs = {{"t", ints({7, 8, 9})}};
  r.policy = giant("zero");
  r.outputs = {{"zero", 14, 1, {{"t", ints({100, 0, 0})}}}};
  EXPECT_EQ(verdict(run_text(text, r)), "ok"); // t[0] kept at 7
  r.outputs = {{"zero", 14, 1, {{"t", ints({100, 0})}}}};
  const Outcome o = run_text(text, r); // t[2] missing: keeps 9, breaks the postcondition
  EXPECT_EQ(verdict(o), "stuck");
  ASSERT_EQ(o.defaults_used.size(), 1u);
  EXPECT_NE(o.defaults_used[0].find("1 cell(s) of t"), std::string::npos) << o.defaults_used[0];
}

/// A source that gives every written int the same value and records branch decisions.
class Constant : public OracleSource {
public:
  std::optional<ir::Json> input(const std::string &name) override {
    return name == "n" ? std::optional<ir::Json>(ir::Json(4)) : std::nullopt;
  }
  std::optional<ir::Json> output(const GiantStep &, const std::string &name) override {
    return name == "result" ? std::optional<ir::Json>(ir::Json(7)) : std::nullopt;
  }
  void on_branch(const ir::Expr &, bool outcome) override { branches.push_back(outcome); }
  bool needs_every_branch() const override { return true; }
  std::vector<bool> branches;
};

TEST(GiantStep, CustomOracleSourceFeedsInputsAndOutputsAndSeesBranches) {
  Constant source;
  RunSpec r;
  r.policy = giant("g");
  r.oracle = &source;
  const Outcome o = run_text(calls_in_loop, r);
  // n = 4 from the source; g's result is 7 each time: s = 28.
  EXPECT_EQ(verdict(o), "ok");
  EXPECT_EQ(o.giant_steps.size(), 4u);
  EXPECT_EQ(source.branches, (std::vector<bool>{true, true, true, true, false}));
}

} // namespace
} // namespace triage::rac::test

namespace triage::rac::test {
namespace {

const char *globals_text = R"(
global hist: int32[4]
global total: int32

fun fill(v: int32)
  writes { hist[1 .. 2], total }
  ensures #fill.post { hist[1] = v && total = v }

fun f()
  writes { hist[0 .. 3], total }
{
  hist[0] := 5;
  hist[3] := 6;
  @"h.c":14:3 call fill(3);
  var k: int32 = 0;
  @"h.c":16:3 while k < 2
    invariant #inv { 0 <= k <= 2 && hist[0] = 5 }
    writes { k, hist[0 .. 1] }
    variant { 2 - k }
  {
    hist[k] := hist[k];
    k := k + 1;
  }
  assert #a { hist[0] = 5 && hist[1] = 3 && hist[2] = 9 && hist[3] = 6 && total = 3 }
})";

TEST(GiantStep, CallWritingGlobalsTakesTheOracleValuesItsWritesClauseAllows) {
  RunSpec r;
  r.policy = giant("fill");
  // hist[0] and hist[3] are outside fill's writes clause: their oracle values are not taken.
  r.outputs = {{"fill", 14, 1, {{"hist", ints({100, 3, 9, 100})}, {"total", 3}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "ok");
  r.outputs = {{"fill", 14, 1, {{"hist", ints({5, 3, 8, 6})}, {"total", 3}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "failure assertion a");
  r.outputs = {{"fill", 14, 1, {{"hist", ints({5, 3, 9, 6})}, {"total", 4}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "stuck"); // breaks fill's postcondition
  r.outputs = {{"fill", 14, 1, {{"hist", ints({5, 3, 9, 6})}}}};
  const Outcome o = run_text(globals_text, r); // total missing: keeps 0
  EXPECT_EQ(verdict(o), "stuck");
  ASSERT_FALSE(o.defaults_used.empty());
  EXPECT_NE(o.defaults_used.back().find("the global total keeps 0"), std::string::npos)
      << o.defaults_used.back();
}

TEST(GiantStep, LoopWritingAGlobalArrayTakesTheOracleValuesItsWritesClauseAllows) {
  RunSpec r;
  r.policy.all_giant = true;
  const ir::SubcontractOutput fill{"fill", 14, 1, {{"hist", ints({5, 3, 9, 6})}, {"total", 3}}};
  r.outputs = {fill, {"loop@16", 16, 1, {{"k", 2}, {"hist", ints({5, 3, 0, 0})}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "ok"); // hist[2 .. 3] are not the loop's
  r.outputs = {fill, {"loop@16", 16, 1, {{"k", 2}, {"hist", ints({5, 4, 0, 0})}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "failure assertion a");
  r.outputs = {fill, {"loop@16", 16, 1, {{"k", 2}, {"hist", ints({7, 3, 9, 6})}}}};
  EXPECT_EQ(verdict(run_text(globals_text, r)), "stuck"); // breaks the invariant
}

} // namespace
} // namespace triage::rac::test
