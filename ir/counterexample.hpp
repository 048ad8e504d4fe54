// Counterexamples and giant-step oracles: the inputs of a run and, for each subcontract visit,
// the values its written locations and its result take. The VC generator writes them from a
// solver model, the runtime assertion checker reads them, the diagnosis reports them.
//
// JSON form (the oracle of `triage run --oracle`, docs/rac.md):
//   {"function": "isqrt",
//    "inputs": {"n": 1, "t": [10, -10], "p": null},
//    "subcontract_outputs": [
//      {"subcontract": "loop@13", "line": 13, "visit": 1, "values": {"r": 0, "y": 0, "z": 1}},
//      {"subcontract": "g", "line": 15, "visit": 1, "values": {"x": 4, "result": 7}}]}
// Values: integers (numbers, or strings of digits beyond 53 bits), booleans, null (null pointer),
// and arrays: a pointer input is the array of its block's contents (the pointer is to its first
// cell), or {"block": NAME, "offset": K}, into the block of the input NAME given before it. A
// pointer-valued output (a variable the step moves) is {"block": NAME, "offset": K}.
// A memory location in an oracle is named by its block: the parameter, global or local array the
// block was created for; its value is the whole block's contents after the step, of which the
// runtime checker takes only the cells the writes clause allows.
#pragma once

#include "ir/json.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triage::ir {

using NamedValues = std::vector<std::pair<std::string, Json>>;

/// One visit of a subcontract on a giant-step run.
struct SubcontractOutput {
  std::string subcontract; ///< "loop@13" or the callee's name
  int line = 0;            ///< source line of the loop or call; 0 matches any site
  int visit = 1;           ///< 1 for the first time this site is giant-stepped, then 2, ...
  NamedValues values;      ///< written variable or block name -> value after the step; "result"

  const Json *value(const std::string &name) const;
};

struct Counterexample {
  std::string function;                   ///< the entry function
  NamedValues inputs;                     ///< parameters and globals
  std::vector<SubcontractOutput> outputs; ///< in the order the run visits them

  const Json *input(const std::string &name) const;
  /// The output for the `visit`-th giant step of `subcontract` at `line`; nullptr when absent.
  const SubcontractOutput *output(const std::string &subcontract, int line, int visit) const;

  Json to_json() const;
  /// Reads the JSON form; throws ir::Error (located in `file`) when the shape is wrong.
  static Counterexample from_json(const Json &j, const std::string &file);
};

} // namespace triage::ir
