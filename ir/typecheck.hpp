// Type checking of IR programs: resolves names, fills in the type of every expression and checks
// the rules of docs/ir.md ("Typing"). Also gives every annotation without an id a stable one.
#pragma once

#include "ir/ast.hpp"

namespace triage::ir {

/// Checks `p` in place; throws ir::Error at the first problem. After it, every Expr::type and
/// Expr::ref is set and every annotation has a unique id.
void typecheck(Program &p);

/// Gives each annotation without an id one of the form `<function>.<kind><n>` (lemmas and axioms:
/// `<kind><n>`), n counting annotations of that kind in the function from 1.
void assign_ids(Program &p);

} // namespace triage::ir
