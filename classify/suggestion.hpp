// What to do about a verdict: one suggestion per category, phrased for the goal and subcontracts
// at hand, and the command that replays a counterexample.
#pragma once

#include "classify/diagnosis.hpp"

#include <string>

namespace triage::classify {

/// The advice printed after a failed goal's verdict.
std::string suggestion(const GoalDiagnosis &d);

/// Human form of a counterexample value: 12, true, NULL, [1, 2], &t[3].
std::string format_value(const ir::Json &v);
/// `n = 1, t = [10, -10]`
std::string format_values(const ir::NamedValues &values);

/// Quotes a word for a POSIX shell when it needs it.
std::string shell_quote(const std::string &s);

/// The `triage run` command that replays a definite verdict's counterexample (`file` is the
/// program as given on the command line). Subcontract weaknesses carry their oracle inline.
/// `flags`: the options the file is read with, shell-quoted with a leading blank (Report).
std::string replay_command(const std::string &file, const GoalDiagnosis &d,
                           const std::string &flags = "");

/// The `triage run` command that runs `c` giant-stepping the subcontracts `giant` (`all` for
/// every one): inputs as `--input`s when there is no giant step, an inline oracle otherwise.
std::string run_command(const std::string &file, const ir::Counterexample &c,
                        const std::vector<std::string> &giant, const std::string &flags = "");

} // namespace triage::classify
