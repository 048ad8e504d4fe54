// Structures. A structure value is lowered to one IR value per field, and a pointer to a
// structure to one pointer per field: each field of a structure lives in memory of its own
// (the component-as-array model of Burstall and Bornat), so that writing one field never
// changes another and every consumer of the IR (vcgen, rac, dse) needs nothing new. A nested
// structure is flattened into its leaves; an array of structures is one array per leaf, and
// `p + i` moves every part by i objects. docs/c-frontend.md, "Structures", lists what is left out.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

using ir::BinOp;
using ir::ExprKind;

namespace {
const StructDef &definition(const CType &t) {
  return *(t.is_struct_ptr() ? *t.elem : t).sdef;
}

/// Why a structure value of type `t` cannot be passed or returned (its array fields would be
/// shared, not copied), or "".
std::string by_value_refused(const CType &t) {
  const auto array = [](const Leaf &l) { return l.type.is_array(); };
  if (!t.is_struct() || std::ranges::none_of(leaves(definition(t)), array)) return "";
  return "a structure with an array field ('" + t.str() +
         "') returned by value, or as a logic value, is not supported";
}

/// The memory of a part: its cell, or the cells of an array field.
ir::Location part_location(const ir::ExprPtr &part, const Leaf &leaf, ir::Pos p) {
  ir::Location l;
  l.kind = ir::Location::Kind::Mem;
  l.pos = p;
  l.ptr = part;
  if (leaf.type.is_array()) {
    l.lo = ir::make_int(0, p);
    l.hi = ir::make_int(leaf.cells() - 1, p);
  }
  return l;
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
  // A parameter's array field points to the caller's cells, which the function copies
  // (value_cells); elsewhere (a logic parameter, a bound variable) no copy can be made.
  if (kind != VarInfo::Kind::Param)
    if (const std::string why = by_value_refused(t); !why.empty()) fail(at, why);
  std::vector<ir::Binder> binders = part_binders(c_name, t, at, fresh_names);
  VarInfo info{"", t, kind};
  for (const ir::Binder &b : binders)
    info.parts.push_back(b.name);
  declare(c_name, std::move(info));
  return binders;
}

void Lowerer::global_parts(const GlobalVar &g, int64_t objects) {
  // An array of structures, or a structure whose address is taken (one object): one global
  // array per leaf, `objects` times its cells.
  const CType type = g.type.is_array() ? *g.type.elem : g.type;
  VarInfo info{"", objects ? CType::array(type, objects) : type, VarInfo::Kind::Global};
  info.boxed = objects && !g.type.is_array();
  if (!definition(type).complete)
    fail(g.loc, "'" + type.str() + "' is an incomplete structure type");
  const std::vector<Leaf> ls = leaves(definition(type));
  const auto types = part_types(type);
  for (size_t i = 0; i < types.size(); ++i) {
    const std::string n = top_name(safe_name(g.name + "_" + types[i].first));
    top_names_.insert(n);
    info.parts.push_back(n);
    auto ig = std::make_shared<ir::Global>();
    ig->name = n;
    ig->type = types[i].second;
    // An array field of a global structure is a global array (its name: its first cell).
    if (type.is_struct() && ls[i].type.is_array()) {
      ig->type = to_ir(*ls[i].type.elem);
      ig->array_len = ls[i].cells() * std::max<int64_t>(objects, 1);
    } else if (objects) {
      ig->array_len = objects;
    }
    ig->pos = pos(g.loc);
    ig->src = src(g.loc);
    prog_.decls.push_back(ig);
  }
  globals_[g.name] = std::move(info);
}

void Lowerer::assume_one_object(const Val &p, const std::string &c_name, Loc at) {
  if (!p.t.is_struct_ptr() || p.parts.size() < 2) return;
  auto same = ir::make_expr(ExprKind::SameObject, {}, pos(at));
  const std::vector<Leaf> ls = leaves(definition(p.t));
  for (size_t i = 0; i < p.parts.size(); ++i)
    same->locs.push_back(part_location(clone(p.parts[i]), ls[i], pos(at)));
  task_assume(std::move(same), at, c_name + " is one object");
}

void Lowerer::assume_objects(const std::vector<std::pair<std::string, Val>> &named, Loc at) {
  const ir::Pos p = pos(at);
  for (const auto &[name, v] : named)
    assume_one_object(v, name, at);
  auto all = [&](ir::ExprPtr acc, ir::ExprPtr c) {
    return acc ? ir::make_binary(BinOp::And, std::move(acc), std::move(c), p) : c;
  };
  for (size_t i = 0; i < named.size(); ++i)
    for (size_t j = i + 1; j < named.size(); ++j) {
      const Val &a = named[i].second, &b = named[j].second;
      const auto la = leaves(definition(a.t)), lb = leaves(definition(b.t));
      ir::ExprPtr c;
      // The same structure: their first fields are the same cell exactly when all are.
      if (a.t.str() == b.t.str())
        for (size_t k = 1; k < a.parts.size(); ++k)
          c = all(c, ir::make_binary(
                         BinOp::Iff,
                         ir::make_binary(BinOp::Eq, clone(a.parts[0]), clone(b.parts[0]), p),
                         ir::make_binary(BinOp::Eq, clone(a.parts[k]), clone(b.parts[k]), p), p));
      // Cells of fields declared apart are never one cell (a `B *` may point to the `B` field
      // of an `A`: leaves of one declaration may be one cell).
      for (size_t x = 0; x < a.parts.size(); ++x)
        for (size_t y = 0; y < b.parts.size(); ++y) {
          if (la[x].owner == lb[y].owner || to_ir(la[x].type) != to_ir(lb[y].type)) continue;
          auto apart = ir::make_expr(ExprKind::Separated, {}, p);
          apart->locs = {part_location(clone(a.parts[x]), la[x], p),
                         part_location(clone(b.parts[y]), lb[y], p)};
          c = all(c, ir::make_binary(BinOp::Or,
                                     ir::make_binary(BinOp::Eq, clone(a.parts[x]),
                                                     ir::make_expr(ExprKind::Null, {}, p), p),
                                     apart, p));
        }
      if (c)
        task_assume(std::move(c), at,
                    named[i].first + " and " + named[j].first + " are objects C can have");
    }
}

std::optional<ir::SourceInput> source_input(const std::string &name, const VarInfo &v) {
  if (v.parts.empty()) { // an array of arrays, or a pointer to rows: shown row by row
    const CType t = v.type.decay();
    if (!t.is_ptr() || !t.elem->is_array()) return std::nullopt;
    ir::SourceInput s{name, ir::SourceInput::Shape::Rows, {{{}, v.ir, false}}, {}};
    for (const CType *row = &*t.elem; row->is_array(); row = &*row->elem)
      s.rows.push_back(row->len.value_or(0));
    return s;
  }
  using Shape = ir::SourceInput::Shape;
  ir::SourceInput s{name,
                    v.boxed                  ? Shape::InMemory
                    : v.type.is_array()      ? Shape::Objects
                    : v.type.is_struct_ptr() ? Shape::Pointer
                                             : Shape::Value,
                    {}};
  const std::vector<Leaf> ls = leaves(definition(v.type.is_array() ? *v.type.elem : v.type));
  for (size_t i = 0; i < ls.size(); ++i)
    s.fields.push_back({ls[i].fields, v.parts[i], ls[i].type.is_array(), ls[i].cells()});
  return s;
}

Val Lowerer::parts_var(const VarInfo &v, Loc at) const {
  Val r{nullptr, v.type.decay()};
  for (const std::string &n : v.parts)
    r.parts.push_back(ir::make_var(n, pos(at)));
  // In a postcondition, a structure parameter is its value on entry: its array fields' cells
  // (the caller's, which the function copied) are read in the entry state.
  r.entry_cells = v.kind == VarInfo::Kind::Param && v.type.is_struct() && ctx_ == AnnotCtx::Ensures;
  return r;
}

void Lowerer::value_cells_required(const Param &p, ir::Function &fn) {
  const VarInfo *v = lookup(p.name);
  if (!v || !p.type.is_struct()) return;
  const std::vector<Leaf> ls = leaves(definition(p.type));
  auto valid = ir::make_expr(ExprKind::Valid, {}, pos(p.loc));
  valid->read_only = true;
  for (size_t i = 0; i < ls.size(); ++i)
    if (ls[i].type.is_array())
      valid->locs.push_back(
          part_location(ir::make_var(v->parts[i], pos(p.loc)), ls[i], pos(p.loc)));
  if (valid->locs.empty()) return;
  fn.contract.push_back(annotation(ir::AnnotKind::Requires, p.name + " is a structure value",
                                   std::move(valid), p.loc));
}

void Lowerer::value_cells(const Param &p) {
  const VarInfo *v = lookup(p.name);
  if (!v || !p.type.is_struct()) return;
  const ir::Pos at = pos(p.loc);
  const std::vector<Leaf> ls = leaves(definition(p.type));
  if (std::ranges::none_of(ls, [](const Leaf &l) { return l.type.is_array(); })) return;
  VarInfo copy = *v;
  for (size_t i = 0; i < ls.size(); ++i) {
    if (!ls[i].type.is_array()) continue;
    auto d = make_stmt(ir::StmtKind::VarDecl);
    d->name = fresh(v->parts[i] + "_cells");
    d->type = to_ir(*ls[i].type.elem);
    d->array_len = ir::make_int(ls[i].cells(), at);
    emit(d);
    for (int64_t k = 0; k < ls[i].cells(); ++k) {
      auto as = make_stmt(ir::StmtKind::Assign);
      as->lhs = cell(ir::make_var(d->name, at), k, at);
      as->rhs = cell(ir::make_var(v->parts[i], at), k, at);
      emit(as);
    }
    copy.parts[i] = d->name;
  }
  copy.kind = VarInfo::Kind::Local; // the copy: read in the current state, even in annotations
  declare(p.name, std::move(copy));
}

Val Lowerer::member(const CExpr &e, const Val &base) const {
  const bool arrow = e.op == "->";
  if (arrow ? !base.t.is_struct_ptr() : !base.t.is_struct())
    fail(e.loc, "'" + e.op + "' needs " + (arrow ? "a pointer to a structure" : "a structure") +
                    ", not '" + base.t.str() + "'");
  const StructDef &def = definition(base.t);
  const int i = def.field(e.name);
  if (i < 0) fail(e.loc, "'" + base.t.str() + "' has no field '" + e.name + "'");
  const CType &type = def.fields[size_t(i)].second;
  const auto [first, count] = leaf_range(def, size_t(i));
  const std::vector<Leaf> ls = leaves(def);
  // Through a pointer a field is read from its cell; an array field is its first cell's
  // address either way (it decays, as in C).
  auto read = [&](size_t k) {
    const ir::ExprPtr &part = base.parts.at(k);
    return arrow && !ls[k].type.is_array() ? ir::make_expr(ExprKind::Deref, {part}, pos(e.loc))
                                           : part;
  };
  if (type.is_array()) {
    Val cells{read(first), type.decay(), {}, *type.len};
    cells.entry_cells = base.entry_cells;
    return cells;
  }
  if (!type.is_struct()) return Val{read(first), type};
  Val inner{nullptr, type}; // a structure field: its own leaves among the base's
  inner.entry_cells = base.entry_cells;
  for (size_t k = first; k < first + count; ++k)
    inner.parts.push_back(read(k));
  return inner;
}

Val Lowerer::address_of_field(const Val &field, Loc at) const {
  auto address = [&](const ir::ExprPtr &x) -> ir::ExprPtr {
    if (!x || x->kind != ExprKind::Deref)
      fail(at, "taking the address of a field of a structure the code never takes an address "
               "in (a structure value, not in memory) is not supported");
    return x->args[0];
  };
  Val r{nullptr, CType::pointer(field.t)};
  if (!field.t.is_struct()) {
    r.e = address(field.e);
    return r;
  }
  const std::vector<Leaf> ls = leaves(definition(field.t));
  for (size_t i = 0; i < field.parts.size(); ++i) // an array field is its address already
    r.parts.push_back(ls[i].type.is_array() ? field.parts[i] : address(field.parts[i]));
  return r;
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
    for (size_t i = 0; i < leaves(definition(to)).size(); ++i)
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
  const std::vector<Leaf> ls = leaves(definition(p.t));
  Val r{nullptr, *p.t.elem};
  for (size_t i = 0; i < p.parts.size(); ++i) // an array field stays its first cell's address
    r.parts.push_back(
        ls[i].type.is_array() ? p.parts[i] : ir::make_expr(ExprKind::Deref, {p.parts[i]}, pos(at)));
  return r;
}

ir::ExprPtr Lowerer::not_null(const Val &p, Loc at) const {
  const Val null{ir::make_expr(ExprKind::Null, {}, pos(at)), CType::pointer(CType::void_type())};
  return parts_equal(p, null, true, at);
}

std::vector<ir::Location> Lowerer::field_locations(const Val &v, Loc at) const {
  const std::vector<Leaf> ls = leaves(definition(v.t));
  std::vector<ir::Location> locs;
  for (size_t i = 0; i < v.parts.size(); ++i)
    locs.push_back(part_location(v.parts[i], ls[i], pos(at)));
  return locs;
}

Val Lowerer::offset_parts(const Val &p, const ir::ExprPtr &index, BinOp op, ir::Pos at) const {
  const std::vector<Leaf> ls = leaves(definition(p.t));
  Val r{nullptr, p.t};
  for (size_t i = 0; i < p.parts.size(); ++i) {
    ir::ExprPtr by = clone(index);
    if (const int64_t n = ls[i].cells(); n > 1)
      by = ir::make_binary(BinOp::Mul, std::move(by), ir::make_int(n, at), at);
    r.parts.push_back(ir::make_binary(op, clone(p.parts[i]), std::move(by), at));
  }
  return r;
}

ir::ExprPtr Lowerer::parts_difference(const Val &a, const Val &b, Loc at) const {
  if (!a.t.is_struct_ptr() || !b.t.is_struct_ptr() || a.t.str() != b.t.str())
    fail(at, "subtraction of pointers to different types ('" + a.t.str() + "' and '" + b.t.str() +
                 "')");
  const ir::Pos p = pos(at);
  ir::ExprPtr cells = ir::make_binary(BinOp::Sub, clone(a.parts[0]), clone(b.parts[0]), p);
  const int64_t n = leaves(definition(a.t))[0].cells();
  return n == 1 ? cells : ir::make_binary(BinOp::Div, std::move(cells), ir::make_int(n, p), p);
}

void scale_range(ir::Location &loc, int64_t n) {
  if (n == 1 || !loc.lo) return;
  const ir::Pos p = loc.pos;
  loc.lo = ir::make_binary(BinOp::Mul, loc.lo, ir::make_int(n, p), p);
  loc.hi = ir::make_binary(BinOp::Add, ir::make_binary(BinOp::Mul, loc.hi, ir::make_int(n, p), p),
                           ir::make_int(n - 1, p), p);
}

std::vector<ir::Location> Lowerer::object_range(const Val &p, const ir::ExprPtr &lo,
                                                const ir::ExprPtr &hi, ir::Pos at, size_t first,
                                                size_t count) const {
  const std::vector<Leaf> ls = leaves(definition(p.t));
  std::vector<ir::Location> locs;
  for (size_t i = first; i < p.parts.size() && i - first < count; ++i) {
    ir::Location l;
    l.kind = ir::Location::Kind::Mem;
    l.pos = at;
    l.ptr = clone(p.parts[i]);
    l.lo = clone(lo);
    l.hi = clone(hi);
    scale_range(l, ls[i].cells());
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
  if (const std::string why = by_value_refused(sig.ret); !why.empty()) fail(at, why);
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
  // A structure value's array field is copied cell by cell; pointers are assigned.
  const std::vector<Leaf> ls = l.t.is_struct() ? leaves(definition(l.t)) : std::vector<Leaf>{};
  for (size_t i = 0; i < parts.size(); ++i) {
    const bool array = !ls.empty() && ls[i].type.is_array();
    for (int64_t k = 0; k < (array ? ls[i].cells() : 1); ++k) {
      auto as = make_stmt(ir::StmtKind::Assign);
      as->lhs = array ? cell(l.parts[i], k, pos(at)) : l.parts[i];
      as->rhs = array ? cell(parts[i], k, pos(at)) : parts[i];
      emit(as);
    }
  }
  return map_parts(l, [](const ir::ExprPtr &x) { return clone(x); });
}

std::vector<std::vector<ir::ExprPtr>> Lowerer::leaf_values(const std::vector<ir::ExprPtr> &parts,
                                                           const CType &t, Loc at) const {
  const std::vector<Leaf> ls = leaves(definition(t));
  std::vector<std::vector<ir::ExprPtr>> values;
  for (size_t i = 0; i < parts.size(); ++i) {
    values.emplace_back();
    if (!ls[i].type.is_array()) {
      values.back().push_back(parts[i]);
      continue;
    }
    for (int64_t k = 0; k < ls[i].cells(); ++k)
      values.back().push_back(cell(parts[i], k, pos(at)));
  }
  return values;
}

std::vector<std::vector<ir::ExprPtr>> Lowerer::list_parts(const std::vector<CExprPtr> &items,
                                                          const CType &t, Loc at) {
  const auto &fields = definition(t).fields;
  if (items.size() > fields.size()) fail(at, "too many initialisers for " + t.str());
  std::vector<std::vector<ir::ExprPtr>> values;
  auto zeros = [&](const CType &ft) { // C zero-fills what an initialiser list leaves out
    for (const Leaf &l : ft.is_struct() ? leaves(*ft.sdef) : std::vector{Leaf{"", ft, "", {}}})
      values.emplace_back(size_t(l.cells()), ir::make_int(0, pos(at)));
  };
  for (size_t i = 0; i < fields.size(); ++i) {
    const CType &ft = fields[i].second;
    if (i >= items.size()) {
      zeros(ft);
      continue;
    }
    const CExpr &item = *items[i];
    if (ft.is_array()) {
      if (item.kind != CExpr::Kind::InitList)
        fail(item.loc,
             "the array field '" + fields[i].first + "' is initialised with a list { ... }");
      if (int64_t(item.args.size()) > *ft.len)
        fail(item.loc, "too many initialisers for the array field '" + fields[i].first + "'");
      values.emplace_back();
      for (int64_t k = 0; k < *ft.len; ++k)
        values.back().push_back(k < int64_t(item.args.size())
                                    ? convert(rvalue(*item.args[size_t(k)]), *ft.elem, item.loc)
                                    : ir::make_int(0, pos(item.loc)));
    } else if (item.kind == CExpr::Kind::InitList) {
      if (!ft.is_struct())
        fail(item.loc,
             "a list { ... } initialises a structure or array field, not '" + ft.str() + "'");
      for (auto &v : list_parts(item.args, ft, item.loc))
        values.push_back(std::move(v));
    } else if (ft.is_struct()) {
      for (auto &v : leaf_values(aggregate_args(rvalue(item), ft, item.loc), ft, item.loc))
        values.push_back(std::move(v));
    } else {
      values.push_back({convert(rvalue(item), ft, item.loc)});
    }
  }
  return values;
}

void Lowerer::declare_local_parts(const Declarator &d) {
  const ir::Pos p = pos(d.loc);
  // An array of structures (or a structure whose address is taken: an array of one) is one
  // local array per leaf, `objects` times its cells.
  const bool in_memory = d.type.is_array();
  const CType type = in_memory ? *d.type.elem : d.type;
  const int64_t objects = in_memory ? *d.type.len : 1;
  if (!definition(type).complete)
    fail(d.loc, "'" + type.str() + "' is an incomplete structure type");
  const std::vector<std::vector<std::vector<ir::ExprPtr>>> init = object_inits(d, type);
  VarInfo info{"", d.type, VarInfo::Kind::Local};
  info.boxed = d.boxed;
  const auto types = part_types(type);
  const std::vector<Leaf> ls = leaves(definition(type));
  for (size_t i = 0; i < types.size(); ++i) {
    const bool array = ls[i].type.is_array(); // an array field: a local array
    const bool in_cells = array || in_memory;
    auto v = make_stmt(ir::StmtKind::VarDecl);
    v->name = fresh(d.name + "_" + types[i].first);
    v->type = array ? to_ir(*ls[i].type.elem) : types[i].second;
    if (in_cells) v->array_len = ir::make_int(ls[i].cells() * objects, p);
    if (!init.empty() && !in_cells) v->rhs = init[0][i][0];
    emit(v);
    info.parts.push_back(v->name);
    if (!in_cells) continue;
    for (size_t o = 0; o < init.size(); ++o)
      for (size_t k = 0; k < init[o][i].size(); ++k) {
        auto as = make_stmt(ir::StmtKind::Assign);
        as->lhs = cell(ir::make_var(v->name, p), int64_t(o) * ls[i].cells() + int64_t(k), p);
        as->rhs = init[o][i][k];
        emit(as);
      }
  }
  declare(d.name, std::move(info));
}

std::vector<std::vector<std::vector<ir::ExprPtr>>> Lowerer::object_inits(const Declarator &d,
                                                                         const CType &type) {
  if (!d.type.is_array() || d.boxed) { // one structure
    if (d.has_list) return {list_parts(d.inits, type, d.loc)};
    if (d.init)
      return {leaf_values(aggregate_args(rvalue(*d.init), type, d.init->loc), type, d.init->loc)};
    return {};
  }
  if (!d.has_list) return {};
  if (int64_t(d.inits.size()) > *d.type.len)
    fail(d.loc, "too many initialisers for '" + d.type.str() + "'");
  std::vector<std::vector<std::vector<ir::ExprPtr>>> objects;
  for (int64_t o = 0; o < *d.type.len; ++o) { // C zero-fills the objects a list leaves out
    if (o >= int64_t(d.inits.size())) {
      objects.push_back(list_parts({}, type, d.loc));
      continue;
    }
    const CExpr &item = *d.inits[size_t(o)];
    objects.push_back(
        item.kind == CExpr::Kind::InitList
            ? list_parts(item.args, type, item.loc)
            : leaf_values(aggregate_args(rvalue(item), type, item.loc), type, item.loc));
  }
  return objects;
}

} // namespace triage::frontend_c
