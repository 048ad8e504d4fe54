// Variables whose address is taken (`&x`) live in memory: the IR's variables have no address,
// its memory has blocks. Before lowering, such a variable becomes a one-cell array (a global
// one for a global): `int x = e;` -> `int x[1] = {e};`, a use `x` -> `*x`, `&x` -> `x` (the array's
// first cell). A parameter keeps its name for the contract (the value passed) and the body works on
// a copy in a cell of its own, `x__cell`, declared first. Scalar semantics are unchanged: only
// where the value lives.
#include "frontend-c/address_taken.hpp"

#include "ir/error.hpp"

#include <functional>
#include <set>

namespace triage::frontend_c {
namespace {

/// Visits an expression, then its operands unless the visitor replaced it (returns false).
using ExprVisit = std::function<bool(CExprPtr &)>;

void each_expr(CExprPtr &e, const ExprVisit &f) {
  if (!e || !f(e)) return;
  for (CExprPtr &a : e->args)
    each_expr(a, f);
}

void each_clause_expr(Clause &c, const ExprVisit &f) {
  each_expr(c.pred, f);
  for (CExprPtr &l : c.locs)
    each_expr(l, f);
}

/// Every expression of a statement list (code and annotations), children after parents.
void each_stmt_expr(std::vector<CStmtPtr> &body, const ExprVisit &f,
                    const std::function<void(Declarator &)> &on_decl) {
  for (CStmtPtr &s : body) {
    if (!s) continue;
    each_expr(s->expr, f);
    each_expr(s->step, f);
    if (s->init) {
      std::vector<CStmtPtr> init{s->init};
      each_stmt_expr(init, f, on_decl);
    }
    for (Declarator &d : s->decls) {
      on_decl(d);
      each_expr(d.vla_len, f);
      each_expr(d.init, f);
      for (CExprPtr &i : d.inits)
        each_expr(i, f);
    }
    for (Clause &c : s->loop_annot)
      each_clause_expr(c, f);
    each_clause_expr(s->assertion, f);
    each_stmt_expr(s->body, f, on_decl);
    each_stmt_expr(s->else_body, f, on_decl);
  }
}

bool is_address_of_var(const CExpr &e) {
  return e.kind == CExpr::Kind::Unary && e.op == "&" && e.args[0]->kind == CExpr::Kind::Var;
}

/// The local variable whose memory `e` takes an address in: `x` of `&x`, and of `&x.f.g` (a
/// field of a structure variable, which then lives in memory too).
const CExpr *address_root(const CExpr &e) {
  if (e.kind != CExpr::Kind::Unary || e.op != "&") return nullptr;
  const CExpr *a = e.args[0].get();
  while (a->kind == CExpr::Kind::Member && a->op == ".")
    a = a->args[0].get();
  return a->kind == CExpr::Kind::Var ? a : nullptr;
}

CExprPtr make_expr(CExpr::Kind k, Loc at, std::vector<CExprPtr> args) {
  auto e = std::make_shared<CExpr>();
  e->kind = k;
  e->loc = at;
  e->args = std::move(args);
  return e;
}

} // namespace

void box_address_taken(FuncDecl &f, const std::string &file) {
  if (!f.body) return;
  std::set<std::string> taken, locals;
  std::map<std::string, Loc> where;
  each_stmt_expr(
      *f.body,
      [&](CExprPtr &e) {
        if (const CExpr *root = address_root(*e); root && taken.insert(root->name).second)
          where[root->name] = e->loc;
        return true;
      },
      [&](Declarator &d) { locals.insert(d.name); });
  std::set<std::string> params;
  for (const Param &p : f.params)
    params.insert(p.name);
  // Only variables of this function: a global's address stays an error of the lowering.
  std::erase_if(taken, [&](const std::string &n) { return !locals.count(n) && !params.count(n); });
  if (taken.empty()) return;
  // The name a use of `x` reads in the body: the array itself, or the parameter's cell.
  std::map<std::string, std::string> cell;
  for (const std::string &n : taken) {
    if (params.count(n) && locals.count(n)) {
      const Loc at = where.at(n);
      throw ir::Error(ir::SrcLoc{file_of(at, file), at.line, at.col},
                      "taking the address of a parameter that a local of the same name hides "
                      "is not supported");
    }
    cell[n] = params.count(n) ? n + "__cell" : n;
  }
  each_stmt_expr(
      *f.body,
      [&](CExprPtr &e) {
        if (is_address_of_var(*e) && cell.count(e->args[0]->name)) {
          auto v = std::make_shared<CExpr>(*e->args[0]); // `&x` -> the cell's address
          v->name = cell.at(v->name);
          e = v;
          return false;
        }
        if (e->kind == CExpr::Kind::Var && cell.count(e->name)) {
          auto v = std::make_shared<CExpr>(*e); // `x` -> `*x`
          v->name = cell.at(e->name);
          e = make_expr(CExpr::Kind::Unary, e->loc, {v});
          e->op = "*";
          return false;
        }
        return true;
      },
      [&](Declarator &d) {
        if (!taken.count(d.name) || params.count(d.name)) return;
        if (d.type.is_array()) return; // `&a` of an array: not a scalar in a cell
        const bool structure = d.type.is_struct();
        d.type = CType::array(d.type, 1);
        d.boxed = structure;
        if (structure) return; // its initialiser initialises the cell (lower_struct.cpp)
        if (d.init) {
          d.inits = {d.init};
          d.init = nullptr;
        }
        d.has_list = d.has_list || !d.inits.empty();
      });
  // A parameter's cell, filled with the value passed.
  for (const Param &p : f.params) {
    if (!taken.count(p.name)) continue;
    auto decl = std::make_shared<CStmt>();
    decl->kind = CStmt::Kind::Decl;
    decl->loc = p.loc;
    Declarator d;
    d.name = cell.at(p.name);
    d.loc = p.loc;
    d.type = CType::array(p.type, 1);
    d.boxed = p.type.is_struct();
    auto arg = std::make_shared<CExpr>();
    arg->kind = CExpr::Kind::Var;
    arg->loc = p.loc;
    arg->name = p.name;
    if (p.type.is_struct()) { // a structure's cell is initialised field by field from it
      d.init = arg;
    } else {
      d.inits = {arg};
      d.has_list = true;
    }
    decl->decls.push_back(std::move(d));
    f.body->insert(f.body->begin(), decl);
  }
}

std::set<std::string> box_address_taken_globals(std::map<std::string, FuncDecl> &funcs,
                                                const std::set<std::string> &scalars,
                                                const std::string &file) {
  // The globals whose address some function takes, and the names each function declares.
  std::set<std::string> taken;
  std::map<std::string, Loc> where;
  std::map<std::string, std::set<std::string>> own; // function -> its params and locals
  for (auto &[name, f] : funcs) {
    std::set<std::string> &names = own[name];
    for (const Param &p : f.params)
      names.insert(p.name);
    if (!f.body) continue;
    std::vector<std::pair<std::string, Loc>> here;
    each_stmt_expr(
        *f.body,
        [&](CExprPtr &e) {
          if (const CExpr *root = address_root(*e)) here.emplace_back(root->name, e->loc);
          return true;
        },
        [&](Declarator &d) { names.insert(d.name); });
    for (const auto &[n, at] : here)
      if (scalars.count(n) && !names.count(n) && taken.insert(n).second) where[n] = at;
  }
  if (taken.empty()) return taken;
  for (const auto &[fn, names] : own)
    for (const std::string &n : taken)
      if (names.count(n)) {
        const Loc at = where.at(n);
        throw ir::Error(ir::SrcLoc{file_of(at, file), at.line, at.col},
                        "taking the address of a global that a local or parameter of '" + fn +
                            "' hides is not supported");
      }
  // `&g` -> g (the cell's address), `g` -> *g, in code and contracts alike.
  const ExprVisit rewrite = [&](CExprPtr &e) {
    if (is_address_of_var(*e) && taken.count(e->args[0]->name)) {
      e = e->args[0];
      return false;
    }
    if (e->kind == CExpr::Kind::Var && taken.count(e->name)) {
      auto v = std::make_shared<CExpr>(*e);
      e = make_expr(CExpr::Kind::Unary, e->loc, {v});
      e->op = "*";
      return false;
    }
    return true;
  };
  for (auto &[name, f] : funcs) {
    for (Clause &c : f.contract.clauses)
      each_clause_expr(c, rewrite);
    for (Behavior &b : f.contract.behaviors)
      for (Clause &c : b.clauses)
        each_clause_expr(c, rewrite);
    if (f.body) each_stmt_expr(*f.body, rewrite, [](Declarator &) {});
  }
  return taken;
}

} // namespace triage::frontend_c
