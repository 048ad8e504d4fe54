// `switch`: the IR has no switch and `break` leaves loops only, so a switch becomes a chain of
// `if`s on its value, read once into a temporary. Each case runs its statements and falls
// through the following cases until a `break` at the top level of the switch body, so the code
// of a case is a copy of that run: `case 1: a(); case 2: b(); break; default: c();` becomes
// `if v == 1 { a(); b(); } else if v == 2 { b(); } else { c(); }`. A `break` nested in an inner
// statement of the switch (not in a loop) would need a jump: a located error.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

namespace {
/// The case labels that start one run of statements, and where the statements start.
struct CaseGroup {
  std::vector<const CExpr *> values;
  bool is_default = false;
  size_t start = 0;
  Loc at;
};
} // namespace

void Lowerer::switch_stmt(const CStmt &s) {
  const Val v = rvalue(*s.expr);
  if (!v.t.is_c_int()) fail(s.expr->loc, "a switch needs an integer value");
  const CType t = promote(v.t);
  const Val value = temp(t, s.expr->loc, convert(v, t, s.expr->loc));
  const CStmt &body = *s.body[0];
  const std::vector<CStmtPtr> single{s.body[0]};
  const std::vector<CStmtPtr> &items = body.kind == CStmt::Kind::Block ? body.body : single;

  std::vector<CaseGroup> groups;
  bool seen_default = false;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i]->kind != CStmt::Kind::Case) continue;
    if (groups.empty() || groups.back().start != i)
      groups.push_back(CaseGroup{{}, false, 0, items[i]->loc});
    CaseGroup &g = groups.back();
    if (items[i]->expr) {
      g.values.push_back(items[i]->expr.get());
    } else {
      if (seen_default) fail(items[i]->loc, "two 'default' labels in one switch");
      seen_default = g.is_default = true;
    }
    g.start = i + 1;
  }

  // The statements one case runs: from its labels to the first top-level break.
  auto run = [&](const CaseGroup &g, bool keep_labels) {
    return capture([&] {
      const bool saved = drop_labels_;
      drop_labels_ = drop_labels_ || !keep_labels;
      switch_loops_.push_back(on_continue_.size());
      scopes_.emplace_back();
      for (size_t i = g.start; i < items.size() && items[i]->kind != CStmt::Kind::Break; ++i)
        if (items[i]->kind != CStmt::Kind::Case) stmt(*items[i]);
      scopes_.pop_back();
      switch_loops_.pop_back();
      drop_labels_ = saved;
    });
  };
  // The chain, the default last; the first copy of each statement keeps its C labels.
  std::vector<ir::StmtPtr> chain;
  std::optional<ir::Block> default_code;
  std::set<size_t> copied;
  for (const CaseGroup &g : groups) {
    const bool first_copy = copied.insert(g.start).second;
    if (g.is_default) {
      default_code = run(g, first_copy);
      if (g.values.empty()) continue;
    }
    ir::ExprPtr cond;
    for (const CExpr *c : g.values) {
      const Val k = rvalue(*c);
      if (!k.t.is_c_int()) fail(c->loc, "a case label needs an integer constant");
      ir::ExprPtr eq = ir::make_binary(ir::BinOp::Eq, value.e, convert(k, t, c->loc), pos(c->loc));
      cond = cond ? ir::make_binary(ir::BinOp::Or, cond, eq, pos(c->loc)) : eq;
    }
    auto i = make_stmt(ir::StmtKind::If);
    i->cond = cond;
    i->body = run(g, first_copy && !g.is_default);
    chain.push_back(i);
  }
  ir::Block tail = default_code.value_or(ir::Block{});
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    (*it)->else_body = std::move(tail);
    tail = ir::Block{*it};
  }
  for (ir::StmtPtr &st : tail)
    emit(st);
}

} // namespace triage::frontend_c
