// Expressions, in code and in logic. The two differ only where docs/ir.md says so: machine
// arithmetic (overflow is a runtime error, unsigned wraps) and memory errors in code; exact
// arithmetic in logic, where what cannot be evaluated (a read outside a block, a division by
// zero) makes the run "not executable" rather than a guess.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

using ir::BinOp;
using ir::ExprKind;
using ir::GoalKind;
using namespace term;

namespace {

constexpr unsigned max_integer_limbs = 65536 / 64;

bool truth(const Value &v) {
  return v.kind == Value::Kind::Bool ? v.b : v.num != 0;
}

/// Two's complement of v on `bits` bits, as a non-negative integer.
BigInt to_bits(const BigInt &v, unsigned bits) {
  const BigInt m = BigInt(1) << bits;
  BigInt r = v % m;
  if (r < 0) r += m;
  return r;
}

BigInt from_bits(const BigInt &v, unsigned bits, bool is_signed) {
  if (is_signed && v >= (BigInt(1) << (bits - 1))) return v - (BigInt(1) << bits);
  return v;
}

unsigned width_for(const BigInt &a, const BigInt &b) {
  auto w = [](const BigInt &x) -> unsigned {
    return x == 0 ? 1u : unsigned(boost::multiprecision::msb(abs(x))) + 1u;
  };
  return std::max(w(a), w(b)) + 1;
}

} // namespace

Ctx Machine::code_ctx() {
  Ctx c;
  c.logic = false;
  c.here = here();
  c.frame = frames_.empty() ? nullptr : &top();
  c.at = cur_at_;
  return c;
}

Ctx Machine::annot_ctx(const ir::Annotation &a) {
  Ctx c = code_ctx();
  c.logic = true;
  c.at = loc(a);
  c.loop_entry = loop_entries_.empty() ? nullptr : loop_entries_.back();
  return c;
}

// Every boolean the run branches on is a decision of the symbolic shadow: conditions of the
// code, operands of connectives, quantifier instances, annotations.
bool Machine::eval_bool(const ir::Expr &e, const Ctx &c) {
  const Value v = eval(e, c);
  const bool b = truth(v);
  if (v.sym)
    decide(v.kind == Value::Kind::Bool ? v.sym : mk_not(mk_eq(v.sym, mk_int(0))), b, c.logic);
  return b;
}

Value Machine::eval(const ir::Expr &e, const Ctx &c) {
  tick();
  switch (e.kind) {
  case ExprKind::IntLit:
    return Value::integer(e.value);
  case ExprKind::BoolLit:
    return Value::boolean(e.bval);
  case ExprKind::Null:
    return Value::null();
  case ExprKind::Var:
    return lookup(e, c);
  case ExprKind::Result:
    if (!c.result) not_executable("'result' has no value here", c);
    return *c.result;
  case ExprKind::Unary:
    return unary(e, c);
  case ExprKind::Binary:
    return binary(e, c);
  case ExprKind::Ite: {
    const bool b = eval_bool(*e.args[0], c);
    if (!c.logic) oracle_.on_branch(*e.args[0], b);
    return eval(*e.args[b ? 1 : 2], c);
  }
  case ExprKind::Let: {
    const size_t base = bound_.size();
    if (c.depth > 0) { // in a definition's body: evaluated when read (Binding)
      bound_.emplace_back(e.name, Value::null());
      bound_.back().lazy = std::make_shared<Binding::Lazy>(Binding::Lazy{e.args[0].get(), c, base});
    } else {
      Value v = eval(*e.args[0], c);
      bound_.emplace_back(e.name, std::move(v));
    }
    Value r = eval(*e.args[1], c);
    bound_.resize(base);
    return r;
  }
  case ExprKind::Quant:
    return quantifier(e, c);
  case ExprKind::Old: {
    if (!c.frame) return eval(*e.args[0], c);
    Ctx pre = c;
    pre.here = view_of(c.frame->pre);
    return eval(*e.args[0], pre);
  }
  case ExprKind::At:
    return at_label(e, c);
  case ExprKind::App:
    return apply(e, c);
  case ExprKind::Cast:
    return cast(e, c);
  case ExprKind::Deref:
    return load(eval(*e.args[0], c), e, c);
  case ExprKind::Valid:
    return valid(e, c);
  case ExprKind::Separated:
    return separated(e, c);
  case ExprKind::SameObject:
    return same_object(e, c);
  case ExprKind::Range:
    break;
  }
  not_executable("a range 'lo .. hi' outside a location", c);
}

