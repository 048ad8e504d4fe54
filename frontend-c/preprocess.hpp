// The preprocessor annotated C programs need, as cc and Frama-C's -pp-annot apply it: #include of
// local files (searched next to the including file, then in the -I directories) and of standard
// headers (reduced to the constants and types they define), object-like and function-like
// #define / #undef, conditional compilation (#if, #ifdef, #ifndef, #elif, #else, #endif with
// `defined`), #pragma once, and macro expansion in code and in annotations alike. The
// directives left out (#error aside) are located errors, listed in docs/c-frontend.md.
#pragma once

#include "frontend-c/c_type.hpp"
#include "frontend-c/token.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace triage::frontend_c {

struct PreprocessOptions {
  std::vector<std::string> include_dirs;                    ///< -I, searched in order
  std::vector<std::pair<std::string, std::string>> defines; ///< -D NAME[=VALUE], in order
  DataModel data_model = DataModel::LP64; ///< of the standard headers, and of the whole file
};

struct Preprocessed {
  std::vector<Token> tokens;             ///< no directives left, macros expanded, End last
  std::map<std::string, CType> typedefs; ///< type names the included standard headers define
};

/// Preprocesses the tokens of the main file `file`. Tokens from included files carry their file
/// in Loc::file. Throws ir::Error at the first bad or unsupported directive.
Preprocessed preprocess(const std::vector<Token> &raw, const std::string &file,
                        const PreprocessOptions &options = {});

} // namespace triage::frontend_c
