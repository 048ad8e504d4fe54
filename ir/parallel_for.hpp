// Independent pieces of work (the goals of one file) shared among a few threads. Each index is
// handled by exactly one thread and writes only its own results, so the outcome is in program
// order whatever the interleaving, and the same as with one thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace triage::ir {

/// Calls `work(i)` for every i in [0, n), on at most `jobs` threads (this one included).
/// An exception thrown by `work` stops the handing out of indices; once every thread is done,
/// the first one is rethrown here (an exception left in a worker would end the process).
template <class Work> void parallel_for(size_t n, int jobs, Work &&work) {
  std::atomic<size_t> next{0};
  std::mutex failed_m;
  std::exception_ptr failed;
  auto drain = [&] {
    try {
      for (size_t i = next++; i < n; i = next++)
        work(i);
    } catch (...) {
      next = n;
      const std::lock_guard<std::mutex> lock(failed_m);
      if (!failed) failed = std::current_exception();
    }
  };
  const size_t threads = std::min<size_t>(size_t(std::max(1, jobs)), n);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(drain);
  drain();
  for (auto &t : pool)
    t.join();
  if (failed) std::rethrow_exception(failed);
}

} // namespace triage::ir
