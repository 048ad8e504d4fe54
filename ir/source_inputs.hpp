// Inputs as the program a front end read names them: a C structure, or a pointer to one, is
// one input (`node`), though the IR has one part per field (`node_id`, `node_value`). The IR
// keeps the correspondence beside a function (Function::source_inputs) for what users read:
// counterexamples, replay lines, `triage run --input node=...`. It is not part of the IR text.
#pragma once

#include "ir/json.hpp"

#include <string>
#include <vector>

namespace triage::ir {

using NamedValues = std::vector<std::pair<std::string, Json>>;

/// One input of the source program made of several IR inputs.
struct SourceInput {
  /// Value: a structure, each part a field's value (an array field's part: its cells).
  /// Pointer: a pointer to structures, each part a block (one cell per object, the array
  /// field's cells for an array field), shown as the list of the objects from the pointer on.
  /// InMemory: a structure in memory (its address is taken), each part a block of one object.
  /// Objects: an array of structures, each part a block of all objects. Hidden: no input of the
  /// source program at all (the globals a function returns a structure in): not shown. Rows: an
  /// array of arrays (or a pointer to one's rows), one IR input of its cells row after row (the one
  /// field's part), shown as nested lists, `rows` giving the inner dimensions (`int m[][3][4]`: {3,
  /// 4}).
  enum class Shape { Value, Pointer, InMemory, Objects, Hidden, Rows };
  std::string name; ///< `node`
  Shape shape = Shape::Value;
  struct Field {
    std::vector<std::string> path; ///< {"min", "x"} for node->min.x
    std::string part;              ///< the IR input: `node_min_x`
    bool array = false;            ///< an array field: its part's value is its cells
    int64_t cells = 1;             ///< cells per object: 1, or the array field's length
  };
  std::vector<Field> fields;
  std::vector<int64_t> rows = {}; ///< Rows: the inner dimensions
};

/// `inputs` with the parts of each source input replaced by that input, where all its parts
/// are there and their values have the shape of one object: a structure as a JSON object
/// (`{"id": 0, "value": 1}`, nested for a structure field), a pointer to structures as `null`
/// or the list of the objects it points to (`[]`: none, `[{...}]`: one) or {"block": "a",
/// "offset": K} (into the objects of the structure input a, at a[K]), an array of structures as
/// the list of its objects. Other inputs are kept, in order.
NamedValues in_source_terms(const std::vector<SourceInput> &sources, const NamedValues &inputs);

/// The inverse: each input named after a source input, in the form in_source_terms gives,
/// becomes its parts. Throws ir::Error (unlocated) when its value has another shape.
NamedValues from_source_terms(const std::vector<SourceInput> &sources, const NamedValues &inputs);

} // namespace triage::ir