Value Machine::lookup(const ir::Expr &e, const Ctx &c) {
  switch (e.ref) {
  case ir::VarRef::Local:
  case ir::VarRef::Param:
    if (c.here.vars)
      if (auto it = c.here.vars->find(e.name); it != c.here.vars->end()) return it->second;
    not_executable("'" + e.name + "' has no value in the state this annotation reads", c);
  case ir::VarRef::Global:
    if (auto it = c.here.globals->find(e.name); it != c.here.globals->end()) return it->second;
    not_executable("the global '" + e.name + "' has no value", c);
  case ir::VarRef::Bound:
  case ir::VarRef::LogicParam:
    for (size_t i = bound_.size(); i-- > 0;)
      if (bound_[i].first == e.name) return bound_[i].lazy ? force(i) : bound_[i].second;
    break;
  case ir::VarRef::Unresolved:
    break;
  }
  not_executable("'" + e.name + "' is not bound", c);
}

Value Machine::force(size_t i) {
  const std::shared_ptr<Binding::Lazy> lazy = bound_[i].lazy;
  Value v = Value::null();
  {
    // The expression sees the names bound where it was written, not those bound since (a
    // quantifier of the body may reuse a name); they are back afterwards, also on a throw.
    struct Restore {
      std::vector<Binding> &bound;
      std::vector<Binding> since;
      size_t base;
      ~Restore() {
        bound.resize(base);
        bound.insert(bound.end(), std::make_move_iterator(since.begin()),
                     std::make_move_iterator(since.end()));
      }
    } restore{bound_,
              {std::make_move_iterator(bound_.begin() + long(lazy->base)),
               std::make_move_iterator(bound_.end())},
              lazy->base};
    bound_.resize(lazy->base);
    v = eval(*lazy->expr, lazy->ctx);
  }
  bound_[i].second = v;
  bound_[i].lazy.reset();
  return v;
}

Value Machine::machine_result(BigInt r, const Term &sym, const ir::Type &t, const Ctx &c) {
  // Exact integers could grow until one operation takes forever (x := x * x in a loop).
  if (r.backend().size() > max_integer_limbs)
    stop(OutcomeKind::LimitReached, "an integer grew beyond 2^65536", c.logic ? c.at : cur_at_);
  if (c.logic || !t.is_machine()) return Value::integer(std::move(r)).with(sym);
  const bool fits = t.fits(r);
  if (!t.is_signed())
    return Value::integer(wrap(r, t)).with(sym ? mk_wrap_tight(t, sym, symbol_range()) : nullptr);
  if (sym) decide(mk_in_range(t, sym), fits);
  if (fits) return Value::integer(std::move(r)).with(sym);
  rte(GoalKind::RteOverflow, "the result " + r.str() + " does not fit in " + t.str());
}

Value Machine::unary(const ir::Expr &e, const Ctx &c) {
  const Value a = eval(*e.args[0], c);
  switch (e.unop) {
  case ir::UnOp::Not:
    return Value::boolean(!truth(a)).with(
        a.sym ? mk_not(a.kind == Value::Kind::Bool ? a.sym : mk_not(mk_eq(a.sym, mk_int(0))))
              : nullptr);
  case ir::UnOp::Neg:
    return machine_result(-a.num, a.sym ? mk_neg(a.sym) : nullptr, e.type, c);
  case ir::UnOp::BitNot:
    pin(a, "a bitwise operation");
    if (e.type.is_machine() && !e.type.is_signed())
      return Value::integer(e.type.max_value() - a.num);
    return Value::integer(-a.num - 1);
  }
  return a;
}

Value Machine::binary(const ir::Expr &e, const Ctx &c) {
  switch (e.binop) {
  case BinOp::And:
    return Value::boolean(eval_bool(*e.args[0], c) && eval_bool(*e.args[1], c));
  case BinOp::Or:
    return Value::boolean(eval_bool(*e.args[0], c) || eval_bool(*e.args[1], c));
  case BinOp::Implies:
    return Value::boolean(!eval_bool(*e.args[0], c) || eval_bool(*e.args[1], c));
  case BinOp::Iff:
    return Value::boolean(eval_bool(*e.args[0], c) == eval_bool(*e.args[1], c));
  default:
    break;
  }
  const Value a = eval(*e.args[0], c);
  const Value b = eval(*e.args[1], c);
  if (e.binop >= BinOp::Eq) return compare(e.binop, a, b);
  return arith(e, a, b, c);
}

