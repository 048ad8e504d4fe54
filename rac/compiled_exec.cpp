// Running a compiled loop nest (rac/compiled_loop.hpp) inside the machine: the registers are
// loaded from the maps of variables when the nest starts and stored back when it ends or hands a
// statement to the interpreter. A statement the compiled form bails on is executed by the
// interpreter from the state it started in (its steps given back first), so that failures,
// limits and their messages are the interpreter's; after it the registers are loaded again.
// Once a value turns symbolic, or the oracle was told a decision, the rest of the nest is the
// interpreter's: compiled code runs on concrete values only, and tells the oracle nothing but
// its first branch (OracleSource::needs_every_branch).
#include "rac/machine.hpp"

#include <algorithm>

namespace triage::rac {

namespace {

/// Steps between two looks at the clock from compiled code (the interpreter looks every 1024
/// steps, at a hundred times the cost of a step).
constexpr long clock_interval = 1L << 20;

/// An assignment's effect (AssignVar, AssignCell); Bail as its expressions and cells do.
/// Inlined by force: a call here cost counter.c a fifth of its speed (116 to 93 M a second).
[[gnu::always_inline]] inline void assign(const compiled::Stmt &s, compiled::Exec &ex) {
  const std::int64_t v = compiled::eval(*s.e, ex);
  if (s.kind == compiled::Stmt::Kind::AssignVar)
    ex.regs[size_t(s.reg)] = v;
  else
    compiled::store(s.cell->k, compiled::eval(*s.cell, ex), v, s.cell_repr, ex);
}

} // namespace

std::optional<Flow> Machine::run_compiled(const ir::Stmt &s) {
  if (!cfg_.compile || tracing() || oracle_.needs_every_branch() || frames_.empty())
    return std::nullopt;
  auto [it, fresh] = compiled_.try_emplace(&s);
  if (fresh) it->second = compiled::compile(p_, s, cfg_.policy);
  if (!it->second) return std::nullopt;
  const compiled::Loop &loop = *it->second;
  compiled::Exec ex;
  ex.loop = &loop;
  ex.mem = &mem_;
  ex.oracle = &oracle_;
  ex.oracle_events = oracle_events_;
  const size_t n = loop.vars.size();
  ex.regs.assign(n, 0);
  ex.blocks.assign(n, -1);
  ex.homes.assign(n, nullptr);
  ex.declared.assign(n, 0);
  ex.readable.assign(n, nullptr);
  ex.writable.assign(n, nullptr);
  sync_in(ex);
  if (ex.poisoned) return std::nullopt; // the interpreter runs it from the start
  const Flow f = c_loop(loop.root, ex);
  if (!ex.poisoned) sync_out(ex);
  cur_at_ = loc(s);
  return f;
}

void Machine::sync_in(compiled::Exec &ex) {
  ex.steps = ex.synced = steps_;
  ex.next_clock = steps_ + clock_interval;
  ex.fast_limit = std::min(cfg_.step_limit, ex.next_clock);
  if (oracle_events_ != ex.oracle_events) {
    ex.poisoned = true;
    return;
  }
  const std::vector<compiled::Var> &vars = ex.loop->vars;
  try {
    for (size_t i = 0; i < vars.size(); ++i) {
      const compiled::Var &v = vars[i];
      Value *&home = ex.homes[i];
      if (!home) { // declared in the nest: it may not exist yet
        VarMap &map = v.global ? globals_ : top().vars;
        if (auto found = map.find(v.name); found != map.end()) home = &found->second;
      }
      ex.declared[i] = home != nullptr;
      if (!home) continue;
      if (!v.pointer) {
        ex.regs[i] = compiled::value_register(*home, v.repr);
        continue;
      }
      if (home->kind != Value::Kind::Ptr || home->sym) throw compiled::Bail{};
      const int id = home->block;
      ex.blocks[i] = id;
      ex.regs[i] = id < 0 ? 0 : compiled::integer_register(home->num, compiled::Repr::I64);
      // The interpreter may have copied or killed the block, or made it symbolic, since.
      const Block *b = id < 0 ? nullptr : &mem_.block(id);
      ex.readable[i] = b && b->alive && !b->cells_sym && !b->length_sym ? b : nullptr;
      ex.writable[i] = nullptr;
    }
  } catch (compiled::Bail &) {
    ex.poisoned = true;
  }
}

void Machine::sync_out(compiled::Exec &ex) {
  compiled_steps_ += ex.steps - ex.synced;
  steps_ = ex.synced = ex.steps;
  const std::vector<compiled::Var> &vars = ex.loop->vars;
  for (const int i : ex.fresh) { // declared by compiled code, as declare() does it
    const compiled::Var &v = vars[size_t(i)];
    Frame &f = top();
    f.order.push_back(v.name);
    f.types.insert_or_assign(v.name, v.type);
    ex.homes[size_t(i)] = &f.vars.insert_or_assign(v.name, default_value(v.type)).first->second;
  }
  ex.fresh.clear();
  for (size_t i = 0; i < vars.size(); ++i)
    if (!vars[i].pointer && ex.declared[i]) // pointers are only assigned by the interpreter
      compiled::set_value(*ex.homes[i], ex.regs[i], vars[i].repr);
}

void Machine::c_limit(compiled::Exec &ex, long cost) {
  if (ex.steps + cost <= ex.fast_limit) return;
  if (ex.steps + cost > cfg_.step_limit || std::chrono::steady_clock::now() > deadline_)
    throw compiled::Bail{}; // the interpreter stops the run where it must
  ex.next_clock = ex.steps + clock_interval;
  ex.fast_limit = std::min(cfg_.step_limit, ex.next_clock);
}

Flow Machine::c_interpret(const compiled::Stmt &s, compiled::Exec &ex, long before) {
  ex.steps = before;
  sync_out(ex);
  const Flow f = exec(*s.src);
  sync_in(ex);
  return f;
}

Flow Machine::c_block(const std::vector<compiled::Stmt> &b, compiled::Exec &ex) {
  for (const auto &s : b) {
    // The most frequent statements, on their fast path here: no call, no limit close by.
    using K = compiled::Stmt::Kind;
    if ((s.kind == K::AssignVar || s.kind == K::AssignCell) && !ex.poisoned &&
        ex.steps + s.max_cost <= ex.fast_limit) {
      const long before = ex.steps;
      ex.steps += s.cost;
      try {
        assign(s, ex);
      } catch (compiled::Bail &) {
        c_interpret(s, ex, before); // an assignment: it goes on normally, or throws Stop
      }
      continue;
    }
    const Flow f = ex.poisoned ? exec(*s.src) : c_stmt(s, ex);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Machine::c_stmt(const compiled::Stmt &s, compiled::Exec &ex) {
  using K = compiled::Stmt::Kind;
  const long before = ex.steps;
  bool branch = false;
  try {
    switch (s.kind) {
    case K::Interp:
      break;
    case K::While:
      c_limit(ex, 1);
      ++ex.steps;
      return c_loop(s, ex); // its statements bail by themselves
    default:
      c_limit(ex, s.max_cost);
      ex.steps += s.cost;
      break;
    }
    switch (s.kind) {
    case K::AssignVar:
    case K::AssignCell:
      assign(s, ex);
      return Flow::Normal;
    case K::Decl:
      ex.regs[size_t(s.reg)] = s.e ? compiled::eval(*s.e, ex) : 0;
      if (!ex.declared[size_t(s.reg)]) {
        ex.declared[size_t(s.reg)] = 1;
        ex.fresh.push_back(s.reg);
      }
      return Flow::Normal;
    case K::Check:
      if (compiled::eval(*s.e, ex) == 0) throw compiled::Bail{}; // the interpreter reports it
      return Flow::Normal;
    case K::Return:
      returned_.reset();
      if (s.e) returned_ = compiled::register_value(compiled::eval(*s.e, ex), s.e->repr);
      return Flow::Return;
    case K::Break:
      return Flow::Break;
    case K::Continue:
      return Flow::Continue;
    case K::If:
      branch = compiled::eval(*s.e, ex) != 0;
      break;
    case K::Block:
    case K::While:
    case K::Interp:
      break;
    }
  } catch (compiled::Bail &) {
    return c_interpret(s, ex, before);
  }
  if (s.kind == K::Interp) return c_interpret(s, ex, before);
  if (s.kind == K::Block) return c_block(s.body, ex);
  compiled::report_branch(ex, *s.src->cond, branch);
  return c_block(branch ? s.body : s.else_body, ex);
}

Flow Machine::c_loop(const compiled::Stmt &s, compiled::Exec &ex) {
  while (true) {
    if (ex.poisoned) return exec_loop(*s.src); // the interpreter goes on from the head
    const long before = ex.steps;
    bool b = false;
    try {
      c_limit(ex, s.max_cost);
      ex.steps += s.cost;
      b = compiled::eval(*s.e, ex) != 0;
    } catch (compiled::Bail &) {
      ex.steps = before;
      sync_out(ex);
      const Flow f = exec_loop(*s.src);
      sync_in(ex);
      return f;
    }
    compiled::report_branch(ex, *s.src->cond, b);
    if (!b) return Flow::Normal;
    const Flow f = c_block(s.body, ex);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return Flow::Return;
  }
}

} // namespace triage::rac
