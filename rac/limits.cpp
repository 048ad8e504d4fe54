// The limits of a run: every statement and logic evaluation step counts against the step limit,
// the clock is looked at every 1024 steps, and memory from inputs and local arrays is bounded.
#include "rac/machine.hpp"

namespace triage::rac {

void Machine::tick() {
  ++steps_;
  if (steps_ > cfg_.step_limit)
    stop(OutcomeKind::LimitReached,
         "step limit reached (" + std::to_string(cfg_.step_limit) + " steps)", cur_at_);
  if ((steps_ & 1023) == 0 && std::chrono::steady_clock::now() > deadline_)
    stop(OutcomeKind::LimitReached,
         "time limit reached (" + std::to_string(cfg_.time_limit.count()) + " ms)", cur_at_);
}

void Machine::check_cells(size_t more, const std::string &what) {
  if (mem_.total_cells() + more > cfg_.cell_limit)
    stop(OutcomeKind::LimitReached,
         what + " would exceed the memory limit of " + std::to_string(cfg_.cell_limit) + " cells",
         cur_at_);
}

} // namespace triage::rac