Value Machine::compare(BinOp op, const Value &a, const Value &b) {
  const Value r = compare_values(op, a, b);
  if (!a.sym && !b.sym) return r;
  if (a.kind == Value::Kind::Bool || b.kind == Value::Kind::Bool) {
    auto as_bool = [&](const Value &v) {
      return v.kind == Value::Kind::Bool ? term(v) : mk_not(mk_eq(term(v), mk_int(0)));
    };
    const Term eq = mk_iff(as_bool(a), as_bool(b));
    return r.with(op == BinOp::Eq ? eq : mk_not(eq));
  }
  // Pointers in different blocks compare by their blocks, which are concrete.
  if (a.kind == Value::Kind::Ptr && (a.block != b.block || a.block < 0)) return r;
  const Term x = term(a), y = term(b);
  switch (op) {
  case BinOp::Eq:
    return r.with(mk_eq(x, y));
  case BinOp::Ne:
    return r.with(mk_not(mk_eq(x, y)));
  case BinOp::Lt:
    return r.with(mk_lt(x, y));
  case BinOp::Le:
    return r.with(mk_le(x, y));
  case BinOp::Gt:
    return r.with(mk_lt(y, x));
  default:
    return r.with(mk_le(y, x));
  }
}

Value Machine::compare_values(BinOp op, const Value &a, const Value &b) {
  if (a.kind == Value::Kind::Bool || b.kind == Value::Kind::Bool) {
    const bool eq = truth(a) == truth(b);
    return Value::boolean(op == BinOp::Eq ? eq : !eq);
  }
  if (a.kind == Value::Kind::Ptr && (op == BinOp::Eq || op == BinOp::Ne)) {
    const bool eq = a == b;
    return Value::boolean(op == BinOp::Eq ? eq : !eq);
  }
  // Integers, or pointers ordered by their offsets (docs/ir.md: within a block).
  const int cmp = a.num < b.num ? -1 : (a.num == b.num ? 0 : 1);
  switch (op) {
  case BinOp::Eq:
    return Value::boolean(cmp == 0);
  case BinOp::Ne:
    return Value::boolean(cmp != 0);
  case BinOp::Lt:
    return Value::boolean(cmp < 0);
  case BinOp::Le:
    return Value::boolean(cmp <= 0);
  case BinOp::Gt:
    return Value::boolean(cmp > 0);
  default:
    return Value::boolean(cmp >= 0);
  }
}

Value Machine::arith(const ir::Expr &e, const Value &a, const Value &b, const Ctx &c) {
  const ir::Type &t = e.type;
  const bool sym = a.sym || b.sym;
  // The shadow of the result of `op`, when an operand has one.
  auto shadow = [&](Term (*op)(const Term &, const Term &)) -> Term {
    return sym ? op(term(a), term(b)) : nullptr;
  };
  if (a.kind == Value::Kind::Ptr) {
    if (b.kind == Value::Kind::Ptr) // p - q
      return machine_result(a.num - b.num, a.block == b.block ? shadow(mk_sub) : nullptr, t, c);
    return Value::pointer(a.block,
                          e.binop == BinOp::Add ? BigInt(a.num + b.num) : BigInt(a.num - b.num))
        .with(shadow(e.binop == BinOp::Add ? mk_add : mk_sub));
  }
  switch (e.binop) {
  case BinOp::Add:
    return machine_result(a.num + b.num, shadow(mk_add), t, c);
  case BinOp::Sub:
    return machine_result(a.num - b.num, shadow(mk_sub), t, c);
  case BinOp::Mul:
    return machine_result(a.num * b.num, shadow(mk_mul), t, c);
  case BinOp::Div:
  case BinOp::Mod:
    if (b.sym) decide(mk_not(mk_eq(b.sym, mk_int(0))), b.num != 0);
    if (b.num == 0) {
      if (c.logic) not_executable("division by zero in '" + ir::print(e) + "'", c);
      rte(GoalKind::RteDivision, "division by zero in '" + ir::print(e) + "'");
    }
    // cpp_int division truncates toward zero and % takes the sign of the dividend, as in C.
    return machine_result(e.binop == BinOp::Div ? BigInt(a.num / b.num) : BigInt(a.num % b.num),
                          sym ? (e.binop == BinOp::Div ? mk_tdiv_tight : mk_tmod_tight)(
                                    term(a), term(b), symbol_range())
                              : nullptr,
                          t, c);
  case BinOp::Shl:
  case BinOp::Shr:
    return shift(e, a, b, c);
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor: {
    pin(a, "a bitwise operation");
    pin(b, "a bitwise operation");
    const unsigned bits = t.is_machine() ? unsigned(t.bits()) : width_for(a.num, b.num);
    const bool is_signed = !t.is_machine() || t.is_signed();
    const BigInt x = to_bits(a.num, bits), y = to_bits(b.num, bits);
    const BigInt r = e.binop == BinOp::BitAnd  ? BigInt(x & y)
                     : e.binop == BinOp::BitOr ? BigInt(x | y)
                                               : BigInt(x ^ y);
    return Value::integer(from_bits(r, bits, is_signed));
  }
  default:
    break;
  }
  not_executable("unexpected operator in '" + ir::print(e) + "'", c);
}

