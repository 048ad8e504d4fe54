#include "ir/escaping.hpp"

namespace triage::ir {
namespace {

class EscapeFinder {
public:
  explicit EscapeFinder(const Program &p) : prog_(p) {}

  std::set<std::string> run() {
    for (const auto &d : prog_.decls) {
      if (auto l = std::get_if<std::shared_ptr<LogicDef>>(&d)) expr((*l)->body);
      if (auto a = std::get_if<std::shared_ptr<Annotation>>(&d)) annot(**a);
      if (auto f = std::get_if<std::shared_ptr<Function>>(&d)) {
        for (const auto &a : (*f)->contract)
          annot(a);
        if ((*f)->body) block(*(*f)->body);
      }
    }
    return escaping_;
  }

private:
  const Program &prog_;
  std::set<std::string> escaping_;

  bool is_array(const ExprPtr &e) const {
    if (!e || e->kind != ExprKind::Var || e->ref != VarRef::Global) return false;
    const Global *g = prog_.global(e->name);
    return g && g->array_len;
  }

  /// The base of a cell access: the array itself, or the array plus or minus an offset.
  void base(const ExprPtr &e) {
    if (is_array(e)) return;
    if (e && e->kind == ExprKind::Binary && (e->binop == BinOp::Add || e->binop == BinOp::Sub) &&
        is_array(e->args[0])) {
      expr(e->args[1]);
      return;
    }
    expr(e);
  }

  void expr(const ExprPtr &e) {
    if (!e) return;
    if (is_array(e)) {
      escaping_.insert(e->name);
      return;
    }
    if (e->kind == ExprKind::Deref) {
      base(e->args[0]);
      return;
    }
    for (const auto &a : e->args)
      expr(a);
    locations(e->locs);
  }

  void locations(const std::vector<Location> &ls) {
    for (const auto &l : ls) {
      if (l.ptr) base(l.ptr);
      expr(l.lo);
      expr(l.hi);
    }
  }

  void annot(const Annotation &a) {
    expr(a.expr);
    locations(a.locs);
  }

  void block(const Block &b) {
    for (const auto &s : b)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    // An assignment or call writing a cell: its target is an access, not an escape.
    if (s.lhs && s.lhs->kind == ExprKind::Deref)
      base(s.lhs->args[0]);
    else
      expr(s.lhs);
    expr(s.array_len);
    expr(s.rhs);
    expr(s.cond);
    for (const auto &a : s.args)
      expr(a);
    for (const auto &a : s.annots)
      annot(a);
    locations(s.locs);
    block(s.body);
    block(s.else_body);
  }
};

} // namespace

std::set<std::string> escaping_global_arrays(const Program &p) {
  return EscapeFinder(p).run();
}

} // namespace triage::ir
