// The concolic engine on small IR programs: paths counted on complete explorations, inputs found
// for failures no random test would hit, giant steps with symbolic outputs, every bound reported,
// and every generated test replaying concretely with the outcome the search recorded.
#include "dse/explore.hpp"

#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "rac/interpreter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace triage::dse {
namespace {

using namespace std::chrono_literals;

ir::Program program(const std::string &text) {
  ir::Program p = ir::parse_text(text, "t.ivl");
  ir::typecheck(p);
  return p;
}

Options options(const std::string &function = "f") {
  Options o;
  o.function = function;
  o.budget = 20s;
  return o;
}

long num(const Test &t, const std::string &name) {
  return t.input.input(name)->as_int().convert_to<long>();
}

std::vector<long> cells(const Test &t, const std::string &name) {
  std::vector<long> out;
  for (const auto &c : t.input.input(name)->as_array())
    out.push_back(c.as_int().convert_to<long>());
  return out;
}

std::vector<const dse::Test *> failures(const Result &r) {
  std::vector<const dse::Test *> out;
  for (const dse::Test &t : r.tests)
    if (t.outcome.kind == rac::OutcomeKind::Failure) out.push_back(&t);
  return out;
}

bool incomplete_because(const Result &r, const std::string &part) {
  return std::any_of(r.incomplete_because.begin(), r.incomplete_because.end(),
                     [&](const std::string &why) { return why.find(part) != std::string::npos; });
}

/// Every test replays: a concrete run (no symbolic shadow) from its inputs and outputs ends
/// the way the search recorded, at the same goal.
void expect_tests_replay(const ir::Program &p, const Result &r, const Options &o) {
  for (const dse::Test &t : r.tests) {
    rac::Config cfg;
    cfg.function = o.function;
    cfg.input = t.input;
    cfg.policy = o.policy;
    cfg.assume_typically = o.assume_typically;
    const rac::Outcome again = rac::run(p, cfg);
    EXPECT_EQ(again.kind, t.outcome.kind) << again.reason << " / " << t.outcome.reason;
    EXPECT_EQ(again.goal.has_value(), t.outcome.goal.has_value());
    if (again.goal && t.outcome.goal) {
      EXPECT_EQ(again.goal->annot_id, t.outcome.goal->annot_id);
    }
  }
}

const char *const two_branches = R"(
fun f(x: int32, y: int32): int32
  requires #f.requires1 { 0 <= x <= 3 && 0 <= y <= 3 }
{
  var r: int32 = 0;
  if x < 2 { r := r + 1; }
  if y = 3 { r := r + 2; } else { if y = 0 { r := r + 4; } }
  return r;
}
)";

TEST(Explore, CountsThePathsOfABoundedProgram) {
  const ir::Program p = program(two_branches);
  const Result r = explore(p, options());
  EXPECT_TRUE(r.complete) << (r.incomplete_because.empty() ? "" : r.incomplete_because[0]);
  EXPECT_TRUE(failures(r).empty());
  // 2 ways for x times 3 for y, plus the runs whose inputs break the precondition.
  long inside = std::count_if(r.tests.begin(), r.tests.end(), [](const dse::Test &t) {
    return t.outcome.kind == rac::OutcomeKind::Ok;
  });
  EXPECT_EQ(inside, 6);
  EXPECT_EQ(r.paths, long(r.tests.size())); // no path run twice
  expect_tests_replay(p, r, options());
}

