// Z3's contexts and time: where contexts come from (the pool, ContextScope), the resource limit
// of a second of work, the watchdog that enforces the wall-clock backstop, and the accounting of
// the work a check spent. Apart from the translation of terms (z3_backend.cpp): these decide
// how long a check lives and what it may reuse, not what it says.
#pragma once

#include "solver/solver.hpp"

#include <z3++.h>

#include <pthread.h>
#include <time.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

namespace triage::solver {

/// Z3's memory cap, in MB (make_z3_backend), below which new contexts are made.
inline constexpr unsigned kMemoryCapMb = 4096;

/// Z3's resource units ("rlimit") in a second of work of the reference machine
/// (bench/calibrate_rlimit.py and docs/prove.md: the units Z3 4.8.12 spends per second of CPU on
/// triage's queries).
inline constexpr double kUnitsPerSecond = 2.5e6;

/// The rlimit of `work_s` seconds of work; 0 (none) for none. Z3 counts a check's units from
/// where its context's count stands, so a reused context gets the same limit as a fresh one.
unsigned rlimit_of(double work_s);

/// Z3 contexts for reuse: creating one costs more than most checks take. Only a context
/// no interrupt ever reached goes back: Z3 4.8 keeps the cancel flag of an interrupt that lands
/// between two of its calls, and cancels the next call with it ("push canceled").
/// A reused context gives other models than a fresh one (its terms are numbered after those it
/// saw before), so inside a `ContextScope` contexts are reused within the scope only: what a goal
/// gets then does not depend on which goals its thread handled before, and `-j N` reports what
/// `-j 1` reports. Outside any scope (`triage dse`, `triage run`) one process-wide pool serves.
/// Pooled contexts are never destroyed: they must not outlive Z3's own state at exit.
class ContextPool {
public:
  static std::unique_ptr<z3::context> take();
  static void give(std::unique_ptr<z3::context> c);

private:
  static ContextPool &instance();
  std::mutex m_;
  std::vector<std::unique_ptr<z3::context>> free_;
};

class WatchdogTimer;

/// Interrupts the context when the time is up (in the processor time of the thread that made
/// the watch, within kProcessorStretch times it in time passed), unless stopped first. One timer
/// thread of the process serves every watch (WatchdogTimer): a thread per check cost more than the
/// small checks of a concolic search, thousands per diagnosis, and each thread start waited on the
/// scheduler of a loaded machine.
class Watchdog {
public:
  Watchdog(z3::context &ctx, double seconds);
  ~Watchdog() { stop(); }
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;
  /// Stops the watch; whether it fired. Once it returns, no interrupt of this watch can land:
  /// the timer interrupts under the lock that stop() takes.
  bool stop();
  bool fired() const;

private:
  friend class WatchdogTimer;
  z3::context &ctx_;
  WatchdogTimer &timer_;
  std::chrono::steady_clock::time_point when_;
  /// The processor clock of the thread that checks, and the seconds it may use: when the time
  /// comes and the thread has used less (it waited for the processor), the watch goes on,
  /// until `hard_` (kProcessorStretch times the seconds).
  std::optional<clockid_t> cpu_clock_;
  double cpu_limit_s_ = 0;
  std::chrono::steady_clock::time_point hard_;
  uint64_t ticket_ = 0;
  bool armed_ = false, fired_ = false; ///< guarded by the timer's lock
};

/// What a check spent, for TRIAGE_SOLVER_STATS and, when `counted` (a check bounded by work),
/// for Backend::last_work_s: Z3 counts resources per context, so the units of a check are the
/// difference of the count around it.
class Spent {
public:
  Spent(z3::solver &s, bool counted)
      : on_(recording_checks()), counted_(counted), units_(on_ || counted ? count(s) : 0),
        cpu_(on_ ? thread_cpu_seconds() : 0), wall_(std::chrono::steady_clock::now()) {}
  /// The units the check spent (0 when not counted).
  uint64_t record(z3::solver &s, Answer a) const {
    if (!on_ && !counted_) return 0;
    const uint64_t units = count(s) - units_;
    if (!on_) return units;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
    record_check("z3", a, units, thread_cpu_seconds() - cpu_, wall);
    return units;
  }

private:
  static uint64_t count(z3::solver &s) {
    const z3::stats st = s.statistics();
    for (unsigned i = 0; i < st.size(); ++i)
      if (st.key(i) == "rlimit count")
        return st.is_uint(i) ? st.uint_value(i) : uint64_t(st.double_value(i));
    return 0;
  }
  bool on_, counted_;
  uint64_t units_;
  double cpu_;
  std::chrono::steady_clock::time_point wall_;
};

} // namespace triage::solver
