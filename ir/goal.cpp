#include "ir/goal.hpp"

#include <array>

namespace triage::ir {

namespace {
constexpr std::array<const char *, 13> names = {
#define TRIAGE_X(e, s) s,
    TRIAGE_GOAL_KINDS(TRIAGE_X)
#undef TRIAGE_X
};
} // namespace

const char *goal_kind_name(GoalKind k) {
  return names.at(static_cast<size_t>(k));
}

std::optional<GoalKind> goal_kind_named(std::string_view name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (name == names[i]) return static_cast<GoalKind>(i);
  return std::nullopt;
}

} // namespace triage::ir