Value Machine::shift(const ir::Expr &e, const Value &va, const Value &vb, const Ctx &c) {
  const ir::Type &t = e.type;
  const BigInt &a = va.num, &b = vb.num;
  pin(vb, "a shift by a symbolic amount");
  const bool code_machine = !c.logic && t.is_machine();
  if (code_machine) {
    if (b < 0 || b >= t.bits())
      rte(GoalKind::RteOverflow, "shift by " + b.str() + " in " + t.str());
    if (e.binop == BinOp::Shl && t.is_signed()) {
      // A check like any other: dse must see it to negate it (else it never tries the values
      // on its other side, yet calls the exploration complete).
      if (va.sym) decide(mk_le(mk_int(0), va.sym), a >= 0);
      if (a < 0) rte(GoalKind::RteOverflow, "left shift of the negative value " + a.str());
    }
  } else if (b < 0 || b > 1000000) {
    not_executable("shift by " + b.str() + " in '" + ir::print(e) + "'", c);
  }
  const unsigned n = static_cast<unsigned>(b);
  const Term factor = mk_int(BigInt(1) << n);
  if (e.binop == BinOp::Shl)
    return machine_result(a << n, va.sym ? mk_mul(va.sym, factor) : nullptr, t, c);
  // Right shift: floor division by 2^n (an arithmetic shift for negative values).
  return Value::integer(a >= 0 ? BigInt(a >> n) : BigInt(-((-a - 1) >> n) - 1))
      .with(va.sym ? mk_ediv(va.sym, factor) : nullptr);
}

Value Machine::cast(const ir::Expr &e, const Ctx &c) {
  Value v = eval(*e.args[0], c);
  const ir::Type &t = e.cast_to;
  if (!t.is_machine() || v.kind != Value::Kind::Int) return v;
  const bool fits = t.fits(v.num);
  if (c.logic || !t.is_signed()) {
    if (v.sym) decide(mk_in_range(t, v.sym), fits);
    return fits ? v : Value::integer(wrap(v.num, t)).with(v.sym ? mk_wrap(t, v.sym) : nullptr);
  }
  if (v.sym) decide(mk_in_range(t, v.sym), fits);
  if (fits) return v;
  rte(GoalKind::RteOverflow, "converting " + v.num.str() + " to " + t.str());
}

std::string Machine::describe_access(const Value &ptr, const Memory &m) const {
  if (ptr.block < 0) return "a null pointer";
  const Block &b = m.block(ptr.block);
  const std::string cell = m.display_name(ptr.block) + "[" + ptr.num.str() + "]";
  if (!b.alive) return cell + " after its block was freed";
  return cell + ", outside its block of " + std::to_string(b.cells.size()) +
         (b.cells.size() == 1 ? " cell" : " cells");
}

Value Machine::load(const Value &ptr, const ir::Expr &e, const Ctx &c) {
  const Memory &m = *c.here.mem;
  if (access(m, ptr) == Memory::Access::Ok) return read(m, ptr);
  const std::string what = "'" + ir::print(e) + "' reads " + describe_access(ptr, m);
  if (!c.logic) rte(GoalKind::RteMemory, what);
  if (c.checked) throw Undefined{what};
  not_executable(what, c);
}

