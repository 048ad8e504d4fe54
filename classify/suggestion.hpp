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

/// The `triage run` command that replays a definite verdict's counterexample in `r` (its file
/// as given on the command line, read with its flags; inputs as the program names them).
/// Subcontract weaknesses carry their oracle inline.
std::string replay_command(const Report &r, const GoalDiagnosis &d);

/// The `triage run` command that runs `c` giant-stepping the subcontracts `giant` (`all` for
/// every one): inputs as `--input`s when there is no giant step (`shown`, when given: the same
/// inputs as the program names them), an inline oracle otherwise.
std::string run_command(const std::string &file, const ir::Counterexample &c,
                        const std::vector<std::string> &giant, const std::string &flags = "",
                        const ir::NamedValues *shown = nullptr);

} // namespace triage::classify
