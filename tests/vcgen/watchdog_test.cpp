// The watchdogs of Z3 checks share one timer thread (solver/z3_context.hpp): each watch fires at
// its own deadline whatever the others', a stopped watch never fires, and a firing interrupts
// the check of its context.
#include "solver/z3_context.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace triage::solver {
namespace {

using namespace std::chrono_literals;

/// Waits (at most `limit`) until `w` fired: the deadlines here are short, the limit a backstop.
bool fires_within(const Watchdog &w, std::chrono::seconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!w.fired() && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(1ms);
  return w.fired();
}

TEST(Watchdog, AWatchStoppedBeforeItsDeadlineNeverFires) {
  z3::context ctx;
  Watchdog w(ctx, 60);
  EXPECT_FALSE(w.stop());
  EXPECT_FALSE(w.fired());
  EXPECT_FALSE(w.stop()); // stopping twice is harmless
}

TEST(Watchdog, AWatchFiresAtItsDeadline) {
  z3::context ctx;
  Watchdog w(ctx, 0.01);
  EXPECT_TRUE(fires_within(w, 30s));
  EXPECT_TRUE(w.stop());
}

TEST(Watchdog, AnEarlierDeadlineFiresWhileALaterOneWaits) {
  z3::context a, b;
  Watchdog later(a, 600);
  Watchdog sooner(b, 0.01);
  EXPECT_TRUE(fires_within(sooner, 30s));
  EXPECT_FALSE(later.fired());
  EXPECT_FALSE(later.stop());
}

// A watch counts the processor time of the thread that made it: a thread that had none (it
// sleeps here, as a check starved on a loaded machine would wait) is interrupted only at the
// hard stop, kProcessorStretch times its seconds; one that runs, once it has used its seconds.
TEST(Watchdog, AThreadWithoutTheProcessorIsInterruptedAtTheHardStopOnly) {
  z3::context ctx;
  const auto t0 = std::chrono::steady_clock::now();
  Watchdog w(ctx, 0.2);
  EXPECT_TRUE(fires_within(w, 30s));
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(secs, 0.2 * kProcessorStretch - 0.05);
}

TEST(Watchdog, AThreadThatRunsIsInterruptedOnceItUsedItsSeconds) {
  z3::context ctx;
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_seconds();
  Watchdog w(ctx, 0.2);
  std::atomic<unsigned long> spin{0};
  while (!w.fired() && std::chrono::steady_clock::now() - t0 < 30s)
    ++spin;
  const double used = thread_cpu_seconds() - cpu0;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(w.fired());
  // Its seconds used, or (the machine too loaded to give them) the hard stop reached.
  EXPECT_TRUE(used >= 0.19 || secs >= 0.2 * kProcessorStretch - 0.05) << used << " " << secs;
  EXPECT_LT(secs, 0.2 * kProcessorStretch + 1.0);
}

TEST(Watchdog, ManyWatchesEachFireOrNotByTheirOwnDeadline) {
  std::vector<std::unique_ptr<z3::context>> ctxs;
  std::vector<std::unique_ptr<Watchdog>> dogs;
  for (int i = 0; i < 40; ++i) {
    ctxs.push_back(std::make_unique<z3::context>());
    dogs.push_back(std::make_unique<Watchdog>(*ctxs.back(), i % 2 ? 600.0 : 0.001 * i));
  }
  for (int i = 0; i < 40; i += 2)
    EXPECT_TRUE(fires_within(*dogs[i], 30s)) << i;
  for (int i = 1; i < 40; i += 2)
    EXPECT_FALSE(dogs[i]->stop()) << i;
}

TEST(Watchdog, FiringInterruptsTheRunningCheck) {
  z3::context ctx;
  z3::solver s(ctx);
  // Cubes summing to a cube (no positive solution): nonlinear, Z3 does not decide it soon.
  const z3::expr x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  s.add(x > 0 && y > 0 && z > 0 && x * x * x + y * y * y == z * z * z);
  Watchdog w(ctx, 0.05);
  const auto start = std::chrono::steady_clock::now();
  const z3::check_result r = s.check();
  const bool fired = w.stop();
  EXPECT_EQ(r, z3::unknown);
  EXPECT_TRUE(fired);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 60s);
}

} // namespace
} // namespace triage::solver
