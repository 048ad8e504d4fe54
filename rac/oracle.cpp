#include "rac/oracle.hpp"

#include "rac/interpreter.hpp"

namespace triage::rac {

std::optional<ir::Json> CounterexampleOracle::input(const std::string &name) {
  if (const ir::Json *j = cx_.input(name)) return *j;
  return std::nullopt;
}

std::optional<ir::Json> CounterexampleOracle::output(const GiantStep &step,
                                                     const std::string &name) {
  if (const ir::SubcontractOutput *o = cx_.output(step.subcontract, step.line, step.visit))
    if (const ir::Json *j = o->value(name)) return *j;
  return std::nullopt;
}

} // namespace triage::rac
