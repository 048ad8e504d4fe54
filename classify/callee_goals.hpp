// A caller's failed goal carried to the postcondition of the callee it blames: what the caller
// needs of a call's outcome, said in the callee's own terms. `s = square(n); assert s == n * n;`
// gives `ensures \result == n * n;` for square (its parameter being `n`), a relation no linear
// fit of the callee's runs finds. Like every candidate, it is a guess until the callee's runs
// satisfy it and proofs show it is the callee's and makes the caller's goal provable.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace triage::classify {

/// A call as the caller writes it.
struct CallShape {
  /// The caller's variable the result is assigned to, if any.
  std::optional<std::string> result;
  /// Each argument, when it is a variable of the caller (nullopt for any other expression).
  std::vector<std::optional<std::string>> args;
  /// Per argument, whether it is the address of a scalar of the caller (`g(n, &out)`): the
  /// caller's `out` after the call is the callee's `*param` on return.
  std::vector<bool> by_address = {};
};

/// `goal` (a predicate of the caller, read just after the call) as a postcondition of the
/// callee whose parameters are `params`: the variable the result goes to as `\result`, each
/// argument variable as its parameter (a parameter in a postcondition is its value at the
/// call), a scalar passed by its address as the cell the parameter points to, globals as they
/// are. nullopt when the goal reads a variable of the caller
/// (`caller_vars`) that the call neither receives nor assigns: the callee cannot speak of it.
std::optional<std::string> carried_to_callee(const std::string &goal, const CallShape &call,
                                             const std::vector<std::string> &params,
                                             const std::set<std::string> &caller_vars);

} // namespace triage::classify
