// Variables whose address the code takes, moved to memory before lowering (address_taken.cpp).
#pragma once

#include "frontend-c/c_ast.hpp"

#include <map>
#include <set>
#include <string>

namespace triage::frontend_c {

/// Rewrites `f`'s body so that each local or parameter `x` with `&x` somewhere in the body lives
/// in a one-cell array. `file` names the main file in errors.
void box_address_taken(FuncDecl &f, const std::string &file);

/// Rewrites every function (bodies and contracts) so that each global of `scalars` whose address
/// some function takes is used as a one-cell global array (`g` -> `*g`, `&g` -> `g`); returns
/// those globals, which the lowering declares so. A function with a local or parameter of the
/// same name is an error located at the `&`.
std::set<std::string> box_address_taken_globals(std::map<std::string, FuncDecl> &funcs,
                                                const std::set<std::string> &scalars,
                                                const std::string &file);

} // namespace triage::frontend_c
