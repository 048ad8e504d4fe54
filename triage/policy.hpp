// Naming subcontracts on the command line: `--giant-step loop@13|NAME|all` to a policy.
#pragma once

#include "ir/ast.hpp"
#include "rac/interpreter.hpp"

#include <string>
#include <vector>

namespace triage::cli {

/// The policy giant-stepping the named subcontracts; an unknown name is a usage error that
/// lists the known ones.
rac::Policy policy_of(const ir::Program &p, const std::vector<std::string> &names);

} // namespace triage::cli
