// Logic in annotations: quantifiers enumerated over the bounds of their guards, logic functions
// with a depth limit, old/at/LoopEntry, valid/separated, exact arithmetic; and what cannot be
// executed is reported as such, never guessed.
#include "rac_test_util.hpp"

namespace triage::rac::test {
namespace {

Outcome check(const std::string &decls, const std::string &cond, ir::NamedValues inputs,
              const std::string &params = "t: ptr int32, n: int32") {
  const std::string text = decls + "\nfun f(" + params + ") {\n  assert #a { " + cond + " }\n}\n";
  RunSpec r;
  r.inputs = std::move(inputs);
  return run_text(text, r);
}

TEST(Logic, ForallOverOneBinder) {
  const std::string all_pos = "forall i: int. 0 <= i < n -> t[i] > 0";
  EXPECT_EQ(verdict(check("", all_pos, {{"t", ints({1, 2, 3})}, {"n", 3}})), "ok");
  EXPECT_EQ(verdict(check("", all_pos, {{"t", ints({1, 0, 3})}, {"n", 3}})), "failure assertion a");
  // Nested implications give the guard as well.
  EXPECT_EQ(verdict(check("", "forall i: int. 0 <= i -> i < n -> t[i] > 0",
                          {{"t", ints({1, 0})}, {"n", 2}})),
            "failure assertion a");
}

TEST(Logic, ForallOverDependentBinders) {
  const std::string sorted = "forall i: int, j: int. 0 <= i <= j < n -> t[i] <= t[j]";
  EXPECT_EQ(verdict(check("", sorted, {{"t", ints({1, 2, 2, 5})}, {"n", 4}})), "ok");
  EXPECT_EQ(verdict(check("", sorted, {{"t", ints({1, 3, 2})}, {"n", 3}})), "failure assertion a");
}

TEST(Logic, Exists) {
  const std::string has_zero = "exists i: int. 0 <= i && i < n && t[i] = 0";
  EXPECT_EQ(verdict(check("", has_zero, {{"t", ints({4, 0})}, {"n", 2}})), "ok");
  EXPECT_EQ(verdict(check("", has_zero, {{"t", ints({4, 1})}, {"n", 2}})), "failure assertion a");
}

TEST(Logic, SmallTypesAndBooleansAreEnumeratedWhole) {
  EXPECT_EQ(verdict(check("", "forall b: bool. b || not b", {})), "ok");
  EXPECT_EQ(verdict(check("", "forall x: uint8. x < 255", {})), "failure assertion a");
}

TEST(Logic, UnboundedQuantifierIsNotExecutable) {
  const Outcome o = check("", "forall i: int. i * i >= 0", {});
  EXPECT_EQ(verdict(o), "not_executable");
  EXPECT_NE(o.reason.find("'i'"), std::string::npos) << o.reason;
  EXPECT_EQ(o.at.file, "t.ivl");
  EXPECT_EQ(o.at.line, 3);
}

TEST(Logic, PredicatesAndRecursiveFunctions) {
  const std::string decls = R"(
predicate positive(t: ptr int32, n: int) = forall i: int. 0 <= i < n -> t[i] > 0
function sum(t: ptr int32, n: int): int = if n <= 0 then 0 else sum(t, n - 1) + t[n - 1])";
  EXPECT_EQ(
      verdict(check(decls, "positive(t, n) && sum(t, n) = 6", {{"t", ints({1, 2, 3})}, {"n", 3}})),
      "ok");
  EXPECT_EQ(verdict(check(decls, "sum(t, n) = 5", {{"t", ints({1, 2, 3})}, {"n", 3}})),
            "failure assertion a");
}

TEST(Logic, RecursionDepthIsLimited) {
  const std::string decls = "function loop(x: int): int = loop(x + 1)";
  const Outcome o = check(decls, "loop(0) = 0", {}, "");
  EXPECT_EQ(verdict(o), "limit_reached");
  EXPECT_NE(o.reason.find("depth"), std::string::npos) << o.reason;
}

// A definition that needs itself with the same arguments never terminates: a checked annotation
// fails on it (as its E-ACSL translation would never return), an assumed one is not executable.
TEST(Logic, RecursionOnTheSameArgumentsDoesNotTerminate) {
  const std::string decls =
      "function occ(t: ptr int32, n: int): int = if n <= 0 then 0 else occ(t, n - 0) + t[n - 1]";
  const Outcome o = check(decls, "occ(t, n) = 0", {{"t", ints({0})}, {"n", 1}});
  EXPECT_EQ(verdict(o), "failure assertion a");
  EXPECT_NE(o.reason.find("'occ' does not terminate: occ(&t[0], 1) needs itself again"),
            std::string::npos)
      << o.reason;
  EXPECT_EQ(verdict(check(decls, "occ(t, n) = 0", {{"t", ints({0})}, {"n", 0}})), "ok");
  RunSpec r;
  r.inputs = {{"t", ints({0})}, {"n", 1}};
  EXPECT_EQ(verdict(run_text(
                decls + "\nfun f(t: ptr int32, n: int32) { assume #h { occ(t, n) = 0 } }", r)),
            "not_executable");
}

TEST(Logic, AbstractPredicateIsNotExecutable) {
  const std::string decls = "predicate p(x: int)\naxiom { p(0) }";
  const Outcome o = check(decls, "p(0)", {}, "");
  EXPECT_EQ(verdict(o), "not_executable");
  EXPECT_NE(o.reason.find("abstract"), std::string::npos) << o.reason;
}

TEST(Logic, ArithmeticIsExactAndConversionsWrap) {
  EXPECT_EQ(verdict(check("", "n * n * n > 2147483647", {{"n", 2000}}, "n: int32")), "ok");
  EXPECT_EQ(
      verdict(check("", "int8(n) = -56 && -7 / 2 = -3 && -7 % 2 = -1", {{"n", 200}}, "n: int32")),
      "ok");
  EXPECT_EQ(verdict(check("", "n / 0 = 0", {{"n", 1}}, "n: int32")), "not_executable");
}

// As under E-ACSL: an annotation the run checks fails when it reads outside a block, and the
// message says which read; one the run assumes cannot be executed.
TEST(Logic, ReadingOutsideABlockFailsACheckedAnnotation) {
  const Outcome o = check("", "t[n] = 0", {{"t", ints({0})}, {"n", 1}});
  EXPECT_EQ(verdict(o), "failure assertion a");
  EXPECT_NE(o.reason.find("'t[n]' reads t[1], outside its block of 1 cell"), std::string::npos)
      << o.reason;
}

// A read outside a block: an `assume` statement cannot be executed; the entry's precondition is
// false on such an input (assumed annotations imply that their reads are valid, as in vcgen).
TEST(Logic, ReadingOutsideABlockInAnAssumption) {
  RunSpec r;
  r.inputs = {{"t", ints({0})}, {"n", 1}};
  EXPECT_EQ(verdict(run_text("fun f(t: ptr int32, n: int32) { assume #h { t[n] = 0 } }", r)),
            "not_executable");
  EXPECT_EQ(verdict(run_text("fun f(t: ptr int32, n: int32)\n  requires #p { t[n] = 0 }\n{ }", r)),
            "outside_precondition");
}

// An open side of a quantifier's range in a checked annotation: probed far out, where an instance
// decides the quantifier or reads outside every block.
TEST(Logic, OpenSideOfAQuantifierIsProbed) {
  ir::NamedValues in = {{"t", ints({0, 0})}, {"n", 1}};
  const Outcome o = check("", "forall k: int. 0 <= k && k > n -> t[k] = 0", in);
  EXPECT_EQ(verdict(o), "failure assertion a");
  EXPECT_NE(o.reason.find("reads t[4294967298], outside its block of 2 cells (with k = "
                          "4294967298: the guard gives 'k' no upper bound)"),
            std::string::npos)
      << o.reason;
  // Instances that decide: a false one under forall, a true one under exists.
  EXPECT_EQ(verdict(check("", "forall k: int. k >= n -> k < 5", in)), "failure assertion a");
  EXPECT_EQ(verdict(check("", "exists k: int. k <= n && k < -7", in)), "ok");
  // Probes that decide nothing leave the quantifier not executable.
  EXPECT_EQ(verdict(check("", "forall k: int. k >= n -> k >= 0", in)), "not_executable");
}

TEST(Logic, ValidAndSeparated) {
  ir::NamedValues in = {{"t", ints({1, 2, 3})}, {"n", 3}};
  EXPECT_EQ(verdict(check("", "valid(t + (0 .. n - 1)) && valid(t + (5 .. 4))", in)), "ok");
  EXPECT_EQ(verdict(check("", "valid(t + (0 .. n))", in)), "failure assertion a");
  EXPECT_EQ(verdict(check("", "not valid(t + (0 .. 0))", {{"t", nullptr}, {"n", 0}})), "ok");
  EXPECT_EQ(verdict(check("", "separated(t + (0 .. 0), t + (1 .. 2))", in)), "ok");
  EXPECT_EQ(verdict(check("", "separated(t + (0 .. 1), t + (1 .. 2))", in)), "failure assertion a");
}

TEST(Logic, LetAndConditional) {
  EXPECT_EQ(
      verdict(check("", "let m = n * 2 in (if m > 5 then m else 0) = 6", {{"n", 3}}, "n: int32")),
      "ok");
}

// In a definition's body a `let` is read when needed (ACSL by Example's IndexOfNotEqual binds
// its recursive call on k - 1 before the test k < 0 that makes it unneeded): read eagerly, it
// recursed to the depth limit. The bound value sees the names where it was written, not a
// quantified name of the body that shadows them.
TEST(Logic, LetInADefinitionIsReadWhenNeeded) {
  const std::string decls = "function idx(k: int): int =\n"
                            "  let start = idx(k - 1) + 1 in if k < 0 then -1 else start";
  EXPECT_EQ(verdict(check(decls, "idx(2) = 2", {}, "")), "ok");
  EXPECT_EQ(verdict(check(decls, "idx(2) = 3", {}, "")), "failure assertion a");
  const std::string shadow = "function g(x: int): bool =\n"
                             "  let y = x + 1 in forall x: int. 0 <= x < 3 -> y = 6";
  EXPECT_EQ(verdict(check(shadow, "g(5)", {}, "")), "ok");
  EXPECT_EQ(verdict(check(shadow, "g(4)", {}, "")), "failure assertion a");
}

TEST(Logic, OldAtAndLoopEntry) {
  const char *text = R"(
global g: int32

fun f(t: ptr int32, n: int32)
  requires { n >= 1 && valid(t + (0 .. n - 1)) }
  ensures #post { t[0] = old(t[0]) + n && g = old(g) + 1 }
{
  g := g + 1;
  label L;
  var i: int32 = 0;
  while i < n
    invariant #inv { t[0] = at(t[0], LoopEntry) + i && at(g, L) = g }
    writes { i, t[0] }
    variant { n - i }
  {
    t[0] := t[0] + 1;
    i := i + 1;
  }
  assert #a { at(t[0], L) + n = t[0] && at(t[0], Pre) = old(t[0]) }
})";
  RunSpec r;
  r.inputs = {{"t", ints({5, 0, 0})}, {"n", 3}, {"g", 1}};
  EXPECT_EQ(verdict(run_text(text, r)), "ok");
}

} // namespace
} // namespace triage::rac::test
