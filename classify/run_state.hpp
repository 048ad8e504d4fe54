// A run's state as the invariant and postcondition searches compare it: the integers and the
// arrays of integers of the runtime checker's printed state (rac::StateItems), anything else
// (pointers, structures, values too large to print whole) left out.
#pragma once

#include "dse/explore.hpp"
#include "rac/interpreter.hpp"

#include <chrono>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

using Arrays = std::map<std::string, std::vector<long long>>;

struct IntState {
  std::map<std::string, long long> ints;
  Arrays arrays;
};

/// The integer a printed value is, if it is one that fits.
std::optional<long long> parse_int(const std::string &t);

/// The variables, globals and memory blocks of `s` that are integers or arrays of them.
IntState int_state(const rac::StateItems &s);

/// A run that only observes states goes past every annotation it breaks (rac::Config::go_past):
/// what the searches ask of a run is its states, not its failures.
inline bool every_goal_passes(const ir::GoalRef &) {
  return true;
}

/// The steps of a run that observes states, and of each run of the search that generates them.
inline constexpr long kObservedRunSteps = 100000;

/// A run of `fn` from `input` that observes states: past every annotation it breaks, past the
/// checks it cannot execute (the states are what is observed), within `steps`.
rac::Config observing_run(const std::string &fn, const ir::Counterexample &input,
                          long steps = kObservedRunSteps);

/// The concolic search for the inputs of such runs of `fn`: at most 300 paths, within `budget`.
dse::Options observing_search(const std::string &fn, std::chrono::milliseconds budget);

} // namespace triage::classify
