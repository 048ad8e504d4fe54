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

std::optional<ir::Json> NondetStreamOracle::input(const std::string &name) {
  return cx_.input(name);
}

std::optional<ir::Json> NondetStreamOracle::output(const GiantStep &step, const std::string &name) {
  if (!is_havoc(step.subcontract)) return cx_.output(step, name);
  if (next_ >= values_.size()) return std::nullopt;
  return values_[next_++];
}

} // namespace triage::rac
