// Variables whose address the code takes, moved to memory before lowering (address_taken.cpp).
#pragma once

#include "frontend-c/c_ast.hpp"

#include <string>

namespace triage::frontend_c {

/// Rewrites `f`'s body so that each local or parameter `x` with `&x` somewhere in the body lives
/// in a one-cell array. `file` names the main file in errors.
void box_address_taken(FuncDecl &f, const std::string &file);

} // namespace triage::frontend_c
