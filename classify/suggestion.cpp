#include "classify/suggestion.hpp"

#include <boost/algorithm/string/join.hpp>
#include <cctype>

namespace triage::classify {

namespace {

/// Which clauses of a subcontract can be strengthened.
std::string clauses_of(const std::string &subcontract) {
  if (ir::is_loop_name(subcontract))
    return "its loop invariant (say what the goal needs about the variables the loop changes) "
           "or its writes clause (list fewer locations)";
  return "its postcondition (ensures: say more about what it computes) or its writes clause "
         "(assigns: list fewer locations)";
}

std::string weakness_advice(const GoalDiagnosis &d) {
  if (d.scope == Scope::Global)
    return "strengthen the contracts of " + boost::algorithm::join(d.subcontracts, ", ") +
           ": together they are too weak, none is alone on these inputs; for each, " +
           clauses_of(d.subcontracts.empty() ? "" : d.subcontracts.front());
  const std::string name = d.subcontracts.empty() ? "the subcontract" : d.subcontracts.front();
  return "strengthen the contract of " + name + ": " + clauses_of(name);
}

} // namespace

std::string suggestion(const GoalDiagnosis &d) {
  switch (d.verdict) {
  case Verdict::Proved:
    return "";
  case Verdict::NonCompliance:
    if (!d.replayed)
      return "the proved contracts on the path force the failure from these inputs: fix the code, "
             "or the annotation if it says more than intended";
    return "follow the values along the path (command below) and fix the code, or the "
           "annotation if it says more than intended";
  case Verdict::SubcontractWeakness:
    return weakness_advice(d);
  case Verdict::ProverIncapacity:
  case Verdict::LikelyProverIncapacity:
    return "add a lemma or an assertion that guides the proof, try another prover (--prover), "
           "or prove the goal interactively";
  case Verdict::Unknown:
    if (!d.fix_first.empty())
      return d.fix_first + ", then diagnose again: this goal's verdict may change with it";
    if (!d.not_executable.empty())
      return "rewrite the annotation at " + d.not_executable +
             "; until then no counterexample can be checked";
    return "add a `typically` clause that bounds the inputs so that testing can explore them, "
           "or give the prover more time (--timeout)";
  }
  return "";
}

std::string format_value(const ir::Json &v) {
  if (v.is_null()) return "NULL";
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_int()) return v.as_int().str();
  // A pointer to one structure: `&{id = 0, value = 1}` (ir/source_inputs.hpp).
  if (v.is_array() && v.as_array().size() == 1 && v.as_array()[0].is_object() &&
      !v.as_array()[0].find("block"))
    return "&" + format_value(v.as_array()[0]);
  if (v.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < v.as_array().size(); ++i)
      out += (i ? ", " : "") + format_value(v.as_array()[i]);
    return out + "]";
  }
  if (const ir::Json *block = v.find("block"); block && block->is_string()) {
    const ir::Json *off = v.find("offset");
    return "&" + block->as_string() + "[" + (off ? format_value(*off) : "0") + "]";
  }
  if (v.is_object()) { // a structure: `{id = 0, value = 1}`
    std::string out = "{";
    for (const auto &[name, field] : v.as_object())
      out += (out.size() > 1 ? ", " : "") + name + " = " + format_value(field);
    return out + "}";
  }
  return v.dump();
}

std::string format_values(const ir::NamedValues &values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? ", " : "") + values[i].first + " = " + format_value(values[i].second);
  return out.empty() ? "(none)" : out;
}

std::string shell_quote(const std::string &s) {
  bool plain = !s.empty();
  for (char c : s)
    plain = plain && (isalnum(static_cast<unsigned char>(c)) ||
                      std::string("@%+=:,./-_").find(c) != std::string::npos);
  if (plain) return s;
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string replay_command(const Report &r, const GoalDiagnosis &d) {
  // A run longer than the step limit is not offered as a replay: it would not end in time.
  if (!d.counterexample || !is_definite(d.verdict) || !d.replayed) return "";
  const ir::Counterexample &c = *d.counterexample;
  if (d.verdict == Verdict::NonCompliance) {
    const ir::NamedValues shown = r.inputs_in_source(c);
    return run_command(r.file, c, {}, r.source_flags, &shown);
  }
  if (d.scope == Scope::Global) return run_command(r.file, c, {"all"}, r.source_flags);
  return run_command(r.file, c, d.subcontracts, r.source_flags);
}

std::string run_command(const std::string &file, const ir::Counterexample &c,
                        const std::vector<std::string> &giant, const std::string &flags,
                        const ir::NamedValues *shown) {
  std::string cmd =
      "triage run" + flags + " " + shell_quote(file) + " --function " + shell_quote(c.function);
  if (giant.empty() && c.outputs.empty()) {
    for (const auto &[name, value] : shown ? *shown : c.inputs)
      cmd += " --input " + shell_quote(name + "=" + value.dump());
    return cmd + " --trace";
  }
  for (const auto &s : giant)
    cmd += " --giant-step " + shell_quote(s);
  return cmd + " --oracle <(echo " + shell_quote(c.to_json().dump()) + ") --trace";
}

} // namespace triage::classify
