// Every goal kind the interpreter checks, with an input that passes and one that fails, and the
// goal reported where docs/ir.md says it points.
#include "rac_test_util.hpp"

namespace triage::rac::test {
namespace {

RunSpec with(ir::NamedValues inputs) {
  RunSpec r;
  r.inputs = std::move(inputs);
  return r;
}

const char *post = R"(
fun f(n: int32): int32
  requires { 0 <= n && n < 100 }
  ensures #post { result = 2 * n }
{
  if n = 7 { return n; }
  return n + n;
})";

TEST(GoalKinds, Postcondition) {
  EXPECT_EQ(verdict(run_text(post, with({{"n", 3}}))), "ok");
  const Outcome o = run_text(post, with({{"n", 7}}));
  EXPECT_EQ(verdict(o), "failure postcondition post");
  EXPECT_EQ(o.goal->function, "f");
  EXPECT_NE(o.state.find("result = 7"), std::string::npos) << o.state;
}

const char *call_pre = R"(
fun g(k: int32): int32
  requires #g_pre { k > 0 }
  ensures { result = k }
{ return k; }

fun f(n: int32): int32 {
  var r: int32 = 0;
  @"c.c":12:3 r := call g(n);
  return r;
})";

TEST(GoalKinds, CallPrecondition) {
  EXPECT_EQ(verdict(run_text(call_pre, with({{"n", 1}}))), "ok");
  const Outcome o = run_text(call_pre, with({{"n", 0}}));
  EXPECT_EQ(verdict(o), "failure call_precondition g_pre");
  // A call precondition is a goal of the caller, at the call.
  EXPECT_EQ(o.goal->function, "f");
  EXPECT_EQ(o.goal->at.file, "c.c");
  EXPECT_EQ(o.goal->at.line, 12);
  EXPECT_NE(o.reason.find("with k = 0"), std::string::npos) << o.reason;
  EXPECT_EQ(o.state, " n = 0, r = 0"); // the caller's state
}

TEST(GoalKinds, Assertion) {
  const char *text = R"(
fun f(n: int32) { assert #a @"a.c":4:5 { n <> 3 } })";
  EXPECT_EQ(verdict(run_text(text, with({{"n", 2}}))), "ok");
  const Outcome o = run_text(text, with({{"n", 3}}));
  EXPECT_EQ(verdict(o), "failure assertion a");
  EXPECT_EQ(o.goal->at.line, 4);
  EXPECT_EQ(o.goal->at.col, 5);
}

const char *loop = R"(
fun f(n: int32, k: int32) {
  var i: int32 = 0;
  while i < n
    invariant #inv { 0 <= i && i <= n && i <> k }
    variant #var { n - i }
  {
    i := i + 1;
  }
})";

TEST(GoalKinds, LoopInvariantInit) {
  EXPECT_EQ(verdict(run_text(loop, with({{"n", 3}, {"k", 5}}))), "ok");
  EXPECT_EQ(verdict(run_text(loop, with({{"n", -1}, {"k", 5}}))),
            "failure loop_invariant_init inv");
}

TEST(GoalKinds, LoopInvariantPreserved) {
  const Outcome o = run_text(loop, with({{"n", 3}, {"k", 2}}));
  EXPECT_EQ(verdict(o), "failure loop_invariant_preserved inv");
  EXPECT_NE(o.state.find("i = 2"), std::string::npos) << o.state;
}

const char *variant = R"(
fun f(n: int32, step: int32) {
  var i: int32 = n;
  while i > 0
    variant #v { i - 1 }
  {
    i := i - step;
  }
})";

TEST(GoalKinds, LoopVariantNonneg) {
  EXPECT_EQ(verdict(run_text(variant, with({{"n", 3}, {"step", 1}}))), "ok");
  const char *text = R"(
fun f(n: int32) {
  var i: int32 = n;
  while i > -2 variant #v { i } { i := i - 1; }
})";
  EXPECT_EQ(verdict(run_text(text, with({{"n", 2}}))), "failure loop_variant_nonneg v");
  // Checked when the iteration ends: a failure inside the body comes first; a break or a return
  // still checks it.
  const char *inside = R"(
