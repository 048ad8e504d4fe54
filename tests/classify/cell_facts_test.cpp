// Cell facts read back from candidate texts, and which imply which by their form: what the
// invariant search drops without a proof before its minimisation.
#include "classify/cell_facts.hpp"

#include <gtest/gtest.h>

using namespace triage::classify;

namespace {

CellFact fact(const std::string &text) {
  const auto f = cell_fact(text);
  EXPECT_TRUE(f.has_value()) << text;
  return f.value_or(CellFact{});
}

bool implies_text(const std::string &strong, const std::string &weak) {
  return implies(fact(strong), fact(weak));
}

} // namespace

TEST(CellFacts, ReadsTheRangeTheArrayTheRelation) {
  const CellFact f = fact("\\forall integer k; n - i < k <= n - 1 ==> a[k] >= a[m] + 1");
  EXPECT_EQ(f.var, "k");
  EXPECT_EQ(f.lo, "n - i");
  EXPECT_TRUE(f.lo_strict);
  EXPECT_EQ(f.hi, "n - 1");
  EXPECT_TRUE(f.hi_closed);
  EXPECT_EQ(f.array, "a");
  EXPECT_EQ(f.op, ">=");
  EXPECT_EQ(f.rhs, "a[m] + 1");
}

TEST(CellFacts, OtherTextsAreNoCellFact) {
  EXPECT_FALSE(cell_fact("0 <= i <= n"));
  EXPECT_FALSE(cell_fact("\\forall integer k; 0 <= k < i ==> a[k] <= a[k + 1]"));
  EXPECT_FALSE(cell_fact("\\forall integer k; 0 <= k < i ==> a[k] == \\at(a[k], Pre)"));
  EXPECT_FALSE(cell_fact("\\forall integer k; 0 <= k < i ==> P(a, k)"));
  EXPECT_FALSE(cell_fact("\\forall integer k, j; 0 <= k < j ==> a[k] <= v"));
}

TEST(CellFacts, AStrongerRelationOnTheSameCellsImpliesTheWeaker) {
  const std::string lt = "\\forall integer k; 0 <= k < first ==> a[k] < v";
  EXPECT_TRUE(implies_text(lt, "\\forall integer k; 0 <= k < first ==> a[k] <= v"));
  EXPECT_TRUE(implies_text(lt, "\\forall integer k; 0 <= k < first ==> a[k] != v"));
  EXPECT_TRUE(implies_text(lt, lt));
  EXPECT_FALSE(implies_text("\\forall integer k; 0 <= k < first ==> a[k] <= v", lt));
  EXPECT_FALSE(implies_text(lt, "\\forall integer k; 0 <= k < first ==> a[k] > v"));
  EXPECT_TRUE(implies_text("\\forall integer k; 0 <= k < i ==> a[k] == v",
                           "\\forall integer k; 0 <= k < i ==> a[k] >= v"));
  EXPECT_FALSE(implies_text("\\forall integer k; 0 <= k < i ==> a[k] == v",
                            "\\forall integer k; 0 <= k < i ==> a[k] != v"));
}

TEST(CellFacts, ALargerRangeImpliesTheSmaller) {
  const std::string from = "\\forall integer k; last <= k < n ==> a[k] > v";
  const std::string above = "\\forall integer k; last < k < n ==> a[k] != v";
  EXPECT_TRUE(implies_text(from, above));
  EXPECT_FALSE(implies_text(above, "\\forall integer k; last <= k < n ==> a[k] != v"));
  EXPECT_FALSE(implies_text("\\forall integer k; 0 <= k < i ==> a[k] > v",
                            "\\forall integer k; 0 <= k <= i ==> a[k] > v"));
  EXPECT_TRUE(implies_text("\\forall integer k; 0 <= k <= i ==> a[k] > v",
                           "\\forall integer k; 0 <= k < i ==> a[k] > v"));
}

TEST(CellFacts, OtherCellsOrValuesImplyNothing) {
  const std::string lt = "\\forall integer k; 0 <= k < i ==> a[k] < v";
  EXPECT_FALSE(implies_text(lt, "\\forall integer k; 0 <= k < i ==> b[k] <= v"));
  EXPECT_FALSE(implies_text(lt, "\\forall integer k; 0 <= k < i ==> a[k] <= w"));
  EXPECT_FALSE(implies_text(lt, "\\forall integer k; 0 <= k < j ==> a[k] <= v"));
  EXPECT_FALSE(implies_text(lt, "\\forall integer j; 0 <= j < i ==> a[j] <= v"));
}

TEST(CellFacts, ARangeEmptyOnMostVisitsDoesNotJustifyAFact) {
  EXPECT_FALSE(justified(44, 1405));  // find_end.c's `r <= k < p`
  EXPECT_FALSE(justified(0, 9));      // never a cell: the fact says nothing
  EXPECT_TRUE(justified(1004, 1405)); // its `0 <= k < i`
  EXPECT_TRUE(justified(141, 1405));  // a tenth of the visits
  EXPECT_TRUE(justified(1, 9));
}
