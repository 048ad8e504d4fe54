// Independent pieces of work (the goals of one file) shared among a few threads. Each index is
// handled by exactly one thread and writes only its own results, so the outcome is in program
// order whatever the interleaving, and the same as with one thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace triage::ir {

/// Calls `work(i)` for every i in [0, n), on at most `jobs` threads (this one included).
template <class Work> void parallel_for(size_t n, int jobs, Work &&work) {
  std::atomic<size_t> next{0};
  auto drain = [&] {
    for (size_t i = next++; i < n; i = next++)
      work(i);
  };
  const size_t threads = std::min<size_t>(size_t(std::max(1, jobs)), n);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(drain);
  drain();
  for (auto &t : pool)
    t.join();
}

} // namespace triage::ir
