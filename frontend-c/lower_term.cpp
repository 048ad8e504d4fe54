// ACSL terms and predicates: mathematical integers (IR logic), \old and \at by label, memory
// predicates over pointer sets, quantifiers, comparison chains.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

using ir::BinOp;
using ir::ExprKind;

std::optional<BinOp> compare_op(const std::string &op);

namespace {
bool is_comparison(const CExpr &e) {
  return e.kind == CExpr::Kind::Binary && !e.paren && compare_op(e.op).has_value();
}
} // namespace

ir::ExprPtr Lowerer::pred_of(const Val &v, Loc at) const {
  const ir::Pos p = pos(at);
  if (v.t.is_boolean()) return v.e;
  if (v.t.is_struct_ptr()) return not_null(v, at);
  if (v.t.is_ptr()) return ir::make_binary(BinOp::Ne, v.e, ir::make_expr(ExprKind::Null, {}, p), p);
  if (v.t.is_numeric()) return ir::make_binary(BinOp::Ne, v.e, ir::make_int(0, p), p);
  fail(at, "a predicate is expected");
}

ir::ExprPtr Lowerer::pred(const CExpr &e) {
  return pred_of(term(e), e.loc);
}

ir::ExprPtr Lowerer::logic_arg(const Val &v, const CType &to, Loc at) {
  const ir::Pos p = pos(at);
  if (v.t.is_aggregate() || to.is_aggregate())
    fail(at, "a '" + to.str() + "' is expected, not '" + v.t.str() + "'");
  if (to.is_boolean()) return pred_of(v, at);
  if (v.t.is_boolean()) {
    if (!to.is_numeric()) fail(at, "a predicate cannot stand for a '" + to.str() + "'");
    return ir::make_expr(ExprKind::Ite, {v.e, ir::make_int(1, p), ir::make_int(0, p)}, p);
  }
  if (to.is_integer()) {
    if (!v.t.is_numeric()) fail(at, "an integer is expected, not '" + v.t.str() + "'");
    return v.e;
  }
  if (to.is_c_int()) {
    if (!v.t.is_numeric()) fail(at, "an integer is expected, not '" + v.t.str() + "'");
    if (to_ir(v.t) == to_ir(to)) return v.e;
    auto c = ir::make_expr(ExprKind::Cast, {v.e}, p);
    c->cast_to = to_ir(to);
    return c;
  }
  if (to.is_ptr()) {
    if (v.e->kind == ExprKind::Null) return v.e;
    if (!v.t.is_ptr() || to_ir(v.t) != to_ir(to))
      fail(at, "a '" + to.str() + "' is expected, not '" + v.t.str() + "'");
    return v.e;
  }
  fail(at, "unsupported logic type '" + to.str() + "'");
}

Val Lowerer::term_var(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  if (const VarInfo *v = lookup(e.name)) {
    if (ctx_ == AnnotCtx::LogicDef && v->kind == VarInfo::Kind::Global)
      fail(e.loc,
           "a logic definition cannot read the global '" + e.name + "': pass it as a parameter");
    if (!v->parts.empty()) return parts_var(*v, e.loc);
    return Val{ir::make_var(v->ir, p), v->type.decay()};
  }
  if (const LogicSig *l = logic_sig(e.name, 0); l && l->labels.empty()) {
    auto app = ir::make_expr(ExprKind::App, {}, p);
    app->name = l->ir;
    return Val{app, l->ret};
  }
  if (funcs_.count(e.name))
    fail(e.loc, "the C function '" + e.name + "' cannot be used in an annotation");
  fail(e.loc, "unknown name '" + e.name + "'");
}

