// One small interface over the SMT solvers. A Backend lives for one query: it translates the
// assertions, checks them under a time limit (and, when asked, a limit of solver work) and a
// fixed seed, and then evaluates terms in the model it found (when it found one).
#pragma once

#include "term/term.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace triage::solver {

using ir::BigInt;
using term::Term;

/// Timeout: the wall-clock limit ended the check; ResourceOut: the limit of solver work did.
enum class Answer { Sat, Unsat, Unknown, Timeout, ResourceOut };
/// The names of the answers, in the order of the enumerators (the one table).
inline constexpr std::array<const char *, 5> answer_names{"sat", "unsat", "unknown", "timeout",
                                                          "resource_limit"};
static_assert(size_t(Answer::ResourceOut) + 1 == answer_names.size());
inline const char *answer_name(Answer a) {
  return answer_names[size_t(a)];
}

/// Debugging and calibration aid: with TRIAGE_SOLVER_STATS=FILE, each check of the proof
/// attempts appends "SOLVER ANSWER UNITS CPU_S WALL_S" to FILE (bench/calibrate_rlimit.py).
void record_check(const char *solver, Answer a, uint64_t units, double cpu_s, double wall_s);
/// Whether TRIAGE_SOLVER_STATS is set (reading the units a check spent costs a little).
bool recording_checks();
/// The CPU time of the calling thread, in seconds.
double thread_cpu_seconds();

/// Whether a limit (of time or of work) ended the check.
inline bool out_of_budget(Answer a) {
  return a == Answer::Timeout || a == Answer::ResourceOut;
}

/// A check's seconds are its processor time (its thread's, or its child process's): on a loaded
/// machine a check that waited for the processor gets its seconds all the same, so that the
/// answer does not depend on the load; but it never lasts more than this many times its seconds.
inline constexpr double kProcessorStretch = 3;

/// What a check may spend. Solver work is counted in each solver's own resource units, which
/// depend on the query alone, not on the load of the machine: the limit that normally decides.
/// It is given in seconds of work of the reference machine (Backend::set_work), 0 for no limit
/// of work. Wall-clock seconds are a backstop for the work a solver does not count.
struct Budget {
  double seconds = 2.0;
  double work_s = 0;
  /// The fraction `f` of both limits.
  Budget share(double f) const { return {seconds * f, work_s * f}; }
};

/// No solver to be had: Z3 refuses new contexts near its memory cap (z3_backend.cpp). A check
/// or a search that cannot start is undecided, never an error of the user's input.
class SolverUnavailable : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// Bounds the following checks by solver work too: `work_s` seconds of the reference machine
  /// (bench/calibrate_rlimit.py), in the solver's resource units; 0, by time alone.
  virtual void set_work(double work_s) { (void)work_s; }
  /// The work the last check spent while bounded by set_work, in seconds of the reference
  /// machine (its resource units at the same rate); 0 when not counted. The test generator
  /// counts its searches' work with it.
  virtual double last_work_s() const { return 0; }
  /// Checks the conjunction of `assertions`.
  virtual Answer check(const std::vector<Term> &assertions, double timeout_s, unsigned seed) = 0;
  /// Incremental use (the test generator): assertions added stay for the following checks until
  /// the scope they were added in is popped. This default keeps them and checks them all at
  /// once; a back end may do better.
  virtual void push() { scopes_.emplace_back(); }
  virtual void pop() {
    if (!scopes_.empty()) scopes_.pop_back();
  }
  virtual void add(const Term &t) {
    if (scopes_.empty()) scopes_.emplace_back();
    scopes_.back().push_back(t);
  }
  /// Checks what was added, with `assumption` (a boolean constant, or null) assumed true: when
  /// the answer is unsat, assumption_needed() says whether the assumption took part in it.
  virtual Answer check_added(double timeout_s, unsigned seed, const Term &assumption = nullptr) {
    std::vector<Term> all;
    for (const auto &s : scopes_)
      all.insert(all.end(), s.begin(), s.end());
    if (assumption) all.push_back(assumption);
    return check(all, timeout_s, seed);
  }
  /// After an unsat check_added: whether its assumption was needed (true when not known).
  virtual bool assumption_needed() const { return true; }
  /// Whether the last check left a model to evaluate in (sat, or unknown with a candidate model).
  virtual bool has_model() const = 0;
  /// False when reading the model ran out of its time (a solver's evaluation of a term can grow
  /// without bound): the values read are then defaults, not the model's.
  virtual bool model_complete() const { return true; }
  /// Stops a check running in another thread (it answers timeout), or the next one to start.
  /// Safe to call from any thread; a back end that cannot be interrupted ignores it.
  virtual void interrupt() {}
  /// Values in the model; nullopt when the term cannot be evaluated.
  virtual std::optional<BigInt> eval_int(const Term &t) = 0;
  virtual std::optional<bool> eval_bool(const Term &t) = 0;

private:
  std::vector<std::vector<Term>> scopes_;
};

std::unique_ptr<Backend> make_z3_backend();
std::unique_ptr<Backend> make_cvc5_backend();

/// While one lives, the Z3 contexts this thread's back ends use are reused within it only (one
/// goal, one function's searches), never across scopes: a reused context answers with other
/// models than a fresh one, so the work done in a scope does not depend on what the thread did
/// before (z3_backend.cpp). Scopes nest: the innermost is in force.
class ContextScope {
public:
  ContextScope();
  ~ContextScope();
  ContextScope(const ContextScope &) = delete;
  ContextScope &operator=(const ContextScope &) = delete;

  struct Free; ///< the contexts free for reuse in this scope
  /// The free contexts of this thread's innermost scope; nullptr outside any.
  static Free *current();

private:
  std::unique_ptr<Free> free_;
  ContextScope *outer_;
};

} // namespace triage::solver
