// Z3's contexts and time (z3_context.hpp).
#include "solver/z3_context.hpp"

#include <algorithm>
#include <climits>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include <unistd.h>

namespace triage::solver {

struct ContextScope::Free : std::vector<std::unique_ptr<z3::context>> {};

namespace {
thread_local ContextScope *innermost = nullptr;
} // namespace

ContextScope::ContextScope() : free_(std::make_unique<Free>()), outer_(innermost) {
  innermost = this;
}
ContextScope::~ContextScope() {
  innermost = outer_;
}
ContextScope::Free *ContextScope::current() {
  return innermost ? innermost->free_.get() : nullptr;
}

namespace {

/// A new context. The cap counts the memory of every context, and a check abandoned because Z3
/// did not heed an interrupt leaks its own (portfolio.cpp): past the cap Z3_mk_context returns
/// null, on which z3::context's constructor crashed (ACSL by Example's merge.c, docs/history.md,
/// 2026-11-25). Refused near the cap instead, by an exception its callers take as undecided.
std::unique_ptr<z3::context> new_context() {
  if (Z3_get_estimated_alloc_size() >= uint64_t(kMemoryCapMb) * 1024 * 1024 * 9 / 10)
    throw SolverUnavailable("Z3's memory cap is reached: no new context");
  return std::make_unique<z3::context>();
}

} // namespace

unsigned rlimit_of(double work_s) {
  if (work_s <= 0) return 0;
  return unsigned(std::clamp(work_s * kUnitsPerSecond, 1.0, double(UINT_MAX)));
}

std::unique_ptr<z3::context> ContextPool::take() {
  if (ContextScope::Free *scoped = ContextScope::current()) {
    if (scoped->empty()) return new_context();
    auto c = std::move(scoped->back());
    scoped->pop_back();
    return c;
  }
  ContextPool &p = instance();
  std::lock_guard<std::mutex> lock(p.m_);
  if (p.free_.empty()) return new_context();
  auto c = std::move(p.free_.back());
  p.free_.pop_back();
  return c;
}

void ContextPool::give(std::unique_ptr<z3::context> c) {
  if (ContextScope::Free *scoped = ContextScope::current()) {
    if (scoped->size() < 4) scoped->push_back(std::move(c));
    return;
  }
  ContextPool &p = instance();
  std::lock_guard<std::mutex> lock(p.m_);
  if (p.free_.size() < 16) p.free_.push_back(std::move(c));
}

/// The one thread that fires the process's watchdogs, earliest deadline first.
class WatchdogTimer {
public:
  using Clock = std::chrono::steady_clock;

  /// The timer of this process. A child forked by the portfolio (child_process.cpp) has none of
  /// its parent's threads: it gets a timer of its own on first use (it runs cvc5, which has no
  /// watchdog of ours, so the parent's lock cannot be held across its fork in practice).
  static WatchdogTimer &instance() {
    static std::mutex made;
    static WatchdogTimer *timer = nullptr;
    const std::lock_guard<std::mutex> lock(made);
    if (!timer || timer->pid_ != getpid()) {
      timer = new WatchdogTimer; // never destroyed: its thread waits until the process ends
      std::thread([t = timer] { t->run(); }).detach();
    }
    return *timer;
  }

  void arm(Watchdog &w) {
    const std::lock_guard<std::mutex> lock(m_);
    w.ticket_ = ++tickets_;
    w.armed_ = true;
    const auto at = pending_.emplace(std::pair{w.when_, w.ticket_}, &w).first;
    if (at == pending_.begin()) cv_.notify_one();
  }

  /// Whether `w` fired; it cannot fire after this returns.
  bool disarm(Watchdog &w) {
    const std::lock_guard<std::mutex> lock(m_);
    if (w.armed_) pending_.erase({w.when_, w.ticket_});
    w.armed_ = false;
    return w.fired_;
  }

  bool fired(const Watchdog &w) {
    const std::lock_guard<std::mutex> lock(m_);
    return w.fired_;
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      if (pending_.empty()) {
        cv_.wait(lock);
        continue;
      }
      const auto first = pending_.begin();
      // A copy: the watch may be stopped, and its entry erased, while this waits.
      const Clock::time_point when = first->first.first;
      if (Clock::now() < when) {
        cv_.wait_until(lock, when);
        continue;
      }
      Watchdog &w = *first->second;
      pending_.erase(first);
      if (const auto more = processor_time_left(w)) { // it waited for the processor: not yet
        w.when_ = std::min(w.hard_, Clock::now() + *more);
        pending_.emplace(std::pair{w.when_, w.ticket_}, &w);
        continue;
      }
      w.armed_ = false;
      w.fired_ = true;
      w.ctx_.interrupt();
    }
  }

  /// How much longer the watch's thread may run, when it has used less processor time than its
  /// seconds and its hard stop has not come; nullopt when it is time to interrupt.
  static std::optional<Clock::duration> processor_time_left(const Watchdog &w) {
    timespec t{};
    if (!w.cpu_clock_ || Clock::now() >= w.hard_ || ::clock_gettime(*w.cpu_clock_, &t) != 0)
      return std::nullopt;
    const double left = w.cpu_limit_s_ - (double(t.tv_sec) + double(t.tv_nsec) * 1e-9);
    if (left <= 0) return std::nullopt;
    return std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(std::max(0.01, left)));
  }

  const pid_t pid_ = getpid();
  std::mutex m_;
  std::condition_variable cv_;
  uint64_t tickets_ = 0;
  std::map<std::pair<Clock::time_point, uint64_t>, Watchdog *> pending_;
};

Watchdog::Watchdog(z3::context &ctx, double seconds)
    : ctx_(ctx), timer_(WatchdogTimer::instance()) {
  // At most about four months: a deadline past the clock's range would wrap around.
  const double limit = std::clamp(seconds, 0.0, 1e7);
  const auto now = std::chrono::steady_clock::now();
  const auto after = [&](double s) {
    return now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(s));
  };
  when_ = after(limit);
  hard_ = after(std::min(1e7, limit * kProcessorStretch));
  clockid_t clock{};
  timespec t{};
  if (::pthread_getcpuclockid(::pthread_self(), &clock) == 0 && ::clock_gettime(clock, &t) == 0) {
    cpu_clock_ = clock;
    cpu_limit_s_ = double(t.tv_sec) + double(t.tv_nsec) * 1e-9 + limit;
  }
  timer_.arm(*this);
}

bool Watchdog::stop() {
  return timer_.disarm(*this);
}

bool Watchdog::fired() const {
  return timer_.fired(*this);
}

ContextPool &ContextPool::instance() {
  static ContextPool *p = new ContextPool;
  return *p;
}

} // namespace triage::solver
