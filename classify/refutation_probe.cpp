#include "classify/refutation_probe.hpp"

#include "classify/categorise.hpp"
#include "classify/replay.hpp"
#include "classify/subcontracts.hpp"
#include "classify/test_strategy.hpp"
#include "dse/explore.hpp"

#include <algorithm>

namespace triage::classify {

/// One function's searches: the non-compliances their failing runs replayed.
struct RefutationProbe::Search {
  std::mutex m;                       ///< one search of the function at a time
  std::vector<GoalDiagnosis> refuted; ///< one per goal, its first replayed failing run
  /// A search ran to its end (budget, or every path): another one would find nothing new.
  bool exhausted = false;
};

RefutationProbe::RefutationProbe(const ir::Program &p, const StrategyOptions &o,
                                 std::vector<ir::GoalRef> goals)
    : program_(p), options_(o), goals_(std::move(goals)) {}

RefutationProbe::~RefutationProbe() = default;

RefutationProbe::Search &RefutationProbe::search_of(const std::string &function) {
  const std::lock_guard<std::mutex> lock(m_);
  auto &s = searches_[function];
  if (!s) s = std::make_unique<Search>();
  return *s;
}

vcgen::SkipLongAttempts RefutationProbe::check(const ir::GoalRef &goal) {
  if (goal.kind == ir::GoalKind::Lemma || ambiguous(goal)) return vcgen::SkipLongAttempts::No;
  const ir::Function *f = program_.function(goal.function);
  if (!f || !f->body) return vcgen::SkipLongAttempts::No;
  Search &s = search_of(goal.function);
  const std::lock_guard<std::mutex> lock(s.m);
  if (!known(s, goal) && !s.exhausted) explore(s, goal);
  if (known(s, goal)) return vcgen::SkipLongAttempts::Refuted;
  weaken(s, goal, *f);
  // A goal through a loop contract a real run breaks still gets its long attempts: they may
  // prove it, as `triage prove` would (a diagnosis proves at least what a proof does).
  return known(s, goal) ? vcgen::SkipLongAttempts::Refuted : vcgen::SkipLongAttempts::No;
}

std::vector<std::string> RefutationProbe::broken(const Search &s, const ir::Function &f,
                                                 const std::vector<std::string> &names) const {
  return broken_loops(program_, f, names, [&](const std::string &id) {
    return std::ranges::any_of(s.refuted, [&](const GoalDiagnosis &d) {
      return d.verdict == Verdict::NonCompliance && d.result.goal.annot_id == id;
    });
  });
}

// The prover sees a loop or a call only through its contract: a run that takes one of them by
// its contract alone (a giant step), passes every check before the goal and fails it, is a
// state the goal's proof must exclude and cannot, so the goal could only fail. A single
// weakness of that contract, replayed (or a non-compliance, when the real run from the same
// inputs fails the goal too). A copy.c whose invariant misses dst[0] paid its long proof
// attempts before its weakness showed; now it gets the weakness alone.
void RefutationProbe::weaken(Search &s, const ir::GoalRef &goal, const ir::Function &f) {
  const std::vector<std::string> names = subcontracts_for(program_, f, goal);
  const std::vector<std::string> wrong = broken(s, f, names);
  const RunLimits limits{options_.step_limit, options_.run_limit};
  for (const std::string &name : names) {
    if (std::ranges::count(wrong, name) > 0) continue; // wrong, not weak: no weakness to show
    dse::Options o;
    o.function = goal.function;
    o.policy.giant.insert(name);
    o.budget = options_.probe_budget;
    o.backstop = options_.backstop(o.budget);
    o.max_block = options_.max_block;
    o.k = options_.k;
    o.target = [&goal](const ir::GoalRef &g) { return same_goal(goal, g); };
    const dse::Result r = dse::explore(program_, o);
    if (!r.found) continue;
    GoalDiagnosis d;
    d.result.goal = goal;
    d.nc_search = NcSearch::NotRun;
    if (settle_weakness_by_test(program_, d, r.tests[*r.found], Scope::Single, {name}, limits)) {
      s.refuted.push_back(std::move(d));
      return;
    }
  }
}

bool RefutationProbe::known(const Search &s, const ir::GoalRef &goal) {
  return std::any_of(s.refuted.begin(), s.refuted.end(),
                     [&](const GoalDiagnosis &d) { return d.result.goal == goal; });
}

// The search stops at the first run that fails `goal` first: the other goals of the function
// that a run fails first on the way are refuted too, and a later question about another goal
// explores again (from the start: the search is deterministic, its prefix is quick to redo)
// unless this one ran to its end.
void RefutationProbe::explore(Search &s, const ir::GoalRef &goal) {
  dse::Options o;
  o.function = goal.function;
  o.budget = options_.probe_budget;
  o.backstop = options_.backstop(o.budget);
  o.max_block = options_.max_block;
  o.k = options_.k;
  o.go_past = [](const ir::GoalRef &) { return true; };
  o.enough = [&goal](const dse::Test &t) {
    const auto first = first_failure(t.outcome);
    return first && same_goal(goal, *first);
  };
  const dse::Result r = dse::explore(program_, o);
  s.exhausted = !r.stopped;
  const RunLimits limits{options_.step_limit, options_.run_limit};
  for (const dse::Test &t : r.tests) {
    const auto failed = first_failure(t.outcome);
    if (!failed) continue;
    for (const ir::GoalRef &g : goals_) {
      if (g.function != goal.function || !same_goal(g, *failed) || known(s, g) || ambiguous(g))
        continue;
      GoalDiagnosis d;
      d.result.goal = g;
      d.verdict = Verdict::NonCompliance;
      d.counterexample = inputs_only(t.input);
      d.strategy = "test";
      // Whichever goal's search found it (with -j 2, whichever goal of the function was
      // proved first), a search for this goal stops at this run, its first failing one.
      d.nc_search = NcSearch::Stopped;
      if (confirm(program_, d, limits)) s.refuted.push_back(std::move(d));
    }
  }
}

// A run names its failure by kind and place: two goals that share them are told apart only by
// the prover.
bool RefutationProbe::ambiguous(const ir::GoalRef &g) const {
  return std::any_of(goals_.begin(), goals_.end(), [&](const ir::GoalRef &o) {
    return !(o == g) && (same_goal(g, o) || same_goal(o, g));
  });
}

void RefutationProbe::settle(std::vector<GoalDiagnosis> &goals) const {
  for (GoalDiagnosis &d : goals) {
    if (d.result.status != vcgen::Status::Failed) continue;
    const auto it = searches_.find(d.result.goal.function);
    if (it == searches_.end()) continue;
    if (d.result.answer != vcgen::GoalAnswer::Refuted) continue;
    for (const GoalDiagnosis &found : it->second->refuted) {
      if (!(found.result.goal == d.result.goal)) continue;
      d.verdict = found.verdict;
      d.scope = found.scope;
      d.subcontracts = found.subcontracts;
      d.counterexample = found.counterexample;
      d.failure_state = found.failure_state;
      d.failure_reason = found.failure_reason;
      d.strategy = found.strategy;
      d.nc_search = found.nc_search;
      d.notes.push_back(
          found.verdict == Verdict::NonCompliance
              ? "a test broke this goal while it was being proved: the prover's longer attempts "
                "were skipped"
              : "a test through the contract of " + found.subcontracts.front() +
                    " broke this goal while it was being proved: the prover, which sees only "
                    "that contract, could not prove it either; its longer attempts were skipped");
    }
  }
}

} // namespace triage::classify
