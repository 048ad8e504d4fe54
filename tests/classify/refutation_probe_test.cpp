// The search for failing runs made while proving (classify::RefutationProbe): it refutes only
// goals a replayed run of the real program fails first, never a goal it cannot tell from
// another, and a diagnosis through it gives the refuted goal the same verdict the prover's
// timeout would have led to, with a counterexample that replays, and without that timeout.
#include "classify/categorise.hpp"
#include "classify/diagnose.hpp"
#include "classify/refutation_probe.hpp"
#include "classify/replay.hpp"

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "vcgen/prove.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace triage;
using namespace triage::classify;

namespace {

const std::string kFile = TRIAGE_SOURCE_DIR "/tests/classify/probe/frame.ivl";

ir::Program load() {
  ir::Program p = ir::parse_file(kFile);
  ir::typecheck(p);
  return p;
}

/// Work enough to reach the first failing run, several times over. Counted work, not time: the
/// same searches in any build and under any load (the sanitizer build takes longer over them,
/// so more work would only make the unit tier slower, not the test stronger).
StrategyOptions generous() {
  StrategyOptions o;
  o.probe_budget = std::chrono::milliseconds(300);
  return o;
}

std::vector<ir::GoalRef> goals_of(const ir::Program &p) {
  return vcgen::Session(p, vcgen::ProveOptions{}).goals();
}

const ir::GoalRef &find(const std::vector<ir::GoalRef> &goals, ir::GoalKind kind,
                        const std::string &function, int column = 0) {
  const auto it = std::find_if(goals.begin(), goals.end(), [&](const ir::GoalRef &g) {
    return g.kind == kind && g.function == function && (column == 0 || g.at.col == column);
  });
  EXPECT_NE(it, goals.end());
  return *it;
}

TEST(RefutationProbe, RefutesOnlyWhatARunBreaks) {
  const ir::Program p = load();
  const std::vector<ir::GoalRef> goals = goals_of(p);
  RefutationProbe probe(p, generous(), goals);
  EXPECT_TRUE(probe.refutes(find(goals, ir::GoalKind::Assigns, "abs_all")));
  // Goals of the same function that hold: its failing run shows none of them.
  EXPECT_FALSE(probe.refutes(find(goals, ir::GoalKind::Postcondition, "abs_all")));
  EXPECT_FALSE(probe.refutes(find(goals, ir::GoalKind::LoopInvariantPreserved, "abs_all")));
}

TEST(RefutationProbe, NeverRefutesAGoalARunCannotTellFromAnother) {
  const ir::Program p = load();
  const std::vector<ir::GoalRef> goals = goals_of(p);
  RefutationProbe probe(p, generous(), goals);
  // x * 2 overflows, y * 3 cannot: both checks are on one line, and a failing run names the
  // line only. Neither is refuted, the one that holds above all.
  const ir::GoalRef &x2 = find(goals, ir::GoalKind::RteOverflow, "overflow", 3);
  const ir::GoalRef &y3 = find(goals, ir::GoalKind::RteOverflow, "overflow", 25);
  EXPECT_EQ(x2.at.line, y3.at.line);
  EXPECT_FALSE(probe.refutes(y3));
  EXPECT_FALSE(probe.refutes(x2));
}

TEST(RefutationProbe, ARunThroughAWeakContractRefutesToo) {
  const ir::Program p = load();
  const std::vector<ir::GoalRef> goals = goals_of(p);
  RefutationProbe probe(p, generous(), goals);
  const ir::GoalRef &post = find(goals, ir::GoalKind::Postcondition, "doubled");
  EXPECT_TRUE(probe.refutes(post));
  // The loop's own goals hold, through its contract too.
  EXPECT_FALSE(probe.refutes(find(goals, ir::GoalKind::LoopInvariantPreserved, "doubled")));
  std::vector<GoalDiagnosis> diagnoses(1);
  diagnoses[0].result.goal = post;
  diagnoses[0].result.answer = vcgen::GoalAnswer::Refuted;
  probe.settle(diagnoses);
  const GoalDiagnosis &d = diagnoses[0];
  EXPECT_EQ(d.verdict, Verdict::SubcontractWeakness);
  EXPECT_EQ(d.subcontracts, std::vector<std::string>{"loop@44"});
  ASSERT_TRUE(d.counterexample);
  GoalDiagnosis replayed = d;
  EXPECT_TRUE(confirm(p, replayed, RunLimits{}));
}

TEST(RefutationProbe, DiagnosisSkipsTheTimeoutAndKeepsTheVerdict) {
  const ir::Program p = load();
  DiagnoseOptions o;
  o.file = kFile;
  o.prove.function = "abs_all";
  o.prove.timeout_s = 2;
  o.strategy_options.probe_budget = std::chrono::milliseconds(30000);
  const Report probed = diagnose(p, o);
  o.strategy_options.probe_budget = std::chrono::milliseconds(0);
  const Report unprobed = diagnose(p, o);
  ASSERT_EQ(probed.goals.size(), unprobed.goals.size());
  for (size_t i = 0; i < probed.goals.size(); ++i) {
    const GoalDiagnosis &with = probed.goals[i], &without = unprobed.goals[i];
    EXPECT_EQ(with.verdict, without.verdict) << with.result.goal.annot_id;
    if (with.result.goal.kind != ir::GoalKind::Assigns) continue;
    // Without the probe the solvers spend their whole timeout on the quantified frame.
    using vcgen::GoalAnswer;
    EXPECT_TRUE(without.result.answer == GoalAnswer::ResourceLimit ||
                without.result.answer == GoalAnswer::Timeout ||
                without.result.answer == GoalAnswer::Unknown)
        << vcgen::goal_answer_name(without.result.answer);
    EXPECT_EQ(with.result.answer, GoalAnswer::Refuted);
    EXPECT_LT(with.result.time_ms, without.result.time_ms);
    ASSERT_EQ(with.verdict, Verdict::NonCompliance);
    ASSERT_TRUE(with.counterexample);
    GoalDiagnosis replayed = with;
    EXPECT_TRUE(confirm(p, replayed, RunLimits{}));
    EXPECT_FALSE(with.failure_state.empty());
  }
}

// A goal through a loop contract a real run breaks still gets the prover's long attempts: they
// may prove it, as `triage prove` does (they were skipped once, and a diagnosis then proved less
// than a proof: ACSL by Example's remove.c lost two goals).
TEST(RefutationProbe, GoalsThroughABrokenLoopContractGetTheirLongAttempts) {
  const std::string file = TRIAGE_SOURCE_DIR "/tests/classify/probe/broken_invariant.ivl";
  ir::Program p = ir::parse_file(file);
  ir::typecheck(p);
  const std::vector<ir::GoalRef> goals = goals_of(p);
  RefutationProbe probe(p, generous(), goals);
  // The invariant's own failure is refuted: a real run breaks it first.
  EXPECT_EQ(probe.check(find(goals, ir::GoalKind::LoopInvariantInit, "sum_to", 0)),
            vcgen::SkipLongAttempts::Refuted);
  EXPECT_EQ(probe.check(find(goals, ir::GoalKind::Postcondition, "sum_to")),
            vcgen::SkipLongAttempts::No);
  EXPECT_EQ(probe.check(find(goals, ir::GoalKind::Assertion, "sum_to")),
            vcgen::SkipLongAttempts::No);
}

} // namespace
