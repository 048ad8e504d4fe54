// Statements. Loops become IR while loops located at their annotation; for and do-while are
// rewritten so that `continue` still runs the step or the test; Frama-C's single-exit
// `goto return_label` becomes a return.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

namespace {
/// Restores the current statement location on scope exit.
struct SrcScope {
  ir::SrcLoc &slot;
  ir::SrcLoc saved;
  SrcScope(ir::SrcLoc &s, ir::SrcLoc now) : slot(s), saved(s) { slot = std::move(now); }
  ~SrcScope() { slot = saved; }
};
} // namespace

void Lowerer::stmts(const std::vector<CStmtPtr> &body) {
  for (const CStmtPtr &s : body)
    stmt(*s);
}

ir::Block Lowerer::body_block(const CStmt &s) {
  return capture([&] {
    scopes_.emplace_back();
    if (s.kind == CStmt::Kind::Block) {
      const SrcScope at(stmt_src_, src(s.loc));
      stmts(s.body); // the braces of a branch or loop body add nothing
    } else {
      stmt(s);
    }
    scopes_.pop_back();
  });
}

void Lowerer::stmt(const CStmt &s) {
  const SrcScope at(stmt_src_, src(s.loc));
  switch (s.kind) {
  case CStmt::Kind::Empty:
    return;
  case CStmt::Kind::Expr:
    effect(*s.expr);
    return;
  case CStmt::Kind::Decl:
    declaration(s);
    return;
  case CStmt::Kind::Block: {
    auto b = make_stmt(ir::StmtKind::Block);
    b->body = capture([&] {
      scopes_.emplace_back();
      stmts(s.body);
      scopes_.pop_back();
    });
    if (!b->body.empty()) emit(b);
    return;
  }
  case CStmt::Kind::If:
    if_stmt(s);
    return;
  case CStmt::Kind::While:
    while_loop(s);
    return;
  case CStmt::Kind::For:
    for_loop(s);
    return;
  case CStmt::Kind::DoWhile:
    do_loop(s);
    return;
  case CStmt::Kind::Switch:
    switch_stmt(s);
    return;
  case CStmt::Kind::Case:
    fail(s.loc, "'" + std::string(s.expr ? "case" : "default") +
                    "' is only supported at the top level of a switch body");
  case CStmt::Kind::Break:
    if (!switch_loops_.empty() && switch_loops_.back() == on_continue_.size())
      fail(s.loc, "a 'break' inside a nested statement of a switch is not supported: only one "
                  "that ends a case, at the top level of the switch body");
    if (on_continue_.empty()) fail(s.loc, "'break' outside a loop");
    emit(make_stmt(ir::StmtKind::Break));
    return;
  case CStmt::Kind::Continue:
    if (on_continue_.empty()) fail(s.loc, "'continue' outside a loop");
    if (on_continue_.back()) on_continue_.back()();
    emit(make_stmt(ir::StmtKind::Continue));
    return;
  case CStmt::Kind::Return:
    return_stmt(s, s.loc);
    return;
  case CStmt::Kind::Goto:
    goto_stmt(s);
    return;
  case CStmt::Kind::Label: {
    if (!drop_labels_) {
      auto l = make_stmt(ir::StmtKind::Label);
      l->name = s.label;
      emit(l);
    }
    stmt(*s.body[0]);
    return;
  }
  case CStmt::Kind::Assert: {
    ctx_ = AnnotCtx::Assert;
    auto a = make_stmt(ir::StmtKind::Assert);
    a->annots.push_back(annotation(ir::AnnotKind::Assert, s.assertion, AnnotCtx::Assert));
    emit(a);
    return;
  }
  }
}

ir::ExprPtr Lowerer::vla_length(const CExpr &len) {
  const Val n = rvalue(len);
  if (!n.t.is_c_int()) fail(len.loc, "an array length must be an integer, not '" + n.t.str() + "'");
  return n.e;
}

