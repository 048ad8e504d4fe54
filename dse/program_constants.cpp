#include "dse/program_constants.hpp"

namespace triage::dse {

namespace {

class Collector {
public:
  std::set<ir::BigInt> found;

  void expr(const ir::ExprPtr &e) {
    if (!e) return;
    if (e->kind == ir::ExprKind::IntLit) found.insert(e->value);
    for (const auto &a : e->args)
      expr(a);
    for (const auto &l : e->locs)
      location(l);
  }

  void annotation(const ir::Annotation &a) {
    expr(a.expr);
    for (const auto &l : a.locs)
      location(l);
  }

  void block(const ir::Block &b) {
    for (const auto &s : b) {
      expr(s->array_len);
      for (const ir::ExprPtr *e : {&s->lhs, &s->rhs, &s->cond})
        expr(*e);
      for (const auto &a : s->args)
        expr(a);
      for (const auto &a : s->annots)
        annotation(a);
      for (const auto &l : s->locs)
        location(l);
      block(s->body);
      block(s->else_body);
    }
  }

private:
  void location(const ir::Location &l) {
    for (const ir::ExprPtr *e : {&l.ptr, &l.lo, &l.hi})
      expr(*e);
  }
};

} // namespace

std::set<ir::BigInt> program_constants(const ir::Program &p) {
  Collector c;
  c.found.insert(0);
  for (const auto &d : p.decls) {
    if (auto f = std::get_if<std::shared_ptr<ir::Function>>(&d)) {
      for (const auto &a : (*f)->contract)
        c.annotation(a);
      if ((*f)->body) c.block(*(*f)->body);
    } else if (auto l = std::get_if<std::shared_ptr<ir::LogicDef>>(&d)) {
      c.expr((*l)->body);
    } else if (auto a = std::get_if<std::shared_ptr<ir::Annotation>>(&d)) {
      c.annotation(**a);
    } else if (auto g = std::get_if<std::shared_ptr<ir::Global>>(&d); g && (*g)->array_len) {
      c.found.insert(ir::BigInt(*(*g)->array_len));
    }
  }
  return c.found;
}

} // namespace triage::dse
