// The conventions of verification tasks as the software-verification and test-generation
// competitions write them (docs/verify.md): a `__VERIFIER_nondet_T()` call is a fresh input of
// type T wherever it runs (a `havoc` of a temporary: a stream of values, one per execution),
// A `__VERIFIER_nondet_pointer()` is a fresh pointer of the type it is converted to (`int *p =
// __VERIFIER_nondet_pointer();`), or a `void *`.
// `assume_abort_if_not(c)` and `__VERIFIER_assume(c)` cut off the runs where c is false,
// `abort()` and `exit(n)` end the run (no error), and `reach_error()` (or `__assert_fail`, what
// `assert` expands to) is an assertion that fails wherever it is reached. `__VERIFIER_assert(c)`
// is an assertion of c. The meaning of these functions is fixed, whatever their definitions in
// the file say: their bodies are not lowered (they would be verified on their own, for any
// argument), and every call is replaced by its meaning.
#include "frontend-c/lower_impl.hpp"

#include <map>

namespace triage::frontend_c {

using ir::BinOp;
using ir::ExprKind;

namespace {

/// The type of the value `__VERIFIER_nondet_<suffix>` returns, in the data model of the
/// compilation (a `long` is 32 or 64 bits: the types are made here, not kept).
std::optional<CType> nondet_type(const std::string &suffix) {
  // Rank and signedness (rank 0: _Bool).
  static const std::map<std::string, std::pair<int, bool>> types = {
      {"bool", {0, false}},      {"_Bool", {0, false}},  {"char", {1, true}},
      {"uchar", {1, false}},     {"short", {2, true}},   {"ushort", {2, false}},
      {"int", {3, true}},        {"uint", {3, false}},   {"unsigned_int", {3, false}},
      {"long", {4, true}},       {"ulong", {4, false}},  {"longlong", {5, true}},
      {"ulonglong", {5, false}}, {"size_t", {4, false}}, {"u32", {3, false}}};
  auto it = types.find(suffix);
  if (it == types.end()) return std::nullopt;
  const auto [rank, is_signed] = it->second;
  return rank == 0 ? CType::bool_type() : CType::int_type(rank, is_signed);
}

constexpr std::string_view kNondet = "__VERIFIER_nondet_";

} // namespace

bool is_task_function(const std::string &name) {
  return name.starts_with(kNondet) || name == "reach_error" || name == "__VERIFIER_assert" ||
         name == "assume_abort_if_not" || name == "__VERIFIER_assume" || name == "__assert_fail" ||
         name == "abort" || name == "exit" || name == "_Exit";
}

ir::Annotation Lowerer::annotation(ir::AnnotKind kind, std::string name, ir::ExprPtr e,
                                   Loc at) const {
  ir::Annotation a;
  a.kind = kind;
  a.name = std::move(name);
  a.pos = pos(at);
  a.src = src(at);
  a.expr = std::move(e);
  return a;
}

void Lowerer::emit_annotated(ir::StmtKind kind, ir::Annotation a) {
  auto s = make_stmt(kind);
  s->annots.push_back(std::move(a));
  emit(s);
}

void Lowerer::task_assume(ir::ExprPtr c, Loc at, std::string name) {
  emit_annotated(ir::StmtKind::Assume,
                 annotation(ir::AnnotKind::Assume, std::move(name), std::move(c), at));
}

void Lowerer::task_assert(ir::ExprPtr c, Loc at) {
  emit_annotated(ir::StmtKind::Assert,
                 annotation(ir::AnnotKind::Assert, "reach_error", std::move(c), at));
}

Val Lowerer::nondet_temp(const CType &t, Loc at) {
  const Val v = temp(t, at);
  auto h = make_stmt(ir::StmtKind::Havoc);
  ir::Location l;
  l.kind = ir::Location::Kind::Var;
  l.pos = pos(at);
  l.var = v.e->name;
  h->locs.push_back(std::move(l));
  emit(h);
  return Val{clone(v.e), v.t};
}

void Lowerer::index_bound(const Val &base, const Val &index, Loc at) {
  if (base.bound <= 0) return;
  const ir::Pos p = pos(at);
  if (index.e->kind == ExprKind::IntLit && index.e->value >= 0 && index.e->value < base.bound)
    return;
  const CType t = common_type(index.t, CType::c_int());
  auto c = ir::make_binary(BinOp::And,
                           ir::make_binary(BinOp::Le, ir::make_int(0, p), convert(index, t, at), p),
                           ir::make_binary(BinOp::Lt, convert(Val{clone(index.e), index.t}, t, at),
                                           ir::make_int(base.bound, p), p),
                           p);
  ir::Annotation a = annotation(ir::AnnotKind::Assert, "index_bound", std::move(c), at);
  if (fn_) a.id = fn_->ir + ".index_bound" + std::to_string(++index_bounds_);
  emit_annotated(ir::StmtKind::Assert, std::move(a));
}

std::optional<Val> Lowerer::task_call(const CExpr &e, bool want_value) {
  const std::string &name = e.name;
  if (!is_task_function(name)) return std::nullopt;
  auto arity = [&](size_t n) {
    if (e.args.size() != n)
      fail(e.loc, "'" + name + "' expects " + std::to_string(n) + " argument" +
                      (n == 1 ? "" : "s") + ", not " + std::to_string(e.args.size()));
  };
  if (name.starts_with(kNondet)) {
    const std::string suffix = name.substr(kNondet.size());
    const bool pointer = suffix == "pointer";
    const std::optional<CType> t =
        pointer ? std::optional{CType::pointer(CType::void_type())} : nondet_type(suffix);
    if (!t) fail(e.loc, "'" + name + "': nondeterministic values of this type are not supported");
    arity(0);
    Val v = nondet_temp(*t, e.loc);
    v.fresh_pointer = pointer;
    return want_value ? v : Val{nullptr, v.t};
  }
  if (want_value) fail(e.loc, "the void function '" + name + "' has no value");
  if (name == "assume_abort_if_not" || name == "__VERIFIER_assume") {
    arity(1);
    task_assume(cond(*e.args[0]), e.loc);
  } else if (name == "__VERIFIER_assert") {
    arity(1);
    task_assert(cond(*e.args[0]), e.loc);
  } else if (name == "reach_error" || name == "__assert_fail") {
    task_assert(ir::make_bool(false, pos(e.loc)), e.loc);
  } else { // abort, exit, _Exit: the run ends here, and no annotation after it is checked
    for (const CExprPtr &arg : e.args)
      effect(*arg);
    task_assume(ir::make_bool(false, pos(e.loc)), e.loc);
  }
  return Val{nullptr, CType::void_type()};
}

} // namespace triage::frontend_c
