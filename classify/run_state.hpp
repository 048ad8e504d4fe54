// A run's state as the invariant and postcondition searches compare it: the integers and the
// arrays of integers of the runtime checker's printed state (rac::StateItems), anything else
// (pointers, structures, values too large to print whole) left out.
#pragma once

#include "rac/interpreter.hpp"

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

} // namespace triage::classify
