// The range of each variable of a quantifier, read from its guard the way a person reads it:
// `forall i. forall j. 0 <= i < j < n -> p` gives 0 <= i <= n - 2 and i + 1 <= j <= n - 1.
// Kept as data (bounds are expressions of the annotation) so that the runtime checker enumerates
// them and the concolic engine can encode them; docs/rac.md, "Quantifier bounds", states the rule.
#pragma once

#include "ir/ast.hpp"

#include <string>
#include <vector>

namespace triage::ir {

/// One bound of a quantified variable x: `x >= base - minus + offset` for a lower bound, `x <=
/// base - minus + offset` for an upper one. `base` and `minus` are expressions of the annotation
/// (nullptr stands for 0); they mention no variable of the quantifier at or after x's position,
/// so they can be evaluated once the variables before x have values.
struct QuantBound {
  const Expr *base = nullptr;
  const Expr *minus = nullptr;
  BigInt offset = 0;
};

/// The bounds of one variable: it lies between the largest lower bound and the smallest upper
/// bound. An empty list means that side is unbounded (the quantifier cannot be enumerated, unless
/// the variable's type bounds it).
struct BinderRange {
  std::string name;
  std::vector<QuantBound> lower, upper;
};

/// For a quantifier `q` (ExprKind::Quant), the range of each of its variables in binder order.
/// Sound: outside the range the variable's instance is vacuous (true under forall, false under
/// exists), so enumerating the range decides the quantifier.
std::vector<BinderRange> quantifier_ranges(const Expr &q);

/// The range's text, for tests and messages: `0 <= i <= n - 2`, `i + 1 <= j`, `i unbounded`.
std::string range_text(const BinderRange &r);

} // namespace triage::ir
