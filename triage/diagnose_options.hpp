// The options `triage diagnose` and `triage compare` share: prover, models, test generation,
// deadline (docs/diagnose.md).
#pragma once

#include "triage/options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/diagnose.hpp"

#include <set>
#include <string>

namespace triage::cli {

/// The names of the valued options diagnose_options reads (`--strategy` and `--format` aside).
std::set<std::string> diagnose_option_names();

/// The diagnosis options of `file` from the command line; UsageError on bad values.
classify::DiagnoseOptions diagnose_options(const Options &opts, const std::string &file);

/// The -I and -D of `opts`, shell-quoted, each with a leading blank: a replay command reads the
/// file as this command did.
std::string source_flags(const Options &opts);

} // namespace triage::cli
#endif