fun f(n: int32) {
  var i: int32 = n;
  while i > -5 variant #v { i } {
    if i = -2 { break; }
    assert #b { i <> -1 || n = 1 }
    i := i - 1;
  }
})";
  EXPECT_EQ(verdict(run_text(inside, with({{"n", 0}}))), "failure assertion b");
  EXPECT_EQ(verdict(run_text(inside, with({{"n", 1}}))), "failure loop_variant_nonneg v");
}

TEST(GoalKinds, LoopVariantDecrease) {
  const Outcome o = run_text(variant, with({{"n", 3}, {"step", 0}}));
  EXPECT_EQ(verdict(o), "failure loop_variant_decrease v");
  EXPECT_NE(o.reason.find("from 2 to 2"), std::string::npos) << o.reason;
}

const char *assigns = R"(
global x: int32
global y: int32

fun f(t: ptr int32, which: int32)
  requires { valid(t + (0 .. 1)) }
  writes #w { x, t[0] }
{
  x := 1;
  t[0] := 5;
  if which = 1 { y := 2; }
  if which = 2 { t[1] := 3; }
  if which = 3 { t[1] := t[1]; }
})";

TEST(GoalKinds, Assigns) {
  EXPECT_EQ(verdict(run_text(assigns, with({{"t", ints({0, 0})}, {"which", 0}}))), "ok");
  // Writing a cell with the value it had is no change.
  EXPECT_EQ(verdict(run_text(assigns, with({{"t", ints({0, 0})}, {"which", 3}}))), "ok");
  const Outcome g = run_text(assigns, with({{"t", ints({0, 0})}, {"which", 1}}));
  EXPECT_EQ(verdict(g), "failure assigns w");
  EXPECT_NE(g.reason.find("global y changed from 0 to 2"), std::string::npos) << g.reason;
  const Outcome m = run_text(assigns, with({{"t", ints({0, 0})}, {"which", 2}}));
  EXPECT_EQ(verdict(m), "failure assigns w");
  EXPECT_NE(m.reason.find("t[1] changed from 0 to 3"), std::string::npos) << m.reason;
}

TEST(GoalKinds, AssignsIgnoresLocalsAndNewBlocks) {
  const char *text = R"(
fun f() writes #w { } {
  var a: int32[3];
  var i: int32 = 0;
  a[1] := 4;
  i := 2;
})";
  EXPECT_EQ(verdict(run_text(text, {})), "ok");
}

const char *loop_assigns = R"(
fun f(n: int32, t: ptr int32)
  requires { n >= 1 && valid(t + (0 .. n - 1)) }
{
  var i: int32 = 0;
  var s: int32 = 0;
  while i < n
    writes #lw { i, t[i] }
    variant { n - i }
  {
    var tmp: int32 = t[i];
    t[i] := tmp + 1;
    if tmp = 9 { s := 1; }
    i := i + 1;
  }
})";

TEST(GoalKinds, LoopAssigns) {
  EXPECT_EQ(verdict(run_text(loop_assigns, with({{"n", 2}, {"t", ints({1, 2})}}))), "ok");
  const Outcome o = run_text(loop_assigns, with({{"n", 2}, {"t", ints({1, 9})}}));
  EXPECT_EQ(verdict(o), "failure loop_assigns lw");
  EXPECT_NE(o.reason.find("s changed from 0 to 1"), std::string::npos) << o.reason;
}

TEST(GoalKinds, RteMemory) {
  const char *text = R"(
fun f(t: ptr int32, i: int32): int32 { @"m.c":3:10 return t[i]; })";
  EXPECT_EQ(verdict(run_text(text, with({{"t", ints({1, 2})}, {"i", 1}}))), "ok");
  const Outcome o = run_text(text, with({{"t", ints({1, 2})}, {"i", 2}}));
  EXPECT_EQ(verdict(o), "failure rte_memory");
  EXPECT_EQ(o.goal->at.line, 3);
  EXPECT_EQ(o.goal->annot_id, "");
  EXPECT_EQ(verdict(run_text(text, with({{"t", nullptr}, {"i", 0}}))), "failure rte_memory");
  const char *write = R"(