Val Lowerer::term_unary(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  if (e.op == "!") return Val{ir::make_unary(ir::UnOp::Not, pred(*e.args[0]), p), CType::boolean()};
  if (e.op == "&") {
    const CExpr &a = *e.args[0];
    if (a.kind == CExpr::Kind::Index && a.args[1]->kind != CExpr::Kind::Range) {
      const Val base = term(*a.args[0]);
      const Val index = term(*a.args[1]);
      if (!base.t.is_ptr() || !index.t.is_numeric()) fail(e.loc, "invalid operand to '&'");
      return Val{ir::make_binary(BinOp::Add, base.e, scaled(base, index.e, p), p), base.t};
    }
    if (a.kind == CExpr::Kind::Unary && a.op == "*") return term(*a.args[0]);
    if (a.kind == CExpr::Kind::Member) return address_of_field(term(a), e.loc);
    fail(e.loc, "taking the address of a variable (&) is not supported");
  }
  const Val a = term(*e.args[0]);
  if (e.op == "*") {
    if (a.t.is_struct_ptr()) return deref_parts(a, e.loc);
    if (!a.t.is_ptr() || a.t.elem->is_void())
      fail(e.loc, "cannot dereference a value of type '" + a.t.str() + "'");
    return Val{ir::make_expr(ExprKind::Deref, {a.e}, p), *a.t.elem};
  }
  if (!a.t.is_numeric()) fail(e.loc, "invalid operand to unary '" + e.op + "'");
  if (e.op == "+") return a;
  return Val{ir::make_unary(e.op == "-" ? ir::UnOp::Neg : ir::UnOp::BitNot, a.e, p),
             CType::integer()};
}

namespace {
/// ACSL reads `a < b <= c` as `a < b && b <= c` only when the chain goes one way: `<`, `<=`
/// and `==` together, or `>`, `>=` and `==`; `!=` stands alone. Frama-C rejects the others
/// ("inconsistent relation chain"), and so does triage: `0 <= k > n` is a typo for `0 <= k < n`
/// far more often than the conjunction it would mean. The operator in error and the message.
std::optional<std::pair<const CExpr *, std::string>>
inconsistent_chain(const std::vector<const CExpr *> &ops) {
  if (ops.size() < 2) return std::nullopt;
  const CExpr *up = nullptr, *down = nullptr;
  for (const CExpr *o : ops) {
    if (o->op == "!=")
      return std::pair{o, std::string("inconsistent relation chain: '!=' cannot be chained with "
                                      "another comparison (write them apart, joined by &&)")};
    if ((o->op == "<" || o->op == "<=") && !up) up = o;
    if ((o->op == ">" || o->op == ">=") && !down) down = o;
  }
  if (!up || !down) return std::nullopt;
  // `ops` are in source order: the later of the two is the one that turns the chain around.
  const auto later =
      std::ranges::find_if(ops, [&](const CExpr *o) { return o == up || o == down; });
  const CExpr *turn = *later == up ? down : up;
  return std::pair{turn, "inconsistent relation chain: '" + up->op + "' and '" + down->op +
                             "' go opposite ways (a chain is all of <, <=, == or all of >, >=, "
                             "==; write the comparisons apart, joined by &&)"};
}
} // namespace

ir::ExprPtr Lowerer::comparison_chain(const CExpr &e) {
  // `a < b <= c` (unparenthesised) means a < b && b <= c.
  std::vector<const CExpr *> operands;
  std::vector<const CExpr *> ops;
  const CExpr *cur = &e;
  do {
    ops.insert(ops.begin(), cur);
    operands.insert(operands.begin(), cur->args[1].get());
    cur = cur->args[0].get();
  } while (is_comparison(*cur));
  operands.insert(operands.begin(), cur);
  if (const auto bad = inconsistent_chain(ops)) fail(bad->first->loc, bad->second);
  std::vector<Val> vals;
  for (const CExpr *o : operands)
    vals.push_back(term(*o));
  ir::ExprPtr chain;
  for (size_t i = 0; i < ops.size(); ++i) {
    const ir::Pos p = pos(ops[i]->loc);
    Val a = vals[i], b = vals[i + 1];
    // `p != 0`: 0 is C's and ACSL's null pointer constant beside a pointer.
    auto null_constant = [&](Val &x, const Val &other) {
      if (other.t.is_ptr() && x.e && is_null_constant(*x.e))
        x = Val{ir::make_expr(ExprKind::Null, {}, x.e->pos), CType::pointer(CType::void_type())};
    };
    null_constant(a, b);
    null_constant(b, a);
    if (a.t.is_aggregate() || b.t.is_aggregate()) {
      const bool ordered = ops[i]->op != "==" && ops[i]->op != "!=";
      if (ordered && (!a.t.is_struct_ptr() || a.t.str() != b.t.str()))
        fail(ops[i]->loc, "structures are only compared with == and !=");
      // Pointers into one array of structures are ordered as their first parts are.
      auto link = ordered ? ir::make_binary(*compare_op(ops[i]->op), clone(a.parts[0]),
                                            clone(b.parts[0]), p)
                          : parts_equal(a, b, ops[i]->op == "!=", ops[i]->loc);
      chain = chain ? ir::make_binary(BinOp::And, chain, link, p) : link;
      continue;
    }
    if (i > 0) a.e = clone(a.e);
    if (a.t.is_boolean() != b.t.is_boolean()) {
      a.e = a.t.is_boolean() ? logic_arg(a, CType::integer(), ops[i]->loc) : a.e;
      b.e = b.t.is_boolean() ? logic_arg(b, CType::integer(), ops[i]->loc) : b.e;
    }
    auto link = ir::make_binary(*compare_op(ops[i]->op), a.e, b.e, p);
    chain = chain ? ir::make_binary(BinOp::And, chain, link, p) : link;
  }
  return chain;
}

