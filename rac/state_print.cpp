// Printing values and states: for failures (the state where a goal failed) and traces.
// Text: `n = 1, r = 0; globals: x = 4; memory: t = [10, -10]`. JSON: {"variables": {...},
// "globals": {...}, "memory": {"t": [10, -10]}}, pointers as {"block": NAME, "offset": K}.
#include "rac/machine.hpp"

namespace triage::rac {

namespace {
constexpr size_t max_cells_shown = 64;
constexpr int max_blocks_shown = 16;
} // namespace

std::string Machine::value_text(const Value &v) const {
  switch (v.kind) {
  case Value::Kind::Int:
    return v.num.str();
  case Value::Kind::Bool:
    return v.b ? "true" : "false";
  case Value::Kind::Ptr:
    if (v.block < 0) return v.num == 0 ? "null" : "null+" + v.num.str();
    return "&" + mem_.display_name(v.block) + "[" + v.num.str() + "]";
  }
  return "?";
}

ir::Json Machine::value_json(const Value &v) const {
  switch (v.kind) {
  case Value::Kind::Int:
    return ir::Json(v.num);
  case Value::Kind::Bool:
    return ir::Json(v.b);
  case Value::Kind::Ptr:
    if (v.block < 0) return ir::Json();
    {
      ir::Json o = ir::Json::object();
      o["block"] = mem_.display_name(v.block);
      o["offset"] = ir::Json(v.num);
      return o;
    }
  }
  return ir::Json();
}

namespace {

/// The live blocks worth showing: at most a few, the most recent last.
std::vector<int> shown_blocks(const Memory &m) {
  std::vector<int> ids;
  for (int id = 0; id < m.count(); ++id)
    if (m.block(id).alive) ids.push_back(id);
  if (int(ids.size()) > max_blocks_shown) ids.erase(ids.begin(), ids.end() - max_blocks_shown);
  return ids;
}

} // namespace

StateItems Machine::state_items(const Value *result) {
  StateItems out;
  if (!frames_.empty())
    for (const auto &name : top().order)
      if (auto it = top().vars.find(name); it != top().vars.end())
        out.variables.emplace_back(name, value_text(it->second));
  if (result) out.variables.emplace_back("result", value_text(*result));
  for (const auto &name : global_order_)
    if (auto it = globals_.find(name); it != globals_.end())
      out.globals.emplace_back(name, value_text(it->second));
  for (int id : shown_blocks(mem_)) {
    const Block &b = mem_.block(id);
    std::string cells;
    for (size_t i = 0; i < b.cells.size() && i < max_cells_shown; ++i)
      cells += (i ? ", " : "") + value_text(b.cells[i]);
    if (b.cells.size() > max_cells_shown)
      cells += ", ... (" + std::to_string(b.cells.size()) + " cells)";
    out.memory.emplace_back(mem_.display_name(id), "[" + cells + "]");
  }
  return out;
}

std::string Machine::state_text(const Value *result) {
  const StateItems items = state_items(result);
  auto join = [](const std::vector<std::pair<std::string, std::string>> &named) {
    std::string s;
    for (const auto &[name, text] : named)
      s += (s.empty() ? "" : ", ") + name + " = " + text;
    return s;
  };
  const std::string vars = join(items.variables), globs = join(items.globals),
                    mem = join(items.memory);
  std::string out;
  for (const std::string &part :
       {vars, globs.empty() ? globs : "globals: " + globs, mem.empty() ? mem : "memory: " + mem})
    if (!part.empty()) out += (out.empty() ? " " : "; ") + part;
  return out;
}

ir::Json Machine::state_json(const Value *result) {
  ir::Json vars = ir::Json::object(), globs = ir::Json::object(), mem = ir::Json::object();
  if (!frames_.empty())
    for (const auto &name : top().order)
      if (auto it = top().vars.find(name); it != top().vars.end())
        vars[name] = value_json(it->second);
  if (result) vars["result"] = value_json(*result);
  for (const auto &name : global_order_)
    if (auto it = globals_.find(name); it != globals_.end()) globs[name] = value_json(it->second);
  for (int id : shown_blocks(mem_)) {
    ir::Json cells = ir::Json::array();
    for (const auto &v : mem_.block(id).cells)
      cells.push_back(value_json(v));
    mem[mem_.display_name(id)] = std::move(cells);
  }
  ir::Json out = ir::Json::object();
  out["function"] = frames_.empty() ? std::string("-") : top().fn->name;
  out["variables"] = std::move(vars);
  out["globals"] = std::move(globs);
  out["memory"] = std::move(mem);
  return out;
}

} // namespace triage::rac
