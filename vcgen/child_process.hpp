// A solver check run in a child process (the portfolio's cvc5, portfolio.cpp): fork, check,
// report the answer on the first line of a pipe, then the model as JSON. Apart from the race so
// that the race reads as a race; the child's lifetime (kill, wait) is this class's alone.
#pragma once

#include "ir/counterexample.hpp"
#include "solver/solver.hpp"
#include "vcgen/prover.hpp"
#include "vcgen/vc.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace triage::vcgen {

/// A check run by a child process, and what it reported.
class ChildCheck {
public:
  using Clock = std::chrono::steady_clock;

  /// Forks a child that checks `query` with `which` under `budget` and `seed`, and reads a
  /// model back through `vc`. A fork that fails leaves a check that never answers.
  /// `budget.seconds` is counted in the child's processor time, not in time passed: on a loaded
  /// machine (two goals at once on two cores, each racing two solvers) a child that waited for
  /// the processor gets its seconds all the same, so that its answer does not depend on the
  /// load; but never past kStretch times its seconds from now, nor past `stop`.
  ChildCheck(Prover which, const std::vector<term::Term> &query, solver::Budget budget,
             unsigned seed, const GoalVC &vc, std::optional<Clock::time_point> stop = std::nullopt);

  /// How many times its seconds a check may last when it waits for the processor.
  static constexpr double kStretch = solver::kProcessorStretch;
  /// Kills the child (if still running) and waits for it.
  ~ChildCheck();
  ChildCheck(const ChildCheck &) = delete;
  ChildCheck &operator=(const ChildCheck &) = delete;

  /// Stops the child; what it reported so far stays.
  void stop();

  /// Reads the report until its first line (the answer) has come or `until` passed; past
  /// `until`, while the child has used less processor time than its seconds (and the hard stop
  /// has not come).
  void wait_answer(Clock::time_point until);

  /// Reads the rest of the report (the model) until the child ends or `until` passed.
  void wait_model(Clock::time_point until);

  std::optional<solver::Answer> answer() const { return answer_; }
  pid_t pid() const { return pid_; } ///< the child's process, -1 when the fork failed
  std::optional<ir::Counterexample> &model() { return model_; }

private:
  pid_t pid_ = -1;
  int fd_ = -1;
  double cpu_limit_s_ = 0;      ///< the budget's seconds, in the child's processor time
  Clock::time_point hard_stop_; ///< past it, no more waiting, whatever the processor time
  std::string buf_;
  bool eof_ = false;
  std::optional<solver::Answer> answer_;
  std::optional<ir::Counterexample> model_;

  /// One read, waiting at most until `until`; false at the end of the report or of the time.
  bool read_some(Clock::time_point until);
  /// The processor time the child has used, in seconds; nullopt when it cannot be read.
  std::optional<double> cpu_seconds() const;
};

} // namespace triage::vcgen
