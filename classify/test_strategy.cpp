#include "classify/test_strategy.hpp"

#include "classify/categorise.hpp"
#include "classify/lemma_scope.hpp"
#include "classify/replay.hpp"
#include "classify/small_scopes.hpp"
#include "classify/subcontracts.hpp"
#include "dse/explore.hpp"
#include "ir/parallel_for.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>

namespace triage::classify {

namespace {

using Clock = std::chrono::steady_clock;

/// The tests by path length: the shortest failing run is the easiest counterexample to follow.
std::vector<const dse::Test *> shortest_first(const std::vector<dse::Test> &tests) {
  std::vector<const dse::Test *> out;
  for (const auto &t : tests)
    out.push_back(&t);
  std::stable_sort(out.begin(), out.end(), [](const dse::Test *a, const dse::Test *b) {
    return a->decisions < b->decisions;
  });
  return out;
}

void note_once(GoalDiagnosis &d, const std::string &note) {
  if (std::find(d.notes.begin(), d.notes.end(), note) == d.notes.end()) d.notes.push_back(note);
}

/// Diagnoses the failed goals of one function.
class FunctionDiagnoser {
public:
  /// `wanted`: the function's goals still without a non-compliance, which its NC search is for.
  /// `non_compliant`: the annotations of the function's goals already shown broken.
  FunctionDiagnoser(StrategyContext &ctx, const ir::Function &f, std::vector<ir::GoalRef> wanted,
                    std::vector<std::string> non_compliant)
      : ctx_(ctx), f_(f), wanted_(std::move(wanted)), non_compliant_(std::move(non_compliant)) {
    for (const auto &a : f.contract)
      typically_ = typically_ || a.kind == ir::AnnotKind::Typically;
  }

  /// A goal an earlier strategy explained as a weakness: a bug outranks a weak contract, so
  /// only the NC search runs, and with its whole budget (a weakness reported for a wrong program
  /// tells the user to ship the bug); without a non-compliance the weakness stays, and says how
  /// far the search for a bug went.
  void look_for_nc(GoalDiagnosis &d) {
    if (!settle_nc_from(d, nc_search(true))) settle_nc_from(d, nc_search());
  }

  // A short search for a bug first; then the weakness searches through one contract at a time,
  // each a quicker way to a verdict than exploring the real program for the whole budget (on
  // array inputs it seldom ends: abs_all.c with a loop frame one cell too wide spent its budget
  // there, where a weakness search shows the weakness at once); the whole search for a bug only
  // when they find nothing, as for a weakness the models showed.
  //
  // In a function whose real runs already fail another goal, that bug is the one to fix first;
  // when a contract this goal relies on is already shown too weak for another goal, that
  // contract is the one to strengthen first. Either may change this goal's verdict: its
  // searches through contracts are short and the whole search for a bug is not made. A binary
  // search whose `mid` goes below `lo` failed its read of t[mid] at once, then spent a whole
  // goal budget on each goal behind it. The search through a contract already shown too weak
  // comes first and may take more than the short budget: it is the likeliest to show this
  // goal's weakness too, a verdict worth more than a note, and half a second is not enough for
  // it on a slow machine (isqrt/S10.c's overflow, through a loop whose invariant does not bound
  // r below, under the sanitizer build). The goals through that contract share one whole
  // budget, so that those it shows nothing for (four goals of a binary search without its
  // invariant 0 <= lo) do not spend one each.
  void diagnose(GoalDiagnosis &d) {
    std::vector<std::string> names = subcontracts_for(ctx_.program, f_, d.result.goal);
    if (settled_by_runs(d, nc_search(true))) return;
    const std::optional<FixFirst> first = fix_first(d.result.goal, names);
    scope_worth_ = false;
    search_contracts(d, names, first ? std::optional(ctx_.options.check_budget) : std::nullopt);
    // A broken loop contract already said what to fix first (search_contracts).
    if (first && d.verdict == Verdict::Unknown && d.fix_first.empty()) {
      d.notes.push_back(first->note);
      d.fix_first = first->advice;
    }
    if (!first && scope_worth_) small_scope(d, names);
  }

