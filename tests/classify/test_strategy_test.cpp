// The test strategy through the library (classify::diagnose with strategy "test"): its verdicts on
// hand-written programs, how far its NC search went, its conclusions when no counterexample
// exists, and the replay of every counterexample it emits by rac::run under the verdict's policy.
#include "classify/categorise.hpp"
#include "classify/diagnose.hpp"
#include "classify/replay.hpp"
#include "classify/suggestion.hpp"
#include "classify/test_strategy.hpp"

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "rac/interpreter.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace triage;
using namespace triage::classify;

namespace {

ir::Program parse(const std::string &text, const std::string &name) {
  ir::Program p = ir::parse_text(text, name);
  ir::typecheck(p);
  return p;
}

ir::Program load(const std::string &path) {
  ir::Program p = ir::parse_file(path);
  ir::typecheck(p);
  return p;
}

Report diagnose_by_tests(const ir::Program &p, double prove_timeout_s = 2.0) {
  DiagnoseOptions o;
  o.file = p.file;
  o.strategy = "test";
  o.prove.timeout_s = prove_timeout_s;
  o.strategy_options.exploration_budget = std::chrono::milliseconds(60000);
  return diagnose(p, o);
}

const GoalDiagnosis *goal(const Report &r, ir::GoalKind kind, const std::string &id = "",
                          int line = 0) {
  for (const auto &d : r.goals)
    if (d.result.goal.kind == kind && (id.empty() || d.result.goal.annot_id == id) &&
        (line == 0 || d.result.goal.at.line == line))
      return &d;
  return nullptr;
}

struct NoModels : ModelSource {
  std::optional<ir::Counterexample> another_model(size_t, vcgen::Prover, unsigned,
                                                  const std::vector<ir::Counterexample> &,
                                                  std::chrono::steady_clock::time_point) override {
    return std::nullopt;
  }
};

/// The test strategy alone on one goal the prover is said to have failed (whether it can prove
/// it or not: what is tested is the conclusion of the searches).
// Budgets far above what the searches need: under a sanitizer on a loaded machine they are many
// times slower, and a bounded search would change the verdicts these tests expect.
GoalDiagnosis judge_by_tests(const ir::Program &p, const ir::GoalRef &g,
                             std::chrono::milliseconds budget = std::chrono::milliseconds(60000)) {
  NoModels none;
  StrategyContext ctx{p, none, {}};
  ctx.options.exploration_budget = budget;
  std::vector<GoalDiagnosis> goals(1);
  goals[0].result.goal = g;
  goals[0].result.status = vcgen::Status::Failed;
  TestStrategy().diagnose(ctx, goals);
  return goals[0];
}

/// Every definite verdict replays: a run from its counterexample under the verdict's policy fails
/// the goal. Returns how many were replayed.
int expect_replays(const ir::Program &p, const Report &r) {
  int n = 0;
  for (const auto &d : r.goals) {
    if (!is_definite(d.verdict)) continue;
    EXPECT_TRUE(d.counterexample.has_value()) << d.result.goal.annot_id;
    if (!d.counterexample) continue;
    const rac::Outcome o = run_candidate(p, *d.counterexample, replay_policy(d), RunLimits{});
    EXPECT_EQ(judge(o, d.result.goal), RunResult::FailsGoal)
        << p.file << ": " << d.result.goal.annot_id << " " << verdict_name(d.verdict) << ": "
        << o.reason;
    ++n;
  }
  return n;
}

TEST(TestStrategy, EveryCounterexampleOnTheHandWrittenProgramsReplays) {
  int replayed = 0;
  for (const auto &e :
       std::filesystem::directory_iterator(TRIAGE_SOURCE_DIR "/tests/classify/ivl")) {
    const ir::Program p = load(e.path().string());
    replayed += expect_replays(p, diagnose_by_tests(p));
  }
  EXPECT_GE(replayed, 8);
}

TEST(TestStrategy, NonComplianceAfterAWeakLoop) {
  const ir::Program p = load(TRIAGE_SOURCE_DIR "/tests/classify/ivl/weak_after_nc.ivl");
  const Report r = diagnose_by_tests(p);
  const GoalDiagnosis *nc = goal(r, ir::GoalKind::Assertion, "f.assert1");
  ASSERT_NE(nc, nullptr);
  EXPECT_EQ(nc->verdict, Verdict::NonCompliance);
  EXPECT_EQ(nc->strategy, "test");
  EXPECT_EQ(nc->nc_search, NcSearch::Complete);
  const GoalDiagnosis *sw = goal(r, ir::GoalKind::RteOverflow, "", 18);
  ASSERT_NE(sw, nullptr);
  EXPECT_EQ(sw->verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(sw->subcontracts, std::vector<std::string>{"loop@14"});
  EXPECT_EQ(sw->nc_search, NcSearch::Complete);
}

TEST(TestStrategy, SingleWeaknessNamesTheOneCallee) {
  const ir::Program p = load(TRIAGE_SOURCE_DIR "/tests/classify/ivl/three_calls_single.ivl");
  const Report r = diagnose_by_tests(p);
  const GoalDiagnosis *post = goal(r, ir::GoalKind::Postcondition, "f.ensures1");
  ASSERT_NE(post, nullptr);
  EXPECT_EQ(post->verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(post->scope, Scope::Single);
  EXPECT_EQ(post->subcontracts, std::vector<std::string>{"g3"});
}

// A true goal the prover is not given time for: the test strategy explores every path, and
// concludes prover incapacity; likely, when a typically clause made the exploration finite.
const char *const counted = R"(
fun f(n: int32): int32
  requires #f.requires1 { 0 <= n <= BOUND }
  TYPICALLY
  ensures #f.ensures1 @"c.c":4:3 { result = 2 * n }
{
  var i: int32 = 0;
  var s: int32 = 0;
  while i < n
    invariant #f.invariant1 { 0 <= i <= n && s = 2 * i }
    writes #f.loop_writes1 { i, s }
    variant #f.variant1 { n - i }
  {
    s := s + 2;
    i := i + 1;
  }
  return s;
}
)";

std::string counted_with(const std::string &bound, const std::string &typically) {
  std::string t = counted;
  t.replace(t.find("BOUND"), 5, bound);
  t.replace(t.find("TYPICALLY"), 9, typically);
  return t;
}

const ir::GoalRef counted_post{ir::GoalKind::Postcondition, "f.ensures1", "f", {"c.c", 4, 3}};

TEST(TestStrategy, CompleteExplorationMeansProverIncapacity) {
  const ir::Program p = parse(counted_with("5", ""), "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post);
  EXPECT_EQ(d.verdict, Verdict::ProverIncapacity);
  EXPECT_EQ(d.nc_search, NcSearch::Complete);
  EXPECT_FALSE(d.counterexample.has_value());
  ASSERT_FALSE(d.notes.empty());
  EXPECT_NE(d.notes.back().find("every path explored"), std::string::npos) << d.notes.back();
}

TEST(TestStrategy, CompleteOnlyUnderTypicallyMeansLikely) {
  const ir::Program p =
      parse(counted_with("100000", "typically #f.typically1 { n <= 4 }"), "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post);
  EXPECT_EQ(d.verdict, Verdict::LikelyProverIncapacity);
  EXPECT_EQ(d.nc_search, NcSearch::Complete);
}

TEST(TestStrategy, CompleteTypicallyScopeIsStated) {
  const ir::Program p =
      parse(counted_with("100000", "typically #f.typically1 { n <= 4 }"), "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post);
  ASSERT_TRUE(d.search_scope.has_value());
  EXPECT_EQ(d.search_scope->kind, ScopeKind::Typically);
}

// Two pointer inputs of one type get blocks of their own: every path explored, but not the runs
// where they share a block (`f(a, a)`): likely, and the scope says which inputs were kept apart.
TEST(TestStrategy, PointersKeptApartMakeItLikelyWithTheirScope) {
  const ir::Program p = parse(R"(
fun g(a: ptr int32, b: ptr int32): int32
  requires #g.requires1 { valid(a) && valid(b) && 0 <= *a && *a <= 3 && 0 <= *b && *b <= 3 }
  ensures #g.ensures1 @"c.c":4:3 { result = *a + *b }
{
  return *a + *b;
}
)",
                              "apart.ivl");
  const GoalDiagnosis d =
      judge_by_tests(p, ir::GoalRef{ir::GoalKind::Postcondition, "g.ensures1", "g", {"c.c", 4, 3}});
  EXPECT_EQ(d.verdict, Verdict::LikelyProverIncapacity);
  ASSERT_TRUE(d.search_scope.has_value());
  EXPECT_EQ(d.search_scope->kind, ScopeKind::Apart);
  EXPECT_EQ(d.search_scope->text, "every input, pointer inputs a and b in blocks of their own");
}

// The whole domain cannot be explored (n up to 100000 within 300 ms of work): the searches are
// made again within small scopes. n in [-2, 2] is explored completely; the next scope holds n
// near the constant 100000, whose runs the budget cannot finish: the smallest scope is stated.
TEST(TestStrategy, BoundedExplorationFallsBackToTheLargestCompleteSmallScope) {
  const ir::Program p = parse(counted_with("100000", ""), "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post, std::chrono::milliseconds(300));
  EXPECT_EQ(d.verdict, Verdict::LikelyProverIncapacity);
  EXPECT_EQ(d.nc_search, NcSearch::Bounded); // the search of the whole domain
  EXPECT_TRUE(std::ranges::count(d.nc_search_bounds, "the work budget was reached") > 0);
  ASSERT_TRUE(d.search_scope.has_value());
  EXPECT_EQ(d.search_scope->kind, ScopeKind::Automatic);
  EXPECT_EQ(d.search_scope->text, "arrays <= 2 cells, integers in [-2, 2]");
  EXPECT_TRUE(std::any_of(d.notes.begin(), d.notes.end(), [](const std::string &n) {
    return n.find("search incomplete: the work budget was reached") != std::string::npos;
  }));
  EXPECT_TRUE(std::any_of(d.notes.begin(), d.notes.end(), [](const std::string &n) {
    return n.find("every path within a small scope of inputs (arrays <= 2 cells, integers in "
                  "[-2, 2]) explored") != std::string::npos;
  }));
}

// A loop whose length no input bounds: no scope can be explored completely, the goal stays
// unknown.
TEST(TestStrategy, NoCompleteSmallScopeMeansUnknown) {
  std::string text = counted_with("100000", "");
  text.replace(text.find("while i < n"), 11, "while i < 100000");
  text.replace(text.find("0 <= i <= n"), 11, "0 <= i <= 100000");
  text.replace(text.find("variant #f.variant1 { n - i }"), 29,
               "variant #f.variant1 { 100000 - i }");
  const ir::Program p = parse(text, "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post, std::chrono::milliseconds(300));
  EXPECT_EQ(d.verdict, Verdict::Unknown);
  EXPECT_FALSE(d.search_scope.has_value());
}

// A bug only outside every small scope (n = 1000 breaks the postcondition, and 1000 is no
// constant of the program: 999 + 1): within the scopes nothing fails, and the likely verdict
// says which inputs were searched. The full search, bounded, finds it or not; either way no
// verdict claims more than was searched.
TEST(TestStrategy, ABugOutsideTheScopeIsNeverHiddenBehindAnUnstatedScope) {
  std::string text = counted_with("100000", "");
  text.replace(text.find("return s;"), 9, "if n = 999 + 1 { s := s + 1; } return s;");
  const ir::Program p = parse(text, "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post, std::chrono::milliseconds(300));
  EXPECT_NE(d.verdict, Verdict::ProverIncapacity);
  if (d.verdict == Verdict::LikelyProverIncapacity) {
    ASSERT_TRUE(d.search_scope.has_value());
    EXPECT_EQ(d.search_scope->kind, ScopeKind::Automatic);
    EXPECT_NE(d.search_scope->text.find("integers in ["), std::string::npos);
  } else if (d.verdict == Verdict::NonCompliance) {
    ASSERT_TRUE(d.counterexample.has_value());
    const ir::Json *n = d.counterexample->input("n");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->dump(), "1000");
  }
}

TEST(TestStrategy, AWeakLoopContractIsFoundOnTheSameProgram) {
  // The invariant without s = 2 * i: the loop's contract is too weak, and no real run fails.
  std::string text = counted_with("5", "");
  text.replace(text.find(" && s = 2 * i"), 13, "");
  const ir::Program p = parse(text, "counted.ivl");
  const GoalDiagnosis d = judge_by_tests(p, counted_post);
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.subcontracts, std::vector<std::string>{"loop@9"});
  EXPECT_EQ(d.nc_search, NcSearch::Complete);
  ASSERT_TRUE(d.counterexample.has_value());
  const rac::Outcome o = run_candidate(p, *d.counterexample, replay_policy(d), RunLimits{});
  EXPECT_EQ(judge(o, counted_post), RunResult::FailsGoal) << o.reason;
}

/// The counted postcondition ends unknown, with no weakness, and a note that says `why`.
void expect_unknown_saying(const ir::Program &p, const std::string &why) {
  const GoalDiagnosis d = judge_by_tests(p, counted_post);
  EXPECT_EQ(d.verdict, Verdict::Unknown);
  EXPECT_TRUE(d.subcontracts.empty());
  EXPECT_TRUE(std::ranges::any_of(d.notes, [&](const std::string &n) {
    return n.find(why) != std::string::npos;
  })) << why;
}

TEST(TestStrategy, AGoalARealRunBreaksAfterAnotherFailureIsNoWeakness) {
  // The weak loop again, and a postcondition that real runs break for n >= 3, but only after
  // the assertion fails: the bug comes first, so no weakness is looked for (through the loop's
  // contract the postcondition fails for n < 3 too).
  std::string text = counted_with("5", "");
  text.replace(text.find(" && s = 2 * i"), 13, "");
  text.replace(text.find("{ result = 2 * n }"), 18, "{ result = 2 * n && n < 3 }");
  text.replace(text.find("  return s;"), 11, "  assert #f.assert1 { n < 3 }\n  return s;");
  expect_unknown_saying(parse(text, "counted.ivl"), "after failing another one first");
}

TEST(TestStrategy, ALoopARealRunBreaksIsWrongNotWeak) {
  // s = 2 * i + 1 fails on entry to the loop: its contract is wrong. Taken as given, it makes
  // the postcondition fail (s = 2 * n + 1 at the exit), which is no weakness to strengthen.
  std::string text = counted_with("5", "");
  text.replace(text.find("s = 2 * i"), 9, "s = 2 * i + 1");
  expect_unknown_saying(parse(text, "counted.ivl"), "a real run breaks the contract of loop@9");
}

TEST(TestStrategy, LemmasHaveNoRun) {
  const ir::Program p = parse(R"(
lemma #l1 { forall x: int. x * x * x * x >= 0 || x * x * x * x < 0 - 1 }
)",
                              "lemma.ivl");
  const Report r = diagnose_by_tests(p, 0.001);
  for (const auto &d : r.goals) {
    if (d.result.status != vcgen::Status::Failed) continue;
    EXPECT_EQ(d.verdict, Verdict::Unknown);
    EXPECT_EQ(d.nc_search, NcSearch::NotRun);
  }
}

} // namespace

/// The test strategy on `target` after an earlier strategy gave another goal its verdict.
GoalDiagnosis judge_after(const ir::Program &p, const ir::GoalRef &target,
                          std::optional<GoalDiagnosis> known) {
  NoModels none;
  StrategyContext ctx{p, none, {}};
  ctx.options.exploration_budget = std::chrono::milliseconds(300);
  ctx.options.check_budget = std::chrono::milliseconds(300);
  std::vector<GoalDiagnosis> goals(1);
  goals[0].result.goal = target;
  goals[0].result.status = vcgen::Status::Failed;
  if (known) {
    known->result.status = vcgen::Status::Failed;
    goals.push_back(*known);
  }
  TestStrategy().diagnose(ctx, goals);
  return goals[0];
}

GoalDiagnosis with_verdict(const ir::GoalRef &g, Verdict v, std::vector<std::string> names = {}) {
  GoalDiagnosis d;
  d.result.goal = g;
  d.verdict = v;
  d.subcontracts = std::move(names);
  return d;
}

bool has_note(const GoalDiagnosis &d, const std::string &text) {
  return std::ranges::any_of(
      d.notes, [&](const std::string &n) { return n.find(text) != std::string::npos; });
}

TEST(TestStrategy, AGoalOfAFunctionWithABugSaysToFixTheBugFirst) {
  // The counted loop over too many inputs for a search to end: its postcondition stays unknown.
  // With another goal of the function already non-compliant, the note points at that one.
  std::string text = counted_with("100000", "");
  text.replace(text.find("  return s;"), 11,
               "  assert #f.assert1 @\"c.c\":9:3 { n < 3 }\n  return s;");
  const ir::Program p = parse(text, "counted.ivl");
  const ir::GoalRef assertion{ir::GoalKind::Assertion, "f.assert1", "f", {"c.c", 9, 3}};
  const std::string fix_first = "a real run fails assertion at line 9 first (see its verdict): "
                                "this goal had short searches only; fix that one";
  const GoalDiagnosis after_bug =
      judge_after(p, counted_post, with_verdict(assertion, Verdict::NonCompliance));
  EXPECT_EQ(after_bug.verdict, Verdict::Unknown);
  EXPECT_TRUE(has_note(after_bug, fix_first)) << ::testing::PrintToString(after_bug.notes);
  EXPECT_EQ(suggestion(after_bug), "fix what fails assertion at line 9 first (see its verdict), "
                                   "then diagnose again: this goal's verdict may change with it");
  // No bug known: no such note, and the searches within a small scope end (n in [-2, 2]).
  const GoalDiagnosis clean =
      judge_after(parse(counted_with("100000", ""), "counted.ivl"), counted_post, std::nullopt);
  EXPECT_EQ(clean.verdict, Verdict::LikelyProverIncapacity);
  EXPECT_FALSE(has_note(clean, "short searches only"));
  ASSERT_TRUE(clean.search_scope.has_value());
  EXPECT_EQ(clean.search_scope->kind, ScopeKind::Automatic);
  // With a bug known, the small scopes are not searched: that bug is to fix first.
  EXPECT_FALSE(after_bug.search_scope.has_value());
}

TEST(TestStrategy, AGoalThroughAContractAlreadyShownWeakStillGetsItsOwnWeakness) {
  // isqrt/S10.c: the invariant does not bound r below, which lets the variant go negative (the
  // weakness already known) and y + z overflow. However short the other searches, the one
  // through the loop already shown too weak keeps a whole budget and shows the overflow's
  // weakness too.
  const ir::Program p = parse(R"(
fun @"c.c":8:5 isqrt(n: int32) : int32
  requires #isqrt.requires1 @"c.c":4:5 { 0 <= n && n <= 10000 }
  ensures #isqrt.ensures1 @"c.c":5:5 { result * result <= n && n < (result + 1) * (result + 1) }
  writes #isqrt.writes1 @"c.c":6:5 { }
{
  @"c.c":10:3 var r : int32 = n;
  @"c.c":11:3 var y : int32 = n * n;
  @"c.c":12:3 var z : int32 = -2 * n + 1;
  @"c.c":13:3 while y > n
    invariant #isqrt.invariant1 @"c.c":13:7 { r <= n && y = r * r && n < (r + 1) * (r + 1) && z = -2 * r + 1 }
    writes #isqrt.loop_writes1 @"c.c":17:7 { r, y, z }
    variant #isqrt.variant1 @"c.c":18:7 { r }
  {
    @"c.c":21:5 y := y + z;
    @"c.c":22:5 z := z + 2;
    @"c.c":23:5 r := r - 1;
  }
  @"c.c":25:3 return r;
}
)",
                              "isqrt.ivl");
  const ir::GoalRef overflow{ir::GoalKind::RteOverflow, "", "isqrt", {"c.c", 21, 5}};
  const ir::GoalRef variant{
      ir::GoalKind::LoopVariantNonneg, "isqrt.variant1", "isqrt", {"c.c", 18, 7}};
  NoModels none;
  StrategyContext ctx{p, none, {}};
  ctx.options.exploration_budget = std::chrono::milliseconds(5000);
  ctx.options.check_budget = std::chrono::milliseconds(1);
  std::vector<GoalDiagnosis> goals{
      with_verdict(overflow, Verdict::Unknown),
      with_verdict(variant, Verdict::SubcontractWeakness, {"loop@13"})};
  goals[1].scope = Scope::Single;
  for (auto &g : goals)
    g.result.status = vcgen::Status::Failed;
  TestStrategy().diagnose(ctx, goals);
  EXPECT_EQ(goals[0].verdict, Verdict::SubcontractWeakness)
      << ::testing::PrintToString(goals[0].notes);
  EXPECT_EQ(goals[0].subcontracts, std::vector<std::string>{"loop@13"});
}

TEST(TestStrategy, AGoalThroughAContractAlreadyShownWeakSaysToStrengthenItFirst) {
  // Another goal's weakness names loop@9, which the postcondition relies on too.
  const ir::Program p = parse(counted_with("100000", ""), "counted.ivl");
  const ir::GoalRef other{ir::GoalKind::RteOverflow, "", "f", {"c.c", 14, 5}};
  const GoalDiagnosis d =
      judge_after(p, counted_post, with_verdict(other, Verdict::SubcontractWeakness, {"loop@9"}));
  EXPECT_EQ(d.verdict, Verdict::Unknown);
  EXPECT_TRUE(has_note(d, "the contract of loop@9 is already too weak for rte_overflow at line "
                          "14 (see its verdict): through it this goal showed no weakness of "
                          "its own, and its other searches were short; strengthen it, then "
                          "diagnose again"))
      << ::testing::PrintToString(d.notes);
  // A weakness of a contract this goal does not rely on says nothing of it.
  const GoalDiagnosis elsewhere =
      judge_after(p, counted_post, with_verdict(other, Verdict::SubcontractWeakness, {"g"}));
  EXPECT_FALSE(has_note(elsewhere, "already too weak"));
}

namespace {

// g's contract lets any non-negative result through: a run through it breaks the assertion,
// and so does a real run from x = 7. The bug outranks the weakness.
const char *const weak_callee_and_bug = R"(
fun g(x: int32): int32
  requires #g.requires1 { 0 <= x <= 10 }
  ensures #g.ensures1 { result >= 0 }
{
  return x;
}

fun f(x: int32)
  requires #f.requires1 { 0 <= x <= 10 }
{
  var y: int32 = 0;
  y := call g(x);
  assert #f.assert1 @"w.c":9:3 { y <> 7 }
}
)";

/// The test strategy on the assertion of weak_callee_and_bug with no time for the short search
/// for a bug (as when the bug is deeper than half a second reaches), starting from `earlier`.
GoalDiagnosis judge_without_short_search(Verdict earlier) {
  const ir::Program p = parse(weak_callee_and_bug, "w.ivl");
  NoModels none;
  StrategyContext ctx{p, none, {}};
  ctx.options.exploration_budget = std::chrono::milliseconds(60000);
  ctx.options.check_budget = std::chrono::milliseconds(0);
  std::vector<GoalDiagnosis> goals(1);
  goals[0].result.goal = {ir::GoalKind::Assertion, "f.assert1", "f", {"w.c", 9, 3}};
  goals[0].result.status = vcgen::Status::Failed;
  goals[0].verdict = earlier;
  if (earlier == Verdict::SubcontractWeakness) goals[0].subcontracts = {"g"};
  TestStrategy().diagnose(ctx, goals);
  if (goals[0].counterexample) {
    rac::Config cfg;
    cfg.function = "f";
    cfg.input = *goals[0].counterexample;
    const rac::Outcome o = rac::run(p, cfg);
    EXPECT_EQ(o.kind, rac::OutcomeKind::Failure) << o.reason;
  }
  return goals[0];
}

} // namespace

// Before a weakness is reported, the search for a bug gets its whole budget: the weakness found
// through g in milliseconds does not hide the real run from x = 7.
TEST(TestStrategy, NoWeaknessIsReportedBeforeTheWholeSearchForABug) {
  const GoalDiagnosis d = judge_without_short_search(Verdict::Unknown);
  EXPECT_EQ(d.verdict, Verdict::NonCompliance);
  ASSERT_TRUE(d.counterexample.has_value());
  EXPECT_EQ(d.counterexample->input("x")->as_int(), 7);
}

// The same for a weakness an earlier strategy (the models) showed.
TEST(TestStrategy, AWeaknessTheModelsShowedStillGetsTheWholeSearchForABug) {
  const GoalDiagnosis d = judge_without_short_search(Verdict::SubcontractWeakness);
  EXPECT_EQ(d.verdict, Verdict::NonCompliance);
  EXPECT_EQ(d.nc_search, NcSearch::Stopped);
}
