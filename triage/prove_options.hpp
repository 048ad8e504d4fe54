// The prover options every proving subcommand reads (prove, diagnose, compare): goals, prover,
// limits of work and time, parallelism, seed.
#pragma once

#include "triage/options.hpp"
#include "vcgen/prove.hpp"

#include <set>
#include <string>

namespace triage::cli {

/// The names of the valued options prove_options reads.
std::set<std::string> prove_option_names();

/// --budget-scale: the factor of every wall-clock backstop (default 1); UsageError on bad values.
double budget_scale(const Options &opts);

/// The prover options from the command line (and TRIAGE_JOBS); UsageError on bad values.
vcgen::ProveOptions prove_options(const Options &opts);

} // namespace triage::cli
