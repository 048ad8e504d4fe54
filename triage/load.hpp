// Reading an input program, whatever its language: `.c` through the C front end, anything else
// as `.ivl` text. The result is type-checked.
#pragma once

#include "ir/ast.hpp"

#include <string>

namespace triage::cli {

class Options;

/// Loads and type-checks `path`, a C file preprocessed with the -I and -D of `opts`, or an IR
/// file; throws ir::Error on any problem with the input.
ir::Program load_program(const std::string &path, const Options &opts);

} // namespace triage::cli
