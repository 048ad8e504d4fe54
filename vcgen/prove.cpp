// The prover session: VCs generated once, each goal checked by Z3, cvc5 or both in turn (the
// first definitive answer wins), models of failed goals read back as counterexamples.
#include "vcgen/prove.hpp"

#include "vcgen/model.hpp"
#include "vcgen/solver.hpp"

#include "vcgen/vc.hpp"
#include <algorithm>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

namespace triage::vcgen {

const char *prover_name(Prover p) {
  switch (p) {
  case Prover::Z3:
    return "z3";
  case Prover::Cvc5:
    return "cvc5";
  case Prover::Portfolio:
    return "portfolio";
  }
  return "?";
}

namespace {

std::unique_ptr<Backend> make_backend(Prover p) {
  return p == Prover::Cvc5 ? make_cvc5_backend() : make_z3_backend();
}

std::vector<Prover> order(Prover p) {
  if (p == Prover::Portfolio) return {Prover::Cvc5, Prover::Z3};
  return {p};
}

std::vector<Term> query(const GoalVC &vc, std::vector<Term> extra, bool lemmas = true) {
  std::vector<Term> q = vc.hyps;
  if (lemmas) q.insert(q.end(), vc.lemma_hyps.begin(), vc.lemma_hyps.end());
  q.push_back(mk_not(vc.obligation));
  q.insert(q.end(), extra.begin(), extra.end());
  return q;
}

/// The per-call timeout, shortened so that no call runs past the deadline.
double timeout_within_deadline(const ProveOptions &o) {
  if (!o.deadline) return o.timeout_s;
  const double left =
      std::chrono::duration<double>(*o.deadline - std::chrono::steady_clock::now()).count();
  return std::clamp(left, 0.001, o.timeout_s);
}

/// What the attempts so far learnt about the base query (the goal without lemmas, with the
/// constraints asked for): which solvers ran it, and a definite model if one answered sat.
/// Asking the same solver the same query with the same seed again would only repeat its answer.
struct BaseQuery {
  std::set<Prover> tried;
  std::set<Prover> undecided; ///< ran out of time (or answered unknown) on the base query
  std::unique_ptr<Backend> sat;
};

/// The counterexample of a backend's model, unless reading it ran out of time.
std::optional<ir::Counterexample> read_model(Backend &b, const GoalVC &vc) {
  ir::Counterexample cx = read_counterexample(b, vc);
  if (!b.model_complete()) return std::nullopt;
  return cx;
}

/// A model of a failed goal. Lemmas are left out (a run does not rely on them) and the inputs
/// are first asked to take a presentable shape (each pointer parameter at the start of a block
/// of its own); only a definitive sat answer is trusted, with `fallback` (a candidate model of
/// an unknown answer) as the last resort. Only `solvers` are asked.
std::optional<ir::Counterexample> model_of(const GoalVC &vc, Backend *fallback,
                                           const ProveOptions &o, const std::vector<Term> &extra,
                                           const BaseQuery &base,
                                           const std::vector<Prover> &solvers) {
  auto ask = [&](Prover which,
                 const std::vector<Term> &shape) -> std::optional<ir::Counterexample> {
    auto b = make_backend(which);
    Answer a = b->check(query(vc, shape, false), timeout_within_deadline(o), o.seed);
    if (a == Answer::Sat && b->has_model()) return read_model(*b, vc);
    return std::nullopt;
  };
  if (vc.info && vc.info->presentation && !is_true(vc.info->presentation)) {
    std::vector<Term> shape = extra;
    shape.push_back(vc.info->presentation);
    // A solver that ran out of time on the base query would, with more constraints, most often
    // only spend its timeout again: each failed goal paid it twice.
    for (Prover which : solvers)
      if (!base.undecided.count(which))
        if (auto m = ask(which, shape)) return m;
  }
  if (base.sat)
    if (auto m = read_model(*base.sat, vc)) return m;
  for (Prover which : solvers)
    if (!base.tried.count(which))
      if (auto m = ask(which, extra)) return m;
  if (fallback && fallback->has_model()) return read_model(*fallback, vc);
  return std::nullopt;
}

} // namespace

struct Session::Impl {
  const ir::Program &prog;
  ProveOptions opts;
  std::vector<GoalVC> vcs;
};

Session::Session(const ir::Program &p, ProveOptions opts)
    : impl_(std::make_unique<Impl>(Impl{p, opts, {}})) {
  impl_->vcs = generate_vcs(p, VcOptions{opts.function, opts.rte});
}

Session::~Session() = default;

namespace {
/// One goal: each solver in turn, without lemmas then with them; a model when it fails.
GoalResult prove_one(const GoalVC &vc, const ProveOptions &o) {
  GoalResult r;
  r.goal = vc.ref;
  auto t0 = std::chrono::steady_clock::now();
  if (o.deadline && t0 >= *o.deadline) {
    r.answer = "not_run";
    return r;
  }
  std::unique_ptr<Backend> kept;
  BaseQuery plain;
  // Without the lemmas first (they often drown the solvers), then with them.
  std::vector<std::pair<Prover, bool>> attempts;
  for (bool lemmas : {false, true})
    if (lemmas || !vc.lemma_hyps.empty())
      for (Prover which : order(o.prover))
        attempts.push_back({which, lemmas || vc.lemma_hyps.empty()});
  for (auto [which, lemmas] : attempts) {
    auto b = make_backend(which);
    Answer a = b->check(query(vc, {}, lemmas), timeout_within_deadline(o), o.seed);
    // A failed goal reports its most telling answer: a solver's sat outranks a later timeout.
    if (a == Answer::Unsat || r.answer != "sat") {
      r.answer = answer_name(a);
      r.prover = b->name();
    }
    if (a == Answer::Unsat) {
      r.status = Status::Proved;
      kept.reset();
      break;
    }
    r.status = Status::Failed;
    const bool done = a == Answer::Sat && lemmas;
    const bool is_plain = !lemmas || vc.lemma_hyps.empty();
    if (is_plain) plain.tried.insert(which);
    if (is_plain && a != Answer::Sat) plain.undecided.insert(which);
    if (is_plain && a == Answer::Sat && b->has_model() && !plain.sat)
      plain.sat = std::move(b);
    else if (b->has_model() || !kept)
      kept = std::move(b);
    if (done) break;
  }
  if (r.status == Status::Failed)
    r.model = model_of(vc, kept.get(), o, {}, plain, {Prover::Z3, Prover::Cvc5});
  r.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  return r;
}

} // namespace

// Goals are independent: with jobs > 1 they are proved by that many threads, each goal by one
// thread with solver instances of its own, and the results land at their goal's index, so the
// output is in program order whatever the interleaving.
std::vector<GoalResult> Session::prove_all() {
  const ProveOptions &o = impl_->opts;
  const auto &vcs = impl_->vcs;
  std::vector<GoalResult> out(vcs.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < vcs.size(); i = next++)
      out[i] = prove_one(vcs[i], o);
  };
  const size_t threads = std::min<size_t>(std::max(1, o.jobs), vcs.size());
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (auto &t : pool)
    t.join();
  return out;
}