  /// A verdict of the function's goals, by an earlier strategy or this one: what later goals
  /// are to fix first.
  void learn(const GoalDiagnosis &d) {
    std::erase_if(known_, [&](const GoalDiagnosis &k) { return k.result.goal == d.result.goal; });
    if (d.verdict == Verdict::NonCompliance ||
        (d.verdict == Verdict::SubcontractWeakness && d.scope == Scope::Single))
      known_.push_back(d);
  }

private:
  /// After the short search for a bug: the searches through contracts (of `budget` each when
  /// given), the whole search for a bug when they find nothing and no budget was given, and the
  /// conclusion.
  void search_contracts(GoalDiagnosis &d, const std::vector<std::string> &names,
                        std::optional<std::chrono::milliseconds> budget) {
    // A goal after a loop already shown wrong gets only the short search for a bug of its own:
    // nothing else can be shown before the loop's contract is fixed.
    const bool after_broken = !broken_by(std::nullopt, names).empty();
    std::vector<std::string> broken = broken_by(*nc_, names);
    if (!after_broken && single_weakness(d, names, broken, budget)) {
      // The cheap searches came first; before the weakness is reported the search for a bug
      // gets its whole budget: a bug deeper than the short search reaches outranks it.
      if (d.verdict == Verdict::SubcontractWeakness && !budget) settled_by_runs(d, nc_search());
      return;
    }
    if (!after_broken && !budget) {
      if (settled_by_runs(d, nc_search())) return;
      broken = broken_by(*nc_, names);
    }
    if (!broken.empty()) {
      // Through every contract at once the broken one would be taken too: no global search.
      d.strategy = "test";
      d.verdict = Verdict::Unknown;
      for (const auto &loop : broken)
        d.notes.push_back("a real run breaks the contract of " + loop +
                          " (see its non-compliance): that contract is wrong, not weak; fix it, "
                          "then diagnose again");
      d.fix_first = "fix the contract of " + broken.front() +
                    " first (a real run breaks it: see its non-compliance)";
      return;
    }
    if (names.empty()) {
      conclude(d, *nc_, std::nullopt, false);
      return;
    }
    rac::Policy all;
    all.all_giant = true;
    const dse::Result global = search(all, &d.result.goal, false, budget);
    if (global.found && settle_weakness(d, global.tests[*global.found], Scope::Global, names))
      return;
    if (d.verdict == Verdict::NonCompliance) return;
    conclude(d, *nc_, global, false);
  }

  StrategyContext &ctx_;
  const ir::Function &f_;
  bool typically_ = false;
  std::vector<ir::GoalRef> wanted_;
  std::vector<std::string> non_compliant_;
  std::vector<GoalDiagnosis> known_; ///< non-compliances and single weaknesses found (learn)
  std::optional<dse::Result> nc_;
  /// Per contract already shown too weak: what is left of the whole budget that the short
  /// searches through it share (pool_share).
  std::map<std::string, std::chrono::milliseconds> pool_;
  std::chrono::milliseconds nc_budget_{0};
  /// The real program's searches within each small scope (small_scopes), by level.
  std::map<size_t, dse::Result> scoped_nc_;
  /// Set by conclude: the goal is unknown only because its searches were cut short.
  bool scope_worth_ = false;

  RunLimits limits() const { return {ctx_.options.step_limit, ctx_.options.run_limit}; }

  /// The goal's verdict from the real program's runs, when they give one: a non-compliance, or
  /// `unknown` when a real run breaks it after another failure (masked). A real run breaks it,
  /// so the code is not right for it and no contract can be too weak for it yet; the other
  /// failure is to fix first (the searches through contracts would only spend their budgets).
  bool settled_by_runs(GoalDiagnosis &d, const dse::Result &nc) {
    if (settle_nc_from(d, nc)) return true;
    const bool masked = masked_in(nc, d.result.goal);
    if (masked) conclude(d, nc, std::nullopt, true);
    return masked;
  }

  /// Whether a test of `nc` fails `goal`, but only after failing another goal.
  static bool masked_in(const dse::Result &nc, const ir::GoalRef &goal) {
    return std::ranges::any_of(nc.tests, [&](const dse::Test &t) {
      return judge(t.outcome, goal) == RunResult::FailsOther &&
             (std::ranges::any_of(t.outcome.passed_over,
                                  [&](const auto &g) { return same_goal(goal, g); }) ||
              (t.outcome.goal && same_goal(goal, *t.outcome.goal)));
    });
  }

  /// What to fix before a goal: the note that says why its searches were short, and the advice.
  struct FixFirst {
    std::string note;
    std::string advice;
  };

