// Z3's contexts and time (z3_context.hpp).
#include "solver/z3_context.hpp"

#include <algorithm>
#include <climits>

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

ContextPool &ContextPool::instance() {
  static ContextPool *p = new ContextPool;
  return *p;
}

} // namespace triage::solver
