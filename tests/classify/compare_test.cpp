// When two strategies' verdicts on one goal cannot both be right (classify/compare.hpp), and how
// verdicts are compared.
#include "classify/compare.hpp"

#include <gtest/gtest.h>

using namespace triage::classify;

namespace {

GoalDiagnosis verdict(Verdict v, NcSearch nc_search = NcSearch::NotRun) {
  GoalDiagnosis d;
  d.result.status = triage::vcgen::Status::Failed;
  d.verdict = v;
  d.nc_search = nc_search;
  return d;
}

TEST(Compare, ANonComplianceRefutesACompleteSearchWithoutOne) {
  const auto nc = verdict(Verdict::NonCompliance);
  const auto sw = verdict(Verdict::SubcontractWeakness, NcSearch::Complete);
  EXPECT_NE(contradiction(nc, "model", sw, "test", false), "");
  EXPECT_EQ(contradiction(sw, "test", nc, "model", false), "");
  // A bounded search says nothing of the inputs past its bounds.
  EXPECT_EQ(contradiction(nc, "model", verdict(Verdict::SubcontractWeakness, NcSearch::Bounded),
                          "test", false),
            "");
  // Under a typically clause the search spoke only of the inputs it allows.
  EXPECT_EQ(contradiction(nc, "model", sw, "test", true), "");
}

TEST(Compare, ACounterexampleRefutesProverIncapacity) {
  const auto pi = verdict(Verdict::ProverIncapacity, NcSearch::Complete);
  EXPECT_NE(contradiction(verdict(Verdict::SubcontractWeakness), "model", pi, "test", false), "");
  EXPECT_NE(contradiction(verdict(Verdict::NonCompliance), "model", pi, "test", false), "");
  EXPECT_EQ(contradiction(verdict(Verdict::Unknown), "model", pi, "test", false), "");
  EXPECT_EQ(contradiction(verdict(Verdict::SubcontractWeakness), "model",
                          verdict(Verdict::LikelyProverIncapacity, NcSearch::Complete), "test",
                          false),
            "");
}

TEST(Compare, VerdictKeysNameWhatAWeaknessBlames) {
  auto a = verdict(Verdict::SubcontractWeakness);
  a.subcontracts = {"g2", "g1"};
  auto b = a;
  b.subcontracts = {"g1", "g2"};
  EXPECT_EQ(verdict_key(a), verdict_key(b));
  EXPECT_EQ(verdict_key(a), "subcontract_weakness [g1, g2]");
  b.scope = Scope::Global;
  EXPECT_EQ(verdict_key(b), "subcontract_weakness [global]");
  EXPECT_EQ(verdict_key(verdict(Verdict::Unknown)), "unknown");
}

} // namespace
