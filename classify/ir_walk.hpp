// Small walks over the IR that the searches for invariants and postconditions share.
#pragma once

#include "ir/ast.hpp"

#include <functional>
#include <set>

namespace triage::classify {

/// Calls `f` on every statement of `b`, nested ones included, in program order.
inline void walk(const ir::Block &b, const std::function<void(const ir::Stmt &)> &f) {
  for (const auto &s : b) {
    f(*s);
    walk(s->body, f);
    walk(s->else_body, f);
  }
}

/// The integer literals of `e` (those up to 100000 in size: the constants a bound may use).
inline void literals(const ir::Expr &e, std::set<long long> &out) {
  if (e.kind == ir::ExprKind::IntLit && abs(e.value) <= 100000)
    out.insert(e.value.convert_to<long long>());
  for (const auto &a : e.args)
    if (a) literals(*a, out);
}

} // namespace triage::classify