Val Lowerer::term_binary(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  const std::string &op = e.op;
  if (compare_op(op)) return Val{comparison_chain(e), CType::boolean()};
  if (op == "&&" || op == "||" || op == "==>" || op == "<==>" || op == "^^") {
    ir::ExprPtr a = pred(*e.args[0]);
    ir::ExprPtr b = pred(*e.args[1]);
    if (op == "^^")
      return Val{ir::make_unary(ir::UnOp::Not, ir::make_binary(BinOp::Iff, a, b, p), p),
                 CType::boolean()};
    const BinOp bop = op == "&&"    ? BinOp::And
                      : op == "||"  ? BinOp::Or
                      : op == "==>" ? BinOp::Implies
                                    : BinOp::Iff;
    return Val{ir::make_binary(bop, a, b, p), CType::boolean()};
  }
  const Val a = term(*e.args[0]);
  const Val b = term(*e.args[1]);
  if (a.t.is_struct_ptr() && (op == "+" || op == "-") && b.t.is_numeric())
    return offset_parts(a, b.e, op == "+" ? BinOp::Add : BinOp::Sub, p);
  if (b.t.is_struct_ptr() && op == "+" && a.t.is_numeric())
    return offset_parts(b, a.e, BinOp::Add, p);
  if (a.t.is_struct_ptr() && op == "-" && b.t.is_aggregate())
    return Val{parts_difference(a, b, e.loc), CType::integer()};
  if (a.t.is_aggregate() || b.t.is_aggregate()) fail(e.loc, kStructArithmetic);
  static const std::map<std::string, BinOp> ops = {
      {"+", BinOp::Add},   {"-", BinOp::Sub},   {"*", BinOp::Mul},  {"/", BinOp::Div},
      {"%", BinOp::Mod},   {"<<", BinOp::Shl},  {">>", BinOp::Shr}, {"&", BinOp::BitAnd},
      {"|", BinOp::BitOr}, {"^", BinOp::BitXor}};
  const BinOp bop = ops.at(op);
  if ((op == "+" || op == "-") && a.t.is_ptr() && b.t.is_numeric())
    return Val{ir::make_binary(bop, a.e, scaled(a, b.e, p), p), a.t};
  if (op == "+" && a.t.is_numeric() && b.t.is_ptr())
    return Val{ir::make_binary(bop, b.e, scaled(b, a.e, p), p), b.t};
  if (op == "-" && a.t.is_ptr() && b.t.is_ptr()) {
    ir::ExprPtr cells = ir::make_binary(bop, a.e, b.e, p);
    if (const int64_t n = cells_of(*a.t.elem); n > 1) // rows, not cells
      cells = ir::make_binary(BinOp::Div, cells, ir::make_int(n, p), p);
    return Val{cells, CType::integer()};
  }
  const ir::ExprPtr x = logic_arg(a, CType::integer(), e.args[0]->loc);
  const ir::ExprPtr y = logic_arg(b, CType::integer(), e.args[1]->loc);
  return Val{ir::make_binary(bop, x, y, p), CType::integer()};
}

