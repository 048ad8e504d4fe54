// Parsing preprocessed tokens into the C syntax tree (recursive descent over the PEGTL tokens).
#pragma once

#include "frontend-c/c_ast.hpp"
#include "frontend-c/preprocess.hpp"

#include <string>

namespace triage::frontend_c {

/// Parses a whole file. Throws ir::Error at the first syntax error or unsupported construct.
TranslationUnit parse(const Preprocessed &input, const std::string &file);

} // namespace triage::frontend_c
