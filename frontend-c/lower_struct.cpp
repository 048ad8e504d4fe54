// Structures. A structure value is lowered to one IR value per field, and a pointer to a
// structure to one pointer per field: each field of a structure lives in memory of its own
// (the component-as-array model of Burstall and Bornat), so that writing one field never
// changes another and every consumer of the IR (vcgen, rac, dse) needs nothing new. What this
// leaves out (arrays of structures, pointer arithmetic on them, nested structures) is a located
// error; docs/c-frontend.md lists it.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

using ir::BinOp;
using ir::ExprKind;

namespace {
const StructDef &definition(const CType &t) {
  return *(t.is_struct_ptr() ? *t.elem : t).sdef;
}
} // namespace

std::vector<ir::Binder> Lowerer::part_binders(const std::string &c_name, const CType &t, Loc at,
                                              bool fresh_names) {
  if (!definition(t).complete) fail(at, "'" + t.str() + "' is an incomplete structure type");
  std::vector<ir::Binder> binders;
  for (const auto &[field, type] : part_types(t)) {
    const std::string base = c_name + "_" + field;
    binders.push_back(ir::Binder{fresh_names ? fresh(base) : safe_name(base), type, pos(at)});
  }
  return binders;
}

std::vector<ir::Binder> Lowerer::declare_parts(const std::string &c_name, const CType &t, Loc at,
                                               VarInfo::Kind kind, bool fresh_names) {
  std::vector<ir::Binder> binders = part_binders(c_name, t, at, fresh_names);
  VarInfo info{"", t, kind};
  for (const ir::Binder &b : binders)
    info.parts.push_back(b.name);
  declare(c_name, std::move(info));
  return binders;
}

void Lowerer::global_parts(const GlobalVar &g) {
  VarInfo info{"", g.type, VarInfo::Kind::Global};
  for (const ir::Binder &b : part_binders(g.name, g.type, g.loc, false)) {
    const std::string n = top_name(b.name);
    top_names_.insert(n);
    info.parts.push_back(n);
    auto ig = std::make_shared<ir::Global>();
    ig->name = n;
    ig->type = b.type;
    ig->pos = pos(g.loc);
    ig->src = src(g.loc);
    prog_.decls.push_back(ig);
  }
  globals_[g.name] = std::move(info);
}

Val Lowerer::parts_var(const VarInfo &v, Loc at) const {
  Val r{nullptr, v.type.decay()};
  for (const std::string &n : v.parts)
    r.parts.push_back(ir::make_var(n, pos(at)));
  return r;
}

Val Lowerer::member(const CExpr &e, const Val &base) const {
  const bool arrow = e.op == "->";
  if (arrow ? !base.t.is_struct_ptr() : !base.t.is_struct())
    fail(e.loc, "'" + e.op + "' needs " + (arrow ? "a pointer to a structure" : "a structure") +
                    ", not '" + base.t.str() + "'");
  const StructDef &def = definition(base.t);
  const int i = def.field(e.name);
  if (i < 0) fail(e.loc, "'" + base.t.str() + "' has no field '" + e.name + "'");
  const ir::ExprPtr &part = base.parts.at(size_t(i));
  const CType &type = def.fields[size_t(i)].second;
  if (!arrow) return Val{part, type};
  return Val{ir::make_expr(ExprKind::Deref, {part}, pos(e.loc)), type};
}

Val Lowerer::map_parts(const Val &v,
                       const std::function<ir::ExprPtr(const ir::ExprPtr &)> &f) const {
  if (!v.t.is_aggregate()) return Val{f(v.e), v.t};
  Val r{nullptr, v.t};
  for (const ir::ExprPtr &part : v.parts)
    r.parts.push_back(f(part));
  return r;
}

std::vector<ir::ExprPtr> Lowerer::aggregate_args(const Val &v, const CType &to, Loc at) const {
  if (!v.t.is_aggregate() && !to.is_aggregate()) return {};
  if (v.t.is_aggregate() && v.t.str() == to.str()) return v.parts;
  if (to.is_struct_ptr() && v.e && is_null_constant(*v.e)) {
    std::vector<ir::ExprPtr> nulls;
    for (size_t i = 0; i < definition(to).fields.size(); ++i)
      nulls.push_back(ir::make_expr(ExprKind::Null, {}, pos(at)));
    return nulls;
  }
  fail(at, "a '" + to.str() + "' is expected, not '" + v.t.str() + "'");
}

Val Lowerer::aggregate_cast(const Val &v, const CType &to, Loc at) const {
  Val r{nullptr, to};
  r.parts = aggregate_args(v, to, at);
  return r;
}

Val Lowerer::deref_parts(const Val &p, Loc at) const {
  Val r = map_parts(
      p, [&](const ir::ExprPtr &x) { return ir::make_expr(ExprKind::Deref, {x}, pos(at)); });
  r.t = *p.t.elem;
  return r;
}

ir::ExprPtr Lowerer::not_null(const Val &p, Loc at) const {
  const Val null{ir::make_expr(ExprKind::Null, {}, pos(at)), CType::pointer(CType::void_type())};
  return parts_equal(p, null, true, at);
}