Val Lowerer::term_app(const CExpr &e) {
  auto it = logics_.find(e.name);
  if (it == logics_.end()) {
    if (funcs_.count(e.name))
      fail(e.loc, "the C function '" + e.name + "' cannot be called in an annotation");
    fail(e.loc, "unknown logic function '" + e.name + "'");
  }
  // The arguments are read in the current state; `f{L}(...)` reads memory in state L.
  std::vector<Val> args;
  for (const CExprPtr &a : e.args)
    args.push_back(term(*a));
  const LogicSig &sig = overload(e, args);
  if (!sig.labels.empty() && e.labels.size() != sig.labels.size())
    fail(e.loc, "'" + e.name + "' reads " + std::to_string(sig.labels.size()) +
                    " memory states: name them, as in " + e.name + "{" + sig.labels[0] + "," +
                    sig.labels[1] + "}(...)");
  if (sig.labels.empty() && e.labels.size() > 1)
    fail(e.loc, "'" + e.name + "' reads one memory state, not " + std::to_string(e.labels.size()));
  auto app = ir::make_expr(ExprKind::App, {}, pos(e.loc));
  app->name = sig.ir;
  std::vector<size_t> written; // per IR argument, the argument written (structures have parts)
  for (size_t i = 0; i < e.args.size(); ++i) {
    std::vector<ir::ExprPtr> parts = aggregate_args(args[i], sig.params[i], e.args[i]->loc);
    if (parts.empty()) parts.push_back(logic_arg(args[i], sig.params[i], e.args[i]->loc));
    for (ir::ExprPtr &part : parts) {
      app->args.push_back(std::move(part));
      written.push_back(i);
    }
  }
  if (!sig.labels.empty()) {
    for (const std::string &l : e.labels)
      app->labels.push_back(state_label(l, e.loc));
    return Val{app, sig.ret};
  }
  if (e.labels.empty()) return Val{app, sig.ret};
  // `f{L}(x)` reads memory in state L but its arguments here: `let a = x in at(f(a), L)`, so
  // that a local the state L does not have yet (a loop counter) is still read where it is.
  std::vector<std::pair<std::string, ir::ExprPtr>> bound;
  // A value that is the same in every state needs no binding: a constant, a bound name, and in
  // a contract a parameter (there it denotes its value on entry).
  auto same_everywhere = [&](const CExpr &c) {
    if (c.kind != CExpr::Kind::Var) return false;
    const VarInfo *v = lookup(c.name);
    return v && (v->kind == VarInfo::Kind::Bound || v->kind == VarInfo::Kind::LogicParam ||
                 (v->kind == VarInfo::Kind::Param &&
                  (ctx_ == AnnotCtx::Requires || ctx_ == AnnotCtx::Ensures)));
  };
  for (size_t i = 0; i < app->args.size(); ++i) {
    ir::ExprPtr &a = app->args[i];
    if (a->kind == ExprKind::IntLit || a->kind == ExprKind::Null ||
        same_everywhere(*e.args[written[i]]))
      continue;
    bound.emplace_back("arg__" + std::to_string(++inlined_), a);
    a = ir::make_var(bound.back().first, a->pos);
  }
  Val v = at_state(e.labels[0], e.loc, [&] { return Val{app, sig.ret}; });
  for (size_t i = bound.size(); i-- > 0;) {
    auto let = ir::make_expr(ExprKind::Let, {bound[i].second, v.e}, pos(e.loc));
    let->name = bound[i].first;
    v.e = let;
  }
  return v;
}

Val Lowerer::term_at(const CExpr &e, const std::string &label) {
  return at_state(label, e.loc, [&] { return term(*e.args[0]); });
}

Val Lowerer::at_state(const std::string &written, Loc at_loc, const std::function<Val()> &inner) {
  const ir::Pos p = pos(at_loc);
  const std::string &label = written;
  // inner() read at state `name`: an IR `at` around the value, or around each of its parts.
  auto at_label = [&](const std::string &name) {
    return map_parts(inner(), [&](const ir::ExprPtr &x) {
      auto at = ir::make_expr(ExprKind::At, {x}, p);
      at->name = name;
      return at;
    });
  };
  if (label.empty() || label == "Here" || label == here_label_) return inner();
  if ((ctx_ == AnnotCtx::Lemma || ctx_ == AnnotCtx::LogicDef) && state_labels_.count(label))
    return at_label(label);
  if (ctx_ == AnnotCtx::LogicDef || ctx_ == AnnotCtx::Lemma)
    fail(at_loc, "\\old and \\at are not allowed in logic definitions and lemmas");
  if (label == "Pre" || label == "Old") {
    if (ctx_ == AnnotCtx::Requires) return inner();
    return map_parts(inner(),
                     [&](const ir::ExprPtr &x) { return ir::make_expr(ExprKind::Old, {x}, p); });
  }
  if (label == "Post") {
    if (ctx_ != AnnotCtx::Ensures)
      fail(at_loc, "the label Post is only meaningful in postconditions");
    return inner();
  }
  if ((label == "LoopCurrent" || label == "LoopEntry") && ctx_ == AnnotCtx::Assert &&
      !loop_states_.empty()) {
    LoopStates &l = loop_states_.back();
    (label == "LoopEntry" ? l.entry_used : l.current_used) = true;
    return at_label(label == "LoopEntry" ? l.entry : l.current);
  }
  if (label == "LoopEntry" || label == "LoopCurrent") {
    if (ctx_ != AnnotCtx::Loop)
      fail(at_loc, "the label " + label + " is only meaningful in loop annotations");
  } else if (!labels_.count(label)) {
    fail(at_loc, "unknown label '" + label + "'");
  } else if (ctx_ == AnnotCtx::Requires || ctx_ == AnnotCtx::Ensures) {
    fail(at_loc, "a C label cannot be used in a function contract");
  }
  return at_label(label);
}

