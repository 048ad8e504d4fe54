// The C + E-ACSL front end: a C file with annotations in, an IR program out (see
// docs/c-frontend.md for the supported subset and how each construct is lowered).
#pragma once

#include "frontend-c/preprocess.hpp"
#include "ir/ast.hpp"

#include <string>

namespace triage::frontend_c {

/// Compiles the C file at `path`; locations in the result name `path`. The program is not yet
/// type-checked (ir::typecheck accepts it). Throws ir::Error (file:line:col) on bad input.
/// `options` give the -I directories and -D macros, as for cc.
ir::Program compile_file(const std::string &path, const PreprocessOptions &options = {});

/// Same, for C text held in memory; `filename` names it in locations.
ir::Program compile_text(const std::string &text, const std::string &filename,
                         const PreprocessOptions &options = {});

} // namespace triage::frontend_c