TEST(Explore, FindsTheOneFailingInput) {
  const ir::Program p = program(R"(
fun f(x: int32, y: int32)
{
  if x * 3 = y + 1000000 {
    if y > 77 { assert #f.assert1 { x <> y } }
  }
}
)");
  const Result r = explore(p, options());
  std::vector<const dse::Test *> f = failures(r);
  std::erase_if(f, [](const dse::Test *t) { return t->outcome.goal->annot_id != "f.assert1"; });
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(num(*f[0], "x"), 500000);
  EXPECT_EQ(num(*f[0], "y"), 500000);
  EXPECT_TRUE(r.complete);
  expect_tests_replay(p, r, options());
}

TEST(Explore, FindsRuntimeErrors) {
  const ir::Program p = program(R"(
fun f(x: int32, d: int32): int32
  requires #f.requires1 { 0 <= x }
{
  return (x + 1) / d;
}
)");
  const Result r = explore(p, options());
  std::vector<std::string> kinds;
  for (const dse::Test *t : failures(r))
    kinds.push_back(ir::goal_kind_name(t->outcome.goal->kind));
  std::sort(kinds.begin(), kinds.end());
  EXPECT_EQ(kinds, (std::vector<std::string>{"rte_division", "rte_overflow"}));
  expect_tests_replay(p, r, options());
}

const char *const sorted_search = R"(
fun f(t: ptr int32, n: int32, v: int32): int32
  requires #f.requires1 { 0 <= n <= 4 && valid(t + (0 .. n - 1)) }
  requires #f.requires2 { forall i: int, j: int. 0 <= i < j < n -> t[i] <= t[j] }
{
  var i: int32 = 0;
  while i < n
    invariant #f.invariant1 { 0 <= i <= n }
    writes #f.loop_writes1 { i }
    variant #f.variant1 { n - i }
  {
    if *(t + i) > v { return i; }
    i := i + 1;
  }
  return n;
}
)";

TEST(Explore, QuantifiedPreconditionsConstrainTheInputs) {
  const ir::Program p = program(sorted_search);
  const Result r = explore(p, options());
  EXPECT_TRUE(r.complete) << (r.incomplete_because.empty() ? "" : r.incomplete_because[0]);
  // Every test inside the precondition has a sorted array: the ones that are not were
  // generated only to break the precondition, and stopped there.
  for (const dse::Test &t : r.tests) {
    if (t.outcome.kind != rac::OutcomeKind::Ok) continue;
    const std::vector<long> t_cells = cells(t, "t");
    EXPECT_TRUE(std::is_sorted(t_cells.begin(), t_cells.end()));
  }
  // n from 0 to 4, and the position of the first element above v among n + 1: 15 paths.
  EXPECT_EQ(
      std::count_if(r.tests.begin(), r.tests.end(),
                    [](const dse::Test &t) { return t.outcome.kind == rac::OutcomeKind::Ok; }),
      15);
  expect_tests_replay(p, r, options());
}

TEST(Explore, ReportsTheKBound) {
  const ir::Program p = program(sorted_search);
  Options o = options();
  o.k = 2;
  const Result r = explore(p, o);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(incomplete_because(r, "k-path bound (2 iterations)"));
  // The paths that leave the loop after its third iteration or later are not explored.
  EXPECT_LT(
      std::count_if(r.tests.begin(), r.tests.end(),
                    [](const dse::Test &t) { return t.outcome.kind == rac::OutcomeKind::Ok; }),
      15);
}

// --max-block bounds only the lengths nothing else bounds: past it a block may grow to the
// largest constant of the program (4 here, so 5 cells), and no further.
TEST(Explore, ReportsTheBlockBound) {
  const ir::Program p = program(R"(
fun f(t: ptr int32, n: int32): int32
  requires #f.requires1 { 0 <= n && valid(t + (0 .. n - 1)) }
{
  var i: int32 = 0;
  var s: int32 = 0;
  while i < n
    invariant #f.invariant1 { 0 <= i <= n }
    writes #f.loop_writes1 { i, s }
    variant #f.variant1 { n - i }
  {
    if *(t + i) = 4 { s := s + 1; }
    i := i + 1;
  }
  return s;
}
)");
  Options o = options();
  o.max_block = 2;
  const Result r = explore(p, o);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(incomplete_because(r, "longer than 5 cells"));
  size_t longest = 0;
  for (const dse::Test &t : r.tests)
    longest = std::max(longest, cells(t, "t").size());
  EXPECT_EQ(longest, 5u);
  expect_tests_replay(p, r, o);
}

