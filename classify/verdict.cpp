#include "classify/verdict.hpp"

#include <array>

namespace triage::classify {

namespace {
struct Row {
  const char *name;
  const char *sentence;
};
constexpr std::array<Row, 6> rows = {{
#define TRIAGE_X(e, s, d) {s, d},
    TRIAGE_VERDICTS(TRIAGE_X)
#undef TRIAGE_X
}};
} // namespace

const char *verdict_name(Verdict v) {
  return rows.at(static_cast<size_t>(v)).name;
}
const char *verdict_sentence(Verdict v) {
  return rows.at(static_cast<size_t>(v)).sentence;
}

std::optional<Verdict> verdict_named(std::string_view name) {
  for (size_t i = 0; i < rows.size(); ++i)
    if (name == rows[i].name) return static_cast<Verdict>(i);
  return std::nullopt;
}

const char *scope_name(Scope s) {
  return s == Scope::Single ? "single" : "global";
}

} // namespace triage::classify
