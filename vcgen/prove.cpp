// The prover session: VCs generated once, each goal checked by Z3, cvc5 or both in turn (the
// first definitive answer wins), models of failed goals read back as counterexamples.
#include "vcgen/prove.hpp"

#include "vcgen/model.hpp"
#include "vcgen/solver.hpp"
#include "vcgen/vc.hpp"

#include <chrono>

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

std::vector<Term> query(const GoalVC &vc, std::vector<Term> extra) {
  std::vector<Term> q = vc.hyps;
  q.push_back(mk_not(vc.obligation));
  q.insert(q.end(), extra.begin(), extra.end());
  return q;
}

/// A model in the presentable input shape when one exists, else the model `first` holds.
std::optional<ir::Counterexample> model_of(const GoalVC &vc, Backend &first, Prover which,
                                           const ProveOptions &o, std::vector<Term> extra) {
  if (vc.info && vc.info->presentation && !is_true(vc.info->presentation)) {
    auto b = make_backend(which);
    extra.push_back(vc.info->presentation);
    Answer a = b->check(query(vc, extra), o.timeout_s, o.seed);
    if (a != Answer::Unsat && b->has_model()) return read_counterexample(*b, vc);
  }
  if (first.has_model()) return read_counterexample(first, vc);
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

std::vector<GoalResult> Session::prove_all() {
  std::vector<GoalResult> out;
  const ProveOptions &o = impl_->opts;
  for (const auto &vc : impl_->vcs) {
    GoalResult r;
    r.goal = vc.ref;
    auto t0 = std::chrono::steady_clock::now();
    std::unique_ptr<Backend> kept;
    Prover kept_which = Prover::Z3;
    for (Prover which : order(o.prover)) {
      auto b = make_backend(which);
      Answer a = b->check(query(vc, {}), o.timeout_s, o.seed);
      r.answer = answer_name(a);
      r.prover = b->name();
      if (a == Answer::Unsat) {
        r.status = Status::Proved;
        kept.reset();
        break;
      }
      r.status = Status::Failed;
      if (b->has_model() || !kept) {
        kept = std::move(b);
        kept_which = which;
      }
      if (a == Answer::Sat) break;
    }
    if (r.status == Status::Failed && kept) r.model = model_of(vc, *kept, kept_which, o, {});
    r.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<ir::Counterexample>
Session::another_model(size_t index, Prover prover, unsigned seed,
                       const std::vector<ir::Counterexample> &exclude) {
  if (index >= impl_->vcs.size()) return std::nullopt;
  const GoalVC &vc = impl_->vcs[index];
  ProveOptions o = impl_->opts;
  o.seed = seed;
  std::vector<Term> extra;
  for (const auto &cx : exclude)
    extra.push_back(mk_not(inputs_equal(vc, cx)));
  for (Prover which : order(prover)) {
    auto b = make_backend(which);
    Answer a = b->check(query(vc, extra), o.timeout_s, o.seed);
    if (a == Answer::Unsat) return std::nullopt;
    if (b->has_model()) return model_of(vc, *b, which, o, extra);
  }
  return std::nullopt;
}

} // namespace triage::vcgen