fun f(t: ptr int32, i: int32) { t[i] := 1; })";
  EXPECT_EQ(verdict(run_text(write, with({{"t", ints({1})}, {"i", -1}}))), "failure rte_memory");
}

TEST(GoalKinds, RteMemoryVariableLengthArray) {
  // The length is read once, must be positive, and bounds the block from then on.
  const char *text = R"(
fun f(n: int32, i: int32): int32 {
  var m : int32 = n;
  @"v.c":4:3 var t : int32[m];
  m := m + 1;
  @"v.c":6:3 t[i] := 1;
  return t[i];
})";
  EXPECT_EQ(verdict(run_text(text, with({{"n", 2}, {"i", 1}}))), "ok");
  for (int n : {0, -3}) {
    const Outcome o = run_text(text, with({{"n", n}, {"i", 0}}));
    EXPECT_EQ(verdict(o), "failure rte_memory");
    EXPECT_EQ(o.goal->at.line, 4);
  }
  const Outcome o = run_text(text, with({{"n", 2}, {"i", 2}}));
  EXPECT_EQ(verdict(o), "failure rte_memory");
  EXPECT_EQ(o.goal->at.line, 6);
}

TEST(GoalKinds, RteDivision) {
  const char *text = R"(
fun f(a: int32, b: int32): int32 { return a / b + a % b; })";
  EXPECT_EQ(verdict(run_text(text, with({{"a", -7}, {"b", 2}}))), "ok");
  EXPECT_EQ(verdict(run_text(text, with({{"a", 7}, {"b", 0}}))), "failure rte_division");
  // INT_MIN / -1 overflows.
  EXPECT_EQ(verdict(run_text(text, with({{"a", -2147483648L}, {"b", -1}}))),
            "failure rte_overflow");
}

TEST(GoalKinds, RteOverflow) {
  const char *text = R"(
fun f(a: int32): int32 { return a * a; })";
  EXPECT_EQ(verdict(run_text(text, with({{"a", 46340}}))), "ok");
  EXPECT_EQ(verdict(run_text(text, with({{"a", 46341}}))), "failure rte_overflow");
  const char *conv = R"(
fun f(a: int64): int8 { return int8(a); })";
  EXPECT_EQ(verdict(run_text(conv, with({{"a", 127}}))), "ok");
  EXPECT_EQ(verdict(run_text(conv, with({{"a", 128}}))), "failure rte_overflow");
  const char *shift = R"(
fun f(a: int32, b: int32): int32 { return a << b; })";
  EXPECT_EQ(verdict(run_text(shift, with({{"a", 1}, {"b", 30}}))), "ok");
  EXPECT_EQ(verdict(run_text(shift, with({{"a", 1}, {"b", 32}}))), "failure rte_overflow");
  EXPECT_EQ(verdict(run_text(shift, with({{"a", -1}, {"b", 1}}))), "failure rte_overflow");
}

TEST(GoalKinds, UnsignedArithmeticWraps) {
  const char *text = R"(
fun f(a: uint8): uint8 ensures { result = 1 } { return a + 2; })";
  EXPECT_EQ(verdict(run_text(text, with({{"a", 255}}))), "ok");
  const char *conv = R"(
fun f(a: int32): uint8 ensures { result = 255 } { return uint8(a); })";
  EXPECT_EQ(verdict(run_text(conv, with({{"a", -1}}))), "ok");
}

TEST(GoalKinds, Lemma) {
  const ir::Program ok = program(R"(
lemma #sq { forall i: int. 0 <= i < 10 -> i * i < 100 })");
  EXPECT_EQ(verdict(check_lemma(ok, "sq", Config{})), "ok");
  const ir::Program bad = program(R"(
lemma #sq { forall i: int. 0 <= i <= 10 -> i * i < 100 })");
  const Outcome o = check_lemma(bad, "sq", Config{});
  EXPECT_EQ(verdict(o), "failure lemma sq");
  EXPECT_EQ(o.goal->function, "-");
  const ir::Program open = program(R"(
lemma #sq { forall i: int. i * i >= 0 })");
  EXPECT_EQ(verdict(check_lemma(open, "sq", Config{})), "not_executable");
}

} // namespace
} // namespace triage::rac::test
