// The prover session: VCs generated once, each goal checked by Z3, cvc5 or both at once (the
// first definitive answer wins, vcgen/portfolio.hpp), models of failed goals read back as
// counterexamples.
#include "vcgen/prove.hpp"

#include "solver/solver.hpp"
#include "vcgen/logic.hpp"
#include "vcgen/model.hpp"
#include "vcgen/portfolio.hpp"

#include "ir/parallel_for.hpp"
#include "vcgen/vc.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>

namespace triage::vcgen {

namespace {

/// The hypotheses and the negation of `goal` (by default the whole obligation).
std::vector<Term> query(const GoalVC &vc, std::vector<Term> extra,
                        Lemmas lemmas = Lemmas::SingleState, const Term *goal = nullptr) {
  std::vector<Term> q = vc.hyps;
  if (lemmas != Lemmas::None) q.insert(q.end(), vc.lemma_hyps.begin(), vc.lemma_hyps.end());
  if (lemmas == Lemmas::All)
    q.insert(q.end(), vc.state_lemma_hyps.begin(), vc.state_lemma_hyps.end());
  q.push_back(mk_not(goal && *goal ? *goal : vc.obligation));
  q.insert(q.end(), extra.begin(), extra.end());
  // The property does not mention the switch: its queries are as they were without it (a
  // constant more changes which borderline goals Z3 proves).
  if (vc.run_ordered && goal == &vc.property) std::erase(q, run_order());
  return q;
}

/// query() of `goal` with run_order() off: the definedness of each quantifier to prove asks
/// that every instance's reads be valid, whatever order a run enumerates them in.
std::vector<Term> query_every_instance(const GoalVC &vc, Lemmas lemmas, const Term *goal) {
  std::vector<Term> q = query(vc, {mk_not(run_order())}, lemmas, goal);
  std::erase(q, run_order());
  return q;
}

/// The budget of one call: the options' work and time.
Budget full_budget(const ProveOptions &o) {
  return Budget{o.timeout_s, o.work_s};
}

/// `b` with its time shortened so that no call runs past the deadline.
Budget within_deadline(const ProveOptions &o, Budget b) {
  if (!o.deadline) return b;
  const double left =
      std::chrono::duration<double>(*o.deadline - std::chrono::steady_clock::now()).count();
  b.seconds = std::clamp(left, 0.001, b.seconds);
  return b;
}

/// The per-call budget, its time shortened so that no call runs past the deadline.
Budget budget_within_deadline(const ProveOptions &o) {
  return within_deadline(o, full_budget(o));
}

/// The share of the budget of a query that is most often answered quickly or not at all: a
/// quarter of it, at least half a second (of work, or of time when the work is not bounded).
Budget quick_share(Budget b) {
  const double amount = b.work_s > 0 ? b.work_s : b.seconds;
  if (amount <= 0) return b;
  return b.share(std::min(amount, std::max(0.5, amount / 4)) / amount);
}

/// The budget cvc5 has alone at the start of a race: kQuickSlice of work (of time when the work
/// is not bounded), with time in the proportion of the options' backstop.
Budget quick_slice(const ProveOptions &o) {
  if (o.work_s <= 0) return Budget{kQuickSlice, 0};
  return full_budget(o).share(std::min(1.0, kQuickSlice / o.work_s));
}

/// The share of the query without lemmas when attempts with lemmas follow: a quarter of the
/// budget, at least a second. A goal the lemmas drown (find_end.c's invariant `last`, which Z3
/// proves without them in a second of work and not with them) has no other chance; half a
/// second lost it.
Budget lemma_free_share(Budget b) {
  const double amount = b.work_s > 0 ? b.work_s : b.seconds;
  if (amount <= 0) return b;
  return b.share(std::min(amount, std::max(1.0, amount / 4)) / amount);
}

/// The budget of one attempt: the whole budget, but the lemma-free share for the query without
/// lemmas when attempts with lemmas follow.
Budget attempt_limit(const ProveOptions &o, Lemmas lemmas, size_t attempts) {
  const bool easy_first = lemmas == Lemmas::None && attempts > 1;
  return within_deadline(o, easy_first ? lemma_free_share(full_budget(o)) : full_budget(o));
}

/// What the attempts so far learnt about the base query (the goal without lemmas, with the
/// constraints asked for): which solvers ran it, and a definite model if one answered sat.
/// Asking the same solver the same query with the same seed again would only repeat its answer.
struct BaseQuery {
  std::set<Prover> tried;
  std::set<Prover> undecided; ///< ran out of time (or answered unknown) on the base query
  Candidate sat;
};

/// A model of a failed goal. Lemmas are left out (a run does not rely on them) and the inputs
/// are first asked to take a presentable shape (each pointer parameter at the start of a block
/// of its own); only a definitive sat answer is trusted, with `fallback` (a candidate model of
/// an unknown answer) as the last resort. Only `solvers` are asked.
std::optional<ir::Counterexample> model_of(const GoalVC &vc, Candidate &fallback,
                                           const ProveOptions &o, const std::vector<Term> &extra,
                                           BaseQuery &base, const std::vector<Prover> &solvers) {
  auto ask = [&](const std::vector<Prover> &which,
                 const std::vector<Term> &shape) -> std::optional<ir::Counterexample> {
    if (which.empty()) return std::nullopt;
    Outcome r = race(query(vc, shape, Lemmas::None), which, budget_within_deadline(o), o.seed, vc,
                     quick_slice(o));
    if (r.answer == Answer::Sat) return r.model.read(vc);
    return std::nullopt;
  };
  auto without = [&](const std::set<Prover> &skip) {
    std::vector<Prover> left;
    std::copy_if(solvers.begin(), solvers.end(), std::back_inserter(left),
                 [&](Prover p) { return !skip.count(p); });
    return left;
  };
  if (vc.info && vc.info->presentation && !is_true(vc.info->presentation)) {
    std::vector<Term> shape = extra;
    shape.push_back(vc.info->presentation);
    // A solver that ran out of time on the base query would, with more constraints, most often
    // only spend its timeout again: each failed goal paid it twice.
    if (auto m = ask(without(base.undecided), shape)) return m;
  }
  if (!base.sat.empty())
    if (auto m = base.sat.read(vc)) return m;
  if (auto m = ask(without(base.tried), extra)) return m;
  return fallback.read(vc);
}

/// The options of one further query of a failed goal (a further model, the static check), which
/// comes quickly or not at all: when the solver has none (cvc5 on quantified memory, most
/// often), the whole timeout was spent for nothing, twice per goal in the model strategy. It
/// gets the quick share of the budget, within `until`; nullopt when that time has passed.
std::optional<ProveOptions>
further_query(ProveOptions o, std::optional<std::chrono::steady_clock::time_point> until) {
  const Budget share = quick_share(full_budget(o));
  o.timeout_s = share.seconds;
  o.work_s = share.work_s;
  if (until && (!o.deadline || *until < *o.deadline)) o.deadline = until;
  if (o.deadline && std::chrono::steady_clock::now() >= *o.deadline) return std::nullopt;
  return o;
}

} // namespace

struct Session::Impl {
  const ir::Program &prog;
  ProveOptions opts;
  std::vector<GoalVC> vcs;
};

Session::Session(const ir::Program &p, ProveOptions opts)
    : impl_(std::make_unique<Impl>(Impl{p, opts, {}})) {
  impl_->vcs = generate_vcs(p, VcOptions{opts.function, opts.rte, opts.well_defined});
}

Session::~Session() = default;

std::vector<ir::GoalRef> Session::goals() const {
  std::vector<ir::GoalRef> out;
  std::ranges::transform(impl_->vcs, std::back_inserter(out), &GoalVC::ref);
  return out;
}

namespace {
/// The answer of a goal whose last attempt ended with the solvers' `a`.
GoalAnswer goal_answer(Answer a) {
  switch (a) {
  case Answer::Unsat:
    return GoalAnswer::Unsat;
  case Answer::Sat:
    return GoalAnswer::Sat;
  case Answer::Unknown:
    return GoalAnswer::Unknown;
  case Answer::Timeout:
    return GoalAnswer::Timeout;
  case Answer::ResourceOut:
    return GoalAnswer::ResourceLimit;
  }
  return GoalAnswer::Unknown;
}

/// The result of a goal no solver was asked for (ProveOptions::only, the deadline, the first
/// failure before it).
GoalResult not_run(const GoalVC &vc) {
  GoalResult r;
  r.goal = vc.ref;
  r.answer = GoalAnswer::NotRun;
  return r;
}

/// One goal: the solvers at once, without lemmas then with them; a model when it fails.
/// `stopped`, when given, is asked before each attempt: once it holds, the goal's result is no
/// longer wanted, and it ends not run. (An attempt is not interrupted: a Z3 check that does not
/// heed its interrupt is abandoned, its memory leaked and a core burnt until its work runs out.)
GoalResult prove_one(const GoalVC &vc, const ProveOptions &o,
                     const std::function<bool()> &stopped = nullptr) {
  const ContextScope scope; // first, so that it ends after every back end of the goal
  const HardStop stop(o.deadline);
  GoalResult r;
  r.goal = vc.ref;
  auto t0 = std::chrono::steady_clock::now();
  auto given_up = [&] { return stopped && stopped(); };
  if ((o.deadline && t0 >= *o.deadline) || (o.only && !o.only(vc.ref)) || given_up())
    return not_run(vc);
  if (const char *dump = std::getenv("TRIAGE_VC_DUMP")) // which goal the next queries are
    std::ofstream(dump, std::ios::app)
        << "; goal " << ir::goal_kind_name(vc.ref.kind) << " " << vc.ref.annot_id << "\n";
  const std::vector<Prover> solvers = solvers_of(o.prover);
  Candidate kept;
  BaseQuery plain;
  std::optional<Lemmas> proved_with, defined_with; // the attempts that proved the goal
  // What one attempt learnt; true when no further attempt is needed.
  auto take = [&](Outcome a, Lemmas lemmas) {
    // A failed goal reports its most telling answer: a solver's sat outranks a later timeout.
    if (a.answer == Answer::Unsat || r.answer != GoalAnswer::Sat) {
      r.answer = goal_answer(a.answer);
      r.prover = a.prover;
    }
    if (a.answer == Answer::Unsat) {
      r.status = Status::Proved;
      proved_with = lemmas;
      return true;
    }
    r.status = Status::Failed;
    const bool is_plain =
        lemmas == Lemmas::None || (lemmas == Lemmas::SingleState && vc.lemma_hyps.empty());
    if (is_plain) {
      plain.tried.insert(solvers.begin(), solvers.end());
      plain.undecided = a.undecided;
    }
    if (is_plain && a.answer == Answer::Sat && !a.model.empty())
      plain.sat = std::move(a.model);
    else if (!a.model.empty() || kept.empty())
      kept = std::move(a.model);
    return a.answer == Answer::Sat && lemmas != Lemmas::None;
  };
  std::vector<Lemmas> attempts{Lemmas::SingleState};
  if (!vc.lemma_hyps.empty()) attempts.insert(attempts.begin(), Lemmas::None);
  if (!vc.state_lemma_hyps.empty()) attempts.push_back(Lemmas::All);
  // Each attempt keeps the budget it has among all of them, recipe or not: the recipe repeats
  // the proof it names.
  const size_t attempt_count = attempts.size();
  const std::optional<ProofRecipe> recipe = o.recipe ? o.recipe(vc.ref) : std::nullopt;
  auto only_one = [&](std::optional<Lemmas> level) {
    if (!level || std::find(attempts.begin(), attempts.end(), *level) == attempts.end())
      return attempts;
    return std::vector<Lemmas>{*level};
  };
  // Left out before either list is made: the property's attempts and its definedness's alike.
  if (!recipe && !o.one_state_attempt && attempts.back() == Lemmas::All)
    std::erase(attempts, Lemmas::SingleState);
  const std::vector<Lemmas> defined_attempts = recipe ? only_one(recipe->definedness) : attempts;
  if (recipe) attempts = only_one(recipe->property);
  // The property proved, its well-definedness is a query of its own: in one query, several
  // goals of ACSL by Example that are proved apart timed out (remove_copy3's assertions).
  auto check_defined = [&] {
    if (r.status != Status::Proved || is_true(vc.definedness)) return;
    // An index computed by a logic function may need its lemmas (ACSL by Example's
    // `a[IndexOfNotEqual(a, n, v, k)]`), as the property did.
    Outcome a;
    for (const Lemmas lemmas : defined_attempts) {
      if (given_up()) return;
      a = race(query(vc, {}, lemmas, &vc.definedness), solvers,
               attempt_limit(o, lemmas, attempt_count), o.seed, vc, quick_slice(o));
      if (a.answer == Answer::Unsat) {
        defined_with = lemmas;
        return;
      }
      if (a.answer == Answer::Sat && lemmas != Lemmas::None) break;
    }
    // Undecided: the stronger goal without the run's order, in the quick share (a model of it
    // is no counterexample: only its proof counts).
    if (vc.run_ordered && a.answer != Answer::Sat &&
        race(query_every_instance(vc, Lemmas::None, &vc.definedness), solvers,
             within_deadline(o, quick_share(full_budget(o))), o.seed, vc, quick_slice(o))
                .answer == Answer::Unsat)
      return;
    r.status = Status::Failed;
    r.answer = goal_answer(a.answer);
    r.prover = a.prover;
    plain = BaseQuery{}; // a model of this query is one of the goal's
    if (a.answer == Answer::Sat)
      plain.sat = std::move(a.model);
    else
      kept = std::move(a.model);
  };
  auto finish = [&] {
    check_defined();
    if (given_up()) return not_run(vc);
    if (o.models && r.status == Status::Failed && r.answer != GoalAnswer::Refuted)
      r.model = model_of(vc, kept, o, {}, plain, solvers_of(Prover::Portfolio));
    if (r.status == Status::Proved && proved_with && r.induction.empty())
      r.recipe = ProofRecipe{*proved_with, defined_with};
    r.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    return r;
  };
  // Without the lemmas first (they often drown the solvers), then with them. The first is the
  // easy query: a goal that needs no lemma is most often decided in milliseconds, and one that
  // does would spend the whole timeout there (rgf/R4.c's assertion, decided at once with its
  // lemma); a quarter of the timeout, at least half a second, is its share. Lemmas over several
  // states come last, for the goals still open.
  // A diagnosis first gives the easy query its quick slice alone; a goal still open then, which
  // a run of the program already breaks, could only fail: the long attempts are not made (a
  // mutant's quantified frame costs the whole timeout, its failing run milliseconds). Nor are
  // they made for a goal that relies on a loop contract a run breaks: that contract, or the
  // code that breaks it, is about to change (a mutant whose invariant fails on entry: every goal
  // through the loop paid the long attempts for proofs that may not last).
  size_t first = 0;
  Budget quick = quick_slice(o);
  // Lemmas have no run: they are proved as before.
  if (o.skip_long_attempts && vc.ref.kind != ir::GoalKind::Lemma &&
      budget_within_deadline(o).seconds > quick.seconds) {
    std::optional<Outcome> decided;
    {
      // Z3's context of this race, searched for a fifth of a second, would be the next
      // attempt's, where `triage prove` starts that attempt on a fresh one: a context answers
      // differently once searched in, and a diagnosis must prove what prove proves (find_end.c's
      // borderline invariant did not). Its contexts end with this scope; a decided answer's
      // model (and its context) outlives it, as the same answer's does in prove.
      const ContextScope quick_scope;
      Outcome a =
          race(query(vc, {}, attempts.front(), &vc.property), solvers, quick, o.seed, vc, quick);
      if (definitive(a.answer)) decided = std::move(a);
    }
    if (decided) {
      if (take(std::move(*decided), attempts.front())) return finish();
      first = 1;
    } else if (const SkipLongAttempts skip = o.skip_long_attempts(vc.ref);
               skip != SkipLongAttempts::No) {
      r.status = Status::Failed;
      r.answer = GoalAnswer::Refuted;
      return finish();
    } else {
      quick = Budget{0, 0}; // the first attempt's quick slice is spent
    }
  }
  // A lemma about a recursive definition most often needs induction: each scheme is an
  // obligation of its own, with every lemma before it, in a quick share of the budget. They come
  // right after the easy query: the long attempts of such a lemma would only spend their budget.
  bool induction_tried = recipe.has_value(); // a recipe names its attempts: induction is none
  auto by_induction = [&] {
    induction_tried = true;
    for (const InductionScheme &scheme : vc.induction) {
      if (given_up()) return false;
      Outcome a = race(query(vc, {}, Lemmas::All, &scheme.obligation), solvers,
                       within_deadline(o, quick_share(full_budget(o))), o.seed, vc, quick_slice(o));
      if (a.answer != Answer::Unsat) continue;
      take(std::move(a), Lemmas::All);
      r.induction = scheme.variable;
      return true;
    }
    return false;
  };
  for (size_t k = first; k < attempts.size(); ++k) {
    if (given_up()) return not_run(vc);
    if (k > 0 && !induction_tried && by_induction()) break;
    const Lemmas lemmas = attempts[k];
    Outcome a =
        race(query(vc, {}, lemmas, &vc.property), solvers, attempt_limit(o, lemmas, attempt_count),
             o.seed, vc, k == 0 ? quick : quick_slice(o));
    if (take(std::move(a), lemmas)) break;
  }
  if (!induction_tried && r.status == Status::Failed && r.answer != GoalAnswer::Sat) by_induction();
  return finish();
}

} // namespace

// Goals are independent: with jobs > 1 they are proved by that many threads, each goal by one
// thread with solver instances of its own, and the results land at their goal's index, so the
// output is in program order whatever the interleaving.
std::vector<GoalResult> Session::prove_all() {
  const ProveOptions &o = impl_->opts;
  const auto &vcs = impl_->vcs;
  std::vector<GoalResult> out(vcs.size());
  // With stop_at_failure, the first failure in program order ends the proof: the goals after it
  // are reported not run, whether they ran or not, and those still running stop before their
  // next attempt (find_if_not.c's invariant search: a postcondition ran on 3.6 s past the
  // failure that had decided). Goals start in program order, so each goal before the first failure
  // ran to its end: which goals the caller learns were proved does not depend on the timing.
  std::atomic<size_t> first_failure{vcs.size()};
  ir::parallel_for(vcs.size(), o.jobs, [&](size_t i) {
    const std::function<bool()> after_failure = [&first_failure, i] {
      return first_failure.load() < i;
    };
    out[i] = prove_one(vcs[i], o, o.stop_at_failure ? after_failure : nullptr);
    if (!o.stop_at_failure || out[i].status != Status::Failed ||
        out[i].answer == GoalAnswer::NotRun)
      return;
    size_t seen = first_failure.load();
    while (i < seen && !first_failure.compare_exchange_weak(seen, i)) {
    }
  });
  for (size_t i = first_failure.load() + 1; i < vcs.size(); ++i)
    out[i] = not_run(vcs[i]);
  return out;
}

std::optional<ir::Counterexample>
Session::another_model(size_t index, Prover prover, unsigned seed,
                       const std::vector<ir::Counterexample> &exclude,
                       std::optional<std::chrono::steady_clock::time_point> until) {
  if (index >= impl_->vcs.size()) return std::nullopt;
  const ContextScope scope; // as a goal's proof: its own contexts, the same model for any -j
  const GoalVC &vc = impl_->vcs[index];
  ProveOptions base_options = impl_->opts;
  base_options.seed = seed;
  const std::optional<ProveOptions> quick = further_query(base_options, until);
  if (!quick) return std::nullopt;
  const ProveOptions &o = *quick;
  const HardStop stop(o.deadline);
  std::vector<Term> extra;
  for (const auto &cx : exclude)
    extra.push_back(mk_not(inputs_equal(vc, cx)));
  // Only the solvers asked for: a further model is one more attempt, not a new portfolio.
  const std::vector<Prover> solvers = solvers_of(prover);
  Outcome a =
      race(query(vc, extra), solvers, budget_within_deadline(o), o.seed, vc, quick_slice(o));
  if (a.answer == Answer::Unsat || a.model.empty()) return std::nullopt;
  BaseQuery base;
  base.tried.insert(solvers.begin(), solvers.end());
  base.undecided = a.undecided;
  Candidate fallback;
  if (a.answer == Answer::Sat)
    base.sat = std::move(a.model);
  else
    fallback = std::move(a.model);
  return model_of(vc, fallback, o, extra, base, solvers);
}

namespace {

/// What every run from a goal's inputs that reaches it satisfies, when the contracts on its path
/// are proved: the ranges of the fresh values, and the contract of every site before the goal
/// wherever a run reaches it. The written locations of each site are free constants of the VC,
/// which its contract constrains inside the path condition; without these, a state the contract
/// excludes would satisfy the obligation (path => property) by making the path condition false.
/// Sites after the goal are left out: a run that fails the goal never reaches them (a loop's
/// contract is no fact before its invariant holds on entry).
std::vector<Term> facts_on_the_way(const GoalVC &vc) {
  std::vector<Term> facts = vc.info->fresh_ranges;
  for (size_t k = 0; k < vc.sites_before && k < vc.sites.size(); ++k) {
    const SiteInfo &site = vc.sites[k];
    // Past a loop, the states it leaves in (formula (2): the invariant with the exit condition);
    // inside it, every state of its head, of which a run's first is one: the goal must fail
    // from each, the loop condition included.
    const bool inside = std::ranges::count(vc.enclosing_sites, k) > 0;
    facts.push_back(
        mk_implies(site.reach, inside ? site.assumed : mk_and(site.assumed, site.exit)));
  }
  return facts;
}

/// The names of the constants a run's inputs fix: parameters and globals, initial heap,
/// lengths and blocks, and whatever the entry facts and the hypotheses (logic constants) name.
std::set<std::string> input_constants(const GoalVC &vc) {
  const FunctionInfo &info = *vc.info;
  std::vector<Term> fixed{info.entry, info.len};
  for (const NamedVal &in : info.inputs)
    fixed.push_back(in.v.t);
  for (const auto &[key, heap] : info.heap0)
    fixed.push_back(heap);
  for (const BlockInfo &b : info.blocks)
    fixed.push_back(b.block);
  fixed.insert(fixed.end(), vc.hyps.begin(), vc.hyps.end());
  std::set<std::string> names;
  for (const Term &c : free_constants(fixed))
    names.insert(c->name);
  return names;
}

} // namespace

std::optional<bool>
Session::fails_for_every_output(size_t index, const ir::Counterexample &inputs,
                                std::optional<std::chrono::steady_clock::time_point> until) {
  if (index >= impl_->vcs.size()) return std::nullopt;
  const GoalVC &vc = impl_->vcs[index];
  if (!vc.info) return std::nullopt; // a lemma has no inputs
  const ContextScope scope;          // as a goal's proof: its own contexts
  // Answered quickly or not at all, as a further model.
  const std::optional<ProveOptions> quick = further_query(impl_->opts, until);
  if (!quick) return std::nullopt;
  const ProveOptions &o = *quick;
  const HardStop stop(o.deadline);
  const std::vector<Prover> solvers = solvers_of(o.prover);
  // The inputs, with the facts every run starts from (the precondition, the allocation bound,
  // which the path condition holds too), and what every run satisfies on its way to the goal.
  std::vector<Term> given{inputs_equal(vc, inputs), vc.info->entry};
  const std::vector<Term> facts = facts_on_the_way(vc);
  given.insert(given.end(), facts.begin(), facts.end());
  // Satisfiable: some state the contracts allow reaches the goal and satisfies it, or does not
  // reach it. No lemma is assumed: the hypotheses left are the axioms and definitions.
  std::vector<Term> holds = vc.hyps;
  holds.insert(holds.end(), given.begin(), given.end());
  holds.push_back(vc.obligation);
  const Outcome a = race(holds, solvers, budget_within_deadline(o), o.seed, vc, quick_slice(o));
  if (a.answer == Answer::Sat) return false;
  if (a.answer != Answer::Unsat) return std::nullopt;
  // Unsat must not come from hypotheses that contradict the inputs (an axiom, inputs read back
  // from the model wrongly, contracts that exclude every state): the same inputs and contracts
  // must fail the goal for some outputs.
  const Outcome fails = race(query(vc, given, Lemmas::None), solvers, budget_within_deadline(o),
                             o.seed, vc, quick_slice(o));
  if (fails.answer == Answer::Sat) return true;
  return std::nullopt;
}

std::optional<ir::Counterexample> Session::inputs_failing_for_every_output(
    size_t index, std::optional<std::chrono::steady_clock::time_point> until) {
  if (index >= impl_->vcs.size()) return std::nullopt;
  const GoalVC &vc = impl_->vcs[index];
  if (!vc.info) return std::nullopt;
  const ContextScope scope;
  const std::optional<ProveOptions> quick = further_query(impl_->opts, until);
  if (!quick) return std::nullopt;
  const ProveOptions &o = *quick;
  const HardStop stop(o.deadline);
  // exists inputs. entry(inputs) and (forall outputs. facts => not obligation), where the
  // outputs are every other constant of the facts and the obligation (the written locations
  // of the sites on the way, the fresh values); and the goal does fail for some outputs
  // (with the free constants themselves), lest facts that exclude every state decide it.
  const std::vector<Term> facts = facts_on_the_way(vc);
  const Term every_output_fails = mk_implies(mk_and(facts), mk_not(vc.obligation));
  const std::set<std::string> fixed = input_constants(vc);
  std::map<std::string, Term> to_bound;
  std::vector<Term> bound;
  for (const Term &c : free_constants({every_output_fails})) {
    if (fixed.count(c->name)) continue;
    bound.push_back(mk_bound("out!" + c->name, c->sort));
    to_bound.emplace(c->name, bound.back());
  }
  // Without outputs, the inputs of any model are as good: the caller has tried those.
  if (bound.empty()) return std::nullopt;
  std::vector<Term> q = vc.hyps;
  q.push_back(vc.info->entry);
  q.push_back(mk_forall(bound, replace_constants(every_output_fails, to_bound)));
  q.insert(q.end(), facts.begin(), facts.end());
  q.push_back(mk_not(vc.obligation));
  Outcome a = race(q, solvers_of(o.prover), budget_within_deadline(o), o.seed, vc, quick_slice(o));
  if (a.answer != Answer::Sat || a.model.empty()) return std::nullopt;
  return a.model.read(vc);
}

} // namespace triage::vcgen
