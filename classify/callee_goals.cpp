#include "classify/callee_goals.hpp"

#include "classify/source_edit.hpp"

#include <algorithm>
#include <map>

namespace triage::classify {

std::optional<std::string> carried_to_callee(const std::string &goal, const CallShape &call,
                                             const std::vector<std::string> &params,
                                             const std::set<std::string> &caller_vars) {
  // The caller's own result would be the callee's: only a goal that reads no `\result` is
  // carried (the caller's returned variable is substituted before).
  if (goal.find("\\result") != std::string::npos) return std::nullopt;
  // What each variable of the caller becomes; the variable the result goes to first, since
  // after `n = g(n)` the goal's `n` is the result, not the argument.
  std::vector<std::pair<std::string, std::string>> renames;
  auto renamed = [&](const std::string &v) {
    return std::any_of(renames.begin(), renames.end(), [&](const auto &r) { return r.first == v; });
  };
  if (call.result) renames.emplace_back(*call.result, "\\result");
  for (size_t i = 0; i < call.args.size() && i < params.size(); ++i)
    if (call.args[i] && !renamed(*call.args[i]) && plain_identifier(params[i]))
      renames.emplace_back(*call.args[i], i < call.by_address.size() && call.by_address[i]
                                              ? "*" + params[i]
                                              : params[i]);
  // In two passes through names no program has, so that swapped names (`g(b, a)` for `g(a, b)`)
  // are not renamed twice.
  std::string text = goal;
  for (size_t i = 0; i < renames.size(); ++i)
    text = replace_identifier(text, renames[i].first, "triage_carried_" + std::to_string(i) + "_");
  if (std::any_of(caller_vars.begin(), caller_vars.end(),
                  [&](const std::string &v) { return mentions(text, v); }))
    return std::nullopt;
  for (size_t i = 0; i < renames.size(); ++i) {
    const std::string placeholder = "triage_carried_" + std::to_string(i) + "_";
    if (renames[i].second == "\\result") {
      // Not an identifier: replaced as text, the placeholder being one whole.
      for (size_t at; (at = text.find(placeholder)) != std::string::npos;)
        text.replace(at, placeholder.size(), "\\result");
    } else {
      text = replace_identifier(text, placeholder, renames[i].second);
    }
  }
  return text;
}

} // namespace triage::classify
