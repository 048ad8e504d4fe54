// Reading an input program, whatever its language: `.c` through the C front end, anything else
// as `.ivl` text. The result is type-checked.
#pragma once

#include "ir/ast.hpp"

#include <string>

namespace triage::cli {

/// Loads and type-checks `path`; throws ir::Error on any problem with the input.
ir::Program load_program(const std::string &path);

} // namespace triage::cli
