// The child process of a solver check (child_process.hpp).
#include "vcgen/child_process.hpp"

#include "vcgen/model.hpp"
#include "vcgen/portfolio.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <linux/close_range.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// GCC says __SANITIZE_ADDRESS__; clang 14 (the fuzz preset) only answers __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRIAGE_HAS_ASAN 1
#endif
#endif
#ifndef TRIAGE_HAS_ASAN
#define TRIAGE_HAS_ASAN 0
#endif

namespace triage::vcgen {
namespace {

/// The answer the child named (solver::answer_names), or nullopt.
std::optional<Answer> answer_of(const std::string &name) {
  const auto it = std::ranges::find(answer_names, name);
  if (it == answer_names.end()) return std::nullopt;
  return Answer(it - answer_names.begin());
}

void write_all(int fd, const std::string &s) {
  for (size_t done = 0; done < s.size();) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += size_t(n);
  }
}

/// Bounds the child's address space, as Z3's memory is bounded in the parent: cvc5 too grows
/// without end on some queries with lemmas over several states. Past the bound an allocation
/// fails, which ends the check undecided. Not under AddressSanitizer, whose shadow memory alone
/// is terabytes of address space.
void limit_memory() {
#if !defined(__SANITIZE_ADDRESS__) && !TRIAGE_HAS_ASAN
  constexpr rlim_t kBytes = rlim_t(8) << 30; // the forked process's own mappings included
  const rlimit r{kBytes, kBytes};
  ::setrlimit(RLIMIT_AS, &r);
#endif
}

/// The child's side: check, report the answer on its first line at once (the parent may be
/// waiting to stop Z3), then the model as a counterexample in JSON. Only this thread of the
/// parent lives on in the child: it touches no lock another thread may have held at the fork
/// (the solver it runs is not used by other threads; the allocator is fork-safe).
[[noreturn]] void run_child(int fd, Prover which, const std::vector<Term> &query, Budget budget,
                            unsigned seed, const GoalVC &vc) {
  // Pipes of other goals' children, inherited at the fork, would keep them open: close them.
  if (fd > 3) ::close_range(3, unsigned(fd) - 1, 0);
  ::close_range(unsigned(fd) + 1, ~0U, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  limit_memory();
  try {
    auto b = make_backend(which);
    b->set_work(budget.work_s);
    const Answer a = b->check(query, budget.seconds, seed);
    write_all(fd, std::string(answer_name(a)) + "\n");
    if (a != Answer::Unsat && b->has_model()) {
      ir::Counterexample cx = read_counterexample(*b, vc);
      if (b->model_complete()) write_all(fd, cx.to_json().dump());
    }
  } catch (...) {
    // An answer not sent is an undecided check.
  }
  ::_exit(0);
}

} // namespace

ChildCheck::ChildCheck(Prover which, const std::vector<Term> &query, Budget budget, unsigned seed,
                       const GoalVC &vc, std::optional<Clock::time_point> stop) {
  cpu_limit_s_ = budget.seconds;
  const auto stretched = std::chrono::duration<double>(kStretch * budget.seconds);
  hard_stop_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(stretched);
  if (stop) hard_stop_ = std::min(hard_stop_, *stop);
  // The solver's own time limit is the hard stop: its processor time is the parent's to count.
  const Budget child_budget{std::chrono::duration<double>(hard_stop_ - Clock::now()).count(),
                            budget.work_s};
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return;
  pid_ = ::fork();
  if (pid_ == 0) run_child(fds[1], which, query, child_budget, seed, vc);
  ::close(fds[1]);
  if (pid_ < 0) {
    ::close(fds[0]);
    return;
  }
  fd_ = fds[0];
}

ChildCheck::~ChildCheck() {
  if (fd_ >= 0) ::close(fd_);
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
}

void ChildCheck::stop() {
  if (pid_ > 0) ::kill(pid_, SIGKILL);
}

void ChildCheck::wait_answer(Clock::time_point until) {
  for (;;) {
    while (!answer_ && read_some(until)) {
      const auto nl = buf_.find('\n');
      if (nl != std::string::npos)
        answer_ = answer_of(buf_.substr(0, nl)).value_or(Answer::Unknown);
    }
    // A child that ends without answering was stopped (or crashed): it has no answer to count.
    if (answer_ || eof_ || pid_ <= 0) return;
    // Time is up; a child that waited for the processor goes on until it has used its seconds.
    const std::optional<double> used = cpu_seconds();
    const auto now = Clock::now();
    if (!used || *used >= cpu_limit_s_ || now >= hard_stop_) return;
    const auto rest = std::chrono::duration<double>(std::max(0.05, cpu_limit_s_ - *used));
    until = std::min(hard_stop_, now + std::chrono::duration_cast<Clock::duration>(rest));
  }
}

std::optional<double> ChildCheck::cpu_seconds() const {
  // /proc/PID/stat: utime and stime are the 14th and 15th fields, the 2nd (the command) in
  // parentheses that may hold spaces: counted from the last ')'.
  std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const size_t close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(line.substr(close + 1));
  std::string field;
  long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::stoll(field);
    if (i == 15) stime = std::stoll(field);
  }
  if (!fields) return std::nullopt;
  return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

void ChildCheck::wait_model(Clock::time_point until) {
  while (read_some(until)) {
  }
  const auto nl = buf_.find('\n');
  if (!eof_ || nl == std::string::npos || nl + 1 >= buf_.size()) return;
  try {
    model_ = ir::Counterexample::from_json(ir::Json::parse(buf_.substr(nl + 1)), "<cvc5>");
  } catch (const std::exception &) {
    model_.reset(); // a report cut short: no model rather than a wrong one
  }
}

bool ChildCheck::read_some(Clock::time_point until) {
  if (fd_ < 0 || eof_) {
    eof_ = true;
    return false;
  }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
  if (left.count() <= 0) return false;
  pollfd p{fd_, POLLIN, 0};
  const int ready = ::poll(&p, 1, int(std::min<long>(left.count(), 1L << 30)));
  if (ready < 0) return errno == EINTR;
  if (ready == 0) return false;
  char chunk[4096];
  const ssize_t n = ::read(fd_, chunk, sizeof chunk);
  if (n < 0) return errno == EINTR;
  if (n == 0) {
    eof_ = true;
    return false;
  }
  buf_.append(chunk, size_t(n));
  return true;
}

} // namespace triage::vcgen