  /// What to fix before `goal`, which relies on the contracts `names`, if anything: another
  /// goal of the function that a real run fails first (found by the search for a bug, or a
  /// non-compliance already known), or one of `names` already shown too weak for another goal.
  std::optional<FixFirst> fix_first(const ir::GoalRef &goal,
                                    const std::vector<std::string> &names) const {
    const std::string short_only = ": this goal had short searches only; ";
    auto fails_first = [&](const ir::GoalRef &g) {
      return FixFirst{"a real run fails " + failure_text(g) + " first (see its verdict)" +
                          short_only + "fix that one, then diagnose again",
                      "fix what fails " + failure_text(g) + " first (see its verdict)"};
    };
    if (nc_)
      for (const dse::Test &t : nc_->tests)
        if (const auto first = first_failure(t.outcome); first && !same_goal(goal, *first))
          return fails_first(*first);
    for (const GoalDiagnosis &k : known_) {
      if (k.result.goal == goal) continue;
      if (k.verdict == Verdict::NonCompliance) return fails_first(k.result.goal);
      for (const std::string &name : k.subcontracts)
        if (std::ranges::count(names, name) > 0)
          return FixFirst{"the contract of " + name + " is already too weak for " +
                              failure_text(k.result.goal) +
                              " (see its verdict): through it this goal showed no weakness of its "
                              "own, and its other searches were short; strengthen it, then "
                              "diagnose again",
                          "strengthen the contract of " + name + " first (it is too weak for " +
                              failure_text(k.result.goal) + ": see its verdict)"};
    }
    return std::nullopt;
  }

  /// The budget of a short search through `name`, a contract already shown too weak: what is
  /// left of the whole budget the searches through it share, and at least `budget`.
  std::chrono::milliseconds pool_share(const std::string &name, std::chrono::milliseconds budget) {
    const auto pool = pool_.try_emplace(name, ctx_.options.exploration_budget).first->second;
    return std::max(budget, pool);
  }

  /// The contracts of `names` already shown too weak for another goal of the function.
  std::vector<std::string> known_weak(const ir::GoalRef &goal,
                                      const std::vector<std::string> &names) const {
    std::vector<std::string> weak;
    for (const GoalDiagnosis &k : known_)
      if (k.result.goal != goal && k.verdict == Verdict::SubcontractWeakness)
        std::ranges::copy_if(k.subcontracts, std::back_inserter(weak), [&](const std::string &n) {
          return std::ranges::count(names, n) > 0 && std::ranges::count(weak, n) == 0;
        });
    return weak;
  }

  /// The loops of `names` whose contract a real run breaks: a goal of theirs already has its
  /// non-compliance, or (with `nc`) a test of it fails one of their annotations first.
  std::vector<std::string> broken_by(const std::optional<dse::Result> &nc,
                                     const std::vector<std::string> &names) const {
    return broken_loops(ctx_.program, f_, names, [&](const std::string &id) {
      return std::ranges::count(non_compliant_, id) > 0 ||
             (nc && std::ranges::any_of(nc->tests, [&](const dse::Test &t) {
                const auto first = first_failure(t.outcome);
                return first && first->annot_id == id;
              }));
    });
  }

  /// One contract at a time, those of `broken` left out: a single weakness, or a non-compliance
  /// the search came across. With a short `budget`, the contracts already shown too weak come
  /// first and their searches draw on their pools (pool_share).
  bool single_weakness(GoalDiagnosis &d, std::vector<std::string> names,
                       const std::vector<std::string> &broken,
                       std::optional<std::chrono::milliseconds> budget) {
    const std::vector<std::string> weak =
        budget ? known_weak(d.result.goal, names) : std::vector<std::string>{};
    std::stable_partition(names.begin(), names.end(),
                          [&](const std::string &n) { return std::ranges::count(weak, n) > 0; });
    for (const auto &name : names) {
      if (std::ranges::count(broken, name) > 0) continue;
      rac::Policy one;
      one.giant.insert(name);
      const bool pooled = std::ranges::count(weak, name) > 0;
      const dse::Result r =
          search(one, &d.result.goal, false, pooled ? pool_share(name, *budget) : budget);
      if (pooled) pool_[name] -= std::chrono::milliseconds(r.work_ms);
      if (r.found && settle_weakness(d, r.tests[*r.found], Scope::Single, {name})) return true;
      if (d.verdict == Verdict::NonCompliance) return true;
    }
    return false;
  }