std::vector<ir::Location> Lowerer::field_locations(const Val &v, Loc at) const {
  std::vector<ir::Location> locs;
  for (const ir::ExprPtr &part : v.parts) {
    ir::Location l;
    l.kind = ir::Location::Kind::Mem;
    l.pos = pos(at);
    l.ptr = part;
    locs.push_back(std::move(l));
  }
  return locs;
}

ir::ExprPtr Lowerer::parts_equal(const Val &a, const Val &b, bool negate, Loc at) const {
  const std::vector<ir::ExprPtr> x = aggregate_args(a, a.t.is_aggregate() ? a.t : b.t, at),
                                 y = aggregate_args(b, a.t.is_aggregate() ? a.t : b.t, at);
  ir::ExprPtr all;
  for (size_t i = 0; i < x.size(); ++i) {
    auto eq = ir::make_binary(negate ? BinOp::Ne : BinOp::Eq, clone(x[i]), clone(y[i]), pos(at));
    all = all ? ir::make_binary(negate ? BinOp::Or : BinOp::And, all, eq, pos(at)) : eq;
  }
  return all;
}

} // namespace triage::frontend_c

namespace triage::frontend_c {

void Lowerer::declare_result_parts(FuncSig &sig, Loc at) {
  if (!definition(sig.ret).complete)
    fail(at, "'" + sig.ret.str() + "' is an incomplete structure type");
  for (const auto &[field, type] : part_types(sig.ret)) {
    std::string n = top_name(sig.ir + "_result_" + field);
    while (top_names_.count(n))
      n += "_";
    top_names_.insert(n);
    sig.result_parts.push_back(n);
    auto g = std::make_shared<ir::Global>();
    g->name = n;
    g->type = type;
    g->pos = pos(at);
    g->src = src(at);
    prog_.decls.push_back(g);
  }
}

Val Lowerer::read_result_parts(const FuncSig &sig, Loc at) {
  Val r{nullptr, sig.ret};
  const auto types = part_types(sig.ret);
  for (size_t i = 0; i < types.size(); ++i) {
    auto d = make_stmt(ir::StmtKind::VarDecl);
    d->name = fresh("__" + sig.ir + "_" + types[i].first);
    d->type = types[i].second;
    d->rhs = ir::make_var(sig.result_parts[i], pos(at));
    emit(d);
    r.parts.push_back(ir::make_var(d->name, pos(at)));
  }
  return r;
}

void Lowerer::return_parts(const Val &v, Loc at) {
  const std::vector<ir::ExprPtr> parts = aggregate_args(v, fn_->ret, at);
  for (size_t i = 0; i < parts.size(); ++i) {
    auto as = make_stmt(ir::StmtKind::Assign);
    as->lhs = ir::make_var(fn_->result_parts[i], pos(at));
    as->rhs = parts[i];
    emit(as);
  }
}

Val Lowerer::assign_parts(const Val &l, const Val &r, Loc at) {
  const std::vector<ir::ExprPtr> parts = aggregate_args(r, l.t, at);
  for (size_t i = 0; i < parts.size(); ++i) {
    auto as = make_stmt(ir::StmtKind::Assign);
    as->lhs = l.parts[i];
    as->rhs = parts[i];
    emit(as);
  }
  return map_parts(l, [](const ir::ExprPtr &x) { return clone(x); });
}

void Lowerer::declare_local_parts(const Declarator &d) {
  const ir::Pos p = pos(d.loc);
  // A structure whose address is taken is a one-cell array of it: one one-cell array per field.
  const bool in_memory = d.type.is_array();
  const CType type = in_memory ? *d.type.elem : d.type;
  std::vector<ir::ExprPtr> init;
  if (d.has_list) {
    // C zero-fills the fields an initialiser list leaves out.
    const auto &fields = definition(type).fields;
    if (d.inits.size() > fields.size()) fail(d.loc, "too many initialisers for " + type.str());
    for (size_t i = 0; i < fields.size(); ++i)
      init.push_back(i < d.inits.size() ? convert(rvalue(*d.inits[i]), fields[i].second, d.loc)
                                        : ir::make_int(0, p));
  } else if (d.init) {
    init = aggregate_args(rvalue(*d.init), type, d.init->loc);
  }
  if (!definition(type).complete)
    fail(d.loc, "'" + type.str() + "' is an incomplete structure type");
  VarInfo info{"", d.type, VarInfo::Kind::Local};
  const auto types = part_types(type);
  for (size_t i = 0; i < types.size(); ++i) {
    auto v = make_stmt(ir::StmtKind::VarDecl);
    v->name = fresh(d.name + "_" + types[i].first);
    v->type = types[i].second;
    if (in_memory) v->array_len = ir::make_int(1, p);
    if (!init.empty() && !in_memory) v->rhs = init[i];
    emit(v);
    info.parts.push_back(v->name);
    if (init.empty() || !in_memory) continue;
    auto as = make_stmt(ir::StmtKind::Assign);
    as->lhs = ir::make_expr(ExprKind::Deref, {ir::make_var(v->name, p)}, p);
    as->rhs = init[i];
    emit(as);
  }
  declare(d.name, std::move(info));
}

} // namespace triage::frontend_c
