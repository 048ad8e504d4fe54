// Global arrays whose address escapes: used anywhere but as the base of an access to one of its
// cells (in code, contracts or logic definitions). A pointer can point into a global array only
// if its address escapes somewhere in the program; the prover then assumes, as Frama-C WP does,
// that a function's pointer inputs do not point into the others (the runtime checker never
// makes inputs that do: each pointer input is a block of its own).
#pragma once

#include "ir/ast.hpp"

#include <set>
#include <string>

namespace triage::ir {

std::set<std::string> escaping_global_arrays(const Program &p);

} // namespace triage::ir