  dse::Result search(const rac::Policy &policy, const ir::GoalRef *target, bool go_past = false,
                     std::optional<std::chrono::milliseconds> budget = std::nullopt,
                     std::function<bool(const dse::Test &)> enough = nullptr,
                     std::optional<dse::SmallScope> scope = std::nullopt) {
    dse::Options o;
    o.function = f_.name;
    o.scope = scope;
    o.policy = policy;
    o.budget = budget.value_or(ctx_.options.exploration_budget);
    o.backstop = ctx_.options.backstop(o.budget);
    o.max_block = ctx_.options.max_block;
    o.k = ctx_.options.k;
    if (target) {
      o.target = [target](const ir::GoalRef &g) { return same_goal(*target, g); };
      if (!go_past) o.masks = masking_goals(*target);
    }
    if (go_past) o.go_past = [](const ir::GoalRef &) { return true; };
    o.enough = std::move(enough);
    return dse::explore(ctx_.program, o);
  }

  /// The real program explored once for every goal of the function, its runs going past
  /// annotation failures: which goals each test fails, and which first. A goal an earlier
  /// strategy explained as a weakness asks for a shorter search (`check_budget`); a later goal
  /// that needs the whole search gets it when the shorter one was not complete.
  const dse::Result &nc_search(bool check_only = false) {
    const auto budget = check_only ? ctx_.options.check_budget : ctx_.options.exploration_budget;
    if (!nc_ || (!nc_->complete && nc_budget_ < budget)) {
      nc_ = search(rac::Policy{}, nullptr, true, budget, first_failure_of_each());
      nc_budget_ = budget;
    }
    return *nc_;
  }

  /// Stops the NC search once each wanted goal is the first failure of some test: every one of
  /// them then has its non-compliance, and exploring further (often the whole budget, on
  /// inputs as large as arrays) would change none of their verdicts.
  std::function<bool(const dse::Test &)> first_failure_of_each() const {
    return
        [wanted = wanted_, shown = std::vector<bool>(wanted_.size())](const dse::Test &t) mutable {
          const auto first = first_failure(t.outcome);
          if (!first) return false;
          for (size_t i = 0; i < wanted.size(); ++i)
            shown[i] = shown[i] || same_goal(wanted[i], *first);
          return std::all_of(shown.begin(), shown.end(), [](bool b) { return b; });
        };
  }

  /// The shortest test of the NC search whose first failure is this goal, replayed: a
  /// non-compliance. Until one replays, `d` keeps what it had (an earlier strategy's weakness).
  bool settle_nc_from(GoalDiagnosis &d, const dse::Result &nc) {
    d.nc_search = search_extent(nc);
    d.nc_search_bounds =
        nc.complete || nc.stopped ? std::vector<std::string>{} : nc.incomplete_because;
    for (const dse::Test *t : shortest_first(nc.tests)) {
      const auto first = first_failure(t->outcome);
      if (!first || !same_goal(d.result.goal, *first)) continue;
      GoalDiagnosis trial = d;
      if (settle_nc(trial, t->input)) {
        d = std::move(trial);
        return true;
      }
      note_once(d, "a test failing this goal did not replay");
    }
    return false;
  }

  bool settle_nc(GoalDiagnosis &d, ir::Counterexample inputs) {
    return settle_nc_by_test(ctx_.program, d, std::move(inputs), limits());
  }

  bool settle_weakness(GoalDiagnosis &d, const dse::Test &t, Scope scope,
                       std::vector<std::string> names) {
    return settle_weakness_by_test(ctx_.program, d, t, scope, std::move(names), limits());
  }

  /// The real program explored within small_scopes[level], once per function (its runs going
  /// past annotation failures, as nc_search).
  const dse::Result &scoped_nc(size_t level) {
    auto it = scoped_nc_.find(level);
    if (it == scoped_nc_.end())
      it = scoped_nc_
               .emplace(level, search(rac::Policy{}, nullptr, true, std::nullopt, nullptr,
                                      small_scopes[level]))
               .first;
    return it->second;
  }

  /// Whether every path was explored, but maybe for those where pointer inputs share a block.
  static bool explored(const dse::Result &r) { return r.complete || r.complete_apart; }

  /// ", pointer inputs a and b in blocks of their own" when the searches kept some apart.
  static std::string apart_text(const dse::Result &nc, const std::optional<dse::Result> &global) {
    std::vector<std::string> pairs = nc.apart;
    if (global)
      for (const std::string &p : global->apart)
        if (std::ranges::find(pairs, p) == pairs.end()) pairs.push_back(p);
    std::string out;
    for (const std::string &p : pairs)
      out += (out.empty() ? "" : ", ") + p;
    return out.empty() ? "" : ", pointer inputs " + out + " in blocks of their own";
  }

