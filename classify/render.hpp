// Rendering a diagnosis report: text for people, JSON for tools (docs/diagnose.md). Pure
// functions of the report, kept apart from the strategies that fill it.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/json.hpp"

#include <string>

namespace triage::classify {

/// One block per failed goal (location, verdict, counterexample, suggestion, replay command),
/// then a summary line.
std::string render_text(const Report &r);

/// `{"file": ..., "strategy": ..., "goals": [...], "summary": {...}}`
ir::Json render_json(const Report &r);

/// `file:line:col` of the goal.
std::string location(const GoalDiagnosis &d);
/// `postcondition (f.ensures1) in f`
std::string goal_title(const GoalDiagnosis &d);
/// ` [loop@14]`, ` [all of: g1, g2]` for a weakness; empty otherwise.
std::string blamed(const GoalDiagnosis &d);

/// One goal of report `r` as in `--format json` (docs/diagnose.md).
ir::Json goal_json(const GoalDiagnosis &d, const Report &r);

/// `N goals: P proved, F failed (x non_compliance, y subcontract_weakness, z unknown)`
std::string summary_line(const Report &r);

/// Exit code of `triage diagnose`: 0 when every goal is proved, 1 otherwise.
int exit_code(const Report &r);

} // namespace triage::classify
