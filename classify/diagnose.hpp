// The whole diagnosis of a program: prove every goal, then let a strategy explain the failures.
#pragma once

#include "classify/diagnosis.hpp"
#include "classify/strategy.hpp"
#include "ir/ast.hpp"
#include "vcgen/prove.hpp"

#include <string>

namespace triage::classify {

struct DiagnoseOptions {
  std::string file;               ///< the input as given, for reports and replay commands
  std::string strategy = "combined"; ///< one of strategy_names()
  vcgen::ProveOptions prove;
  StrategyOptions strategy_options;
};

/// Proves the program's goals and diagnoses the failed ones. Throws std::invalid_argument for an
/// unknown strategy name.
Report diagnose(const ir::Program &p, const DiagnoseOptions &opts);

} // namespace triage::classify