  /// A goal whose searches could not be complete (inputs of any length or size): the same
  /// searches within small scopes, smallest first, while each is explored completely. A
  /// counterexample found there settles the goal as anywhere; a scope explored completely
  /// without one makes it a likely prover incapacity, its largest such scope stated (the
  /// small-scope hypothesis: most bugs show on small inputs; not all do).
  void small_scope(GoalDiagnosis &d, const std::vector<std::string> &names) {
    const ir::GoalRef &goal = d.result.goal;
    std::optional<size_t> best;
    long real_paths = 0, contract_paths = 0;
    std::string apart;
    for (size_t level = 0; level < small_scopes.size() && !ctx_.options.past_deadline(); ++level) {
      const dse::Result &nc = scoped_nc(level);
      for (const dse::Test *t : shortest_first(nc.tests)) {
        const auto first = first_failure(t->outcome);
        if (!first || !same_goal(goal, *first)) continue;
        GoalDiagnosis trial = d;
        if (settle_nc(trial, t->input)) {
          d = std::move(trial);
          return;
        }
      }
      if (!explored(nc) || masked_in(nc, goal)) break;
      std::optional<dse::Result> global;
      if (!names.empty()) {
        rac::Policy all;
        all.all_giant = true;
        global = search(all, &goal, false, std::nullopt, nullptr, small_scopes[level]);
        if (global->found &&
            settle_weakness(d, global->tests[*global->found], Scope::Global, names))
          return;
        if (d.verdict == Verdict::NonCompliance) return;
        if (!explored(*global)) break;
      }
      best = level;
      apart = apart_text(nc, global);
      real_paths = nc.paths;
      contract_paths = global ? global->paths : 0;
    }
    if (!best) return;
    d.verdict = Verdict::LikelyProverIncapacity;
    d.search_scope = automatic_scope(ctx_.program, *best);
    d.search_scope->text += apart;
    d.notes.push_back("every path within a small scope of inputs (" + d.search_scope->text +
                      ") explored (" + std::to_string(real_paths) + " real" +
                      (names.empty()
                           ? std::string()
                           : ", " + std::to_string(contract_paths) + " through the contracts") +
                      ") without a counterexample; larger inputs were not explored");
  }