std::vector<ir::ExprPtr> Lowerer::array_cells(const std::vector<CExprPtr> &items, const CType &t,
                                              Loc at) {
  const CType &elem = *t.elem;
  std::vector<ir::ExprPtr> cells;
  for (int64_t i = 0; i < t.len.value_or(0); ++i) {
    if (size_t(i) >= items.size()) { // C zero-fills the cells an initialiser list leaves out
      for (int64_t k = 0; k < cells_of(elem); ++k)
        cells.push_back(ir::make_int(0, pos(at)));
      continue;
    }
    const CExpr &item = *items[size_t(i)];
    if (elem.is_array()) {
      if (item.kind != CExpr::Kind::InitList)
        fail(item.loc, "a row of an array of arrays is initialised with a list { ... }");
      if (int64_t(item.args.size()) > *elem.len)
        fail(item.loc, "too many initialisers for the row");
      for (ir::ExprPtr &c : array_cells(item.args, elem, item.loc))
        cells.push_back(std::move(c));
    } else {
      if (item.kind == CExpr::Kind::InitList)
        fail(item.loc,
             "a list { ... } initialises an array or a structure, not '" + elem.str() + "'");
      cells.push_back(convert(rvalue(item), elem, item.loc));
    }
  }
  return cells;
}

ir::ExprPtr cell(const ir::ExprPtr &base, int64_t k, ir::Pos p) {
  return ir::make_expr(ir::ExprKind::Deref,
                       {ir::make_binary(ir::BinOp::Add, clone(base), ir::make_int(k, p), p)}, p);
}

void Lowerer::declaration(const CStmt &s) {
  for (const Declarator &d : s.decls) {
    const ir::Pos p = pos(d.loc);
    if (d.type.is_aggregate()) {
      declare_local_parts(d);
      continue;
    }
    if (d.type.is_array() && d.type.elem->is_struct()) {
      // An array of structures, or a structure whose address is taken (address_taken.cpp).
      if (!d.type.len || *d.type.len <= 0)
        fail(d.loc, "an array of structures needs a positive constant length");
      declare_local_parts(d);
      continue;
    }
    if (d.type.is_array() && d.type.elem->is_aggregate())
      fail(d.loc, "arrays of pointers to structures are not supported");
    if (d.has_list && !d.type.is_array())
      fail(d.loc, "an initialiser list needs an array or a structure");
    auto v = make_stmt(ir::StmtKind::VarDecl);
    if (d.type.is_array()) {
      // An array of arrays is flattened, row after row.
      v->type = to_ir(innermost(d.type));
      // Lowered before the array is declared: in `int n[n]` the length reads an outer n.
      v->array_len = d.vla_len ? vla_length(*d.vla_len) : ir::make_int(cells_of(d.type), p);
      v->name = fresh(d.name);
      declare(d.name, VarInfo{v->name, d.type, VarInfo::Kind::Local});
      emit(v);
      if (!d.has_list) continue;
      const std::vector<ir::ExprPtr> cells = array_cells(d.inits, d.type, d.loc);
      for (size_t i = 0; i < cells.size(); ++i) {
        auto as = make_stmt(ir::StmtKind::Assign);
        as->lhs = cell(ir::make_var(v->name, p), int64_t(i), p);
        as->rhs = cells[i];
        emit(as);
      }
      continue;
    }
    v->type = to_ir(d.type);
    if (d.init && ordinary_call(*d.init) && !funcs_.at(d.init->name).ret.is_aggregate() &&
        to_ir(funcs_.at(d.init->name).ret) == v->type) {
      // `T x = f(...)`: declare, then call with x as target.
      const FuncSig &sig = callee(*d.init);
      std::vector<ir::ExprPtr> args = call_args(*d.init, sig);
      v->name = fresh(d.name);
      emit(v);
      auto c = make_stmt(ir::StmtKind::Call);
      c->callee = sig.ir;
      c->args = std::move(args);
      c->lhs = ir::make_var(v->name, p);
      emit(c);
    } else {
      if (d.init) v->rhs = convert(rvalue(*d.init), d.type, d.init->loc);
      v->name = fresh(d.name);
      emit(v);
    }
    declare(d.name, VarInfo{v->name, d.type, VarInfo::Kind::Local});
  }
}

