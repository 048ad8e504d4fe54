// The prover options every proving subcommand reads (prove, diagnose, compare): goals, prover,
// limits of work and time, parallelism, seed.
#pragma once

#include "triage/options.hpp"
#include "vcgen/prove.hpp"

#include <string>

namespace triage::cli {

/// Declares the prover options on a command line, bound to a vcgen::ProveOptions whose
/// defaults the help shows.
class ProveFlags {
public:
  explicit ProveFlags(CommandLine &cl);

  /// The options read (and TRIAGE_JOBS); the deadline counts from now.
  vcgen::ProveOptions options() const;
  /// --budget-scale: the factor of every wall-clock backstop (default 1).
  double budget_scale() const { return budget_scale_; }

private:
  const CommandLine &cl_;
  vcgen::ProveOptions o_;
  std::string function_;
  std::string prover_;
  bool no_rte_ = false;
  int jobs_ = 0;
  double deadline_s_ = 0;
  double budget_scale_ = 1;
};

} // namespace triage::cli
