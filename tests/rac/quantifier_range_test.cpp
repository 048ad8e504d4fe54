// Ranges of quantified variables: the range the guard gives each variable (ir/quantifier_range)
// and the values the runtime checker then enumerates, shape by shape (docs/rac.md, "Quantifier
// bounds").
#include "ir/quantifier_range.hpp"
#include "rac_test_util.hpp"

#include <string>
#include <vector>

namespace triage::rac::test {
namespace {

/// The first quantifier of the function f's first annotation (depth first).
const ir::Expr *first_quantifier(const ir::Expr &e) {
  if (e.kind == ir::ExprKind::Quant) return &e;
  for (const auto &a : e.args)
    if (a)
      if (const ir::Expr *q = first_quantifier(*a)) return q;
  return nullptr;
}

/// The range text of each variable of the first quantifier of `pred`.
std::vector<std::string> ranges_of(const std::string &decls, const std::string &pred) {
  const ir::Program p =
      program(decls + "fun f(n: int, k: int, t: ptr int32) requires { " + pred + " } { }\n");
  const ir::Expr *q = first_quantifier(*p.function("f")->contract.at(0).expr);
  EXPECT_NE(q, nullptr);
  std::vector<std::string> out;
  for (const auto &r : ir::quantifier_ranges(*q))
    out.push_back(ir::range_text(r));
  return out;
}

/// Records every range the interpreter enumerates, as "x in lo..hi".
class RangeRecorder : public CounterexampleOracle {
public:
  explicit RangeRecorder(const ir::Counterexample &cx) : CounterexampleOracle(cx) {}
  void on_range(const ir::Expr &, const std::string &x, const ir::BigInt &lo,
                const ir::BigInt &hi) override {
    seen.push_back(x + " in " + lo.str() + ".." + hi.str());
  }
  std::vector<std::string> seen;
};

struct Enumerated {
  std::string verdict;
  std::vector<std::string> ranges;
};

/// Runs `assert { pred }` with n and k given and t = [0, 1, 2, 3, 4] (sorted, distinct).
Enumerated enumerate(const std::string &decls, const std::string &pred, long n, long k = 0) {
  const std::string text =
      decls + "fun f(n: int, k: int, t: ptr int32) {\n  assert { " + pred + " };\n}\n";
  ir::Counterexample cx;
  cx.function = "f";
  cx.inputs = {{"n", ir::Json(n)}, {"k", ir::Json(k)}, {"t", ints({0, 1, 2, 3, 4})}};
  RangeRecorder rec(cx);
  RunSpec r;
  r.oracle = &rec;
  const Outcome o = run_text(text, r);
  return {verdict(o), rec.seen};
}

using Strings = std::vector<std::string>;

TEST(QuantifierRange, HalfOpenInterval) {
  const std::string q = "forall i: int. 0 <= i && i < n -> t[i] >= 0";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 1"});
  const Enumerated e = enumerate("", q, 3);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, Strings{"i in 0..2"});
}

TEST(QuantifierRange, NestedForallCarriesTheInnerBoundOut) {
  const std::string q = "forall i: int. forall j: int. 0 <= i && i < j && j < n -> t[i] < t[j]";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 2"});
  const Enumerated e = enumerate("", q, 4);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, (Strings{"i in 0..2", "j in 1..3", "j in 2..3", "j in 3..3"}));
}

TEST(QuantifierRange, SeveralBindersInOneQuantifier) {
  const std::string q = "forall i: int, j: int. 0 <= i < j < n -> t[i] < t[j]";
  EXPECT_EQ(ranges_of("", q), (Strings{"0 <= i <= n - 2", "i + 1 <= j <= n - 1"}));
  const Enumerated e = enumerate("", q, 3);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, (Strings{"i in 0..1", "j in 1..2", "j in 2..2"}));
}

TEST(QuantifierRange, ChainedWithLessOrEqual) {
  const std::string q = "forall i: int, j: int. 0 <= i <= j < n -> t[i] <= t[j]";
  EXPECT_EQ(ranges_of("", q), (Strings{"0 <= i <= n - 1", "i <= j <= n - 1"}));
  EXPECT_EQ(enumerate("", q, 2).ranges, (Strings{"i in 0..1", "j in 0..1", "j in 1..1"}));
}

TEST(QuantifierRange, EitherOrientation) {
  const std::string q = "forall i: int. n > i && i >= 0 -> t[i] >= 0";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 1"});
  EXPECT_EQ(enumerate("", q, 2).ranges, Strings{"i in 0..1"});
}

TEST(QuantifierRange, ImplicationChain) {
  const std::string q = "forall i: int. 0 <= i -> i <= n -> t[i] >= 0";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n"});
  EXPECT_EQ(enumerate("", q, 1).ranges, Strings{"i in 0..1"});
}

TEST(QuantifierRange, BoundsThatAreTerms) {
  const std::string q = "forall i: int. k <= i && i <= n - 1 -> t[i] >= k";
  EXPECT_EQ(ranges_of("", q), Strings{"k <= i <= n - 1"});
  EXPECT_EQ(enumerate("", q, 4, 2).ranges, Strings{"i in 2..3"});
}

