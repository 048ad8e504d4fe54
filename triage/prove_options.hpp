// The prover options every proving subcommand reads (prove, diagnose, compare): goals, prover,
// time limits, parallelism, seed.
#pragma once

#include "triage/options.hpp"
#include "vcgen/prove.hpp"

#include <set>
#include <string>

namespace triage::cli {

/// The names of the valued options prove_options reads.
std::set<std::string> prove_option_names();

/// The prover options from the command line (and TRIAGE_JOBS); UsageError on bad values.
vcgen::ProveOptions prove_options(const Options &opts);

} // namespace triage::cli
