// A caller's goal carried to the postcondition of the callee it blames (classify/callee_goals):
// what the invariant search tries as the callee's `ensures` beside what its runs give.
#include "classify/callee_goals.hpp"

#include <gtest/gtest.h>

using namespace triage::classify;

TEST(CalleeGoals, TheResultVariableIsTheResultAndArgumentsTheParameters) {
  // s = square(m); assert s == m * m;  with square(int n)
  const CallShape call{"s", {"m"}};
  EXPECT_EQ(carried_to_callee("s == m * m", call, {"n"}, {"s", "m"}), "\\result == n * n");
}

TEST(CalleeGoals, GlobalsStayAsTheyAre) {
  // set_x(2); assert x == 3;  x a global
  const CallShape call{std::nullopt, {std::nullopt}};
  EXPECT_EQ(carried_to_callee("x == 3", call, {"n"}, {}), "x == 3");
}

TEST(CalleeGoals, SwappedArgumentsAreRenamedOnce) {
  // r = sub(b, a); assert r == b - a;  with sub(int a, int b)
  const CallShape call{"r", {"b", "a"}};
  EXPECT_EQ(carried_to_callee("r == b - a", call, {"a", "b"}, {"a", "b", "r"}),
            "\\result == a - b");
}

TEST(CalleeGoals, AVariableTheCallerAssignsTheResultToIsTheResult) {
  // n = next(n); assert n > 0;  the goal's n is the result, not the argument
  const CallShape call{"n", {"n"}};
  EXPECT_EQ(carried_to_callee("n > 0", call, {"v"}, {"n"}), "\\result > 0");
}

TEST(CalleeGoals, AGoalOnAnotherVariableOfTheCallerIsNotCarried) {
  const CallShape call{"s", {"m"}};
  EXPECT_EQ(carried_to_callee("s <= limit", call, {"n"}, {"s", "m", "limit"}), std::nullopt);
  // Nor one that reads the caller's own result.
  EXPECT_EQ(carried_to_callee("\\result == s", call, {"n"}, {"s", "m"}), std::nullopt);
}

TEST(CalleeGoals, NamesInsideLongerIdentifiersAreLeftAlone) {
  const CallShape call{"s", {"m"}};
  EXPECT_EQ(carried_to_callee("s == MAXm + m", call, {"n"}, {"s", "m"}), "\\result == MAXm + n");
}

TEST(CalleeGoals, AScalarPassedByItsAddressIsTheCellThePointerParameterPointsTo) {
  // square_into(m, &s); assert s == m * m;  with square_into(int n, int *out)
  const CallShape call{std::nullopt, {"m", "s"}, {false, true}};
  EXPECT_EQ(carried_to_callee("s == m * m", call, {"n", "out"}, {"s", "m"}), "*out == n * n");
}
