// Work shared among threads: every index once, and a failure that reaches the caller instead of
// ending the process (an exception left in a worker thread calls std::terminate).
#include "ir/parallel_for.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace triage::ir {
namespace {

TEST(ParallelFor, EveryIndexOnce) {
  std::vector<std::atomic<int>> seen(100);
  parallel_for(seen.size(), 3, [&](size_t i) { ++seen[i]; });
  for (const auto &s : seen)
    EXPECT_EQ(s, 1);
}

TEST(ParallelFor, ExceptionOfAWorkerReachesTheCaller) {
  for (int jobs : {1, 2, 4}) {
    std::atomic<int> done{0};
    EXPECT_THROW(parallel_for(64, jobs,
                              [&](size_t i) {
                                if (i == 5) throw std::runtime_error("push canceled");
                                ++done;
                              }),
                 std::runtime_error)
        << jobs << " jobs";
    EXPECT_LT(done, 64) << jobs << " jobs";
  }
}

} // namespace
} // namespace triage::ir
