// A diagnosis report as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), the
// format CI systems and editors read: one result per goal not proved, the verdict as rule id,
// the counterexample and the replay line in the message, the subcontracts to strengthen as
// related locations.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "ir/json.hpp"

namespace triage::classify {

/// `program` locates the subcontracts a weakness names (loops by line, callees by definition).
ir::Json render_sarif(const Report &r, const ir::Program &program);

} // namespace triage::classify