Value Machine::at_label(const ir::Expr &e, const Ctx &c) {
  Ctx at = c;
  at.here = state_at(e.name, c);
  return eval(*e.args[0], at);
}

View Machine::state_at(const std::string &l, const Ctx &c) {
  if (c.states)
    if (auto it = c.states->find(l); it != c.states->end()) return it->second;
  if (l == "Here" || l == "LoopCurrent") return c.here;
  if (l == "Pre" || l == "Old") return c.frame ? view_of(c.frame->pre) : c.here;
  if (l == "LoopEntry") {
    if (!c.loop_entry) not_executable("LoopEntry has no state here", c);
    return view_of(*c.loop_entry);
  }
  const Snapshot *s = nullptr;
  if (c.frame)
    if (auto it = c.frame->labels.find(l); it != c.frame->labels.end()) s = &it->second;
  if (!s) not_executable("the label " + l + " has not been reached", c);
  return view_of(*s);
}

LocSet Machine::eval_locations(const std::vector<ir::Location> &locs, const Ctx &c) {
  LocSet set;
  for (const auto &l : locs) {
    if (l.kind == ir::Location::Kind::Var) {
      (l.ref == ir::VarRef::Global ? set.globals : set.locals).insert(l.var);
      continue;
    }
    const Value p = eval(*l.ptr, c);
    if (p.block < 0) continue; // no cell: nothing to allow
    const Value lo = l.lo ? eval(*l.lo, c) : Value::integer(0);
    const Value hi = l.hi ? eval(*l.hi, c) : lo;
    set.add_cells(p.block, p.num + lo.num, p.num + hi.num);
    if (cfg_.symbolic)
      set.sym_cells[p.block].emplace_back(mk_add(term(p), term(lo)), mk_add(term(p), term(hi)));
  }
  return set;
}

Value Machine::valid(const ir::Expr &e, const Ctx &c) {
  const Memory &m = *c.here.mem;
  for (const auto &l : e.locs) {
    const Value p = eval(*l.ptr, c);
    const Value lo = l.lo ? eval(*l.lo, c) : Value::integer(0);
    const Value hi = l.hi ? eval(*l.hi, c) : lo;
    const bool empty = hi.num < lo.num;
    if (lo.sym || hi.sym) decide(mk_lt(term(hi), term(lo)), empty);
    if (empty) continue; // an empty range is valid
    auto at = [&](const Value &k) {
      return Value::pointer(p.block, p.num + k.num)
          .with(p.sym || k.sym ? mk_add(term(p), term(k)) : nullptr);
    };
    if (access(m, at(lo)) != Memory::Access::Ok || access(m, at(hi)) != Memory::Access::Ok)
      return Value::boolean(false);
  }
  return Value::boolean(true);
}

Value Machine::same_object(const ir::Expr &e, const Ctx &c) {
  const Memory &m = *c.here.mem;
  std::vector<Value> ps;
  for (const auto &l : e.locs)
    ps.push_back(eval(*l.ptr, c));
  if (std::ranges::all_of(ps, [](const Value &p) { return p.is_null(); }))
    return Value::boolean(true);
  // In distinct blocks, the objects of one array of structures: part i of n_i cells per
  // object at offset k * n_i of a block of m * n_i cells (docs/ir.md). Offsets and input
  // blocks' lengths may be symbolic: these tests are then decisions, so that dse looks for
  // inputs that keep them.
  auto holds = [&](bool is, const std::function<term::Term()> &test, bool sym) {
    if (sym) decide(test(), is);
    return is;
  };
  const Value &p0 = ps[0];
  const BigInt n0 = ir::object_cells(e.locs[0]);
  for (size_t i = 0; i < ps.size(); ++i) {
    const Value &p = ps[i];
    if (p.is_null()) return Value::boolean(false);
    for (size_t j = 0; j < i; ++j)
      if (ps[j].block == p.block) return Value::boolean(false);
    const Block &b = m.block(p.block);
    const BigInt len(b.cells.size());
    const Block &b0 = m.block(p0.block);
    const BigInt len0(b0.cells.size());
    const BigInt n = ir::object_cells(e.locs[i]);
    if (i == 0) {
      if (n0 == 1) continue;
      if (!holds(
              p.num % n0 == 0, [&] { return mk_eq(mk_emod(term(p), mk_int(n0)), mk_int(0)); },
              bool(p.sym)) ||
          !holds(
              len % n0 == 0, [&] { return mk_eq(mk_emod(length_term(b), mk_int(n0)), mk_int(0)); },
              bool(b.length_sym)))
        return Value::boolean(false);
      continue;
    }
    if (!holds(
            p.num * n0 == p0.num * n,
            [&] { return mk_eq(mk_mul(term(p), mk_int(n0)), mk_mul(term(p0), mk_int(n))); },
            p.sym || p0.sym) ||
        !holds(
            len * n0 == len0 * n,
            [&] {
              return mk_eq(mk_mul(length_term(b), mk_int(n0)), mk_mul(length_term(b0), mk_int(n)));
            },
            b.length_sym || b0.length_sym))
      return Value::boolean(false);
  }
  return Value::boolean(true);
}

