#include "dse/symbolic_oracle.hpp"

namespace triage::dse {

using ir::BigInt;

BigInt Assignment::scalar(const std::string &name) const {
  auto it = scalars.find(name);
  return it == scalars.end() ? BigInt(0) : it->second;
}

BigInt Assignment::cell(const std::string &name, const BigInt &i) const {
  auto it = cells.find(name);
  if (it == cells.end()) return 0;
  auto jt = it->second.find(i);
  return jt == it->second.end() ? BigInt(0) : jt->second;
}

namespace {

void loop_conditions(const ir::Block &b, std::set<const ir::Expr *> &out) {
  for (const auto &s : b) {
    if (s->kind == ir::StmtKind::While) out.insert(s->cond.get());
    loop_conditions(s->body, out);
    loop_conditions(s->else_body, out);
  }
}

/// Whether a variable of that name anywhere in the program holds a pointer: the engine gives
/// giant steps no pointer values (they keep theirs).
bool pointer_named(const ir::Program &p, const std::string &name) {
  if (const ir::Global *g = p.global(name)) return g->type.is_ptr() && !g->array_len;
  std::function<bool(const ir::Block &)> in = [&](const ir::Block &b) {
    for (const auto &s : b)
      if ((s->kind == ir::StmtKind::VarDecl && s->name == name && s->type.is_ptr() &&
           !s->array_len) ||
          in(s->body) || in(s->else_body))
        return true;
    return false;
  };
  for (const auto &d : p.decls)
    if (auto f = std::get_if<std::shared_ptr<ir::Function>>(&d)) {
      for (const auto &b : (*f)->params)
        if (b.name == name && b.type.is_ptr()) return true;
      if ((*f)->body && in(*(*f)->body)) return true;
    }
  return false;
}

} // namespace

SymbolicOracle::SymbolicOracle(const ir::Program &p, const ir::Function &f, const Assignment &a,
                               std::map<std::string, Symbol> &symbols, std::optional<int> k)
    : p_(p), f_(f), a_(a), symbols_(symbols), k_(k) {
  used_.function = f.name;
  for (const auto &d : p.decls)
    if (auto fn = std::get_if<std::shared_ptr<ir::Function>>(&d); fn && (*fn)->body)
      loop_conditions(*(*fn)->body, loop_conds_);
}

ir::Json SymbolicOracle::value_of(const ir::Type &t, const BigInt &v) const {
  if (t.is_bool()) return ir::Json(v != 0);
  return ir::Json(v);
}

std::optional<ir::Json> SymbolicOracle::input(const std::string &name) {
  std::optional<ir::Type> type;
  std::optional<size_t> fixed_cells;
  for (const auto &b : f_.params)
    if (b.name == name) type = b.type;
  if (!type)
    if (const ir::Global *g = p_.global(name)) {
      type = g->array_len ? ir::Type::pointer(g->type) : g->type;
      if (g->array_len) fixed_cells = size_t(std::max<int64_t>(*g->array_len, 0));
    }
  if (!type) return std::nullopt;
  ir::Json j;
  if (!type->is_ptr()) {
    j = value_of(*type, a_.scalar(name));
  } else if (type->pointee().is_ptr()) {
    // Pointers to pointers (`int **m`, a pointer to a structure's pointer field): a block of
    // NAME#len cells, cell i pointing to a fresh block NAME[i] whose length and cells are
    // explored; null cells and cells sharing a block are not.
    fixed_.push_back(name);
    j = ir::Json::array();
    const BigInt outer = a_.scalar(name + "#len");
    for (BigInt i = 0; i < outer; ++i) {
      if (type->pointee().pointee().is_ptr()) {
        j.push_back(ir::Json());
        continue;
      }
      const std::string inner = name + "[" + i.str() + "]";
      ir::Json block = ir::Json::array();
      for (BigInt k = 0, len = a_.scalar(inner + "#len"); k < len; ++k)
        block.push_back(value_of(type->pointee().pointee(), a_.cell(inner, k)));
      j.push_back(block);
    }
  } else {
    const BigInt len = fixed_cells ? BigInt(*fixed_cells) : a_.scalar(name + "#len");
    j = ir::Json::array();
    for (BigInt i = 0; i < len; ++i)
      j.push_back(value_of(type->pointee(), a_.cell(name, i)));
  }
  used_.inputs.push_back({name, j});
  return j;
}

ir::SubcontractOutput &SymbolicOracle::output_entry(const rac::GiantStep &step) {
  for (auto &o : used_.outputs)
    if (o.subcontract == step.subcontract && o.line == step.line && o.visit == step.visit) return o;
  used_.outputs.push_back({step.subcontract, step.line, step.visit, {}});
  return used_.outputs.back();
}

std::optional<ir::Json> SymbolicOracle::output(const rac::GiantStep &step,
                                               const std::string &name) {
  if (pointer_named(p_, name)) {
    // A nondeterministic pointer (`__VERIFIER_nondet_pointer()`) is null: other pointers
    // are not explored.
    if (!step.subcontract.starts_with("havoc@")) return std::nullopt;
    if (std::ranges::find(nondet_pointers_, name) == nondet_pointers_.end())
      nondet_pointers_.push_back(name);
    output_entry(step).values.push_back({name, ir::Json()}); // the stream's value: null
    return ir::Json();
  }
  ir::Json j(a_.scalar(rac::output_symbol(step, name)));
  output_entry(step).values.push_back({name, j});
  return j;
}

std::optional<ir::Json> SymbolicOracle::output_block(const rac::GiantStep &step,
                                                     const std::string &name, size_t length) {
  const std::string sym = rac::output_symbol(step, name);
  ir::Json j = ir::Json::array();
  for (size_t i = 0; i < length; ++i)
    j.push_back(ir::Json(a_.cell(sym, BigInt(i))));
  output_entry(step).values.push_back({name, j});
  return j;
}

void SymbolicOracle::on_branch(const ir::Expr &cond, bool outcome) {
  // The last decision of the condition's evaluation is the one that decided it (of its last
  // operand, for && and ||); checks of its evaluation (overflow, memory) decide nothing here.
  const bool decided_here = path_.size() > decisions_at_branch_;
  decisions_at_branch_ = path_.size();
  if (!loop_conds_.count(&cond)) return;
  if (decided_here && !path_.back().check) path_.back().loop = true;
  if (!k_) return;
  int &n = iterations_[&cond];
  n = outcome ? n + 1 : 0; // a false condition ends the loop's visit
  if (n > *k_ && !k_exceeded_) k_exceeded_ = path_.size();
}

void SymbolicOracle::on_decision(const term::Term &cond, bool outcome, bool check) {
  path_.push_back({cond, outcome, check});
}

void SymbolicOracle::on_pin(const term::Term &cond) {
  if (cond->op == term::Op::BoolLit) return;
  path_.push_back({cond, true, true, false, true});
}

void SymbolicOracle::on_symbol(const term::Term &symbol, const ir::Type &type,
                               std::optional<size_t> cells) {
  auto [it, fresh] = symbols_.try_emplace(symbol->name, Symbol{symbol, type, cells});
  // A giant step's output block has as many cells as the block has on this run, which may be
  // more than on the run that introduced the name: the model must be read for all of them.
  if (!fresh && cells && it->second.cells && *cells > *it->second.cells) it->second.cells = cells;
}

} // namespace triage::dse
