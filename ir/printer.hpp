// Printing the AST back to `.ivl` text. Parsing the printed text gives the same program.
#pragma once

#include "ir/ast.hpp"

#include <string>

namespace triage::ir {

std::string print(const Program &p);
std::string print(const Expr &e);
std::string print(const Location &l, bool as_pointer_set = false);
std::string print(const SrcLoc &l); ///< `@"file":line:col`
const char *symbol(BinOp op);

} // namespace triage::ir