TEST(QuantifierRange, LogicFunctionValueAsBound) {
  const std::string decls = "function half(x: int): int = x / 2\n";
  const std::string q = "forall i: int. 0 <= i && i < half(n) -> t[i] < 2";
  EXPECT_EQ(ranges_of(decls, q), Strings{"0 <= i <= half(n) - 1"});
  const Enumerated e = enumerate(decls, q, 5);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, Strings{"i in 0..1"});
}

TEST(QuantifierRange, OffsetOnTheVariableSide) {
  const std::string q = "forall i: int. 0 <= i && i + 1 < n -> t[i] <= t[i + 1]";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 2"});
  EXPECT_EQ(enumerate("", q, 5).ranges, Strings{"i in 0..3"});
}

TEST(QuantifierRange, TermOnTheVariableSide) {
  const std::string q = "forall i: int. 0 <= i && i + k < n -> t[i + k] >= 0";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - k - 1"});
  EXPECT_EQ(enumerate("", q, 5, 2).ranges, Strings{"i in 0..2"});
}

TEST(QuantifierRange, ExistsWithConjunctionGuard) {
  const std::string q = "exists i: int. 0 <= i && i < n && t[i] = k";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 1"});
  const Enumerated e = enumerate("", q, 5, 3);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, Strings{"i in 0..4"});
  EXPECT_EQ(enumerate("", q, 3, 3).verdict, "failure assertion f.assert1"); // t[3] is past n
}

TEST(QuantifierRange, NestedExists) {
  const std::string q = "exists i: int. exists j: int. 0 <= i && i < j && j < n && t[i] + t[j] = k";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i <= n - 2"});
  const Enumerated e = enumerate("", q, 3, 3);
  EXPECT_EQ(e.verdict, "ok"); // t[1] + t[2]
  EXPECT_EQ(e.ranges, (Strings{"i in 0..1", "j in 1..2", "j in 2..2"}));
}

TEST(QuantifierRange, EqualityGivesBothBounds) {
  const std::string q = "forall i: int. i = k -> t[i] = k";
  EXPECT_EQ(ranges_of("", q), Strings{"k <= i <= k"});
  EXPECT_EQ(enumerate("", q, 5, 4).ranges, Strings{"i in 4..4"});
}

TEST(QuantifierRange, SeveralLowerBoundsTakeTheLargest) {
  const std::string q = "forall i: int. 0 <= i && k <= i && i < n -> t[i] >= k";
  EXPECT_EQ(ranges_of("", q), Strings{"max(0, k) <= i <= n - 1"});
  EXPECT_EQ(enumerate("", q, 5, 3).ranges, Strings{"i in 3..4"});
}

TEST(QuantifierRange, OldValueAsBound) {
  const ir::Program p = program("fun f(n: int32, t: ptr int32) ensures { forall i: int. 0 <= i < "
                                "old(n) -> t[i] >= 0 } { }\n");
  const ir::Expr *q = first_quantifier(*p.function("f")->contract.at(0).expr);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(ir::range_text(ir::quantifier_ranges(*q).at(0)), "0 <= i <= old(n) - 1");
}

TEST(QuantifierRange, MixedQuantifiersDoNotShareGuards) {
  // Outside j's range the inner exists is false, not vacuous: it cannot bound i.
  const std::string q = "forall i: int. exists j: int. 0 <= j && j < n && i = j";
  EXPECT_EQ(ranges_of("", q), Strings{"i unbounded"});
}

TEST(QuantifierRange, ShadowingBinderIsNotEntered) {
  const std::string q = "forall i: int. 0 <= i -> forall i: int. i < n -> t[i] >= 0";
  EXPECT_EQ(ranges_of("", q), Strings{"0 <= i"});
}

TEST(QuantifierRange, UnboundedQuantifierIsReportedNamingVariableAndLine) {
  // Probing the open side decides nothing here (every instance holds, no memory is read).
  const std::string text = "fun f(n: int, t: ptr int32) {\n"
                           "  assert @\"q.c\":7:5 { forall i: int. i < n -> i * i >= 0 };\n}\n";
  RunSpec r;
  r.inputs = {{"n", ir::Json(2)}, {"t", ints({0, 1})}};
  const Outcome o = run_text(text, r);
  EXPECT_EQ(verdict(o), "not_executable");
  EXPECT_NE(o.reason.find("'i'"), std::string::npos) << o.reason;
  EXPECT_NE(o.reason.find("no lower bound"), std::string::npos) << o.reason;
  EXPECT_EQ(o.at.file, "q.c");
  EXPECT_EQ(o.at.line, 7);
}

TEST(QuantifierRange, SmallMachineTypesAreEnumeratedWhole) {
  const Enumerated e = enumerate("", "forall c: int8. c < 200", 0);
  EXPECT_EQ(e.verdict, "ok");
  EXPECT_EQ(e.ranges, Strings{"c in -128..127"});
}

} // namespace
} // namespace triage::rac::test