void Lowerer::if_stmt(const CStmt &s) {
  ir::ExprPtr c = cond(*s.expr);
  auto i = make_stmt(ir::StmtKind::If);
  i->cond = c;
  i->body = body_block(*s.body[0]);
  if (!s.else_body.empty()) i->else_body = body_block(*s.else_body[0]);
  emit(i);
}

ir::StmtPtr Lowerer::loop_head(const CStmt &s, ir::ExprPtr c) {
  const SrcScope at(stmt_src_, src(s.annot_loc.value_or(s.loc)));
  auto w = make_stmt(ir::StmtKind::While);
  w->cond = std::move(c);
  w->annots = loop_annotations(s.loop_annot);
  // An assertion of the body may read the state before the loop (LoopEntry) or at the start of
  // the iteration (LoopCurrent): such a state gets a label of its own, placed only when used.
  const std::string n = std::to_string(loop_states_count_++);
  loop_states_.push_back(LoopStates{"LoopEntry_" + n, "LoopCurrent_" + n});
  return w;
}

void Lowerer::emit_loop(ir::StmtPtr w) {
  if (loop_states_.back().entry_used) {
    auto l = make_stmt(ir::StmtKind::Label);
    l->name = loop_states_.back().entry;
    emit(l);
  }
  loop_states_.pop_back();
  emit(std::move(w));
}

void Lowerer::guard_break(const CExpr &c) {
  auto i = make_stmt(ir::StmtKind::If);
  i->cond = ir::make_unary(ir::UnOp::Not, cond(c), pos(c.loc));
  i->body.push_back(make_stmt(ir::StmtKind::Break));
  emit(i);
}

void Lowerer::while_loop(const CStmt &s) {
  ir::ExprPtr c;
  ir::Block pre = capture([&] { c = cond(*s.expr); });
  if (!pre.empty()) c = ir::make_bool(true, pos(s.loc));
  ir::StmtPtr w = loop_head(s, c);
  on_continue_.push_back(nullptr);
  w->body = capture([&] {
    if (!pre.empty())
      guard_break(*s.expr); // the test has effects: evaluate it at the top of each iteration
    loop_body(s, *out_);
  });
  on_continue_.pop_back();
  emit_loop(w);
}

void Lowerer::for_loop(const CStmt &s) {
  scopes_.emplace_back();
  ir::Block outer = capture([&] {
    if (s.init) stmt(*s.init);
    ir::ExprPtr c;
    ir::Block pre;
    if (s.expr) pre = capture([&] { c = cond(*s.expr); });
    if (!c || !pre.empty()) c = ir::make_bool(true, pos(s.loc));
    ir::StmtPtr w = loop_head(s, c);
    auto step = [&] {
      if (s.step) effect(*s.step);
    };
    on_continue_.push_back(step);
    w->body = capture([&] {
      if (!pre.empty()) guard_break(*s.expr);
      loop_body(s, *out_);
      step();
    });
    on_continue_.pop_back();
    emit_loop(w);
  });
  scopes_.pop_back();
  const bool declares = s.init && s.init->kind == CStmt::Kind::Decl;
  if (declares) {
    auto b = make_stmt(ir::StmtKind::Block);
    b->body = std::move(outer);
    emit(b);
  } else {
    for (ir::StmtPtr &st : outer)
      emit(st);
  }
}

void Lowerer::do_loop(const CStmt &s) {
  // do body while (c)  ->  while true { body; if not c { break; } }; continue tests c first.
  ir::StmtPtr w = loop_head(s, ir::make_bool(true, pos(s.loc)));
  auto test = [&] {
    const SrcScope at(stmt_src_, src(s.expr->loc)); // the test sits on the `while (c);` line
    guard_break(*s.expr);
  };
  on_continue_.push_back(test);
  w->body = capture([&] {
    loop_body(s, *out_);
    test();
  });
  on_continue_.pop_back();
  emit_loop(w);
}

