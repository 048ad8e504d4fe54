// The whole diagnosis of a program: prove every goal, then let a strategy explain the failures.
#pragma once

#include "classify/diagnosis.hpp"
#include "classify/strategy.hpp"
#include "ir/ast.hpp"
#include "vcgen/prove.hpp"

#include <string>

namespace triage::classify {

struct DiagnoseOptions {
  std::string file;                  ///< the input as given, for reports and replay commands
  std::string source_flags;          ///< as Report::source_flags
  std::string strategy = "combined"; ///< one of strategy_names()
  vcgen::ProveOptions prove;
  StrategyOptions strategy_options;
};

/// Proves the program's goals and diagnoses the failed ones. Throws std::invalid_argument for an
/// unknown strategy name.
Report diagnose(const ir::Program &p, const DiagnoseOptions &opts);

/// Proves once, then diagnoses the failed goals with each of `strategies` in turn (each on the
/// proof results alone, not on another's verdicts): one report per strategy, in that order.
std::vector<Report> diagnose_each(const ir::Program &p, const DiagnoseOptions &opts,
                                  const std::vector<std::string> &strategies);

} // namespace triage::classify