Val Lowerer::term_quant(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  scopes_.emplace_back();
  auto q = ir::make_expr(e.kind == CExpr::Kind::Quant ? ExprKind::Quant : ExprKind::Let, {}, p);
  if (e.kind == CExpr::Kind::Let) {
    const Val v = term(*e.args[0]);
    if (v.t.is_aggregate()) fail(e.loc, "\\let of a '" + v.t.str() + "' is not supported");
    q->name = safe_name(e.name);
    q->args.push_back(v.e);
    declare(e.name, VarInfo{q->name, v.t, VarInfo::Kind::Bound});
    const Val body = term(*e.args[1]);
    q->args.push_back(body.e);
    scopes_.pop_back();
    return Val{q, body.t};
  }
  q->bval = e.is_forall;
  for (size_t i = 0; i < e.binders.size(); ++i) {
    const auto &[name, type] = e.binders[i];
    if (type.is_void() || type.is_array())
      fail(e.binder_locs[i], "a bound variable cannot have type '" + type.str() + "'");
    if (scopes_.back().count(name)) fail(e.binder_locs[i], "'" + name + "' is bound twice");
    if (type.is_aggregate()) {
      for (ir::Binder &b : declare_parts(name, type, e.binder_locs[i], VarInfo::Kind::Bound, false))
        q->binders.push_back(std::move(b));
      continue;
    }
    const std::string n = safe_name(name);
    declare(name, VarInfo{n, type, VarInfo::Kind::Bound});
    q->binders.push_back(ir::Binder{n, to_ir(type), pos(e.binder_locs[i])});
  }
  q->args.push_back(pred(*e.args[0]));
  scopes_.pop_back();
  return Val{q, CType::boolean()};
}

void Lowerer::row_cells(const Val &base, ir::Location &loc) const {
  scale_range(loc, cells_of(*base.t.elem));
}

std::vector<ir::Location> Lowerer::pointer_set(const CExpr &e) {
  ir::Location loc;
  loc.kind = ir::Location::Kind::Mem;
  loc.pos = pos(e.loc);
  const CExpr *base = nullptr, *off = nullptr;
  if (e.kind == CExpr::Kind::Binary && e.op == "+") {
    base = e.args[0].get();
    off = e.args[1].get();
  } else if (e.kind == CExpr::Kind::Unary && e.op == "&" && e.args[0]->kind == CExpr::Kind::Index) {
    base = e.args[0]->args[0].get();
    off = e.args[0]->args[1].get();
  }
  if (base && off && off->kind == CExpr::Kind::Range) {
    const Val b = term(*base);
    if (!b.t.is_ptr()) fail(base->loc, "a pointer is expected");
    loc.lo = logic_arg(term(*off->args[0]), CType::integer(), off->args[0]->loc);
    loc.hi = logic_arg(term(*off->args[1]), CType::integer(), off->args[1]->loc);
    if (b.t.is_struct_ptr()) return object_range(b, loc.lo, loc.hi, loc.pos);
    loc.ptr = b.e;
    row_cells(b, loc);
    return {loc};
  }
  const Val v = term(e);
  if (v.t.is_struct_ptr()) return field_locations(v, e.loc);
  if (v.t.is_aggregate())
    fail(e.loc, "\\valid and \\separated take pointers, not the structure '" + v.t.str() + "'");
  if (!v.t.is_ptr()) fail(e.loc, "a pointer is expected, not '" + v.t.str() + "'");
  loc.ptr = v.e;
  return {loc};
}

