// Inputs of a run: parameters of the entry function and globals, by name, in the JSON form of
// ir/counterexample.hpp. An array given for a pointer makes a fresh block named after the
// parameter or global, {"block": NAME, "offset": K} points into the block of an earlier input; an
// array global is filled from its array. Missing inputs default to 0 / false / null and are
// reported; malformed ones are configuration errors (ir::Error).
#include "rac/machine.hpp"

#include "ir/error.hpp"

namespace triage::rac {

Value Machine::input_value(const ir::Json &j, const ir::Type &t, const std::string &name,
                           const ir::SrcLoc &at, bool cell) {
  auto scalar = [&](Value v) { return cell ? v : symbolic_value(v, name, t); };
  auto bad = [&](const std::string &why) -> Value {
    throw ir::Error(at, "input " + name + " = " + j.dump() + ": " + why);
  };
  if (t.is_bool())
    return j.is_bool() ? scalar(Value::boolean(j.as_bool())) : bad("a boolean is expected");
  if (t.is_numeric()) {
    auto i = j.integer();
    if (!i) return bad("an integer is expected");
    if (!t.fits(*i)) return bad("outside the range of " + t.str());
    return scalar(Value::integer(*i));
  }
  if (j.is_null()) return Value::null();
  if (const ir::Json *block = j.find("block"); block && !cell) {
    // Into the block of an input given before (`b = a + 1`: {"block": "a", "offset": 1}).
    const int id = block->is_string() ? mem_.latest(block->as_string()) : -1;
    if (id < 0) return bad("names no input block given before it");
    if (mem_.block(id).elem != t.pointee())
      return bad("points into a block of " + mem_.block(id).elem.str() + " cells");
    const ir::Json *off = j.find("offset");
    const std::optional<BigInt> k = off ? off->integer() : std::optional<BigInt>(0);
    if (!k) return bad("has a non-integer offset");
    return Value::pointer(id, *k);
  }
  if (!j.is_array())
    return bad("an array (the pointed block's contents), {\"block\": NAME, \"offset\": K} (into "
               "the block of an input before it) or null is expected");
  const auto &cells = j.as_array();
  if (mem_.total_cells() + cells.size() > cfg_.cell_limit)
    return bad("more cells than the memory limit of " + std::to_string(cfg_.cell_limit));
  std::vector<Value> values;
  for (size_t i = 0; i < cells.size(); ++i)
    values.push_back(
        input_value(cells[i], t.pointee(), name + "[" + std::to_string(i) + "]", at, true));
  const int id = mem_.create(name, t.pointee(), cells.size());
  for (size_t i = 0; i < values.size(); ++i)
    mem_.write_cell(id, i, std::move(values[i]));
  symbolic_block(id, name, true);
  return Value::pointer(id, 0);
}

void Machine::setup_globals() {
  for (const auto &d : p_.decls) {
    const auto *gp = std::get_if<std::shared_ptr<ir::Global>>(&d);
    if (!gp) continue;
    const ir::Global &g = **gp;
    const ir::SrcLoc at = ir::where(p_, g.pos, g.src);
    const std::optional<ir::Json> j = oracle_.input(g.name);
    global_order_.push_back(g.name);
    if (!g.array_len) {
      global_types_.insert_or_assign(g.name, g.type);
      if (j) {
        globals_.insert_or_assign(g.name, input_value(*j, g.type, g.name, at));
      } else {
        globals_.insert_or_assign(g.name, default_value(g.type));
        report_default("input " + g.name + " = " + value_text(globals_[g.name]));
      }
      continue;
    }
    const size_t len = size_t(std::max<int64_t>(*g.array_len, 0));
    if (mem_.total_cells() + len > cfg_.cell_limit)
      throw ir::Error(at, "the array " + g.name + " exceeds the memory limit");
    const int id = mem_.create(g.name, g.type, len);
    global_types_.insert_or_assign(g.name, ir::Type::pointer(g.type));
    globals_.insert_or_assign(g.name, Value::pointer(id, 0));
    if (!j) {
      report_default("input " + g.name + " = all zeros");
      continue;
    }
    if (!j->is_array() || j->as_array().size() > len)
      throw ir::Error(at, "input " + g.name + ": an array of at most " + std::to_string(len) +
                              " values is expected");
    for (size_t i = 0; i < j->as_array().size(); ++i)
      mem_.write_cell(
          id, i,
          input_value(j->as_array()[i], g.type, g.name + "[" + std::to_string(i) + "]", at, true));
    symbolic_block(id, g.name, false);
    if (j->as_array().size() < len)
      report_default("input " + g.name + ": cells from " + std::to_string(j->as_array().size()) +
                     " on are 0");
  }
}

std::vector<Value> Machine::setup_params(const ir::Function &f) {
  std::vector<Value> args;
  const ir::SrcLoc at = ir::where(p_, f.pos, f.src);
  for (const auto &b : f.params) {
    if (auto j = oracle_.input(b.name)) {
      args.push_back(input_value(*j, b.type, b.name, at));
    } else {
      args.push_back(default_value(b.type));
      report_default("input " + b.name + " = " + value_text(args.back()));
    }
  }
  return args;
}

} // namespace triage::rac