// A precondition that asks for 12 cells gets them whatever --max-block says, and the search
// that finds the failure at the eleventh cell is complete.
TEST(Explore, ConstantLengthsOfThePreconditionPassMaxBlock) {
  const ir::Program p = program(R"(
fun f(t: ptr int8)
  requires #f.requires1 { valid(t + (0 .. 11)) }
{
  if *(t + 10) = 5 { assert #f.assert1 { false } }
}
)");
  Options o = options();
  o.max_block = 3;
  const Result r = explore(p, o);
  EXPECT_TRUE(r.complete) << (r.incomplete_because.empty() ? "" : r.incomplete_because[0]);
  const auto failed = failures(r);
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_EQ(cells(*failed[0], "t").size(), 12u);
  EXPECT_EQ(cells(*failed[0], "t")[10], 5);
  expect_tests_replay(p, r, o);
}

// A length tied to another input: the solver picks n and the block together; the failure needs
// n >= 15, past the default bound of 8 cells.
TEST(Explore, LengthsTiedToAnInputFollowIt) {
  const ir::Program p = program(R"(
fun f(t: ptr int32, n: int32)
  requires #f.requires1 { 0 < n <= 20 && valid(t + (0 .. n - 1)) }
{
  if n >= 15 { assert #f.assert1 { *(t + 14) <> 3 } }
}
)");
  const Result r = explore(p, options());
  EXPECT_TRUE(r.complete) << (r.incomplete_because.empty() ? "" : r.incomplete_because[0]);
  const auto failed = failures(r);
  ASSERT_FALSE(failed.empty());
  EXPECT_EQ(long(cells(*failed[0], "t").size()), num(*failed[0], "n"));
  EXPECT_EQ(cells(*failed[0], "t")[14], 3);
  expect_tests_replay(p, r, options());
}

// The work budget, and the wall-clock backstop (which bites only when the machine is too slow).
TEST(Explore, ReportsTheWorkBudgetAndTheBackstop) {
  const ir::Program p = program(sorted_search);
  for (const bool backstop : {false, true}) {
    Options o = options();
    if (backstop)
      o.backstop = 0ms;
    else
      o.budget = 0ms;
    const Result r = explore(p, o);
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(incomplete_because(r, backstop ? "wall-clock backstop" : "work budget"));
  }
}

// The work decides where a search stops: the same budget, the same search, on any machine.
TEST(Explore, AWorkBudgetStopsAtTheSamePlaceEachTime) {
  const ir::Program p = program(sorted_search);
  Options o = options();
  o.budget = 10ms; // the whole search counts about 30 ms
  // The test is of the work count: a backstop far away, so that a starved process (a niced
  // test beside a full build got a few percent of a core) still stops on its work.
  o.backstop = std::chrono::minutes(5);
  const Result a = explore(p, o);
  const Result b = explore(p, o);
  EXPECT_TRUE(incomplete_because(a, "work budget"));
  EXPECT_EQ(a.paths, b.paths);
  EXPECT_EQ(a.solver_calls, b.solver_calls);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_GE(a.work_ms, 10);
}

TEST(Explore, ReportsThePathBudget) {
  const ir::Program p = program(sorted_search);
  Options o = options();
  o.max_paths = 3;
  const Result r = explore(p, o);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(incomplete_because(r, "path budget"));
  EXPECT_LE(r.tests.size(), 3u);
}

const char *const weak_callee = R"(
global x: int32

fun g()
  requires #g.requires1 { 0 <= x <= 100 }
  writes #g.writes1 { x }
  ensures #g.ensures1 { old(x) <= x <= old(x) + 2 }
{
  x := x + 1;
}

fun f()
  requires #f.requires1 { 0 <= x <= 100 }
  writes #f.writes1 { x }
{
  var before: int32 = x;
  call g();
  assert #f.assert1 { x = before + 1 }
}
)";

TEST(Explore, GiantStepOutputsAreSymbolic) {
  const ir::Program p = program(weak_callee);
  Options real = options();
  const Result r = explore(p, real);
  EXPECT_TRUE(failures(r).empty());
  EXPECT_TRUE(r.complete);

  Options giant = options();
  giant.policy.giant.insert("g");
  const Result w = explore(p, giant);
  const auto f = failures(w);
  // x stays, or grows by 2: both allowed by g's contract, one path that fails the assertion.
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->outcome.goal->annot_id, "f.assert1");
  ASSERT_EQ(f[0]->input.outputs.size(), 1u);
  EXPECT_EQ(f[0]->input.outputs[0].subcontract, "g");
  const ir::BigInt before = f[0]->input.input("x")->as_int();
  const ir::BigInt after = f[0]->input.outputs[0].values.at(0).second.as_int();
  EXPECT_TRUE(after == before || after == before + 2) << before << " -> " << after;
  EXPECT_TRUE(w.complete);
  expect_tests_replay(p, w, giant);
}

