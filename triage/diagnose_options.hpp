// The options `triage diagnose` and `triage compare` share: prover, models, test generation,
// deadline (docs/diagnose.md).
#pragma once

#include "triage/options.hpp"

#ifdef TRIAGE_HAVE_DIAGNOSE
#include "classify/diagnose.hpp"
#include "triage/prove_options.hpp"

#include <string>

namespace triage::cli {

/// Declares the diagnosis options on a command line, bound to a classify::DiagnoseOptions whose
/// defaults the help shows. `one_strategy`: the command runs one strategy (diagnose), which
/// `--strategy` chooses and whose proof `--probe` may shorten; compare runs them all.
class DiagnoseFlags {
public:
  DiagnoseFlags(CommandLine &cl, bool one_strategy);

  /// The diagnosis options of `file`.
  classify::DiagnoseOptions options(const std::string &file) const;

private:
  const CommandLine &cl_;
  ProveFlags prove_;
  classify::DiagnoseOptions o_;
  double budget_s_, probe_s_;
  int models_ = 0, k_ = 0;
  bool no_probe_ = false;
  bool no_small_scope_ = false;
};

/// The -I and -D of `cl`, shell-quoted, each with a leading blank: a replay command reads the
/// file as this command did.
std::string source_flags(const CommandLine &cl);

} // namespace triage::cli
#endif
