// Annotated C source as text, for the invariant search: the clause a goal points at, its
// conjuncts and chains, identifiers replaced without capture, insertions, unified diffs.
#include "classify/source_edit.hpp"

#include <gtest/gtest.h>

using namespace triage::classify;

TEST(SourceEdit, TheClauseAfterAKeywordEndsAtItsSemicolonNotAQuantifiers) {
  const std::string src = "/*@ requires n > 0;\n    ensures \\forall integer i; 0 <= i < n ==>\n"
                          "    @   t[i] <= x;\n    assigns \\nothing; */\n";
  EXPECT_EQ(clause_after_keyword(src, 1, 5), "n > 0");
  EXPECT_EQ(clause_after_keyword(src, 2, 5), "\\forall integer i; 0 <= i < n ==> t[i] <= x");
  EXPECT_EQ(clause_after_keyword("  return i - 1;\n", 1, 3), "i - 1");
  EXPECT_EQ(clause_after_keyword("x", 3, 1), "");
  // A loop's keyword is two words: the clause comes after both.
  EXPECT_EQ(clause_after_keyword("  /*@ loop invariant 0 <= i <= n;\n", 1, 7), "0 <= i <= n");
  EXPECT_EQ(clause_after_keyword("  @ loop  assigns i, a[0 .. n-1];\n", 1, 5), "i, a[0 .. n-1]");
}

TEST(SourceEdit, ConjunctsSplitAndsAndChainsButNotUnderQuantifiers) {
  EXPECT_EQ(conjuncts("a <= b && (c || d) && e"),
            (std::vector<std::string>{"a <= b", "(c || d)", "e"}));
  EXPECT_EQ(conjuncts("r * r <= n < (r + 1) * (r + 1)"),
            (std::vector<std::string>{"r * r <= n", "n < (r + 1) * (r + 1)"}));
  EXPECT_EQ(conjuncts("\\forall integer i; 0 <= i < n ==> t[i] == 0 && t[i] < 2").size(), 1u);
  EXPECT_EQ(chain_links("a ==> b <= c"), (std::vector<std::string>{"a ==> b <= c"}));
  EXPECT_EQ(chain_links("x != y"), (std::vector<std::string>{"x != y"}));
}

TEST(SourceEdit, IdentifiersAreReplacedWholeAndNotAsFields) {
  EXPECT_EQ(replace_identifier("n + nn + a.n + p->n + \\n + n", "n", "i"),
            "i + nn + a.n + p->n + \\n + i");
  EXPECT_EQ(old_as_at_pre("x == \\old(t[\\old(k)]) + 1"), "x == \\at(t[\\at(k, Pre)], Pre) + 1");
  EXPECT_EQ(old_as_at_pre("Equal{Old,Here}(a, n, b) && \\at(x, Old) == 0"),
            "Equal{Pre,Here}(a, n, b) && \\at(x, Pre) == 0");
  EXPECT_EQ(old_as_at_pre("Unchanged{Pre,Post}(a, n) && \\at(x, Post) == Postx"),
            "Unchanged{Pre,Here}(a, n) && \\at(x, Here) == Postx");
}

TEST(SourceEdit, ParametersAPostconditionReadsAreTheirValuesAtTheCall) {
  EXPECT_EQ(params_as_old("IotaGenerate(a, n, v) && v.f == vv", {"v"}),
            "IotaGenerate(a, n, \\old(v)) && \\old(v).f == vv");
  // Reads already of a state stay as they are, whatever they nest.
  EXPECT_EQ(params_as_old("x == \\old(x + f(x)) + \\at(x, Pre) + x", {"x"}),
            "\\old(x) == \\old(x + f(x)) + \\at(x, Pre) + \\old(x)");
  EXPECT_EQ(old_as_at_pre(params_as_old("\\result == Accumulate(a, n, init)", {"init"})),
            "\\result == Accumulate(a, n, \\at(init, Pre))");
}

TEST(SourceEdit, InsertionsKeepColumnsOfTheOriginal) {
  const std::string src = "ab cd\nef\n";
  EXPECT_EQ(insert_text(src, {{1, 4, "X"}, {1, 1, "Y"}, {2, 3, "Z"}}), "Yab Xcd\nefZ\n");
  EXPECT_EQ(insert_text(src, {{1, 1, "new\n"}}), "new\nab cd\nef\n");
  // A clause replaced in place (`erase` bytes of the original), another insertion on its line
  // still at its original column.
  EXPECT_EQ(insert_text(src, {{1, 4, "xyz", 2}, {1, 1, "Y"}}), "Yab xyz\nef\n");
}