TEST(Explore, TargetStopsAtTheFirstCounterexample) {
  const ir::Program p = program(weak_callee);
  Options o = options();
  o.policy.giant.insert("g");
  o.target = [](const ir::GoalRef &g) { return g.annot_id == "f.assert1"; };
  const Result r = explore(p, o);
  ASSERT_TRUE(r.found.has_value());
  EXPECT_EQ(r.tests[*r.found].outcome.goal->annot_id, "f.assert1");
  EXPECT_FALSE(r.complete);
}

// The test strategy's NC search ends once every goal it is for has a failing run: the search
// stops right after the run `enough` accepts, and does not call itself complete.
TEST(Explore, EnoughEndsTheSearchAfterTheRunItAccepts) {
  const ir::Program p = program(weak_callee);
  Options o = options();
  o.policy.giant.insert("g");
  o.go_past = [](const ir::GoalRef &) { return true; };
  // Runs go past failures: a failed annotation is in passed_over, the run goes on.
  auto fails = [](const dse::Test &t) {
    return !t.outcome.passed_over.empty() || t.outcome.kind == rac::OutcomeKind::Failure;
  };
  o.enough = fails;
  const Result r = explore(p, o);
  ASSERT_FALSE(r.tests.empty());
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(fails(r.tests.back()));
  EXPECT_EQ(std::count_if(r.tests.begin(), r.tests.end(), fails), 1);
  o.enough = nullptr;
  const Result all = explore(p, o);
  EXPECT_FALSE(all.stopped);
  EXPECT_TRUE(all.complete);
  EXPECT_LE(r.tests.size(), all.tests.size());
  EXPECT_EQ(std::count_if(all.tests.begin(), all.tests.end(), fails), 1);
}

// A loop whose writes clause reaches two cells past the caller's range: the caller's frame only
// fails on an array longer than n, which the search tries because the giant step's writes reach
// past the end of the block it was given (rac::Machine::reach_past_end).
TEST(Explore, WritesPastTheEndOfAnInputTryALongerBlock) {
  const ir::Program p = program(R"(
fun f(t: ptr int32, n: int32)
  requires #f.requires1 { 0 <= n <= 4 && valid(t + (0 .. n - 1)) }
  writes #f.writes1 { t[0 .. n - 1] }
{
  var i: int32 = 0;
  while i < n
    invariant #f.invariant1 { 0 <= i <= n }
    writes #f.loop_writes1 { i, t[0 .. n + 1] }
    variant #f.variant1 { n - i }
  {
    t[i] := 0;
    i := i + 1;
  }
}
)");
  Options o = options();
  o.policy.giant.insert("loop@7");
  o.target = [](const ir::GoalRef &g) { return g.kind == ir::GoalKind::Assigns; };
  const Result r = explore(p, o);
  ASSERT_TRUE(r.found.has_value());
  const dse::Test &t = r.tests[*r.found];
  EXPECT_GT(t.input.input("t")->as_array().size(), size_t(num(t, "n")));
  // Without the giant step the loop writes only t[0 .. n - 1]: no longer block is tried.
  Options real = options();
  real.target = o.target;
  EXPECT_FALSE(explore(p, real).found.has_value());
}

TEST(Explore, TypicallyReducesTheInputs) {
  const ir::Program p = program(R"(
fun f(n: int32): int32
  requires #f.requires1 { 0 <= n <= 1000 }
  typically #f.typically1 { n <= 3 }
{
  var i: int32 = 0;
  while i < n
    invariant #f.invariant1 { 0 <= i <= n }
    writes #f.loop_writes1 { i }
    variant #f.variant1 { n - i }
  {
    i := i + 1;
  }
  return i;
}
)");
  const Result r = explore(p, options());
  EXPECT_TRUE(r.complete);
  for (const dse::Test &t : r.tests)
    if (t.outcome.kind == rac::OutcomeKind::Ok) {
      EXPECT_LE(num(t, "n"), 3);
    }
  Options all = options();
  all.assume_typically = false;
  all.max_paths = 50;
  const Result wide = explore(p, all);
  EXPECT_FALSE(wide.complete);
}