void Lowerer::return_stmt(const CStmt &s, Loc at) {
  const SrcScope here(stmt_src_, src(at));
  auto r = make_stmt(ir::StmtKind::Return);
  if (s.expr) {
    if (fn_->ret.is_void()) fail(at, "a void function cannot return a value");
    if (fn_->ret.is_aggregate())
      return_parts(rvalue(*s.expr), s.expr->loc);
    else
      r->rhs = convert(rvalue(*s.expr), fn_->ret, s.expr->loc);
  } else if (!fn_->ret.is_void()) {
    fail(at, "the function must return a value");
  }
  emit(r);
}

void Lowerer::loop_body(const CStmt &loop, ir::Block &into) {
  const CStmt &body = *loop.body[0];
  loop_bodies_.push_back(body.kind == CStmt::Kind::Block ? &body.body : nullptr);
  const size_t start = into.size();
  for (ir::StmtPtr &st : body_block(body))
    into.push_back(st);
  if (loop_states_.back().current_used) {
    auto l = make_stmt(ir::StmtKind::Label);
    l->name = loop_states_.back().current;
    into.insert(into.begin() + long(start), l);
  }
  loop_bodies_.pop_back();
}

void Lowerer::goto_stmt(const CStmt &s) {
  auto it = labels_.find(s.label);
  if (it == labels_.end()) fail(s.loc, "goto to an undefined label '" + s.label + "'");
  const LabelSite &site = it->second;
  // What runs from the label on: the labelled statement, then the rest of its block.
  std::vector<const CStmt *> tail;
  for (size_t i = site.index; i < site.block->size(); ++i) {
    const CStmt *t = (*site.block)[i].get();
    while (t->kind == CStmt::Kind::Label)
      t = t->body[0].get();
    tail.push_back(t);
  }
  size_t first = 0;
  while (first < tail.size() && tail[first]->kind == CStmt::Kind::Empty)
    ++first;
  // Frama-C's single exit: `goto return_label; ... return_label: return __retres;`.
  if (first < tail.size() && tail[first]->kind == CStmt::Kind::Return) {
    const CStmt &ret = *tail[first];
    if (ret.expr && ret.expr->kind != CExpr::Kind::Var && ret.expr->kind != CExpr::Kind::IntLit)
      fail(s.loc, "goto to a return of an expression is not supported: return a variable");
    if (ret.expr && ret.expr->kind == CExpr::Kind::Var && !lookup(ret.expr->name))
      fail(s.loc, "goto to a return of a variable that is not in scope here");
    return_stmt(ret, s.loc);
    return;
  }
  // Frama-C's continue: `goto __Cont;` forward to a label of the innermost loop body: run the
  // rest of the body, then continue.
  const bool forward =
      site.loc.line > s.loc.line || (site.loc.line == s.loc.line && site.loc.col > s.loc.col);
  if (!loop_bodies_.empty() && loop_bodies_.back() == site.block && forward) {
    const bool saved = drop_labels_;
    drop_labels_ = true;
    auto b = make_stmt(ir::StmtKind::Block);
    b->body = capture([&] {
      scopes_.emplace_back();
      for (size_t i = site.index; i < site.block->size(); ++i)
        stmt(*(*site.block)[i]);
      scopes_.pop_back();
      if (on_continue_.back()) on_continue_.back()();
    });
    drop_labels_ = saved;
    b->body.push_back(make_stmt(ir::StmtKind::Continue));
    emit(b);
    return;
  }
  fail(s.loc, "goto is only supported forward to a return (Frama-C's 'goto return_label') or "
              "to the tail of the enclosing loop body (Frama-C's 'goto __Cont')");
}

} // namespace triage::frontend_c