std::vector<ir::Location> Lowerer::location(const CExpr &e) {
  ir::Location loc;
  loc.pos = pos(e.loc);
  if (e.kind == CExpr::Kind::Result) return {}; // \result is no memory location
  if (e.kind == CExpr::Kind::Var) {
    const VarInfo *v = lookup(e.name);
    if (!v) fail(e.loc, "unknown variable '" + e.name + "'");
    if (v->kind == VarInfo::Kind::Bound || v->kind == VarInfo::Kind::LogicParam)
      fail(e.loc, "'" + e.name + "' is not a memory location");
    if (v->type.is_array())
      fail(e.loc, "write the cells of the array '" + e.name + "' as " + e.name + "[lo .. hi]");
    // A parameter is local to the function: writing it is invisible to the caller.
    if (v->kind == VarInfo::Kind::Param && ctx_ == AnnotCtx::Ensures) return {};
    if (!v->parts.empty()) { // a structure or a pointer to one: each part
      const std::vector<Leaf> ls =
          v->type.is_struct() ? leaves(*v->type.sdef) : std::vector<Leaf>(v->parts.size());
      std::vector<ir::Location> locs;
      for (size_t i = 0; i < v->parts.size(); ++i) {
        ir::Location l = loc;
        if (ls[i].type.is_array()) { // an array field of a local structure: its cells
          l.kind = ir::Location::Kind::Mem;
          l.ptr = ir::make_var(v->parts[i], loc.pos);
          l.lo = ir::make_int(0, loc.pos);
          l.hi = ir::make_int(ls[i].cells() - 1, loc.pos);
        } else {
          l.var = v->parts[i];
        }
        locs.push_back(std::move(l));
      }
      return locs;
    }
    loc.var = v->ir;
    return {loc};
  }
  if (e.kind == CExpr::Kind::Member) {
    // A field of a structure variable is a variable of its own (lower_struct.cpp); a field
    // read through memory is its cells; a structure field is each of its leaves.
    if (auto fields = field_of_objects(e)) return *fields; // `p[lo .. hi].f`
    const Val base = term(*e.args[0]);
    const Val field = member(e, base);
    const StructDef &def = *(base.t.is_struct_ptr() ? *base.t.elem : base.t).sdef;
    const CType &declared = def.fields[size_t(def.field(e.name))].second;
    const CExpr *root = e.args[0].get();
    while (root->kind == CExpr::Kind::Member && root->op == ".")
      root = root->args[0].get();
    if (e.op == "." && root->kind == CExpr::Kind::Var && ctx_ == AnnotCtx::Ensures)
      if (const VarInfo *v = lookup(root->name); v && v->kind == VarInfo::Kind::Param)
        return {}; // a parameter's field, as a parameter: local to the function
    std::vector<ir::Location> locs;
    const std::vector<Leaf> ls = declared.is_struct()
                                     ? leaves(*declared.sdef)
                                     : std::vector{Leaf{e.name, declared, "", {e.name}}};
    const std::vector<ir::ExprPtr> xs = declared.is_struct() ? field.parts : std::vector{field.e};
    for (size_t k = 0; k < xs.size(); ++k) {
      const ir::ExprPtr &x = xs[k];
      ir::Location l;
      l.pos = loc.pos;
      if (ls[k].type.is_array()) { // an array field: its cells
        l.kind = ir::Location::Kind::Mem;
        l.ptr = x;
        l.lo = ir::make_int(0, loc.pos);
        l.hi = ir::make_int(ls[k].cells() - 1, loc.pos);
      } else if (x && x->kind == ExprKind::Var) {
        l.var = x->name;
      } else if (x && x->kind == ExprKind::Deref) {
        l.kind = ir::Location::Kind::Mem;
        l.ptr = x->args[0];
      } else {
        fail(e.loc, "not a memory location (x, s.f, *p, p[i], p->f, p[lo .. hi])");
      }
      locs.push_back(std::move(l));
    }
    return locs;
  }
  loc.kind = ir::Location::Kind::Mem;
  const CExpr *base = nullptr, *off = nullptr;
  if (e.kind == CExpr::Kind::Index) {
    base = e.args[0].get();
    off = e.args[1].get();
  } else if (e.kind == CExpr::Kind::Unary && e.op == "*") {
    const CExpr &target = *e.args[0];
    // `*(p + i)` is the location p[i], as the IR reads it back.
    if (target.kind == CExpr::Kind::Binary && target.op == "+") {
      base = target.args[0].get();
      off = target.args[1].get();
    } else {
      const Val v = term(target);
      if (v.t.is_struct_ptr()) return field_locations(v, e.loc); // the whole object
      if (v.t.is_aggregate()) fail(e.loc, "write the fields of '*p' as p->f");
      if (!v.t.is_ptr()) fail(e.loc, "cannot dereference a value of type '" + v.t.str() + "'");
      loc.ptr = v.e;
      return {loc};
    }
  } else {
    fail(e.loc, "not a memory location (x, *p, p[i], p->f, p[lo .. hi], *(p + (lo .. hi)))");
  }
  Val b = term(*base);
  if (!b.t.is_ptr()) fail(base->loc, "a pointer or array is expected");
  loc.ptr = b.e;
  if (off->kind == CExpr::Kind::Range) {
    loc.lo = logic_arg(term(*off->args[0]), CType::integer(), off->args[0]->loc);
    loc.hi = logic_arg(term(*off->args[1]), CType::integer(), off->args[1]->loc);
  } else {
    loc.lo = logic_arg(term(*off), CType::integer(), off->loc);
    if (b.t.elem->is_array() || b.t.is_struct_ptr()) loc.hi = clone(loc.lo);
  }
  if (b.t.is_struct_ptr()) return object_range(b, loc.lo, loc.hi, loc.pos); // whole objects
  row_cells(b, loc);
  return {loc};
}

