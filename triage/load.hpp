// Reading an input program, whatever its language: `.c` through the C front end, anything else
// as `.ivl` text. The result is type-checked.
#pragma once

#include "ir/ast.hpp"

#include <string>
#include <vector>

namespace triage::cli {

/// The C preprocessor's options of the command line, as for cc.
struct SourceOptions {
  std::vector<std::string> include_dirs; ///< -I DIR
  std::vector<std::string> defines;      ///< -D NAME[=VALUE]
};

/// Loads and type-checks `path`, a C file preprocessed with `source`, or an IR file; throws
/// ir::Error on any problem with the input.
ir::Program load_program(const std::string &path, const SourceOptions &source = {});

} // namespace triage::cli