TEST(SourceEdit, UnifiedDiffNamesTheHunk) {
  const std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  const std::string after = "1\n2\n3\n4\nnew\n5\n6\n7\n8\n9\n";
  EXPECT_EQ(unified_diff("f.c", before, after),
            "--- f.c\n+++ f.c\n@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n");
  EXPECT_EQ(unified_diff("f.c", before, before), "");
  // A line replaced: removed, then added, as diff -u writes it.
  EXPECT_EQ(unified_diff("f.c", "a\nb\nc\n", "a\nB\nc\n"),
            "--- f.c\n+++ f.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
}

TEST(SourceEdit, ABehaviorsAssumptionsAreFoundFromOneOfItsClauses) {
  const std::string src = "/*@ requires n >= 0;\n"
                          "  behavior some:\n"
                          "    assumes HasX(a, n);\n"
                          "    ensures r: \\result < n;\n"
                          "  behavior none:\n"
                          "    assumes !HasX(a, n);\n"
                          "    assumes n > 0;\n"
                          "    ensures \\result == n;\n"
                          "*/\n";
  EXPECT_EQ(behavior_assumes(src, 4, 5), (std::vector<std::string>{"HasX(a, n)"}));
  EXPECT_EQ(behavior_assumes(src, 8, 5), (std::vector<std::string>{"!HasX(a, n)", "n > 0"}));
  // A clause of no behavior has none.
  EXPECT_TRUE(behavior_assumes(src, 1, 5).empty());
}

TEST(SourceEdit, ALoopsConditionIsReadAfterItsAnnotation) {
  const std::string src = "  /*@ loop invariant \\forall integer k; k < i ==> a[k] > 0;\n"
                          "      loop assigns i; */\n"
                          "  for (size_type i = 0u; i + 1u < n; ++i) {\n"
                          "  while (f(x) &&\n   y)\n";
  EXPECT_EQ(loop_condition(src, 1, 3), std::optional<std::string>("i + 1u < n"));
  EXPECT_EQ(loop_condition(src, 4, 1), std::optional<std::string>("f(x) && y"));
  EXPECT_EQ(loop_condition("  x = 1;\n", 1, 1), std::nullopt);
}

TEST(SourceEdit, ABoundIsWorthWhatTheCounterReachesWhenTheLoopExits) {
  using Exits = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(exit_bounds("i + 1u < n", {"i"}, {"n"}), (Exits{{"n", "i + 1u"}}));
  EXPECT_EQ(exit_bounds("i <= n - p", {"i"}, {"n", "p"}), (Exits{{"n", "i + p - 1"}}));
  EXPECT_EQ(exit_bounds("i < n - 1", {"i"}, {"n"}), (Exits{{"n", "i + 1"}}));
  EXPECT_EQ(exit_bounds("i <= n", {"i"}, {"n"}), (Exits{{"n", "i - 1"}}));
  EXPECT_EQ(exit_bounds("n > i + 2", {"i"}, {"n"}), (Exits{{"n", "i + 2"}}));
  EXPECT_EQ(exit_bounds("n != i + 2", {"i"}, {"n"}), (Exits{{"n", "i + 2"}}));
  // The counter itself replaces the bound already; conjunctions and chains say nothing.
  EXPECT_EQ(exit_bounds("i < n", {"i"}, {"n"}), (Exits{}));
  EXPECT_EQ(exit_bounds("i < n && a[i] != 0", {"i"}, {"n"}), (Exits{}));
  EXPECT_EQ(exit_bounds("n < i", {"i"}, {"n"}), (Exits{}));
}

TEST(SourceEdit, AnExpressionReplacesANameInParenthesesUnlessItIsAWholeArgument) {
  EXPECT_EQ(replace_by_expr("!Has(a, n) && x - n < n[0] + a[n]", "n", "i + 1"),
            "!Has(a, i + 1) && x - (i + 1) < (i + 1)[0] + a[i + 1]");
  // The offset taken back: `n - 1` with n as `i + 1` is `i` (but not `n - 10`).
  EXPECT_EQ(replace_by_expr("k < n - 1 && k < n - 10 && k < x - n - 1", "n", "i + 1"),
            "k < i && k < (i + 1) - 10 && k < x - (i + 1) - 1");
}

TEST(SourceEdit, APredicatesNegationIsWrittenAsAUserWould) {
  EXPECT_EQ(negation("HasPair(a, n)"), "!HasPair(a, n)");
  EXPECT_EQ(negation(" !HasPair(a, n) "), "HasPair(a, n)");
  EXPECT_EQ(negation("a < b"), "!(a < b)");
  EXPECT_EQ(negation("!P(a) && Q(b)"), "!(!P(a) && Q(b))");
  EXPECT_EQ(negation("P(a) || (Q(b))"), "!(P(a) || (Q(b)))");
}

TEST(SourceEdit, AnEquivalenceGivesItsTwoSides) {
  EXPECT_EQ(
      equivalence_sides("\\result == 1 <==> (\\forall integer k; 0 <= k < n ==> t[k] > 0)"),
      (std::vector<std::string>{"\\result == 1", "\\forall integer k; 0 <= k < n ==> t[k] > 0"}));
  EXPECT_TRUE(equivalence_sides("(a <==> b) && c").empty());
  EXPECT_TRUE(equivalence_sides("a ==> b").empty());
}

TEST(SourceEdit, AnEqualityIsReadTheOtherWayOnlyWhenItIsTheWholePredicate) {
  EXPECT_EQ(mirrored_equality("Find(a, i, v) == i"), "i == Find(a, i, v)");
  EXPECT_EQ(mirrored_equality("a[i - 1] == x + 1"), "x + 1 == a[i - 1]");
  EXPECT_EQ(mirrored_equality("(a == b) == c"), "c == (a == b)");
  EXPECT_FALSE(mirrored_equality("i == n ==> a[i] == 0"));
  EXPECT_FALSE(mirrored_equality("i == n || a[i] == 0"));
  EXPECT_FALSE(mirrored_equality("0 <= i == b"));
  EXPECT_FALSE(mirrored_equality("i == \\at(i, LoopEntry)"));
  EXPECT_FALSE(mirrored_equality("\\forall integer k; 0 <= k < i ==> a[k] == v"));
  EXPECT_FALSE(mirrored_equality("c ? x : y == z"));
  EXPECT_FALSE(mirrored_equality("i != n"));
  EXPECT_FALSE(mirrored_equality("i < n"));
}

TEST(SourceEdit, TextIsSplitAtASeparatorOutsideBrackets) {
  EXPECT_EQ(split_top_level("i, a[0 .. f(n, m) - 1], *p", ","),
            (std::vector<std::string>{"i", "a[0 .. f(n, m) - 1]", "*p"}));
  EXPECT_EQ(split_top_level("x", ","), (std::vector<std::string>{"x"}));
}
