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
  std::string data_model = "LP64";       ///< --data-model: LP64 or ILP32 (long, pointers)
  bool total_logic = false;              ///< --total-logic: ir::Program::total_logic
};

/// Loads and type-checks `path`, a C file preprocessed with `source`, or an IR file; throws
/// ir::Error on any problem with the input.
ir::Program load_program(const std::string &path, const SourceOptions &source = {});

/// A variant of the C file `path` held in memory (locations name `path`), type-checked, its
/// warnings not printed: what the invariant search tries.
ir::Program load_c_text(const std::string &text, const std::string &path,
                        const SourceOptions &source = {});

/// The text of `path`; throws ir::Error (located at its start) when it cannot be read.
std::string read_file(const std::string &path);

/// Whether `path` is read as C (by its extension).
bool is_c_source(const std::string &path);

} // namespace triage::cli
