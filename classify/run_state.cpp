#include "classify/run_state.hpp"

#include <algorithm>
#include <exception>

namespace triage::classify {

namespace {

/// `[1, -2, 3]` as its cells; nullopt for a block shown in part (`...`) or with other values.
std::optional<std::vector<long long>> parse_cells(const std::string &t) {
  if (t.size() < 2 || t.front() != '[' || t.back() != ']' || t.find("...") != std::string::npos)
    return std::nullopt;
  std::vector<long long> cells;
  const std::string inner = t.substr(1, t.size() - 2);
  if (inner.find_first_not_of(' ') == std::string::npos) return cells;
  size_t from = 0;
  while (from <= inner.size()) {
    const size_t comma = std::min(inner.find(',', from), inner.size());
    std::string item = inner.substr(from, comma - from);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    const auto v = parse_int(item);
    if (!v) return std::nullopt;
    cells.push_back(*v);
    from = comma + 1;
  }
  return cells;
}

} // namespace

std::optional<long long> parse_int(const std::string &t) {
  if (t.empty() || t.size() > 18) return std::nullopt;
  size_t used = 0;
  try {
    const long long v = std::stoll(t, &used);
    if (used == t.size()) return v;
  } catch (const std::exception &) {
  }
  return std::nullopt;
}

IntState int_state(const rac::StateItems &s) {
  IntState state;
  for (const auto *group : {&s.variables, &s.globals})
    for (const auto &[name, text] : *group)
      if (const auto v = parse_int(text)) state.ints[name] = *v;
  for (const auto &[name, text] : s.memory)
    if (const auto cells = parse_cells(text)) state.arrays[name] = *cells;
  return state;
}

rac::Config observing_run(const std::string &fn, const ir::Counterexample &input, long steps) {
  rac::Config cfg;
  cfg.function = fn;
  cfg.input = input;
  cfg.go_past = every_goal_passes;
  cfg.pass_unexecutable_checks = true;
  cfg.step_limit = steps;
  return cfg;
}

dse::Options observing_search(const std::string &fn, std::chrono::milliseconds budget) {
  dse::Options o;
  o.function = fn;
  o.budget = budget;
  o.go_past = every_goal_passes;
  o.pass_unexecutable_checks = true;
  o.max_paths = 300;
  o.run_steps = kObservedRunSteps;
  return o;
}

} // namespace triage::classify
