// The portfolio race: Z3 in this thread, cvc5 in a child process (see portfolio.hpp for why).
#include "vcgen/portfolio.hpp"

#include "vcgen/child_process.hpp"
#include "vcgen/model.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace triage::vcgen {

std::unique_ptr<Backend> make_backend(Prover p) {
  return p == Prover::Cvc5 ? make_cvc5_backend() : make_z3_backend();
}

std::vector<Prover> solvers_of(Prover p) {
  if (p == Prover::Portfolio) return {Prover::Cvc5, Prover::Z3};
  return {p};
}

std::optional<ir::Counterexample> Candidate::read(const GoalVC &vc) {
  if (read_) return read_;
  if (!live_ || !live_->has_model()) return std::nullopt;
  ir::Counterexample cx = read_counterexample(*live_, vc);
  if (!live_->model_complete()) return std::nullopt;
  return cx;
}

namespace {

using Clock = std::chrono::steady_clock;

/// Z3's search on quantified queries is heavy-tailed: with one seed a model comes at once, with
/// another not within the budget (seen on a histogram loop's overflow goal). A first
/// quarter of the budget with `seed`, the rest with the next seed: a restart, as SAT solvers do.
/// With a limit of work, the work is what is split (a restart at a point of the search that the
/// load does not move); the wall-clock backstop is for both checks together.
Answer check_restarting(Backend &b, const std::vector<Term> &query, Budget budget, unsigned seed) {
  // The seconds are processor time (solver::kProcessorStretch): what the first check used of
  // them is this thread's.
  const double cpu0 = solver::thread_cpu_seconds();
  const bool by_work = budget.work_s > 0;
  const Budget first = by_work ? Budget{budget.seconds, budget.work_s / 4} : budget.share(0.25);
  b.set_work(first.work_s);
  const Answer a = b.check(query, first.seconds, seed);
  const double left = budget.seconds - (solver::thread_cpu_seconds() - cpu0);
  if (!out_of_budget(a) || left < 0.05) return a;
  if (by_work && a == Answer::Timeout) return a; // the backstop: it is for both checks
  b.set_work(budget.work_s - first.work_s);
  return b.check(query, left, seed + 1);
}

std::atomic<bool> abandoned{false};

thread_local std::optional<Clock::time_point> hard_stop;

/// How long to wait, past a check's time limit `timeout_s` from now, for Z3 to react to its
/// interrupt: `usual`, but not past the hard stop (at least 0.1 s).
std::chrono::duration<double> reaction_time(double timeout_s, std::chrono::duration<double> usual) {
  if (!hard_stop) return usual;
  const std::chrono::duration<double> to_stop =
      *hard_stop - Clock::now() - std::chrono::duration<double>(timeout_s);
  return std::clamp(to_stop, std::chrono::duration<double>(0.1), usual);
}

/// Z3 here does not always stop when interrupted: some phases of Z3 4.8 look at no cancel flag
/// (a query of ACSL by Example's merge.c ran on long past its limit). So the check runs in
/// a thread of its own; one still running well past its time limit, and after an interrupt, is
/// abandoned and counts as a timeout. Its backend is leaked (the check still uses it) and the
/// process ends without running static destructors under it (vcgen::solver_abandoned).
Answer check_bounded(std::unique_ptr<Backend> &z3, const std::vector<Term> &query, Budget budget,
                     unsigned seed) {
  const double timeout_s = budget.seconds;
  struct Run {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    Answer answer = Answer::Timeout;
  };
  auto run = std::make_shared<Run>();
  Backend *b = z3.get();
  std::thread t([run, b, query, budget, seed] {
    const Answer a = check_restarting(*b, query, budget, seed);
    const std::lock_guard<std::mutex> lock(run->m);
    run->answer = a;
    run->done = true;
    run->cv.notify_all();
  });
  // A quarter of the time limit: the limit is a generous backstop when the work is bounded.
  // The check's seconds are its thread's processor time, within kProcessorStretch times them.
  // Not past the hard stop, though (a diagnosis's deadline): the check is interrupted there.
  double longest_s = timeout_s * solver::kProcessorStretch;
  if (hard_stop)
    longest_s = std::clamp(std::chrono::duration<double>(*hard_stop - Clock::now()).count(),
                           timeout_s, longest_s);
  const auto grace =
      reaction_time(longest_s, std::chrono::duration<double>(std::max(2.0, timeout_s / 4)));
  std::unique_lock<std::mutex> lock(run->m);
  const auto finished = [&] { return run->done; };
  if (!run->cv.wait_for(lock, std::chrono::duration<double>(longest_s) + grace, finished)) {
    b->interrupt();
    if (!run->cv.wait_for(lock, reaction_time(0, std::chrono::seconds(1)), finished)) {
      lock.unlock();
      t.detach();
      (void)z3.release();
      abandoned = true;
      return Answer::Timeout;
    }
  }
  lock.unlock();
  t.join();
  return run->answer;
}

Outcome alone(const std::vector<Term> &query, Prover which, Budget budget, unsigned seed) {
  Outcome o;
  std::unique_ptr<Backend> b;
  try {
    b = make_backend(which);
  } catch (const SolverUnavailable &) { // no Z3 context to be had (its memory cap): undecided
    o.answer = Answer::Unknown;
    o.prover = which;
    o.undecided.insert(which);
    return o;
  }
  b->set_work(budget.work_s);
  o.answer = which == Prover::Z3 ? check_bounded(b, query, budget, seed)
                                 : b->check(query, budget.seconds, seed);
  o.prover = which;
  if (!definitive(o.answer)) o.undecided.insert(which);
  if (b && o.answer != Answer::Unsat && b->has_model()) o.model = Candidate(std::move(b));
  return o;
}

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

/// The seconds from now to `end`, at least a millisecond.
double left(Clock::time_point end) {
  return std::max(0.001, std::chrono::duration<double>(end - Clock::now()).count());
}

/// cvc5 in this process for the `quick` slice of `budget`, where both the race and cvc5 alone
/// begin: most goals take it milliseconds, less than a fork and a Z3 context (with the
/// sanitizers, whose shadow memory a fork copies, many times less). Its outcome when it decided
/// the query, or when the slice is the whole budget (nothing is left to run); else nullopt.
std::optional<Outcome> quick_cvc5(const std::vector<Term> &query, Budget budget, Budget quick,
                                  unsigned seed) {
  quick.seconds = std::min(budget.seconds, quick.seconds);
  const bool whole =
      budget.work_s > 0 ? quick.work_s >= budget.work_s : quick.seconds >= budget.seconds;
  if (quick.seconds <= 0) return std::nullopt;
  Outcome first = alone(query, Prover::Cvc5, quick, seed);
  if (definitive(first.answer) || whole) return first;
  return std::nullopt;
}

/// cvc5 alone in a child process (below).
Outcome cvc5_in_child(const std::vector<Term> &query, Budget budget, unsigned seed,
                      const GoalVC &vc);

/// The quick slice of cvc5 here; then Z3 here and cvc5 in a child, Z3's decision preferred.
Outcome race_z3_cvc5(const std::vector<Term> &query, Budget budget, unsigned seed, const GoalVC &vc,
                     Budget quick) {
  // The slice, the fork and Z3's setup are all part of the time limit: an undecided query costs
  // the limit (and a solver's reaction to being stopped), not more. The work of the slice is
  // not taken from cvc5's work in the race, which starts afresh: what each solver decides
  // within its work does not depend on when the other answered.
  const double timeout_s = budget.seconds;
  const auto end = Clock::now() + seconds(timeout_s);
  if (std::optional<Outcome> first = quick_cvc5(query, budget, quick, seed))
    return std::move(*first);
  const auto rest = [&] { return Budget{left(end), budget.work_s}; };
  // Z3's context before the fork: made after it, it pays for copying the pages it writes.
  std::unique_ptr<Backend> z3;
  try {
    z3 = make_backend(Prover::Z3);
  } catch (const SolverUnavailable &) { // no Z3 context to be had (its memory cap): cvc5 alone
    return cvc5_in_child(query, rest(), seed, vc);
  }
  ChildCheck child(Prover::Cvc5, query, rest(), seed, vc, hard_stop);
  // cvc5 overshoots its time limit a little; reading a model gets as long as Z3's reading.
  const auto answer_by = end + seconds(0.5);
  const double read_budget = std::max(1.0, timeout_s);
  // Z3's answer is preferred: which model the race gives must not depend on which solver was
  // faster this time, or the report would change from one run to the next (the model a
  // diagnosis judges). A definitive answer of Z3 within its work wins, whenever cvc5 answered;
  // cvc5's counts only when Z3 ran out of work (or time) undecided. A proof is the exception: it
  // has no model, and whether the goal is proved is the same whichever solver proves it, so
  // cvc5's unsat stops Z3 at once. Waiting for Z3's work to run out cost a third of the time of
  // ACSL by Example's heap and sorting files, on goals only cvc5 proves (push_heap.c's
  // assertions: 11 to 13 s each); only the `prover` field of a goal both solvers prove depends
  // on which was faster. Meanwhile the child's other answers and model are read, in full
  // (within the backstop), so that they are there whenever Z3 ends undecided.
  Backend *const z3_now = z3.get();
  std::thread watcher([&] {
    child.wait_answer(answer_by);
    if (child.answer() == Answer::Unsat)
      z3_now->interrupt(); // the context, stopped, does not go back to the pool
    else if (child.answer())
      child.wait_model(Clock::now() + seconds(read_budget));
  });
  const Answer za = check_bounded(z3, query, rest(), seed);
  if (definitive(za)) child.stop();
  watcher.join();
  // After a proof, Z3's context is not pooled for the goal's later checks (its well-definedness
  // query): whether cvc5's unsat interrupted it, and where, is a matter of timing, and a context
  // that Z3 searched in answers later queries differently from a fresh one.
  if (z3 && (za == Answer::Unsat || child.answer() == Answer::Unsat)) z3->interrupt();

  Outcome o;
  const std::optional<Answer> ca = child.answer();
  if (definitive(za) || !ca || !definitive(*ca)) {
    o.answer = za;
    o.prover = Prover::Z3;
    if (definitive(za)) {
      if (za == Answer::Sat && z3 && z3->has_model()) o.model = Candidate(std::move(z3));
      // Whether cvc5 had ended by then is a matter of timing: it is not recorded.
      return o;
    }
    o.undecided = {Prover::Z3, Prover::Cvc5};
    if (z3 && z3->has_model())
      o.model = Candidate(std::move(z3));
    else if (child.model())
      o.model = Candidate(std::move(*child.model()));
    return o;
  }
  o.answer = *ca;
  o.prover = Prover::Cvc5;
  // After cvc5's proof, Z3 was most often stopped before its end: not undecided, stopped.
  if (*ca != Answer::Unsat) o.undecided.insert(Prover::Z3);
  if (child.model()) o.model = Candidate(std::move(*child.model()));
  return o;
}

/// cvc5 alone for more than a short while: in a child process, as in the race. cvc5 1.0 has no
/// interrupt and does not always honour its time limit (a model query of ACSL by Example's
/// remove_copy3 ran on, growing, long past it): a child can be stopped.
Outcome cvc5_in_child(const std::vector<Term> &query, Budget budget, unsigned seed,
                      const GoalVC &vc) {
  const double timeout_s = budget.seconds;
  ChildCheck child(Prover::Cvc5, query, budget, seed, vc, hard_stop);
  child.wait_answer(Clock::now() + seconds(timeout_s + 0.5));
  const std::optional<Answer> a = child.answer();
  Outcome o;
  o.prover = Prover::Cvc5;
  o.answer = a ? *a : Answer::Timeout;
  if (!definitive(o.answer)) o.undecided.insert(Prover::Cvc5);
  if (o.answer == Answer::Sat)
    child.wait_model(Clock::now() + seconds(std::max(1.0, timeout_s)));
  else if (a && o.answer != Answer::Unsat)
    child.wait_model(Clock::now() + seconds(0.2));
  if (o.answer != Answer::Unsat && child.model()) o.model = Candidate(std::move(*child.model()));
  child.stop();
  return o;
}

/// cvc5 alone: the quick slice here, as the race begins; what it leaves open, in a child with
/// the whole work afresh, so that what cvc5 decides within that work does not depend on the slice.
Outcome cvc5_quick_then_child(const std::vector<Term> &query, Budget budget, unsigned seed,
                              const GoalVC &vc, Budget quick) {
  const auto end = Clock::now() + seconds(budget.seconds);
  if (std::optional<Outcome> first = quick_cvc5(query, budget, quick, seed))
    return std::move(*first);
  return cvc5_in_child(query, Budget{left(end), budget.work_s}, seed, vc);
}

} // namespace