std::optional<ir::Counterexample>
Session::another_model(size_t index, Prover prover, unsigned seed,
                       const std::vector<ir::Counterexample> &exclude,
                       std::optional<std::chrono::steady_clock::time_point> until) {
  if (index >= impl_->vcs.size()) return std::nullopt;
  const GoalVC &vc = impl_->vcs[index];
  ProveOptions o = impl_->opts;
  o.seed = seed;
  if (until && (!o.deadline || *until < *o.deadline)) o.deadline = until;
  if (o.deadline && std::chrono::steady_clock::now() >= *o.deadline) return std::nullopt;
  std::vector<Term> extra;
  for (const auto &cx : exclude)
    extra.push_back(mk_not(inputs_equal(vc, cx)));
  // Only the solvers asked for: a further model is one more attempt, not a new portfolio.
  const std::vector<Prover> solvers = order(prover);
  BaseQuery base;
  std::unique_ptr<Backend> fallback;
  for (Prover which : solvers) {
    auto b = make_backend(which);
    Answer a = b->check(query(vc, extra), timeout_within_deadline(o), o.seed);
    base.tried.insert(which);
    if (a == Answer::Unsat) return std::nullopt;
    if (a == Answer::Sat && b->has_model()) {
      base.sat = std::move(b);
      break;
    }
    base.undecided.insert(which);
    if (b->has_model() && !fallback) fallback = std::move(b);
  }
  if (!base.sat && !fallback) return std::nullopt;
  return model_of(vc, fallback.get(), o, extra, base, solvers);
}

} // namespace triage::vcgen
