// The subcontracts of a function (its loops, loop@LINE, and its callees, by name) that a goal may
// rely on, and those a real run already breaks: what the strategies giant-step, and what they
// leave alone.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "ir/goal.hpp"

#include <functional>
#include <string>
#include <vector>

namespace triage::classify {

/// The subcontracts (loop@LINE, callee names) of function `f` a goal at `at` of kind `kind` may
/// rely on: the loops and calls before it or around it, every one for a postcondition or a frame.
std::vector<std::string> subcontracts_for(const ir::Program &p, const ir::Function &f,
                                          const ir::GoalRef &goal);

/// The loops among `names` (subcontracts of `f`, as subcontracts_for names them) whose own
/// contract (an invariant, the frame, the variant) a real run breaks: `fails_first(id)` says
/// whether some run fails the annotation with that id first. Such a contract is wrong, not weak:
/// a run that takes it as given shows nothing about the goals after it (reverse.c with
/// `t[n - 0 - k]` in its invariant: models and searches through the loop, at length, for a
/// weakness the wrong invariant alone explained).
std::vector<std::string> broken_loops(const ir::Program &p, const ir::Function &f,
                                      const std::vector<std::string> &names,
                                      const std::function<bool(const std::string &)> &fails_first);

/// The goals of `function` with a non-compliance.
std::vector<ir::GoalRef> non_compliant_goals(const std::vector<GoalDiagnosis> &goals,
                                             const std::string &function);

/// The annotation ids of the goals of `function` with a non-compliance.
std::vector<std::string> non_compliant_annotations(const std::vector<GoalDiagnosis> &goals,
                                                   const std::string &function);

} // namespace triage::classify
