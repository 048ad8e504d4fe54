// Reading `.ivl` text into the AST. Errors are ir::Error with the position in the text.
#pragma once

#include "ir/ast.hpp"

#include <string>

namespace triage::ir {

/// Parses IR text; `filename` is used in positions. Throws ir::Error on a syntax error.
Program parse_text(const std::string &text, const std::string &filename);

/// Reads and parses a file. Throws ir::Error when it cannot be read or parsed.
Program parse_file(const std::string &path);

} // namespace triage::ir