// Every branch of the first 20 iterations doubles the paths; the bug needs 21 iterations. Loop
// exits negated deepest first reach it within a few hundred paths.
TEST(Explore, LoopsAreExtendedBeforeEveryBranchOfTheirFirstIterationsIsTried) {
  const ir::Program p = program(R"(
fun f(a: ptr int32, n: int32): int32
  requires #f.requires1 { 0 < n <= 40 && valid(a + (0 .. n - 1)) }
  ensures #f.ensures1 { forall k: int. 0 <= k < n -> *(a + k) <= result }
{
  var m: int32 = *a;
  var i: int32 = 1;
  while i < n
    invariant #f.invariant1 { 1 <= i <= n }
    writes #f.loop_writes1 { i, m }
    variant #f.variant1 { n - i }
  {
    if i % 20 <> 0 {
      if *(a + i) > m { m := *(a + i); }
    }
    i := i + 1;
  }
  return m;
}
)");
  Options o = options();
  o.max_paths = 300;
  o.target = [](const ir::GoalRef &g) { return g.kind == ir::GoalKind::Postcondition; };
  const Result r = explore(p, o);
  ASSERT_TRUE(r.found.has_value()) << r.paths << " paths";
  EXPECT_GE(num(r.tests[*r.found], "n"), 21);
  expect_tests_replay(p, r, o);
}

// A recursion as deep as its input: an input of 1000 meets the call depth limit, and its path
// is hundreds of decisions long. Its negations wait their turn (a visit makes at most 64 solver
// calls), so the small depths they find (5 breaks the assertion) run early, and the first inputs
// asked for are small.
TEST(Explore, DeepRunsDoNotStarveSmallInputs) {
  const ir::Program p = program(R"(
fun capped(x: int32): int32
  requires #capped.requires1 { 0 <= x <= 1000 }
  ensures #capped.ensures1 { 0 <= result <= 5 }
{
  if x = 0 { return 0; }
  var r: int32 = 0;
  r := call capped(x - 1);
  r := r + 1;
  if r > 5 { return 5; }
  return r;
}

fun use(n: int32)
  requires #use.requires1 { 0 <= n <= 1000 }
{
  var c: int32 = 0;
  c := call capped(n);
  assert #use.assert1 { c <> 5 }
}
)");
  Options o = options("use");
  o.max_solver_calls = 300;
  const Result r = explore(p, o);
  const auto failed = failures(r);
  ASSERT_FALSE(failed.empty()) << r.paths << " paths";
  EXPECT_LE(num(*failed[0], "n"), 16);
  expect_tests_replay(p, r, o);
}

// A pointer to pointers: the outer block's length is explored like any other (n blocks), and
// each block it points to has its own length and cells.
TEST(Explore, PointersToPointersGetAsManyBlocksAsThePreconditionAsks) {
  const ir::Program p = program(R"(
fun f(m: ptr ptr int32, n: int32)
  requires #f.requires1 { 0 < n <= 3 && valid(m + (0 .. n - 1)) }
  requires #f.requires2 { forall i: int. 0 <= i < n -> valid(*(m + i) + (0 .. 1)) }
{
  if n = 3 {
    if *(*(m + 2) + 1) = 9 { assert #f.assert1 { false } }
  }
}
)");
  Options o = options();
  const Result r = explore(p, o);
  const auto failed = failures(r);
  ASSERT_FALSE(failed.empty());
  const auto &blocks = failed[0]->input.input("m")->as_array();
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[2].as_array().at(1).as_int(), 9);
  EXPECT_TRUE(incomplete_because(r, "null and shared blocks are not explored"));
  expect_tests_replay(p, r, o);
}

// A value the term language cannot follow (a bitwise operation) is pinned: kept on the path,
// never negated (a run for another value pins it again and leaves the path it was asked for),
// and the search says it is incomplete even when every run ends in a failure.
TEST(Explore, PinnedValuesAreKeptNotNegated) {
  const ir::Program p = program(R"(
fun f(a: uint8, b: uint8): uint8
  requires #f.requires1 { a <= 20 && b <= 20 }
  ensures #f.ensures1 { result = 255 }
{
  var y: uint8 = 2 ^ (b + b);
  assert #f.assert1 { y > a }
  return (y | a) ^ b;
}
)");
  const Result r = explore(p, options());
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(incomplete_because(r, "a bitwise operation"));
  EXPECT_FALSE(incomplete_because(r, "left the path"));
  expect_tests_replay(p, r, options());
}

TEST(Explore, UnknownFunctionIsAnError) {
  const ir::Program p = program(two_branches);
  EXPECT_THROW(explore(p, options("nope")), ir::Error);
}

} // namespace
} // namespace triage::dse
