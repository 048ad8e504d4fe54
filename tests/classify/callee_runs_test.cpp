// The postconditions a callee's runs suggest (classify/callee_runs): what each shape of relation
// needs of the runs, and what it must not claim. The runs are given, so each case says exactly
// which observations make a clause and which break it.
#include "classify/callee_runs.hpp"

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace triage;
using namespace triage::classify;

namespace {

ir::Program parse(const std::string &text) {
  ir::Program p = ir::parse_text(text, "callee.ivl");
  ir::typecheck(p);
  return p;
}

bool has(const std::vector<std::string> &clauses, const std::string &c) {
  return std::find(clauses.begin(), clauses.end(), c) != clauses.end();
}

const char *kAbs = R"(
fun abs_val(x: int32): int32
{
  if x < 0 { return -x; }
  return x;
}
)";

// The runs of abs_val: the result is x or -x.
std::vector<CallRun> abs_runs(std::initializer_list<long long> xs) {
  std::vector<CallRun> runs;
  for (long long x : xs)
    runs.push_back({{{"x", x}}, {{"result", x < 0 ? -x : x}}});
  return runs;
}

} // namespace

TEST(CalleeRuns, AResultThatIsAnInputOrItsNegationOnEachRunIsThatDisjunction) {
  const ir::Program p = parse(kAbs);
  const auto clauses = postconditions_of_runs(p, *p.function("abs_val"), abs_runs({3, -4, 0, 7}));
  EXPECT_TRUE(has(clauses, "\\result == x || \\result == -x"));
  EXPECT_TRUE(has(clauses, "\\result >= 0"));
  EXPECT_TRUE(has(clauses, "\\result >= x"));
}

TEST(CalleeRuns, NoNegationWhenTheInputsCoverEveryRun) {
  // All runs non-negative: the result is x on each, an equality the fit gives, not a disjunction.
  const ir::Program p = parse(kAbs);
  const auto clauses = postconditions_of_runs(p, *p.function("abs_val"), abs_runs({3, 4, 0, 7}));
  EXPECT_TRUE(has(clauses, "\\result == x"));
  EXPECT_FALSE(has(clauses, "\\result == x || \\result == -x"));
}

TEST(CalleeRuns, NoDisjunctionARunBreaks) {
  // One run whose result is neither x nor -x: no disjunction of them.
  const ir::Program p = parse(kAbs);
  auto runs = abs_runs({3, -4});
  runs.push_back({{{"x", 5}}, {{"result", 6}}});
  EXPECT_FALSE(has(postconditions_of_runs(p, *p.function("abs_val"), runs),
                   "\\result == x || \\result == -x"));
}

TEST(CalleeRuns, CellsThatKeepOrExchangeTheirValuesAreThatDisjunction) {
  const ir::Program p = parse(R"(
fun order_if(t: ptr int32, i: int32, j: int32)
{
  if t[i] > t[j] {
    var tmp: int32 = t[i];
    t[i] := t[j];
    t[j] := tmp;
  }
}
)");
  auto run = [](long long a, long long b) {
    return CallRun{{{"i", 0}, {"j", 1}, {"t[i]", a}, {"t[j]", b}},
                   {{"t[i]", std::min(a, b)}, {"t[j]", std::max(a, b)}}};
  };
  const ir::Function &g = *p.function("order_if");
  const std::string kept_or_exchanged = "(t[i] == \\old(t[i]) && t[j] == \\old(t[j])) || (t[i] == "
                                        "\\old(t[j]) && t[j] == \\old(t[i]))";
  const auto both = postconditions_of_runs(p, g, {run(1, 2), run(5, 3), run(-1, 4)});
  EXPECT_TRUE(has(both, kept_or_exchanged));
  EXPECT_TRUE(has(both, "t[i] <= t[j]"));
  // Only ordered inputs: the cells are always kept, which the fits say; no disjunction.
  EXPECT_FALSE(has(postconditions_of_runs(p, g, {run(1, 2), run(3, 5)}), kept_or_exchanged));
}

TEST(CalleeRuns, AnOutputMovedByOneIsALinearFitOfItsEntryValue) {
  const ir::Program p = parse(R"(
fun bump(q: ptr int32)
{
  *q := *q + 1;
}
)");
  std::vector<CallRun> runs;
  for (long long v : {-3, 0, 10})
    runs.push_back({{{"*q", v}}, {{"*q", v + 1}}});
  const auto clauses = postconditions_of_runs(p, *p.function("bump"), runs);
  EXPECT_TRUE(has(clauses, "*q == \\old(*q) + 1")) << ::testing::PrintToString(clauses);
}
