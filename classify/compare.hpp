// Strategies side by side (`triage compare`): each strategy's verdict on every goal not proved,
// agreements and disagreements, and contradictions. Two verdicts may differ without either being
// wrong (models alone may call a weakness what testing shows to be a bug); a contradiction is
// when one verdict's replayed counterexample refutes another's claim that none exists: a bug in
// one of the strategies, or in the semantics they share.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "ir/json.hpp"

#include <string>
#include <vector>

namespace triage::classify {

/// One file: the reports of each strategy on it (classify::diagnose_each), in the same order.
struct FileComparison {
  const ir::Program *program = nullptr;
  std::vector<Report> reports;
};

struct Comparison {
  std::vector<std::string> strategies;
  std::vector<FileComparison> files;
};

/// The verdict of a goal as compared: its name, and for a weakness what it names.
std::string verdict_key(const GoalDiagnosis &d);

/// Why two strategies' verdicts on one goal cannot both be right; empty when they can.
std::string contradiction(const GoalDiagnosis &a, const std::string &a_name, const GoalDiagnosis &b,
                          const std::string &b_name, bool typically);

/// Per goal, each strategy's verdict, time and counterexample; then a summary table.
std::string render_comparison_text(const Comparison &c);
ir::Json render_comparison_json(const Comparison &c);

/// Every contradiction, as `file:line: kind: ...` lines.
std::vector<std::string> contradictions(const Comparison &c);

} // namespace triage::classify
