// Lowering the C syntax tree to the IR: C integer semantics made explicit with conversions,
// side effects hoisted into statements, annotations turned into IR annotations located in C.
#pragma once

#include "frontend-c/c_ast.hpp"
#include "ir/ast.hpp"

#include <string>

namespace triage::frontend_c {

/// Lowers a parsed file. Throws ir::Error at the C location of an unsupported construct or of a
/// type error (unknown name, wrong number of arguments, ...).
ir::Program lower(const TranslationUnit &tu, const std::string &file);

} // namespace triage::frontend_c
