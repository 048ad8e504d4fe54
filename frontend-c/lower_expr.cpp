// C expressions: integer promotions and usual arithmetic conversions become explicit IR
// conversions; calls, assignments and ++/-- are hoisted into statements in evaluation order,
// keeping && || ?: short-circuit.
#include "frontend-c/lower_impl.hpp"

#include <algorithm>

namespace triage::frontend_c {

using ir::BinOp;
using ir::ExprKind;

ir::ExprPtr clone(const ir::ExprPtr &e) {
  if (!e) return e;
  auto c = std::make_shared<ir::Expr>(*e);
  for (auto &a : c->args)
    a = clone(a);
  for (auto &l : c->locs) {
    l.ptr = clone(l.ptr);
    l.lo = clone(l.lo);
    l.hi = clone(l.hi);
  }
  return c;
}

bool is_literal(const ir::Expr &e, ir::BigInt *value) {
  if (e.kind == ExprKind::IntLit) {
    if (value) *value = e.value;
    return true;
  }
  if (e.kind == ExprKind::Unary && e.unop == ir::UnOp::Neg && is_literal(*e.args[0], value)) {
    if (value) *value = -*value;
    return true;
  }
  return false;
}

bool is_null_constant(const ir::Expr &e) {
  ir::BigInt v;
  return e.kind == ExprKind::Null || (is_literal(e, &v) && v == 0);
}

namespace {
std::optional<BinOp> arith_op(const std::string &op) {
  static const std::map<std::string, BinOp> ops = {
      {"+", BinOp::Add},   {"-", BinOp::Sub},   {"*", BinOp::Mul},  {"/", BinOp::Div},
      {"%", BinOp::Mod},   {"<<", BinOp::Shl},  {">>", BinOp::Shr}, {"&", BinOp::BitAnd},
      {"|", BinOp::BitOr}, {"^", BinOp::BitXor}};
  auto it = ops.find(op);
  return it == ops.end() ? std::nullopt : std::optional<BinOp>(it->second);
}
} // namespace

std::optional<BinOp> compare_op(const std::string &op) {
  static const std::map<std::string, BinOp> ops = {{"==", BinOp::Eq}, {"!=", BinOp::Ne},
                                                   {"<", BinOp::Lt},  {"<=", BinOp::Le},
                                                   {">", BinOp::Gt},  {">=", BinOp::Ge}};
  auto it = ops.find(op);
  return it == ops.end() ? std::nullopt : std::optional<BinOp>(it->second);
}

ir::ExprPtr Lowerer::convert(const Val &v, const CType &to, Loc at, bool is_cast) {
  if (v.t.is_aggregate() || to.is_aggregate())
    fail(at, "a '" + to.str() + "' is expected, not '" + v.t.str() + "'");
  const ir::Pos p = pos(at);
  if (to.is_void()) fail(at, "a value of type void is used");
  if (v.t.is_void()) fail(at, "a void value is used");
  if (to.kind == CType::Kind::Bool) {
    ir::BigInt lit;
    if (v.t.kind == CType::Kind::Bool || (is_literal(*v.e, &lit) && (lit == 0 || lit == 1)))
      return v.e;
    const auto is_lit = [](const ir::ExprPtr &x, int n) {
      return x->kind == ExprKind::IntLit && x->value == n;
    };
    if (v.e->kind == ExprKind::Cast && v.e->args[0]->kind == ExprKind::Ite &&
        is_lit(v.e->args[0]->args[1], 1) && is_lit(v.e->args[0]->args[2], 0)) {
      // A truth value made an int (a comparison, !, &&): it is 0 or 1 already.
      auto c = clone(v.e);
      c->cast_to = to_ir(to);
      return c;
    }
    auto c = ir::make_expr(
        ExprKind::Cast,
        {ir::make_expr(ExprKind::Ite, {truth(v, at), ir::make_int(1, p), ir::make_int(0, p)}, p)},
        p);
    c->cast_to = to_ir(to);
    return c;
  }
  if (to.is_c_int()) {
    if (v.t.is_ptr()) fail(at, "conversion from a pointer to an integer is not supported");
    ir::BigInt lit;
    if (to_ir(v.t) == to_ir(to) || (is_literal(*v.e, &lit) && to_ir(to).fits(lit))) return v.e;
    auto c = ir::make_expr(ExprKind::Cast, {v.e}, p);
    c->cast_to = to_ir(to);
    return c;
  }
  if (to.is_ptr()) {
    if (v.fresh_pointer && to_ir(v.t) != to_ir(to)) {
      // Its temporary, declared and havocked just before and read nowhere yet, takes the
      // type it is converted to: one nondeterministic value per call, as the task says.
      auto decl = std::find_if(out_->rbegin(), out_->rend(), [&](const ir::StmtPtr &s) {
        return s->kind == ir::StmtKind::VarDecl && s->name == v.e->name;
      });
      if (decl == out_->rend()) return nondet_temp(to, at).e;
      (*decl)->type = to_ir(to);
      return clone(v.e);
    }
    if (v.e->kind == ExprKind::Null) return v.e;
    if (is_null_constant(*v.e)) return ir::make_expr(ExprKind::Null, {}, p);
    if (!v.t.is_ptr()) fail(at, "conversion from an integer to a pointer is not supported");
    if (to_ir(v.t) != to_ir(to))
      fail(at, std::string(is_cast ? "cast" : "conversion") + " from '" + v.t.str() + "' to '" +
                   to.str() + "' is not supported");
    return v.e;
  }
  fail(at, "conversion to '" + to.str() + "' is not supported");
}

ir::ExprPtr Lowerer::truth(const Val &v, Loc at) const {
  const ir::Pos p = pos(at);
  if (v.t.is_struct_ptr()) return not_null(v, at);
  if (v.t.is_ptr()) return ir::make_binary(BinOp::Ne, v.e, ir::make_expr(ExprKind::Null, {}, p), p);
  if (!v.t.is_c_int()) fail(at, "a scalar value is expected, not '" + v.t.str() + "'");
  return ir::make_binary(BinOp::Ne, v.e, ir::make_int(0, p), p);
}

Val Lowerer::bool_value(ir::ExprPtr b, Loc at) const {
  const ir::Pos p = pos(at);
  auto c = ir::make_expr(
      ExprKind::Cast,
      {ir::make_expr(ExprKind::Ite, {b, ir::make_int(1, p), ir::make_int(0, p)}, p)}, p);
  c->cast_to = ir::Type::machine(32, true);
  return Val{c, CType::c_int()};
}

ir::ExprPtr Lowerer::once(const Val &v, Loc at) {
  if (v.e->kind == ExprKind::Var || v.e->kind == ExprKind::IntLit) return v.e;
  return temp(v.t, at, v.e).e;
}

Val Lowerer::temp(const CType &t, Loc at, ir::ExprPtr init) {
  auto d = make_stmt(ir::StmtKind::VarDecl);
  d->name = fresh("__tmp");
  d->type = to_ir(t);
  d->rhs = std::move(init);
  emit(d);
  return Val{ir::make_var(d->name, pos(at)), t};
}

ir::ExprPtr Lowerer::scaled(const Val &ptr, ir::ExprPtr index, ir::Pos p) const {
  const int64_t n = cells_of(*ptr.t.elem);
  return n == 1 ? index : ir::make_binary(BinOp::Mul, std::move(index), ir::make_int(n, p), p);
}

Val Lowerer::element(const Val &base, const ir::ExprPtr &index, ir::Pos p) const {
  const ir::ExprPtr at = ir::make_binary(BinOp::Add, base.e, scaled(base, index, p), p);
  // A row of an array of arrays is an array: its first cell's address, not a value.
  if (base.t.elem->is_array())
    return Val{at, base.t.elem->decay(), {}, base.t.elem->len.value_or(0)};
  ir::ExprPtr cell = ir::make_expr(ExprKind::Deref, {at}, p);
  if (base.entry_cells) cell = ir::make_expr(ExprKind::Old, {cell}, p);
  return Val{cell, *base.t.elem};
}

Val Lowerer::arith(const std::string &op, const Val &a, const Val &b, Loc at) {
  const ir::Pos p = pos(at);
  const BinOp bop = *arith_op(op);
  if (a.t.is_struct_ptr() && (op == "+" || op == "-") && b.t.is_c_int())
    return offset_parts(a, once(b, at), bop, p);
  if (b.t.is_struct_ptr() && op == "+" && a.t.is_c_int())
    return offset_parts(b, once(a, at), bop, p);
  if (a.t.is_struct_ptr() && op == "-" && b.t.is_aggregate()) {
    const Val d{parts_difference(a, b, at), CType::int_type(5, true)};
    const CType ptrdiff = CType::int_type(4, true);
    return Val{ptrdiff.bits == 64 ? d.e : convert(d, ptrdiff, at, true), ptrdiff};
  }
  if (a.t.is_aggregate() || b.t.is_aggregate()) fail(at, kStructArithmetic);
  if (op == "+" || op == "-") {
    if (a.t.is_ptr() && b.t.is_c_int())
      return Val{ir::make_binary(bop, a.e, scaled(a, b.e, p), p), a.t};
    if (op == "+" && a.t.is_c_int() && b.t.is_ptr())
      return Val{ir::make_binary(bop, b.e, scaled(b, a.e, p), p), b.t};
    if (op == "-" && a.t.is_ptr() && b.t.is_ptr()) {
      if (to_ir(a.t) != to_ir(b.t) || cells_of(*a.t.elem) != cells_of(*b.t.elem))
        fail(at, "subtraction of pointers to different types");
      // The IR's difference is an int64; ptrdiff_t is a long, 32 bits in ILP32.
      ir::ExprPtr cells = ir::make_binary(bop, a.e, b.e, p);
      if (const int64_t n = cells_of(*a.t.elem); n > 1) // rows, not cells
        cells = ir::make_binary(BinOp::Div, cells, ir::make_int(n, p), p);
      const Val d{cells, CType::int_type(5, true)};
      const CType ptrdiff = CType::int_type(4, true);
      return Val{ptrdiff.bits == 64 ? d.e : convert(d, ptrdiff, at, true), ptrdiff};
    }
  }
  if (!a.t.is_c_int() || !b.t.is_c_int())
    fail(at, "invalid operands to '" + op + "' ('" + a.t.str() + "' and '" + b.t.str() + "')");
  const CType t = (op == "<<" || op == ">>") ? promote(a.t) : common_type(a.t, b.t);
  ir::ExprPtr x = convert(a, t, at);
  ir::ExprPtr y = convert(b, t, at);
  if (is_literal(*x) && is_literal(*y)) {
    // Two constants would take the type of the context in the IR: fix C's type instead, so
    // that `INT_MAX + 1` overflows as in C even where a long is expected.
    x = ir::make_expr(ExprKind::Cast, {x}, p);
    x->cast_to = to_ir(t);
  }
  return Val{ir::make_binary(bop, x, y, p), t};
}

ir::ExprPtr Lowerer::compare(const std::string &op, const Val &a, const Val &b, Loc at) {
  const ir::Pos p = pos(at);
  const BinOp bop = *compare_op(op);
  if (a.t.is_aggregate() || b.t.is_aggregate()) {
    if (op == "==" || op == "!=") return parts_equal(a, b, op == "!=", at);
    // Pointers into one array of structures are ordered as their first parts are.
    if (!a.t.is_struct_ptr() || a.t.str() != b.t.str())
      fail(at, "structures are only compared with == and !=");
    return ir::make_binary(bop, clone(a.parts[0]), clone(b.parts[0]), p);
  }
  if (a.t.is_ptr() || b.t.is_ptr()) {
    const CType &pt = a.t.is_ptr() ? a.t : b.t;
    return ir::make_binary(bop, convert(a, pt, at), convert(b, pt, at), p);
  }
  if (!a.t.is_c_int() || !b.t.is_c_int()) fail(at, "invalid operands to '" + op + "'");
  const CType t = common_type(a.t, b.t);
  return ir::make_binary(bop, convert(a, t, at), convert(b, t, at), p);
}

const FuncSig &Lowerer::callee(const CExpr &e) const {
  auto it = funcs_.find(e.name);
  if (it == funcs_.end()) {
    if (logics_.count(e.name))
      fail(e.loc, "the logic function '" + e.name + "' cannot be called from C code");
    fail(e.loc, "call to undeclared function '" + e.name + "'");
  }
  if (it->second.variadic)
    fail(e.loc, "'" + e.name + "' is variadic: calls to variadic functions are not supported");
  if (it->second.params.size() != e.args.size())
    fail(e.loc, "'" + e.name + "' expects " + std::to_string(it->second.params.size()) +
                    " arguments, not " + std::to_string(e.args.size()));
  return it->second;
}

std::vector<ir::ExprPtr> Lowerer::call_args(const CExpr &e, const FuncSig &sig) {
  std::vector<ir::ExprPtr> args;
  for (size_t i = 0; i < e.args.size(); ++i) {
    const Val v = rvalue(*e.args[i]);
    if (v.t.is_aggregate() || sig.params[i].is_aggregate()) {
      for (ir::ExprPtr &part : aggregate_args(v, sig.params[i], e.args[i]->loc))
        args.push_back(std::move(part));
      continue;
    }
    args.push_back(convert(v, sig.params[i], e.args[i]->loc));
  }
  return args;
}

bool Lowerer::ordinary_call(const CExpr &e) const {
  return e.kind == CExpr::Kind::Call && funcs_.count(e.name) && !is_task_function(e.name);
}

Val Lowerer::call(const CExpr &e, bool want_value, const Val *target) {
  if (std::optional<Val> v = task_call(e, want_value || target)) {
    if (!target) return std::move(*v);
    auto as = make_stmt(ir::StmtKind::Assign);
    as->lhs = target->e;
    as->rhs = convert(*v, target->t, e.loc);
    emit(as);
    return *target;
  }
  const FuncSig &sig = callee(e);
  std::vector<ir::ExprPtr> args = call_args(e, sig);
  auto s = make_stmt(ir::StmtKind::Call);
  s->callee = sig.ir;
  s->args = std::move(args);
  if (sig.ret.is_void()) {
    if (want_value || target) fail(e.loc, "the void function '" + e.name + "' has no value");
    emit(s);
    return Val{nullptr, sig.ret};
  }
  if (sig.ret.is_aggregate()) {
    emit(s);
    if (!target && !want_value) return Val{nullptr, sig.ret};
    Val r = read_result_parts(sig, e.loc);
    assume_one_object(r, e.name + "()", e.loc);
    return target ? assign_parts(*target, r, e.loc) : r;
  }
  if (target) {
    s->lhs = target->e;
    emit(s);
    return *target;
  }
  if (!want_value) {
    emit(s);
    return Val{nullptr, sig.ret};
  }
  Val t = temp(sig.ret, e.loc);
  s->lhs = t.e;
  emit(s);
  return Val{clone(t.e), t.t};
}

Val Lowerer::lvalue(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  switch (e.kind) {
  case CExpr::Kind::Var: {
    const VarInfo *v = lookup(e.name);
    if (!v) {
      if (funcs_.count(e.name)) fail(e.loc, "cannot assign to the function '" + e.name + "'");
      fail(e.loc, "unknown variable '" + e.name + "'");
    }
    if (v->type.is_array()) fail(e.loc, "cannot assign to the array '" + e.name + "'");
    if (!v->parts.empty()) return parts_var(*v, e.loc);
    return Val{ir::make_var(v->ir, p), v->type};
  }
  case CExpr::Kind::Unary:
    if (e.op == "*") {
      const Val ptr = rvalue(*e.args[0]);
      if (ptr.t.is_struct_ptr()) return deref_parts(ptr, e.loc);
      if (!ptr.t.is_ptr()) fail(e.loc, "cannot dereference a value of type '" + ptr.t.str() + "'");
      if (ptr.t.elem->is_void()) fail(e.loc, "cannot dereference a void pointer");
      return Val{ir::make_expr(ExprKind::Deref, {ptr.e}, p), *ptr.t.elem};
    }
    break;
  case CExpr::Kind::Index: {
    Val base = rvalue(*e.args[0]);
    Val index = rvalue(*e.args[1]);
    if (index.t.is_ptr() || index.t.is_aggregate()) std::swap(base, index);
    if (base.t.is_struct_ptr() && index.t.is_c_int())
      return deref_parts(offset_parts(base, once(index, e.loc), BinOp::Add, p), e.loc);
    if (base.t.is_aggregate()) fail(e.loc, kStructArithmetic);
    if (!base.t.is_ptr() || !index.t.is_c_int())
      fail(e.loc, "subscripted value is not an array or pointer");
    if (base.t.elem->is_void()) fail(e.loc, "cannot dereference a void pointer");
    if (base.bound > 0) { // checked, then read: evaluated once
      index = Val{once(index, e.loc), index.t};
      index_bound(base, index, e.loc);
    }
    return element(base, index.e, p);
  }
  case CExpr::Kind::Member:
    return member(e, rvalue(*e.args[0]));
  default:
    break;
  }
  fail(e.loc, "expression is not assignable");
}

Val Lowerer::assign(const CExpr &e, bool want_value) {
  const CExpr &lhs = *e.args[0];
  const CExpr &rhs = *e.args[1];
  if (e.op == "=") {
    if (ordinary_call(rhs) && !funcs_.at(rhs.name).ret.is_void() &&
        !funcs_.at(rhs.name).ret.is_aggregate()) {
      // `x = f(...)`: a call with a target when the types agree, else through a temporary.
      const FuncSig &sig = callee(rhs);
      std::vector<ir::ExprPtr> args = call_args(rhs, sig);
      const Val l = lvalue(lhs);
      auto s = make_stmt(ir::StmtKind::Call);
      s->callee = sig.ir;
      s->args = std::move(args);
      if (to_ir(l.t) == to_ir(sig.ret)) {
        s->lhs = l.e;
        emit(s);
      } else {
        const Val t = temp(sig.ret, rhs.loc);
        s->lhs = t.e;
        emit(s);
        auto as = make_stmt(ir::StmtKind::Assign);
        as->lhs = l.e;
        as->rhs = convert(Val{clone(t.e), t.t}, l.t, e.loc);
        emit(as);
      }
      return want_value ? Val{clone(l.e), l.t} : Val{nullptr, l.t};
    }
    const Val r = rvalue(rhs);
    const Val l = lvalue(lhs);
    if (l.t.is_aggregate() || r.t.is_aggregate()) return assign_parts(l, r, e.loc);
    auto s = make_stmt(ir::StmtKind::Assign);
    s->lhs = l.e;
    s->rhs = convert(r, l.t, e.loc);
    emit(s);
    return Val{clone(l.e), l.t};
  }
  const std::string op = e.op.substr(0, e.op.size() - 1);
  const Val r = rvalue(rhs);
  const Val l = lvalue(lhs);
  if (l.t.is_struct_ptr()) return assign_parts(l, arith(op, l, r, e.loc), e.loc);
  const Val res = arith(op, Val{clone(l.e), l.t}, r, e.loc);
  auto s = make_stmt(ir::StmtKind::Assign);
  s->lhs = l.e;
  s->rhs = convert(res, l.t, e.loc);
  emit(s);
  return Val{clone(l.e), l.t};
}

Val Lowerer::incdec(const CExpr &e, bool want_value) {
  const Val l = lvalue(*e.args[0]);
  const ir::Pos p = pos(e.loc);
  if (l.t.is_struct_ptr()) { // each part moves by one object
    Val old{nullptr, l.t};
    if (want_value && !e.prefix) {
      const auto types = part_types(l.t);
      for (size_t i = 0; i < l.parts.size(); ++i) {
        auto d = make_stmt(ir::StmtKind::VarDecl);
        d->name = fresh("__tmp");
        d->type = types[i].second;
        d->rhs = clone(l.parts[i]);
        emit(d);
        old.parts.push_back(ir::make_var(d->name, p));
      }
    }
    const Val moved =
        offset_parts(l, ir::make_int(1, p), e.op == "++" ? BinOp::Add : BinOp::Sub, p);
    const Val now = assign_parts(l, moved, e.loc);
    return want_value && !e.prefix ? old : now;
  }
  Val old;
  if (want_value && !e.prefix) old = temp(l.t, e.loc, clone(l.e));
  const Val one{ir::make_int(1, p), CType::c_int()};
  const Val res = arith(e.op == "++" ? "+" : "-", Val{clone(l.e), l.t}, one, e.loc);
  auto s = make_stmt(ir::StmtKind::Assign);
  s->lhs = l.e;
  s->rhs = convert(res, l.t, e.loc);
  emit(s);
  if (want_value && !e.prefix) return old;
  return Val{clone(l.e), l.t};
}

Val Lowerer::conditional(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  ir::ExprPtr c = cond(*e.args[0]);
  Val a, b;
  ir::Block pa = capture([&] { a = rvalue(*e.args[1]); });
  ir::Block pb = capture([&] { b = rvalue(*e.args[2]); });
  CType t = a.t;
  if (a.t.is_c_int() && b.t.is_c_int())
    t = common_type(a.t, b.t);
  else if (a.t.is_ptr() && b.t.is_ptr())
    t = a.e->kind == ExprKind::Null ? b.t : a.t;
  else if (a.t.is_ptr() || b.t.is_ptr())
    t = a.t.is_ptr() ? a.t : b.t;
  else
    fail(e.loc, "invalid operands to '?:'");
  if (pa.empty() && pb.empty())
    return Val{ir::make_expr(ExprKind::Ite, {c, convert(a, t, e.loc), convert(b, t, e.loc)}, p), t};
  Val r = temp(t, e.loc);
  auto s = make_stmt(ir::StmtKind::If);
  s->cond = c;
  auto set = [&](ir::Block &pre, const Val &v) {
    auto as = make_stmt(ir::StmtKind::Assign);
    as->lhs = clone(r.e);
    as->rhs = convert(v, t, e.loc);
    pre.push_back(as);
    return pre;
  };
  s->body = set(pa, a);
  s->else_body = set(pb, b);
  emit(s);
  return Val{clone(r.e), t};
}

ir::ExprPtr Lowerer::cond(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  if (e.kind == CExpr::Kind::Binary) {
    if (compare_op(e.op)) {
      const Val a = rvalue(*e.args[0]);
      const Val b = rvalue(*e.args[1]);
      return compare(e.op, a, b, e.loc);
    }
    if (e.op == "&&" || e.op == "||") {
      ir::ExprPtr l = cond(*e.args[0]);
      ir::ExprPtr r;
      ir::Block pre = capture([&] { r = cond(*e.args[1]); });
      const BinOp op = e.op == "&&" ? BinOp::And : BinOp::Or;
      if (pre.empty()) return ir::make_binary(op, l, r, p);
      // The right operand has effects: evaluate it only when the left one does not decide.
      auto d = make_stmt(ir::StmtKind::VarDecl);
      d->name = fresh("__cond");
      d->type = ir::Type::boolean();
      d->rhs = l;
      emit(d);
      auto s = make_stmt(ir::StmtKind::If);
      s->cond = op == BinOp::And ? ir::make_var(d->name, p)
                                 : ir::make_unary(ir::UnOp::Not, ir::make_var(d->name, p), p);
      auto as = make_stmt(ir::StmtKind::Assign);
      as->lhs = ir::make_var(d->name, p);
      as->rhs = r;
      pre.push_back(as);
      s->body = std::move(pre);
      emit(s);
      return ir::make_var(d->name, p);
    }
  }
  if (e.kind == CExpr::Kind::Unary && e.op == "!")
    return ir::make_unary(ir::UnOp::Not, cond(*e.args[0]), p);
  if (e.kind == CExpr::Kind::IntLit) return ir::make_bool(e.value != 0, p); // while (1)
  return truth(rvalue(e), e.loc);
}

void Lowerer::effect(const CExpr &e) {
  switch (e.kind) {
  case CExpr::Kind::Assign:
    assign(e, false);
    return;
  case CExpr::Kind::IncDec:
    incdec(e, false);
    return;
  case CExpr::Kind::Call:
    call(e, false);
    return;
  case CExpr::Kind::Comma:
    effect(*e.args[0]);
    effect(*e.args[1]);
    return;
  case CExpr::Kind::Cast:
    if (e.type.is_void()) {
      effect(*e.args[0]);
      return;
    }
    break;
  default:
    break;
  }
  rvalue(e); // effects of the operands only; the value is unused
}

Val Lowerer::rvalue(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  switch (e.kind) {
  case CExpr::Kind::IntLit:
    return Val{ir::make_int(e.value, p), e.type};
  case CExpr::Kind::Null:
    return Val{ir::make_expr(ExprKind::Null, {}, p), CType::pointer(CType::void_type())};
  case CExpr::Kind::Var: {
    const VarInfo *v = lookup(e.name);
    if (!v) {
      if (funcs_.count(e.name))
        fail(e.loc, "function pointers are not supported: '" + e.name + "' used as a value");
      fail(e.loc, "unknown variable '" + e.name + "'");
    }
    if (!v->parts.empty()) return parts_var(*v, e.loc);
    return Val{ir::make_var(v->ir, p), v->type.decay()};
  }
  case CExpr::Kind::Unary: {
    if (e.op == "!") return bool_value(cond(e), e.loc);
    if (e.op == "*") return lvalue(e);
    if (e.op == "&") {
      const CExpr &a = *e.args[0];
      if (a.kind == CExpr::Kind::Index) {
        const Val base = rvalue(*a.args[0]);
        const Val index = rvalue(*a.args[1]);
        return arith("+", base, index, e.loc);
      }
      if (a.kind == CExpr::Kind::Unary && a.op == "*") return rvalue(*a.args[0]);
      if (a.kind == CExpr::Kind::Member) return address_of_field(rvalue(a), e.loc);
      fail(e.loc, "taking the address of a global variable (&) is not supported");
    }
    const Val a = rvalue(*e.args[0]);
    if (!a.t.is_c_int()) fail(e.loc, "invalid operand to unary '" + e.op + "'");
    const CType t = promote(a.t);
    const ir::ExprPtr x = convert(a, t, e.loc);
    if (e.op == "+") return Val{x, t};
    return Val{ir::make_unary(e.op == "-" ? ir::UnOp::Neg : ir::UnOp::BitNot, x, p), t};
  }
  case CExpr::Kind::Binary:
    if (arith_op(e.op)) {
      const Val a = rvalue(*e.args[0]);
      const Val b = rvalue(*e.args[1]);
      return arith(e.op, a, b, e.loc);
    }
    if (compare_op(e.op) || e.op == "&&" || e.op == "||") return bool_value(cond(e), e.loc);
    fail(e.loc, "'" + e.op + "' is only allowed in annotations");
  case CExpr::Kind::Assign:
    return assign(e, true);
  case CExpr::Kind::IncDec:
    return incdec(e, true);
  case CExpr::Kind::Cond:
    return conditional(e);
  case CExpr::Kind::Call:
    return call(e, true);
  case CExpr::Kind::Index:
  case CExpr::Kind::Member:
    return lvalue(e);
  case CExpr::Kind::Cast: {
    if (e.type.is_void()) fail(e.loc, "a cast to void has no value");
    const Val v = rvalue(*e.args[0]);
    if (v.t.is_aggregate() || e.type.is_aggregate()) return aggregate_cast(v, e.type, e.loc);
    return Val{convert(v, e.type, e.loc, true), e.type};
  }
  case CExpr::Kind::Comma:
    effect(*e.args[0]);
    return rvalue(*e.args[1]);
  case CExpr::Kind::SizeOf:
    return Val{ir::make_int(size_of(e.type), p), CType::int_type(4, false)};
  case CExpr::Kind::StringLit:
    fail(e.loc, "string literals are not supported");
  default:
    fail(e.loc, "this construct is only allowed in annotations");
  }
}

} // namespace triage::frontend_c
