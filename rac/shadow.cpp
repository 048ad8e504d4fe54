// The symbolic shadow (Config::symbolic), for the concolic engine (dse): every value may carry a
// term over the symbolic inputs, in the term language of vcgen, and every decision of the run
// that depends on them is told to the oracle source. The concrete run is never changed by it.
//
// Memory: a block's cells are an array term once the block is an input or is accessed at a
// symbolic offset (then built from its concrete cells); a read is a select, a write a store.
// What the term language cannot follow (bitwise operations, pointer-valued cells at symbolic
// offsets) is pinned: the decision `term = concrete value` is recorded, so the path condition
// stays exact but the paths with other values are not explored (Outcome::concretized).
#include "rac/machine.hpp"
#include <algorithm>
#include <optional>

namespace triage::rac {

using namespace term;

Term Machine::term(const Value &v) const {
  if (v.sym) return v.sym;
  switch (v.kind) {
  case Value::Kind::Bool:
    return mk_bool(v.b);
  case Value::Kind::Int:
  case Value::Kind::Ptr:
    break;
  }
  return mk_int(v.num);
}

void Machine::decide(const Term &cond, bool outcome, bool check) {
  if (!cond || cond->op == Op::BoolLit) return;
  ++oracle_events_;
  oracle_.on_decision(cond, outcome, check);
}

void Machine::pin(const Value &v, const std::string &why) {
  if (!v.sym) return;
  ++oracle_events_;
  const Term value = v.kind == Value::Kind::Bool ? mk_bool(v.b) : mk_int(v.num);
  oracle_.on_pin(v.kind == Value::Kind::Bool ? mk_iff(v.sym, value) : mk_eq(v.sym, value));
  note_concretized(why);
}

void Machine::note_concretized(const std::string &why) {
  auto &seen = out_.concretized;
  if (std::find(seen.begin(), seen.end(), why) == seen.end()) seen.push_back(why);
}

namespace {

Term cell_term(const Value &v) {
  if (v.kind == Value::Kind::Bool) return v.sym ? mk_ite(v.sym, mk_int(1), mk_int(0)) : mk_int(v.b);
  return v.sym ? v.sym : mk_int(v.num);
}

} // namespace

Term Machine::cells_term(const Memory &m, int id) {
  const Block &b = m.block(id);
  if (b.cells_sym) return b.cells_sym;
  // Indices outside the block are never read (bounds are decided first): any base will do.
  Term t = mk_const("block!" + std::to_string(id), Sort::Cells);
  for (size_t i = 0; i < b.cells.size(); ++i)
    t = mk_store(t, mk_int(BigInt(i)), cell_term(b.cells[i]));
  if (&m == &mem_) mem_.set_shadow(id, t);
  return t;
}

Term Machine::length_term(const Block &b) const {
  return b.length_sym ? b.length_sym : mk_int(BigInt(b.cells.size()));
}

Memory::Access Machine::access(const Memory &m, const Value &ptr) {
  const Memory::Access a = m.check(ptr);
  if (a == Memory::Access::Null || a == Memory::Access::Dead) return a;
  const Block &b = m.block(ptr.block);
  if (ptr.sym || b.length_sym) {
    const Term off = term(ptr);
    // An offset whose form shows it non-negative (an unsigned index) is only compared with the
    // length: the solver need not see the lower bound again at each negation.
    const auto range = interval_of(off, symbol_range());
    const Term above_zero = range && range->lo >= 0 ? mk_true() : mk_le(mk_int(0), off);
    decide(mk_and(above_zero, mk_lt(off, length_term(b))), a == Memory::Access::Ok);
  }
  return a;
}

Value Machine::read(const Memory &m, const Value &ptr) {
  const Value &v = m.read(ptr);
  const Block &b = m.block(ptr.block);
  if (!ptr.sym && !b.cells_sym) return v;
  if (b.elem.is_ptr()) {
    pin(ptr, "a pointer read at a symbolic offset");
    return v;
  }
  const Term cell = mk_select(cells_term(m, ptr.block), term(ptr));
  return v.with(b.elem.is_bool() ? mk_not(mk_eq(cell, mk_int(0))) : cell);
}

void Machine::write(const Value &ptr, const Value &v) {
  const Block &b = mem_.block(ptr.block);
  if (b.elem.is_ptr()) {
    pin(ptr, "a pointer written at a symbolic offset");
    mem_.write(ptr, v);
    return;
  }
  if (ptr.sym || b.cells_sym)
    mem_.set_shadow(ptr.block, mk_store(cells_term(mem_, ptr.block), term(ptr), cell_term(v)));
  mem_.write(ptr, v);
  const Block &now = mem_.block(ptr.block);
  if (now.cells_sym && now.cells_sym->depth > max_term_depth) pin_block(ptr.block);
}

// Terms that grow with every iteration of a loop (x := x + y, a store per iteration) would make
// every walk over them (hashing, printing, translating for Z3, freeing) recurse as deep as the
// run is long: past max_term_depth a value is pinned to its concrete value instead.
Value Machine::shallow(const Value &v) {
  if (!v.sym || v.sym->depth <= max_term_depth) return v;
  pin(v, "a term grown past " + std::to_string(max_term_depth) + " operations");
  Value out = v;
  out.sym = nullptr;
  return out;
}

void Machine::pin_block(int id) {
  // A copy: writing the cells may copy the block (memory snapshots share blocks).
  const Block b = mem_.block(id);
  std::vector<Term> cells;
  for (size_t i = 0; i < b.cells.size(); ++i)
    cells.push_back(mk_eq(mk_select(b.cells_sym, mk_int(BigInt(i))), cell_term(b.cells[i])));
  oracle_.on_pin(mk_and(cells));
  note_concretized("an array whose term grew past " + std::to_string(max_term_depth) +
                   " operations");
  for (size_t i = 0; i < b.cells.size(); ++i) {
    Value concrete = b.cells[i];
    concrete.sym = nullptr;
    mem_.write_cell(id, i, concrete);
  }
  mem_.drop_cells_shadow(id);
}

void Machine::symbolic_step_cells(const GiantStep &gs, int id, const std::vector<size_t> &taken) {
  const Block &b = mem_.block(id);
  if (!cfg_.symbolic || taken.empty() || b.elem.is_ptr()) return;
  const Term fresh = mk_const(output_symbol(gs, b.name), Sort::Cells);
  oracle_.on_symbol(fresh, b.elem, b.cells.size());
  Term t = cells_term(mem_, id);
  for (size_t i : taken)
    t = mk_store(t, mk_int(BigInt(i)), mk_select(fresh, mk_int(BigInt(i))));
  mem_.set_shadow(id, t);
}

std::string output_symbol(const GiantStep &step, const std::string &name) {
  return step.subcontract + ":" + std::to_string(step.line) + "#" + std::to_string(step.visit) +
         "!" + name;
}

bool is_output_symbol(const std::string &symbol) {
  return symbol.find('!') != std::string::npos;
}

// A giant step whose writes clause reaches past the end of an input block of symbolic length:
// the search should also try a block long enough to hold the first such cell, which the step may
// then change. That is how a contract letting a loop or a callee write more than its caller
// allows (`loop assigns t[0 .. n + 1]` under `assigns t[0 .. n - 1]`) shows as a weakness: only
// on an input longer than the caller's range. Writes clauses within their blocks add nothing.
void Machine::reach_past_end(const std::vector<LocSet> &allowed, int id) {
  const Block &b = mem_.block(id);
  if (!b.length_sym || allowed.empty()) return;
  auto it = allowed[0].cells.find(id);
  if (it == allowed[0].cells.end()) return;
  const BigInt len(b.cells.size());
  std::optional<BigInt> first;
  for (const auto &[lo, hi] : it->second)
    if (BigInt k = std::max(lo, len); k <= hi && (!first || k < *first)) first = k;
  // Past a few cells the search's block bound (--max-block) would refuse it anyway.
  if (!first || *first > len + 64) return;
  if (!allowed_cell(allowed, id, static_cast<size_t>(*first))) return;
  decide(mk_le(length_term(b), mk_int(*first)), true, false);
}

bool Machine::allowed_cell(const std::vector<LocSet> &sets, int id, size_t i) {
  bool all = true;
  for (const LocSet &s : sets) {
    const bool in = s.has_cell(id, i);
    if (auto it = s.sym_cells.find(id); it != s.sym_cells.end()) {
      const bool symbolic = std::any_of(it->second.begin(), it->second.end(), [](const auto &r) {
        return r.first->op != Op::IntLit || r.second->op != Op::IntLit;
      });
      if (symbolic) {
        std::vector<Term> alts;
        const Term o = mk_int(BigInt(i));
        for (const auto &[lo, hi] : it->second)
          alts.push_back(mk_and(mk_le(lo, o), mk_le(o, hi)));
        decide(mk_or(alts), in);
      }
    }
    all = all && in;
    if (!all) break;
  }
  return all;
}

Term Machine::cell_shadow(const Memory &m, int id, size_t i) {
  const Block &b = m.block(id);
  if (b.cells_sym) return mk_select(b.cells_sym, mk_int(BigInt(i)));
  return cell_term(b.cells[i]);
}

bool Machine::same_value(const Value &a, const Value &b) {
  const bool same = a == b;
  if ((a.sym || b.sym) && a.kind != Value::Kind::Ptr && a.sym != b.sym)
    decide(a.kind == Value::Kind::Bool ? mk_iff(term(a), term(b)) : mk_eq(term(a), term(b)), same);
  return same;
}

RangeOf Machine::symbol_range() const {
  return [this](const std::string &name) -> std::optional<Interval> {
    const auto it = symbol_ranges_.find(name);
    if (it == symbol_ranges_.end()) return std::nullopt;
    return it->second;
  };
}

Value Machine::symbolic_value(const Value &v, const std::string &name, const ir::Type &type) {
  if (!cfg_.symbolic || v.kind == Value::Kind::Ptr) return v;
  const Term s = mk_const(name, v.kind == Value::Kind::Bool ? Sort::Bool : Sort::Int);
  oracle_.on_symbol(s, type, std::nullopt);
  if (v.kind == Value::Kind::Int && type.is_machine())
    symbol_ranges_.insert_or_assign(name, Interval{type.min_value(), type.max_value()});
  return v.with(s);
}

void Machine::symbolic_block(int id, const std::string &name, bool length_too) {
  const Block &b = mem_.block(id);
  if (!cfg_.symbolic) return;
  if (b.elem.is_ptr()) {
    // Pointer cells have no term, but the block's length is an input like any other: reads
    // past it decide against NAME#len, so the search tries longer blocks of pointers.
    if (!length_too) return;
    oracle_.on_symbol(mk_const(name, Sort::Cells), b.elem, std::nullopt);
    mem_.set_shadow(id, nullptr, mk_const(name + "#len", Sort::Int));
    return;
  }
  const Term cells = mk_const(name, Sort::Cells);
  const Term length = length_too ? mk_const(name + "#len", Sort::Int) : nullptr;
  oracle_.on_symbol(cells, b.elem, length_too ? std::nullopt : std::optional(b.cells.size()));
  mem_.set_shadow(id, cells, length);
}

} // namespace triage::rac