std::optional<std::vector<ir::Location>> Lowerer::field_of_objects(const CExpr &e) {
  const CExpr &objects = *e.args[0];
  if (e.op != "." || objects.kind != CExpr::Kind::Index ||
      objects.args[1]->kind != CExpr::Kind::Range)
    return std::nullopt;
  const Val b = term(*objects.args[0]);
  if (!b.t.is_struct_ptr())
    fail(objects.loc, "'" + e.name + "' is a field of no '" + b.t.str() + "'");
  const StructDef &def = *b.t.elem->sdef;
  const int field = def.field(e.name);
  if (field < 0) fail(e.loc, "'" + b.t.elem->str() + "' has no field '" + e.name + "'");
  const CExpr &r = *objects.args[1];
  const auto [first, count] = leaf_range(def, size_t(field));
  return object_range(b, logic_arg(term(*r.args[0]), CType::integer(), r.args[0]->loc),
                      logic_arg(term(*r.args[1]), CType::integer(), r.args[1]->loc), pos(e.loc),
                      first, count);
}

Val Lowerer::term(const CExpr &e) {
  const ir::Pos p = pos(e.loc);
  switch (e.kind) {
  case CExpr::Kind::IntLit:
    return Val{ir::make_int(e.value, p), CType::integer()};
  case CExpr::Kind::Var:
    return term_var(e);
  case CExpr::Kind::Null:
    return Val{ir::make_expr(ExprKind::Null, {}, p), CType::pointer(CType::void_type())};
  case CExpr::Kind::True:
  case CExpr::Kind::False:
    return Val{ir::make_bool(e.kind == CExpr::Kind::True, p), CType::boolean()};
  case CExpr::Kind::Result:
    if (ctx_ != AnnotCtx::Ensures) fail(e.loc, "\\result is only allowed in postconditions");
    if (!fn_ || fn_->ret.is_void()) fail(e.loc, "\\result in a function without a result");
    if (fn_->ret.is_aggregate()) {
      Val r{nullptr, fn_->ret};
      for (const std::string &n : fn_->result_parts)
        r.parts.push_back(ir::make_var(n, p));
      return r;
    }
    return Val{ir::make_expr(ExprKind::Result, {}, p), fn_->ret};
  case CExpr::Kind::Unary:
    return term_unary(e);
  case CExpr::Kind::Binary:
    return term_binary(e);
  case CExpr::Kind::Cond: {
    ir::ExprPtr c = pred(*e.args[0]);
    Val a = term(*e.args[1]);
    Val b = term(*e.args[2]);
    CType t = a.t;
    if (a.t.is_boolean() || b.t.is_boolean()) {
      a.e = pred_of(a, e.loc);
      b.e = pred_of(b, e.loc);
      t = CType::boolean();
    } else if (a.t.is_numeric() && b.t.is_numeric()) {
      t = CType::integer();
    } else if (a.t.is_ptr() || b.t.is_ptr()) {
      t = a.t.is_ptr() && a.e->kind != ExprKind::Null ? a.t : b.t;
    }
    return Val{ir::make_expr(ExprKind::Ite, {c, a.e, b.e}, p), t};
  }
  case CExpr::Kind::Call:
    return term_app(e);
  case CExpr::Kind::Index: {
    if (e.args[1]->kind == CExpr::Kind::Range)
      fail(e.args[1]->loc,
           "a range 'lo .. hi' is only allowed in assigns, \\valid and \\separated");
    const Val base = term(*e.args[0]);
    const Val index = term(*e.args[1]);
    if (base.t.is_struct_ptr() && index.t.is_numeric())
      return deref_parts(offset_parts(base, index.e, BinOp::Add, p), e.loc);
    if (base.t.is_aggregate()) fail(e.loc, kStructArithmetic);
    if (!base.t.is_ptr() || !index.t.is_numeric() || base.t.elem->is_void())
      fail(e.loc, "subscripted value is not an array or pointer");
    return element(base, index.e, p);
  }
  case CExpr::Kind::Cast: {
    const Val v = term(*e.args[0]);
    if (v.t.is_aggregate() || e.type.is_aggregate()) return aggregate_cast(v, e.type, e.loc);
    if (e.type.is_integer()) return Val{logic_arg(v, CType::integer(), e.loc), e.type};
    if (e.type.is_c_int() && e.type.kind != CType::Kind::Bool)
      return Val{logic_arg(v, e.type, e.loc), e.type};
    if (e.type.is_ptr() && v.e && is_null_constant(*v.e))
      return Val{ir::make_expr(ExprKind::Null, {}, p), e.type}; // Frama-C's (T *)0
    if (e.type.is_ptr() && v.t.is_ptr() && to_ir(e.type) == to_ir(v.t)) return Val{v.e, e.type};
    fail(e.loc, "cast to '" + e.type.str() + "' is not supported in annotations");
  }
  case CExpr::Kind::SizeOf:
    return Val{ir::make_int(size_of(e.type), p), CType::integer()};
  case CExpr::Kind::Member:
    return member(e, term(*e.args[0]));
  case CExpr::Kind::Old:
    return term_at(e, "Old");
  case CExpr::Kind::At:
    return term_at(e, e.name);
  case CExpr::Kind::Valid:
  case CExpr::Kind::Separated: {
    auto v =
        ir::make_expr(e.kind == CExpr::Kind::Valid ? ExprKind::Valid : ExprKind::Separated, {}, p);
    v->read_only = e.read_only;
    ir::ExprPtr fields_apart; // \valid of structures: their fields are memory apart
    for (const auto &a : e.args) {
      std::vector<ir::Location> set = pointer_set(*a); // several: a structure's fields
      v->locs.insert(v->locs.end(), set.begin(), set.end());
      if (e.kind == CExpr::Kind::Separated || set.size() < 2) continue;
      auto apart = ir::make_expr(ExprKind::Separated, {}, p);
      apart->locs = std::move(set);
      fields_apart = fields_apart ? ir::make_binary(BinOp::And, fields_apart, apart, p) : apart;
    }
    if (fields_apart) return Val{ir::make_binary(BinOp::And, v, fields_apart, p), CType::boolean()};
    return Val{v, CType::boolean()};
  }
  case CExpr::Kind::Quant:
  case CExpr::Kind::Let:
    return term_quant(e);
  case CExpr::Kind::Range:
    fail(e.loc, "a range 'lo .. hi' is only allowed in assigns, \\valid and \\separated");
  case CExpr::Kind::Assign:
  case CExpr::Kind::IncDec:
  case CExpr::Kind::Comma:
    fail(e.loc, "side effects are not allowed in annotations");
  case CExpr::Kind::StringLit:
    fail(e.loc, "string literals are not supported");
  default:
    fail(e.loc, "unsupported construct in an annotation");
  }
}

} // namespace triage::frontend_c
