// The small preprocessor C programs with annotations need: #include of standard headers (reduced
// to the constants and types they define), object-like #define / #undef, macro expansion in code
// and annotations. Every other directive is a located error.
#pragma once

#include "frontend-c/c_type.hpp"
#include "frontend-c/token.hpp"

#include <map>
#include <string>
#include <vector>

namespace triage::frontend_c {

struct Preprocessed {
  std::vector<Token> tokens;             ///< no directives left, macros expanded, End last
  std::map<std::string, CType> typedefs; ///< type names the included headers define
};

Preprocessed preprocess(const std::vector<Token> &raw, const std::string &file);

} // namespace triage::frontend_c