  /// No counterexample: prover incapacity when the real and the all-contracts programs were
  /// explored completely (likely, when `typically` reduced the inputs), unknown otherwise, and
  /// unknown too when the goal is `masked`: some test fails it, but only after failing another.
  void conclude(GoalDiagnosis &d, const dse::Result &nc, const std::optional<dse::Result> &global,
                bool masked) {
    d.strategy = "test";
    const bool complete = explored(nc) && (!global || explored(*global));
    if (masked)
      d.notes.push_back("some tests fail this goal after failing another one first: fix that "
                        "one, then diagnose again");
    // Only searches cut short by their bounds (not a masked failure) may end in a small scope.
    scope_worth_ = !complete && !masked && !typically_ && ctx_.options.small_scope;
    if (!complete || masked) {
      d.verdict = Verdict::Unknown;
      for (const auto *r : {&nc, global ? &*global : nullptr})
        if (r)
          for (const auto &why : r->incomplete_because)
            note_once(d, "search incomplete: " + why);
      return;
    }
    // Pointer inputs that may share a block were given blocks of their own: the search is
    // complete for those inputs only, which the scope says.
    const std::string apart = apart_text(nc, global);
    d.verdict =
        typically_ || !apart.empty() ? Verdict::LikelyProverIncapacity : Verdict::ProverIncapacity;
    if (typically_)
      d.search_scope = SearchScope{
          ScopeKind::Typically, "the inputs its `typically` clauses allow" + apart, 0, {}};
    else if (!apart.empty())
      d.search_scope = SearchScope{ScopeKind::Apart, "every input" + apart, 0, {}};
    d.notes.push_back(
        "every path explored (" + std::to_string(nc.paths) + " real" +
        (global ? ", " + std::to_string(global->paths) + " through the contracts" : std::string()) +
        ") without a counterexample" + (typically_ ? ", within the `typically` clauses" : "") +
        apart);
  }
};

} // namespace

NcSearch search_extent(const dse::Result &r) {
  return r.complete ? NcSearch::Complete : r.stopped ? NcSearch::Stopped : NcSearch::Bounded;
}

bool settle_nc_by_test(const ir::Program &p, GoalDiagnosis &d, ir::Counterexample inputs,
                       const RunLimits &limits) {
  inputs = inputs_only(std::move(inputs));
  d.verdict = Verdict::NonCompliance;
  d.subcontracts.clear();
  d.scope = Scope::Single;
  d.counterexample = inputs;
  d.strategy = "test";
  if (confirm(p, d, limits)) return true;
  d.notes.push_back("a test failing this goal did not replay");
  d.verdict = Verdict::Unknown;
  d.counterexample.reset();
  return false;
}

bool settle_weakness_by_test(const ir::Program &p, GoalDiagnosis &d, const dse::Test &t,
                             Scope scope, std::vector<std::string> names, const RunLimits &limits) {
  const ir::Counterexample inputs = inputs_only(t.input);
  const rac::Outcome small = run_candidate(p, inputs, rac::Policy{}, limits, &d.result.goal);
  const RunResult r = judge(small, d.result.goal);
  if (r == RunResult::FailsGoal) return settle_nc_by_test(p, d, inputs, limits);
  if (r != RunResult::Ok && r != RunResult::PassesGoal) {
    d.notes.push_back("a weakness candidate's real run " +
                      std::string(rac::outcome_name(small.kind)) +
                      " before deciding this goal: not used");
    return false;
  }
  if (scope == Scope::Global) names = traversed(t.outcome);
  d.verdict = Verdict::SubcontractWeakness;
  d.scope = scope;
  d.subcontracts = names;
  d.strategy = "test";
  for (const ir::Counterexample &c : {keep_outputs_used(t.input, t.outcome.giant_steps), t.input}) {
    d.counterexample = c;
    if (confirm(p, d, limits)) return true;
  }
  d.notes.push_back("a weakness found by testing did not replay");
  d.verdict = Verdict::Unknown;
  d.subcontracts.clear();
  d.scope = Scope::Single;
  d.counterexample.reset();
  return false;
}

namespace {

/// One failed goal of a function with a body, by that function's diagnoser.
void diagnose_goal(FunctionDiagnoser &function, GoalDiagnosis &d) {
  const auto start = Clock::now();
  if (d.verdict == Verdict::SubcontractWeakness) {
    function.look_for_nc(d);
  } else {
    d.verdict = Verdict::Unknown;
    d.strategy = "test";
    function.diagnose(d);
  }
  d.time_ms += std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

} // namespace

// The goals of one function share its searches, so they are diagnosed in turn; functions are
// independent and are diagnosed `jobs` at a time, each writing only its own goals.
void TestStrategy::diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<size_t>> by_name;
  for (size_t i = 0; i < goals.size(); ++i) {
    const GoalDiagnosis &d = goals[i];
    if (d.result.status != vcgen::Status::Failed || d.verdict == Verdict::NonCompliance) continue;
    auto [it, fresh] = by_name.try_emplace(d.result.goal.function);
    if (fresh) order.push_back(it->first);
    it->second.push_back(i);
  }
  ir::parallel_for(order.size(), ctx.options.jobs, [&](size_t k) {
    const std::vector<size_t> &mine = by_name.at(order[k]);
    std::vector<ir::GoalRef> wanted;
    std::ranges::transform(mine, std::back_inserter(wanted),
                           [&](size_t i) { return goals[i].result.goal; });
    std::optional<FunctionDiagnoser> function;
    if (const ir::Function *f = ctx.program.function(order[k]); f && f->body)
      function.emplace(ctx, *f, std::move(wanted), non_compliant_annotations(goals, order[k]));
    if (function)
      for (const GoalDiagnosis &d : goals)
        if (d.result.goal.function == order[k]) function->learn(d);
    for (size_t i : mine) {
      GoalDiagnosis &d = goals[i];
      if (ctx.options.past_deadline()) {
        note_once(d, deadline_note);
      } else if (!function && d.result.goal.kind == ir::GoalKind::Lemma &&
                 ctx.options.small_scope) {
        const auto start = Clock::now();
        test_lemma(ctx.program, ctx.options, d);
        d.time_ms +=
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
      } else if (!function) {
        d.strategy = "test";
        d.notes.push_back("a lemma has no run to test");
        d.nc_search = NcSearch::NotRun;
      } else {
        diagnose_goal(*function, d);
        function->learn(d);
      }
    }
  });
}

} // namespace triage::classify
