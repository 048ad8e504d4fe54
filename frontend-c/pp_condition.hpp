// The value of a #if / #elif condition, once `defined` and macros are replaced: C's integer
// constant expressions (no casts, no sizeof), with every remaining identifier worth 0.
#pragma once

#include "frontend-c/token.hpp"

#include <functional>
#include <string>
#include <vector>

namespace triage::frontend_c {

/// Evaluates `tokens` (no End token); `fail` reports an error at a location and does not return.
long long evaluate_condition(const std::vector<Token> &tokens, Loc directive,
                             const std::function<void(Loc, const std::string &)> &fail);

} // namespace triage::frontend_c