Outcome race(const std::vector<Term> &query, const std::vector<Prover> &solvers, Budget budget,
             unsigned seed, const GoalVC &vc, Budget quick) {
  const bool both = std::find(solvers.begin(), solvers.end(), Prover::Z3) != solvers.end() &&
                    std::find(solvers.begin(), solvers.end(), Prover::Cvc5) != solvers.end();
  if (both) return race_z3_cvc5(query, budget, seed, vc, quick);
  const Prover which = solvers.empty() ? Prover::Z3 : solvers.front();
  if (which == Prover::Cvc5 && budget.seconds > quick.seconds)
    return cvc5_quick_then_child(query, budget, seed, vc, quick);
  return alone(query, which, budget, seed);
}

Outcome race(const std::vector<Term> &query, const std::vector<Prover> &solvers, double timeout_s,
             unsigned seed, const GoalVC &vc, double quick_s) {
  return race(query, solvers, Budget{timeout_s, 0}, seed, vc, Budget{quick_s, 0});
}

HardStop::HardStop(std::optional<Clock::time_point> stop) : outer_(hard_stop) {
  if (stop && (!hard_stop || *stop < *hard_stop)) hard_stop = stop;
}
HardStop::~HardStop() {
  hard_stop = outer_;
}

bool solver_abandoned() {
  return abandoned;
}

} // namespace triage::vcgen
