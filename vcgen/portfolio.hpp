// A portfolio check: one query given to several solvers at the same time. Which answer wins
// does not depend on which solver was faster (the same report on any machine): Z3's definitive
// answer (sat or unsat) within its work, else cvc5's. Z3 runs in this process, where it can be
// interrupted; cvc5 (1.0) has no way to be stopped, so in a race it runs in a child process of
// its own, which is killed when Z3 decides and sends back its answer and, when it has one, its
// model read as a counterexample.
#pragma once

#include "ir/counterexample.hpp"
#include "vcgen/prover.hpp"
#include "solver/solver.hpp"
#include "vcgen/vc.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace triage::vcgen {

// The prover asks the solvers through their one interface.
using namespace triage::solver;

std::unique_ptr<Backend> make_backend(Prover p);

/// The solvers of a prover choice, in the order ties go: {cvc5, z3} for the portfolio.
std::vector<Prover> solvers_of(Prover p);

/// A candidate counterexample of a failed check: still in the solver that found it (read on
/// demand: reading can cost as much as solving), or already read (by a child process).
class Candidate {
public:
  Candidate() = default;
  explicit Candidate(std::unique_ptr<Backend> live) : live_(std::move(live)) {}
  explicit Candidate(ir::Counterexample read) : read_(std::move(read)) {}
  bool empty() const { return !(live_ && live_->has_model()) && !read_; }
  /// The counterexample, unless reading it ran out of time.
  std::optional<ir::Counterexample> read(const GoalVC &vc);

private:
  std::unique_ptr<Backend> live_;
  std::optional<ir::Counterexample> read_;
};

struct Outcome {
  Answer answer = Answer::Unknown; ///< the winner's, or the best of the undecided ones
  Prover prover = Prover::Z3;      ///< whose answer it is
  std::set<Prover> undecided;      ///< solvers that ran to the end without deciding
  Candidate model;                 ///< the winner's model (sat), or a candidate of an undecided one
};

/// The time (or work, ProveOptions::work_s) cvc5 has alone at the start of a race: most goals
/// take it milliseconds.
inline constexpr double kQuickSlice = 0.2;

/// Whether an answer decides the query (sat or unsat).
inline bool definitive(Answer a) {
  return a == Answer::Sat || a == Answer::Unsat;
}

/// Checks `query` with every solver of `solvers` at once (in this thread when there is one).
/// `vc` says how to read a model as a counterexample. Each solver may spend the work of
/// `budget`; none runs past its seconds, plus a short grace for a child to read its model. With
/// Z3 and cvc5, cvc5 first has the `quick` budget alone in this process: what it decides then
/// needs no race. The race keeps its order; which solvers decide within their work does not
/// depend on the load, only which of them answers first does.
Outcome race(const std::vector<Term> &query, const std::vector<Prover> &solvers, Budget budget,
             unsigned seed, const GoalVC &vc, Budget quick);
/// The same bounded by time alone.
Outcome race(const std::vector<Term> &query, const std::vector<Prover> &solvers, double timeout_s,
             unsigned seed, const GoalVC &vc, double quick_s = kQuickSlice);

/// While one lives, the checks of this thread end by `stop` (the run's --deadline), give or take
/// a tenth of a second: the grace a Z3 check that ignores its interrupt otherwise gets (two
/// seconds, so that it is rarely abandoned to burn a core) shrinks to what is left until then.
class HardStop {
public:
  explicit HardStop(std::optional<std::chrono::steady_clock::time_point> stop);
  ~HardStop();
  HardStop(const HardStop &) = delete;
  HardStop &operator=(const HardStop &) = delete;

private:
  std::optional<std::chrono::steady_clock::time_point> outer_;
};

/// Whether a Z3 check that ignored its interrupt was left running (portfolio.cpp): the process
/// must then end with std::_Exit, not run static destructors under it.
bool solver_abandoned();

} // namespace triage::vcgen
