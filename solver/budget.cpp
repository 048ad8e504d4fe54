// What the back ends share about limits: the record of what each check spent (the calibration of
// the units of work, bench/calibrate_rlimit.py).
#include "solver/solver.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include <time.h>

namespace triage::solver {

bool recording_checks() {
  static const bool on = std::getenv("TRIAGE_SOLVER_STATS") != nullptr;
  return on;
}

// One line by one write to a file opened for appending: lines of threads and of cvc5's child
// processes do not mix.
void record_check(const char *solver, Answer a, uint64_t units, double cpu_s, double wall_s) {
  const char *path = std::getenv("TRIAGE_SOLVER_STATS");
  if (!path) return;
  char line[160];
  const int n = std::snprintf(line, sizeof line, "%s %s %llu %.4f %.4f\n", solver, answer_name(a),
                              static_cast<unsigned long long>(units), cpu_s, wall_s);
  static std::mutex m;
  const std::lock_guard<std::mutex> lock(m);
  if (FILE *f = std::fopen(path, "a")) {
    std::fwrite(line, 1, size_t(n), f);
    std::fclose(f);
  }
}

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

} // namespace triage::solver