Value Machine::separated(const ir::Expr &e, const Ctx &c) {
  struct Range {
    int block;
    BigInt lo, hi;
  };
  std::vector<Range> ranges;
  for (const auto &l : e.locs) {
    const Value p = eval(*l.ptr, c);
    const Value vlo = l.lo ? eval(*l.lo, c) : Value::integer(0);
    const Value vhi = l.hi ? eval(*l.hi, c) : vlo;
    if (p.sym || vlo.sym || vhi.sym) note_concretized("separated() with symbolic bounds");
    const BigInt &lo = vlo.num, &hi = vhi.num;
    if (p.block >= 0 && lo <= hi)
      ranges.push_back(Range{p.block, p.num + lo, p.num + hi});
    else
      ranges.push_back(Range{-1, 0, -1}); // no cell: disjoint from everything
  }
  for (size_t i = 0; i < ranges.size(); ++i)
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      const Range &a = ranges[i], &b = ranges[j];
      if (a.block >= 0 && a.block == b.block && a.lo <= b.hi && b.lo <= a.hi)
        return Value::boolean(false);
    }
  return Value::boolean(true);
}

Value Machine::apply(const ir::Expr &e, const Ctx &c) {
  const ir::LogicDef *def = p_.logic(e.name);
  if (!def || !def->body)
    not_executable("'" + e.name + "' is abstract (defined only by axioms) and cannot be evaluated",
                   c);
  if (c.depth >= cfg_.logic_depth_limit)
    stop(OutcomeKind::LimitReached,
         "logic recursion depth limit reached (" + std::to_string(cfg_.logic_depth_limit) +
             ") in '" + e.name + "'",
         c.at);
  std::vector<Value> args;
  for (const auto &a : e.args)
    args.push_back(eval(*a, c));
  // A definition over several states reads its first one outside `at`, the others by label.
  std::map<std::string, View> states;
  for (size_t i = 0; i < def->labels.size() && i < e.labels.size(); ++i)
    states[def->labels[i]] = state_at(e.labels[i], c);
  Ctx body = c;
  body.depth = c.depth + 1;
  body.states = states.empty() ? nullptr : &states;
  if (!states.empty()) body.here = states.at(def->labels[0]);
  if (std::ranges::any_of(logic_calls_, [&](const LogicCall &l) {
        return l.def == def && l.mem == body.here.mem && l.args == args;
      }))
    diverges(e, args, c);
  logic_calls_.push_back({def, args, body.here.mem});
  struct Pop {
    std::vector<LogicCall> &calls;
    ~Pop() { calls.pop_back(); } // also when the body throws (Undefined, Stop)
  } pop{logic_calls_};
  const size_t base = bound_.size();
  for (size_t i = 0; i < args.size(); ++i)
    bound_.emplace_back(def->params[i].name, std::move(args[i]));
  Value r = eval(*def->body, body);
  bound_.resize(base);
  return r;
}

void Machine::diverges(const ir::Expr &e, const std::vector<Value> &args, const Ctx &c) {
  std::string call = e.name + "(";
  for (size_t i = 0; i < args.size(); ++i)
    call += (i ? ", " : "") + value_text(args[i]);
  call += ")";
  const std::string why = "'" + e.name + "' does not terminate: " + call +
                          " needs itself again (a recursive definition whose argument does not " +
                          "decrease)";
  if (c.checked) throw Undefined{why};
  not_executable(why, c);
}

} // namespace triage::rac
