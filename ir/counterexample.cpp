#include "ir/counterexample.hpp"

#include "ir/error.hpp"

namespace triage::ir {

namespace {

const Json *lookup(const NamedValues &values, const std::string &name) {
  for (const auto &[k, v] : values)
    if (k == name) return &v;
  return nullptr;
}

Json object_of(const NamedValues &values) {
  Json o = Json::object();
  for (const auto &[k, v] : values)
    o[k] = v;
  return o;
}

[[noreturn]] void bad(const std::string &file, const std::string &msg) {
  throw Error(SrcLoc{file, 1, 1}, "malformed counterexample: " + msg);
}

NamedValues values_of(const Json *j, const std::string &file, const std::string &what) {
  NamedValues out;
  if (!j) return out;
  if (!j->is_object()) bad(file, "'" + what + "' must be an object");
  for (const auto &[k, v] : j->as_object())
    out.emplace_back(k, v);
  return out;
}

int small_int(const Json *j, const std::string &file, const std::string &what, int fallback) {
  if (!j) return fallback;
  auto i = j->integer();
  if (!i || *i < 0 || *i > 100000000)
    bad(file, "'" + what + "' must be a small non-negative integer");
  return int(*i);
}

} // namespace

const Json *SubcontractOutput::value(const std::string &name) const {
  return lookup(values, name);
}

const Json *Counterexample::input(const std::string &name) const {
  return lookup(inputs, name);
}

const SubcontractOutput *Counterexample::output(const std::string &subcontract, int line,
                                                int visit) const {
  for (const auto &o : outputs)
    if (o.subcontract == subcontract && (o.line == 0 || line == 0 || o.line == line) &&
        o.visit == visit)
      return &o;
  return nullptr;
}

Json Counterexample::to_json() const {
  Json j = Json::object();
  if (!function.empty()) j["function"] = function;
  j["inputs"] = object_of(inputs);
  Json outs = Json::array();
  for (const auto &o : outputs) {
    Json e = Json::object();
    e["subcontract"] = o.subcontract;
    e["line"] = o.line;
    e["visit"] = o.visit;
    e["values"] = object_of(o.values);
    outs.push_back(std::move(e));
  }
  j["subcontract_outputs"] = std::move(outs);
  return j;
}

Counterexample Counterexample::from_json(const Json &j, const std::string &file) {
  if (!j.is_object()) bad(file, "expected an object with 'inputs' and 'subcontract_outputs'");
  Counterexample c;
  if (const Json *f = j.find("function"); f && f->is_string()) c.function = f->as_string();
  c.inputs = values_of(j.find("inputs"), file, "inputs");
  const Json *outs = j.find("subcontract_outputs");
  if (!outs) return c;
  if (!outs->is_array()) bad(file, "'subcontract_outputs' must be an array");
  for (const Json &e : outs->as_array()) {
    const Json *name = e.find("subcontract");
    if (!name || !name->is_string())
      bad(file, "each subcontract output needs a 'subcontract' name");
    SubcontractOutput o;
    o.subcontract = name->as_string();
    o.line = small_int(e.find("line"), file, "line", 0);
    o.visit = small_int(e.find("visit"), file, "visit", 1);
    o.values = values_of(e.find("values"), file, "values");
    c.outputs.push_back(std::move(o));
  }
  return c;
}

} // namespace triage::ir
