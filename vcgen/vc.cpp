// Verification conditions by forward symbolic execution in passive form: each statement updates
// a symbolic state whose values are shared terms; branches merge with if-then-else, so the VC of
// a function grows linearly with its text. Calls and loops are replaced by their contracts
// (fresh constants named after the site for what they write), each check becomes an obligation
// `path condition => property` of its goal.
#include "vcgen/vc.hpp"

#include "ir/escaping.hpp"

#include "ir/error.hpp"
#include "vcgen/logic.hpp"

#include <algorithm>
#include <functional>
#include <set>

namespace triage::vcgen {

using ir::AnnotKind;
using ir::Expr;
using ir::ExprKind;
using ir::GoalKind;
using ir::Stmt;
using ir::StmtKind;
using ir::Type;

namespace {

// ---------- program-wide facts ----------

void types_of_expr(const Expr &e, std::set<std::string> &keys);

void add_type(const Type &t, std::set<std::string> &keys) {
  if (t.is_ptr()) {
    for (auto &k : cell_keys(t.pointee()))
      keys.insert(k);
    add_type(t.pointee(), keys);
  }
}

void types_of_locs(const std::vector<ir::Location> &locs, std::set<std::string> &keys) {
  for (const auto &l : locs)
    for (const auto *x : {&l.ptr, &l.lo, &l.hi})
      if (*x) types_of_expr(**x, keys);
}

void types_of_expr(const Expr &e, std::set<std::string> &keys) {
  add_type(e.type, keys);
  for (const auto &b : e.binders)
    add_type(b.type, keys);
  for (const auto &a : e.args)
    if (a) types_of_expr(*a, keys);
  types_of_locs(e.locs, keys);
}

void types_of_block(const ir::Block &b, std::set<std::string> &keys);

void types_of_stmt(const Stmt &s, std::set<std::string> &keys) {
  Type decl = s.type;
  if (s.array_len) decl = Type::pointer(s.type);
  add_type(decl, keys);
  for (const auto *x : {&s.lhs, &s.rhs, &s.cond, &s.array_len})
    if (*x) types_of_expr(**x, keys);
  for (const auto &a : s.args)
    types_of_expr(*a, keys);
  for (const auto &a : s.annots) {
    if (a.expr) types_of_expr(*a.expr, keys);
    types_of_locs(a.locs, keys);
  }
  types_of_locs(s.locs, keys);
  types_of_block(s.body, keys);
  types_of_block(s.else_body, keys);
}

void types_of_block(const ir::Block &b, std::set<std::string> &keys) {
  for (const auto &s : b)
    types_of_stmt(*s, keys);
}

void calls_of(const Expr &e, std::set<std::string> &out) {
  if (e.kind == ExprKind::App) out.insert(e.name);
  for (const auto &a : e.args)
    if (a) calls_of(*a, out);
}

} // namespace

Ctx::Ctx(const ir::Program &p) : prog(p) {
  std::set<std::string> ks;
  std::map<std::string, std::set<std::string>> graph;
  for (const auto &d : p.decls) {
    if (auto g = std::get_if<std::shared_ptr<ir::Global>>(&d)) {
      add_type((*g)->array_len ? Type::pointer((*g)->type) : (*g)->type, ks);
    } else if (auto l = std::get_if<std::shared_ptr<ir::LogicDef>>(&d)) {
      for (const auto &b : (*l)->params)
        add_type(b.type, ks);
      if ((*l)->body) {
        types_of_expr(*(*l)->body, ks);
        calls_of(*(*l)->body, graph[(*l)->name]);
      }
    } else if (auto a = std::get_if<std::shared_ptr<ir::Annotation>>(&d)) {
      if ((*a)->expr) {
        types_of_expr(*(*a)->expr, ks);
        calls_of(*(*a)->expr, in_lemmas);
      }
    } else if (auto f = std::get_if<std::shared_ptr<ir::Function>>(&d)) {
      for (const auto &b : (*f)->params)
        add_type(b.type, ks);
      for (const auto &a : (*f)->contract) {
        if (a.expr) types_of_expr(*a.expr, ks);
        types_of_locs(a.locs, ks);
      }
      if ((*f)->body) types_of_block(*(*f)->body, ks);
    }
  }
  keys.assign(ks.begin(), ks.end());
  // A definition is recursive when it reaches itself through the call graph.
  for (const auto &[name, _] : graph) {
    std::set<std::string> seen;
    std::vector<std::string> todo(graph[name].begin(), graph[name].end());
    while (!todo.empty()) {
      std::string n = todo.back();
      todo.pop_back();
      if (n == name) {
        recursive.insert(name);
        break;
      }
      if (!seen.insert(n).second) continue;
      auto it = graph.find(n);
      if (it != graph.end()) todo.insert(todo.end(), it->second.begin(), it->second.end());
    }
  }
}

namespace {

// ---------- one function ----------

struct GoalAcc {
  ir::GoalRef ref;
  std::vector<Term> obligations;
  std::vector<Term> defined; ///< well-definedness, apart (GoalVC::definedness)
  size_t sites = 0;          ///< GoalVC::sites_before
  std::set<size_t> inside;   ///< GoalVC::enclosing_sites
};

class FnGen {
public:
  FnGen(Ctx &cx, const ir::Function &f, const VcOptions &opts)
      : cx_(cx), f_(f), rte_(opts.rte), well_defined_(opts.well_defined) {
    info_ = std::make_shared<FunctionInfo>();
    info_->function = f.name;
  }

  std::vector<GoalAcc> run();
  std::shared_ptr<FunctionInfo> info() { return info_; }
  std::vector<SiteInfo> sites() { return sites_; }

private:
  Ctx &cx_;
  const ir::Function &f_;
  bool rte_;
  bool well_defined_;
  std::vector<Term> defined_now_; ///< of the goal() calls for the next oblige()
  std::shared_ptr<FunctionInfo> info_;
  std::vector<SiteInfo> sites_;
  std::vector<size_t> open_sites_; ///< the loops whose iteration is being generated
  std::vector<GoalAcc> goals_;
  State pre_;
  std::map<std::string, std::shared_ptr<State>> labels_;
  struct Exit {
    State st;
    std::optional<Val> result;
  };
  std::vector<Exit> returns_;
  struct LoopCtx {
    std::vector<State> breaks, continues;
  };
  std::vector<LoopCtx *> loops_;
  ir::SrcLoc cur_;
  std::set<std::string> globals_;
  std::map<std::string, Type> local_types_;

  /// The range facts of fresh values (uninitialised variables, a giant step's outputs and
  /// results) also hold wherever the path condition does not: each is about one constant of its
  /// own, and every value a run gives it is in its type's range (FunctionInfo::fresh_ranges).
  void fresh_ranges(const std::vector<Term> &facts) {
    info_->fresh_ranges.insert(info_->fresh_ranges.end(), facts.begin(), facts.end());
  }

  ir::SrcLoc where(const ir::Annotation &a) const { return ir::where(cx_.prog, a.pos, a.src); }
  ir::SrcLoc where(const Stmt &s) const { return ir::where(cx_.prog, s.pos, s.src); }

  void oblige(GoalKind k, const std::string &id, const ir::SrcLoc &at, const Term &pc,
              const Term &prop) {
    Term ob = mk_implies(pc, prop);
    std::vector<Term> defined;
    if (!defined_now_.empty()) defined.push_back(mk_implies(pc, mk_and(defined_now_)));
    defined_now_.clear();
    auto g = std::ranges::find_if(goals_, [&](const GoalAcc &g) {
      return g.ref.kind == k && g.ref.annot_id == id && g.ref.at == at;
    });
    if (g == goals_.end()) {
      GoalAcc fresh;
      fresh.ref = ir::GoalRef{k, id, f_.name, at};
      goals_.push_back(std::move(fresh));
      g = std::prev(goals_.end());
    }
    g->obligations.push_back(ob);
    g->sites = std::max(g->sites, sites_.size());
    g->inside.insert(open_sites_.begin(), open_sites_.end());
    g->defined.insert(g->defined.end(), defined.begin(), defined.end());
  }

  Env env_of(const State &s) const {
    Env e;
    e.st = &s;
    e.pre = &pre_;
    for (const auto &[n, st] : labels_)
      e.labels[n] = st.get();
    return e;
  }

  /// Evaluates code in state s; its runtime checks become goals at the current statement, and
  /// facts about loaded values join the path condition.
  Val code(const Expr &e, State &s) {
    ExprTr tr(cx_, true, false);
    Val v = tr.ev(e, env_of(s));
    flush(tr, s);
    return v;
  }
  void flush(ExprTr &tr, State &s) {
    Term facts = mk_and(tr.facts);
    // A run that goes on has passed these checks: later goals may assume them (as RAC stops).
    std::vector<Term> passed;
    for (const auto &c : tr.rte) {
      if (rte_) oblige(c.kind, "", cur_, mk_and(s.pc, facts), c.cond);
      passed.push_back(c.cond);
    }
    s.pc = mk_and({s.pc, facts, mk_and(passed)});
  }
  Term logic(const Expr &e, const Env &env) { return ExprTr(cx_, false, false).evb(e, env); }
  /// An annotation to prove (never to assume: its quantifiers became constants). The run checks
  /// it, so its reads must be valid too: that condition waits in `defined_now_` for the
  /// oblige() of the goal.
  Term goal(const Expr &e, const Env &env) {
    ExprTr tr(cx_, false, false);
    tr.well_defined = well_defined_;
    const Term holds = tr.goal(e, env);
    defined_now_.insert(defined_now_.end(), tr.defined.begin(), tr.defined.end());
    return holds;
  }
  /// An annotation assumed: with the range of the machine-integer cells it reads, and the
  /// validity of the reads its holding implies (a run from where it is assumed evaluated it: a
  /// checked goal where it was established, the entry checks of a precondition).
  Term hypothesis(const Expr &e, const Env &env) {
    ExprTr tr(cx_, false, false);
    tr.ground_facts = true;
    tr.well_defined = well_defined_;
    const Term t = tr.assumption(e, env);
    return mk_and({mk_and(tr.facts), t, mk_and(tr.defined)});
  }

  State merge(std::vector<std::pair<State, Term>> branches);
  void exec(const ir::Block &b, State &s);
  void exec_stmt(const Stmt &st, State &s);
  void assign(const Expr &lhs, const Val &v, State &s);
  /// The length of a local array declared in state s (goals for a variable length).
  Term array_length(const Expr &len, State &s);
  void exec_while(const Stmt &st, State &s);
  void exec_call(const Stmt &st, State &s);
  State entry_state();
  Term frame(const std::vector<ir::Location> &locs, const Env &allowed_env, const State &before,
             const State &after, const Term &alloc_before);
  void havoc_mem(const std::vector<ir::Location> &locs, const Env &env, State &s,
                 const std::string &prefix, SiteInfo *site);
  void havoc_var(const std::string &name, State &s, const std::string &prefix, SiteInfo *site);
  void havoc_alloc(State &s, const std::string &prefix);
  void assigned_in(const ir::Block &b, std::set<std::string> &vars, bool &mem);
};

State FnGen::merge(std::vector<std::pair<State, Term>> branches) {
  std::vector<std::pair<State, Term>> live;
  for (auto &b : branches)
    if (!is_false(b.first.pc)) live.push_back(std::move(b));
  if (live.empty()) {
    State s = branches.front().first;
    s.pc = mk_false();
    return s;
  }
  State out = live.back().first;
  std::vector<Term> pcs;
  for (auto &b : live)
    pcs.push_back(b.first.pc);
  out.pc = mk_or(pcs);
  for (size_t i = live.size() - 1; i-- > 0;) {
    const State &s = live[i].first;
    const Term &c = live[i].second;
    for (auto it = out.vars.begin(); it != out.vars.end();) {
      auto jt = s.vars.find(it->first);
      if (jt == s.vars.end()) {
        it = out.vars.erase(it);
        continue;
      }
      it->second = val_ite(c, jt->second, it->second);
      ++it;
    }
    for (auto &[k, h] : out.heaps)
      h = mk_ite(c, s.heaps.at(k), h);
    out.alloc = mk_ite(c, s.alloc, out.alloc);
  }
  return out;
}

State FnGen::entry_state() {
  State s;
  std::vector<Term> facts;
  Term alloc0 = mk_const("alloc0", Sort::Int);
  s.alloc = alloc0;
  facts.push_back(mk_lt(mk_int(0), alloc0)); // block 0 is null
  for (const auto &k : cx_.keys) {
    Term h = mk_const("mem!" + k, Sort::Heap);
    s.heaps[k] = h;
    info_->heap0[k] = h;
  }
  info_->len = cx_.len;
  std::vector<Term> global_blocks;
  // Blocks no pointer input can point into: global arrays whose address never escapes.
  std::vector<Term> private_blocks;
  const std::set<std::string> escaping = ir::escaping_global_arrays(cx_.prog);
  std::vector<Term> pointer_globals;
  for (const auto &d : cx_.prog.decls) {
    auto g = std::get_if<std::shared_ptr<ir::Global>>(&d);
    if (!g) continue;
    globals_.insert((*g)->name);
    if ((*g)->array_len) {
      Term b = mk_const((*g)->name + "#b", Sort::Int);
      facts.push_back(mk_lt(mk_int(0), b));
      facts.push_back(mk_lt(b, alloc0));
      facts.push_back(mk_eq(mk_select(cx_.len, b), mk_int(*(*g)->array_len)));
      for (auto &o : global_blocks)
        facts.push_back(mk_not(mk_eq(o, b)));
      global_blocks.push_back(b);
      if (!escaping.count((*g)->name)) private_blocks.push_back(b);
      s.vars[(*g)->name] = ptr_val(b, mk_int(0));
      info_->blocks.push_back({(*g)->name, (*g)->type, b, true});
    } else {
      Val v = fresh_val((*g)->name, (*g)->type, facts);
      s.vars[(*g)->name] = v;
      info_->inputs.push_back({(*g)->name, (*g)->type, v});
      if ((*g)->type.is_ptr()) pointer_globals.push_back(v.t);
    }
  }
  for (const Term &ptr : pointer_globals)
    for (const Term &b : private_blocks)
      facts.push_back(mk_not(mk_eq(ptr, b)));
  std::vector<Term> shape;
  std::vector<Term> param_blocks;
  for (const auto &p : f_.params) {
    Val v = fresh_val(p.name, p.type, facts);
    s.vars[p.name] = v;
    info_->inputs.push_back({p.name, p.type, v});
    if (!p.type.is_ptr()) continue;
    Term null = mk_eq(v.t, mk_int(0));
    facts.push_back(mk_le(mk_int(0), v.t));
    facts.push_back(mk_lt(v.t, alloc0));
    facts.push_back(mk_implies(null, mk_eq(v.off, mk_int(0))));
    facts.push_back(mk_le(mk_int(0), mk_select(cx_.len, v.t)));
    for (const Term &b : private_blocks)
      facts.push_back(mk_not(mk_eq(v.t, b)));
    // A presentable model: each pointer parameter at the start of a block of its own.
    std::vector<Term> own{mk_eq(v.off, mk_int(0)), mk_le(mk_select(cx_.len, v.t), mk_int(16))};
    for (auto &o : param_blocks)
      own.push_back(mk_not(mk_eq(o, v.t)));
    for (auto &o : global_blocks)
      own.push_back(mk_not(mk_eq(o, v.t)));
    shape.push_back(mk_or(null, mk_and(own)));
    param_blocks.push_back(v.t);
    info_->blocks.push_back({p.name, p.type.pointee(), v.t});
  }
  info_->presentation = mk_and(shape);
  s.pc = mk_and(facts);
  return s;
}

Term FnGen::array_length(const Expr &len, State &s) {
  // A constant length is no runtime error: the .ivl parser wants it positive, and C's
  // `int a[0]` (a GNU extension the front end accepts) is an empty block, in rac too.
  if (len.kind == ExprKind::IntLit) return mk_int(len.value);
  // A variable-length array: its length is evaluated once, here, and must be positive (C99
  // 6.7.6.2): a runtime error of the declaration, like the reads of the length expression.
  ExprTr tr(cx_, true, false);
  const Term n = tr.ev(len, env_of(s)).t;
  tr.rte.push_back({GoalKind::RteMemory, mk_lt(mk_int(0), n)});
  flush(tr, s);
  return n;
}

void FnGen::assign(const Expr &lhs, const Val &v, State &s) {
  if (lhs.kind == ExprKind::Var) {
    s.vars[lhs.name] = v;
    return;
  }
  if (lhs.kind != ExprKind::Deref) throw ir::Error(cur_, "prove: unsupported assignment target");
  ExprTr tr(cx_, true, false);
  Val p = tr.ev(*lhs.args[0], env_of(s));
  tr.rte.push_back({GoalKind::RteMemory, tr.valid_range(p, mk_int(0), mk_int(0))});
  flush(tr, s);
  auto keys = cell_keys(lhs.type);
  if (lhs.type.is_ptr()) {
    s.heaps[keys[0]] = heap_store(s.heaps.at(keys[0]), p.t, p.off, v.t);
    s.heaps[keys[1]] = heap_store(s.heaps.at(keys[1]), p.t, p.off, v.off);
  } else {
    Term x = lhs.type.is_bool() ? mk_ite(v.t, mk_int(1), mk_int(0)) : v.t;
    s.heaps[keys[0]] = heap_store(s.heaps.at(keys[0]), p.t, p.off, x);
  }
}

void FnGen::exec(const ir::Block &b, State &s) {
  for (const auto &st : b) {
    if (is_false(s.pc)) return;
    exec_stmt(*st, s);
  }
}

void FnGen::exec_stmt(const Stmt &st, State &s) {
  cur_ = where(st);
  switch (st.kind) {
  case StmtKind::VarDecl: {
    local_types_.insert_or_assign(st.name, st.array_len ? Type::pointer(st.type) : st.type);
    if (st.array_len) {
      const Term len = array_length(*st.array_len, s);
      Term b = s.alloc;
      s.alloc = mk_add(s.alloc, mk_int(1));
      s.pc = mk_and(s.pc, mk_eq(mk_select(cx_.len, b), len));
      s.vars[st.name] = ptr_val(b, mk_int(0));
      info_->blocks.push_back({st.name, st.type, b});
      return;
    }
    if (st.rhs) {
      s.vars[st.name] = code(*st.rhs, s);
      return;
    }
    std::vector<Term> facts;
    s.vars[st.name] = fresh_val(cx_.fresh("uninit!" + st.name), st.type, facts);
    s.pc = mk_and(s.pc, mk_and(facts));
    fresh_ranges(facts);
    return;
  }
  case StmtKind::Assign: {
    Val v = code(*st.rhs, s);
    assign(*st.lhs, v, s);
    return;
  }
  case StmtKind::If: {
    Term c = code(*st.cond, s).t;
    State a = s, b = s;
    a.pc = mk_and(s.pc, c);
    b.pc = mk_and(s.pc, mk_not(c));
    exec(st.body, a);
    exec(st.else_body, b);
    s = merge({{std::move(a), c}, {std::move(b), mk_true()}});
    return;
  }
  case StmtKind::While:
    exec_while(st, s);
    return;
  case StmtKind::Call:
    exec_call(st, s);
    return;
  case StmtKind::Break:
  case StmtKind::Continue: {
    if (loops_.empty()) throw ir::Error(cur_, "prove: break or continue outside a loop");
    (st.kind == StmtKind::Break ? loops_.back()->breaks : loops_.back()->continues).push_back(s);
    s.pc = mk_false();
    return;
  }
  case StmtKind::Return: {
    std::optional<Val> v;
    if (st.rhs) v = code(*st.rhs, s);
    // A return value whose computation always fails (`a % 0`) ends no run: like the other dead
    // exits it is no return (else the postcondition would read a result no path gives).
    if (!is_false(s.pc)) returns_.push_back({s, v});
    s.pc = mk_false();
    return;
  }
  case StmtKind::Assert: {
    const ir::Annotation &a = st.annots.at(0);
    const Env env = env_of(s);
    oblige(GoalKind::Assertion, a.id, where(a), s.pc, goal(*a.expr, env));
    s.pc = mk_and(s.pc, logic(*a.expr, env));
    return;
  }
  case StmtKind::Assume: {
    s.pc = mk_and(s.pc, hypothesis(*st.annots.at(0).expr, env_of(s)));
    return;
  }
  case StmtKind::Havoc: {
    std::string prefix = cx_.fresh("havoc@" + std::to_string(cur_.line));
    for (const auto &l : st.locs)
      if (l.kind == ir::Location::Kind::Var) havoc_var(l.var, s, prefix, nullptr);
    State before = s;
    havoc_mem(st.locs, env_of(before), s, prefix, nullptr);
    return;
  }
  case StmtKind::Label:
    labels_[st.name] = std::make_shared<State>(s);
    return;
  case StmtKind::Block:
    exec(st.body, s);
    return;
  }
}

void FnGen::havoc_var(const std::string &name, State &s, const std::string &prefix,
                      SiteInfo *site) {
  auto it = s.vars.find(name);
  if (it == s.vars.end()) return;
  Type t = Type::integer();
  if (const ir::Global *g = cx_.prog.global(name))
    t = g->type;
  else {
    for (const auto &p : f_.params)
      if (p.name == name) t = p.type;
  }
  // Locals: the declared type is not kept in the state; recover it from the value's shape.
  if (auto lt = local_types_.find(name); lt != local_types_.end()) t = lt->second;
  std::vector<Term> facts;
  Val v = fresh_val(prefix + "!" + name, t, facts);
  it->second = v;
  s.pc = mk_and(s.pc, mk_and(facts));
  fresh_ranges(facts);
  if (site) site->vars.push_back({name, t, v});
}

// The cells a writes clause lets a giant step change get fresh values, location after location,
// as updates of the heaps: a small constant range becomes stores of fresh constants, any other
// range one block of fresh cells that equal the old ones outside it. No quantifier ranges over the
// whole heap: with such a frame axiom the solvers answered `unknown` (no model to diagnose) as soon
// as a loop wrote a global array next to a quantified invariant. Later locations update the heap
// the earlier ones produced, so aliasing locations compose.
void FnGen::havoc_mem(const std::vector<ir::Location> &locs, const Env &env, State &s,
                      const std::string &prefix, SiteInfo *site) {
  constexpr int kMaxUnrolled = 64;
  std::set<std::string> touched;
  if (site) site->any_block = false;
  ExprTr tr(cx_, false, false);
  for (const auto &l : locs) {
    if (l.kind != ir::Location::Kind::Mem) continue;
    const Val p = tr.ev(*l.ptr, env);
    if (site) site->written_blocks.push_back(p.t);
    const Term lo = mk_add(p.off, l.lo ? tr.evb(*l.lo, env) : mk_int(0));
    const Term hi = l.hi ? mk_add(p.off, tr.evb(*l.hi, env)) : lo;
    const Term span = mk_sub(hi, lo);
    const BigInt *n = int_value(span);
    for (const auto &k : cell_keys(l.ptr->type.pointee())) {
      touched.insert(k);
      Term &h = s.heaps[k];
      if (n && *n < kMaxUnrolled) {
        Term cells = mk_select(h, p.t);
        for (int i = 0; i <= int(*n); ++i)
          cells = mk_store(cells, mk_add(lo, mk_int(i)),
                           mk_const(cx_.fresh(prefix + "!" + k + "!cell"), Sort::Int));
        h = mk_store(h, p.t, cells);
        continue;
      }
      Term fresh = mk_const(cx_.fresh(prefix + "!" + k + "!cells"), Sort::Cells);
      Term o = mk_bound(cx_.fresh("o"), Sort::Int);
      Term sel = mk_select(fresh, o);
      Term outside = mk_not(mk_and(mk_le(lo, o), mk_le(o, hi)));
      s.pc = mk_and(s.pc,
                    mk_forall({o}, mk_implies(outside, mk_eq(sel, mk_select(mk_select(h, p.t), o))),
                              {{sel}}));
      h = mk_store(h, p.t, fresh);
    }
  }
  if (site)
    for (const auto &k : touched)
      site->heaps.push_back({k, s.heaps[k]});
}

void FnGen::havoc_alloc(State &s, const std::string &prefix) {
  Term a = mk_const(prefix + "!alloc", Sort::Int);
  s.pc = mk_and(s.pc, mk_le(s.alloc, a));
  s.alloc = a;
}

Term FnGen::frame(const std::vector<ir::Location> &locs, const Env &allowed_env,
                  const State &before, const State &after, const Term &alloc_before) {
  std::vector<Term> all;
  for (const auto &k : cx_.keys) {
    if (after.heaps.at(k) == before.heaps.at(k)) continue;
    Term b = mk_bound(cx_.fresh("b"), Sort::Int), o = mk_bound(cx_.fresh("o"), Sort::Int);
    ExprTr tr(cx_, false, false);
    Term in = tr.in_locs(locs, allowed_env, k, b, o);
    Term existed = mk_and({mk_lt(mk_int(0), b), mk_lt(b, alloc_before), mk_le(mk_int(0), o),
                           mk_lt(o, mk_select(cx_.len, b))});
    all.push_back(mk_forall({b, o}, mk_implies(mk_and(existed, mk_not(in)),
                                               mk_eq(heap_select(after.heaps.at(k), b, o),
                                                     heap_select(before.heaps.at(k), b, o)))));
  }
  return mk_and(all);
}

void FnGen::assigned_in(const ir::Block &b, std::set<std::string> &vars, bool &mem) {
  for (const auto &st : b) {
    if ((st->kind == StmtKind::Assign || st->kind == StmtKind::Call) && st->lhs) {
      if (st->lhs->kind == ExprKind::Var)
        vars.insert(st->lhs->name);
      else
        mem = true;
    }
    if (st->kind == StmtKind::Havoc)
      for (const auto &l : st->locs) {
        if (l.kind == ir::Location::Kind::Var)
          vars.insert(l.var);
        else
          mem = true;
      }
    if (st->kind == StmtKind::Call) {
      const ir::Function *g = cx_.prog.function(st->callee);
      bool has_writes = false;
      if (g)
        for (const auto &a : g->contract)
          if (a.kind == AnnotKind::Writes) {
            has_writes = true;
            for (const auto &l : a.locs) {
              if (l.kind == ir::Location::Kind::Var)
                vars.insert(l.var);
              else
                mem = true;
            }
          }
      if (!has_writes) {
        mem = true;
        vars.insert(globals_.begin(), globals_.end());
      }
    }
    if (st->kind == StmtKind::VarDecl && st->array_len)
      mem = true; // a fresh block moves the allocation bound
    assigned_in(st->body, vars, mem);
    assigned_in(st->else_body, vars, mem);
  }
}

void FnGen::exec_while(const Stmt &st, State &s) {
  const std::string name = ir::loop_name(cx_.prog, st);
  const ir::SrcLoc at = where(st);
  std::vector<const ir::Annotation *> invs, variants, writes;
  for (const auto &a : st.annots) {
    if (a.kind == AnnotKind::Invariant)
      invs.push_back(&a);
    else if (a.kind == AnnotKind::Variant)
      variants.push_back(&a);
    else if (a.kind == AnnotKind::LoopWrites)
      writes.push_back(&a);
  }
  const State entry = s;
  auto env_at = [&](const State &here) {
    Env e = env_of(here);
    e.labels["LoopEntry"] = &entry;
    e.labels["LoopCurrent"] = &here;
    return e;
  };
  for (const auto *inv : invs)
    oblige(GoalKind::LoopInvariantInit, inv->id, where(*inv), entry.pc,
           goal(*inv->expr, env_at(entry)));

  // The giant step: fresh values for what the loop may write, then the invariant.
  SiteInfo site;
  site.name = name;
  site.line = at.line;
  site.reach = entry.pc;
  site.blocks_known = info_->blocks.size();
  const std::string prefix = cx_.fresh(name);
  State h = entry;
  std::vector<ir::Location> wlocs;
  for (const auto *w : writes)
    wlocs.insert(wlocs.end(), w->locs.begin(), w->locs.end());
  std::set<std::string> body_vars;
  bool body_mem = false;
  assigned_in(st.body, body_vars, body_mem);
  if (!writes.empty()) {
    for (const auto &l : wlocs)
      if (l.kind == ir::Location::Kind::Var) havoc_var(l.var, h, prefix, &site);
    havoc_mem(wlocs, env_at(entry), h, prefix, &site);
  } else {
    for (const auto &v : body_vars)
      havoc_var(v, h, prefix, &site);
    if (body_mem)
      for (const auto &k : cx_.keys) {
        h.heaps[k] = mk_const(prefix + "!mem!" + k, Sort::Heap);
        site.heaps.push_back({k, h.heaps[k]});
      }
  }
  if (body_mem) havoc_alloc(h, prefix);
  for (const auto *inv : invs)
    h.pc = mk_and(h.pc, hypothesis(*inv->expr, env_at(h)));
  site.assumed = h.pc;
  sites_.push_back(site);
  const size_t site_index = sites_.size() - 1;
  open_sites_.push_back(site_index);
  const size_t returns_before = returns_.size();

  cur_ = at;
  Term c = code(*st.cond, h).t;
  State exit = h, iter = h;
  exit.pc = mk_and(h.pc, mk_not(c));
  iter.pc = mk_and(h.pc, c);
  std::vector<Term> v0;
  for (const auto *v : variants) {
    Term t = logic(*v->expr, env_at(iter));
    v0.push_back(t);
    oblige(GoalKind::LoopVariantNonneg, v->id, where(*v), iter.pc, mk_le(mk_int(0), t));
  }
  LoopCtx ctx;
  loops_.push_back(&ctx);
  exec(st.body, iter);
  loops_.pop_back();
  std::vector<std::pair<State, Term>> ends{{iter, iter.pc}};
  for (auto &c2 : ctx.continues)
    ends.push_back({c2, c2.pc});
  State end = merge(std::move(ends));
  for (const auto *inv : invs)
    oblige(GoalKind::LoopInvariantPreserved, inv->id, where(*inv), end.pc,
           goal(*inv->expr, env_at(end)));
  for (size_t i = 0; i < variants.size(); ++i)
    oblige(GoalKind::LoopVariantDecrease, variants[i]->id, where(*variants[i]), end.pc,
           mk_lt(logic(*variants[i]->expr, env_at(end)), v0[i]));
  if (!writes.empty()) {
    std::set<std::string> listed;
    for (const auto &l : wlocs)
      if (l.kind == ir::Location::Kind::Var) listed.insert(l.var);
    std::vector<Term> same;
    for (const auto &[v, val] : entry.vars)
      if (!listed.count(v) && end.vars.count(v))
        same.push_back(val_eq(end.vars.at(v), h.vars.at(v)));
    same.push_back(frame(wlocs, env_at(entry), h, end, entry.alloc));
    oblige(GoalKind::LoopAssigns, writes.front()->id, where(*writes.front()), end.pc, mk_and(same));
  }
  open_sites_.pop_back();
  if (ctx.breaks.empty() && returns_.size() == returns_before) sites_[site_index].exit = mk_not(c);
  std::vector<std::pair<State, Term>> outs{{exit, exit.pc}};
  for (auto &b : ctx.breaks)
    outs.push_back({b, b.pc});
  s = merge(std::move(outs));
  // Locals declared inside the loop are out of scope after it.
  for (auto it = s.vars.begin(); it != s.vars.end();)
    it = entry.vars.count(it->first) ? std::next(it) : s.vars.erase(it);
}

void FnGen::exec_call(const Stmt &st, State &s) {
  const ir::Function *g = cx_.prog.function(st.callee);
  if (!g) throw ir::Error(cur_, "prove: unknown function " + st.callee);
  const ir::SrcLoc at = cur_;
  std::vector<Val> args;
  for (const auto &a : st.args)
    args.push_back(code(*a, s));
  const State before = s;
  Env cenv = env_of(before);
  cenv.pre = &before;
  cenv.labels.clear();
  for (size_t i = 0; i < g->params.size() && i < args.size(); ++i)
    cenv.locals[g->params[i].name] = args[i];
  std::vector<Term> reqs, to_prove;
  std::string req_id;
  for (const auto &a : g->contract)
    if (a.kind == AnnotKind::Requires) {
      reqs.push_back(logic(*a.expr, cenv));
      to_prove.push_back(goal(*a.expr, cenv));
      if (req_id.empty()) req_id = a.id;
    }
  if (!reqs.empty()) oblige(GoalKind::CallPrecondition, req_id, at, before.pc, mk_and(to_prove));
  s.pc = mk_and(s.pc, mk_and(reqs));

  SiteInfo site;
  site.name = g->name;
  site.line = at.line;
  site.reach = before.pc;
  site.blocks_known = info_->blocks.size();
  const std::string prefix = cx_.fresh(g->name + "@" + std::to_string(at.line));
  std::vector<ir::Location> wlocs;
  bool has_writes = false;
  for (const auto &a : g->contract)
    if (a.kind == AnnotKind::Writes) {
      has_writes = true;
      wlocs.insert(wlocs.end(), a.locs.begin(), a.locs.end());
    }
  if (has_writes) {
    for (const auto &l : wlocs)
      if (l.kind == ir::Location::Kind::Var) havoc_var(l.var, s, prefix, &site);
    havoc_mem(wlocs, cenv, s, prefix, &site);
  } else {
    for (const auto &gname : globals_)
      if (!cx_.prog.global(gname)->array_len) havoc_var(gname, s, prefix, &site);
    for (const auto &k : cx_.keys) {
      s.heaps[k] = mk_const(prefix + "!mem!" + k, Sort::Heap);
      site.heaps.push_back({k, s.heaps[k]});
    }
  }
  havoc_alloc(s, prefix);
  Env post = cenv;
  post.st = &s;
  if (!g->ret.is_unit()) {
    std::vector<Term> facts;
    Val r = fresh_val(prefix + "!result", g->ret, facts);
    s.pc = mk_and(s.pc, mk_and(facts));
    fresh_ranges(facts);
    post.result = r;
    site.result = NamedVal{"result", g->ret, r};
  }
  for (const auto &a : g->contract)
    if (a.kind == AnnotKind::Ensures) s.pc = mk_and(s.pc, hypothesis(*a.expr, post));
  site.assumed = s.pc;
  sites_.push_back(site);
  if (st.lhs && post.result) {
    cur_ = at;
    assign(*st.lhs, *post.result, s);
  }
}

std::vector<GoalAcc> FnGen::run() {
  State s = entry_state();
  {
    pre_ = s;
    Env env = env_of(pre_);
    for (const auto &a : f_.contract)
      if (a.kind == AnnotKind::Requires) s.pc = mk_and(s.pc, hypothesis(*a.expr, env));
    pre_ = s;
    info_->entry = s.pc;
  }
  exec(*f_.body, s);
  if (!is_false(s.pc)) returns_.push_back({s, std::nullopt});
  if (returns_.empty()) return goals_;
  std::vector<std::pair<State, Term>> exits;
  for (auto &r : returns_)
    exits.push_back({r.st, r.st.pc});
  State end = merge(std::move(exits));
  std::optional<Val> result;
  for (auto &r : returns_)
    if (r.result && !is_false(r.st.pc))
      result = result ? val_ite(r.st.pc, *r.result, *result) : *r.result;
  Env env = env_of(end);
  env.result = result;
  for (const auto &p : f_.params)
    env.locals[p.name] = pre_.vars.at(p.name);
  const ir::Annotation *first_writes = nullptr;
  std::vector<ir::Location> wlocs;
  for (const auto &a : f_.contract) {
    if (a.kind == AnnotKind::Ensures)
      oblige(GoalKind::Postcondition, a.id, where(a), end.pc, goal(*a.expr, env));
    if (a.kind == AnnotKind::Writes) {
      if (!first_writes) first_writes = &a;
      wlocs.insert(wlocs.end(), a.locs.begin(), a.locs.end());
    }
  }
  if (first_writes) {
    std::set<std::string> listed;
    for (const auto &l : wlocs)
      if (l.kind == ir::Location::Kind::Var) listed.insert(l.var);
    std::vector<Term> same;
    for (const auto &gname : globals_)
      if (!listed.count(gname) && end.vars.count(gname))
        same.push_back(val_eq(end.vars.at(gname), pre_.vars.at(gname)));
    Env wenv = env_of(pre_);
    for (const auto &p : f_.params)
      wenv.locals[p.name] = pre_.vars.at(p.name);
    same.push_back(frame(wlocs, wenv, pre_, end, pre_.alloc));
    oblige(GoalKind::Assigns, first_writes->id, where(*first_writes), end.pc, mk_and(same));
  }
  return goals_;
}

} // namespace

namespace {
/// Lemma `e` as ExprTr::goal translates it without premise hints, over the skolem constants
/// `skolems` of its translation with them (the definitions it inlines join cx.ground_defs);
/// null if the two translations do not put the same constants.
Term without_hints(Ctx &cx, const Expr &e, const Env &env, const std::vector<Term> &skolems) {
  const size_t defs_before = cx.ground_defs.size();
  ExprTr tr(cx, false, false);
  tr.premise_hints = false;
  const Term plain = tr.goal(e, env);
  // Both translations walk the formula alike; were they to differ, the hints stay.
  if (tr.every_skolem().size() != skolems.size()) return nullptr;
  std::map<std::string, Term> to;
  for (size_t i = 0; i < skolems.size(); ++i)
    to.emplace(tr.every_skolem()[i]->name, skolems[i]);
  for (size_t i = defs_before; i < cx.ground_defs.size(); ++i)
    cx.ground_defs[i] = replace_constants(cx.ground_defs[i], to);
  return replace_constants(plain, to);
}

/// Runs `f`; an error it throws without a file (the translation of an expression knows only its
/// position in the IR) is located at `fallback`, the annotation or function it came from.
template <typename F> void located(const ir::SrcLoc &fallback, F f) {
  try {
    f();
  } catch (const ir::Error &e) {
    if (!e.at().file.empty()) throw;
    throw ir::Error(fallback, e.message());
  }
}
} // namespace

std::vector<GoalVC> generate_vcs(const ir::Program &p, const VcOptions &opts) {
  Ctx cx(p);
  std::vector<GoalVC> out;
  std::vector<Term> axioms, lemmas;
  // Lemmas over several states (`lemma{K,L}`): hypotheses of later lemmas, whose memories are a
  // few constants, but of function goals only in a last attempt (their many states made them
  // explode).
  std::vector<Term> state_lemmas;
  // Where the recursive definitions recurse: what lemmas are proved by induction on.
  const std::map<std::string, std::set<size_t>> recursion = recursion_positions(cx);
  // Lemmas and the uninterpreted forms of definitions they need make queries much harder for
  // the solvers; they are kept apart so that a goal can first be tried without them.
  auto hyps_now = [&](GoalVC &vc) {
    vc.hyps = axioms;
    vc.lemma_hyps = lemmas;
    for (const auto &[name, ax] : cx.def_axioms)
      (cx.recursive.count(name) || !cx.in_lemmas.count(name) ? vc.hyps : vc.lemma_hyps)
          .push_back(ax);
    vc.lemma_hyps.insert(vc.lemma_hyps.end(), cx.ground_defs.begin(), cx.ground_defs.end());
  };
  for (const auto &d : p.decls) {
    if (auto a = std::get_if<std::shared_ptr<ir::Annotation>>(&d)) {
      const ir::Annotation &an = **a;
      if (!an.expr) continue;
      located(ir::where(p, an.pos, an.src), [&] {
        // One memory per state label (`lemma{K,L}`); memory outside `at` is the first one's.
        const size_t n_states = std::max<size_t>(1, an.labels.size());
        auto state_env = [&](std::vector<State> &states) {
          Env env;
          env.st = &states[0];
          env.pre = &states[0];
          for (size_t i = 0; i < an.labels.size(); ++i)
            env.labels[an.labels[i]] = &states[i];
          return env;
        };
        if (an.kind == AnnotKind::Lemma) {
          std::vector<State> states(n_states);
          for (size_t i = 0; i < n_states; ++i)
            for (const auto &k : cx.keys)
              states[i].heaps[k] =
                  mk_const("lemma!mem!" + (i ? an.labels[i] + "!" : std::string()) + k, Sort::Heap);
          Env env = state_env(states);
          cx.ground_defs.clear();
          ExprTr tr(cx, false, false);
          Term goal = tr.goal(*an.expr, env);
          GoalVC vc;
          vc.ref = ir::GoalRef{GoalKind::Lemma, an.id, "-", ir::where(p, an.pos, an.src)};
          const Term plain = without_hints(cx, *an.expr, env, tr.every_skolem());
          vc.induction = induction_schemes(goal, plain ? plain : goal, cx.ground_defs, tr.skolems(),
                                           recursion);
          hyps_now(vc);
          vc.lemma_hyps.insert(vc.lemma_hyps.end(), state_lemmas.begin(), state_lemmas.end());
          vc.obligation = vc.property = goal;
          out.push_back(std::move(vc));
          cx.ground_defs.clear();
        }
        // As a hypothesis, for every memory. The goals of functions assume a lemma over several
        // states (an axiom they always do) only in a last attempt: quantified over tuples of
        // memories, such lemmas can send Z3's instantiation out of bounds (ACSL by Example's
        // merge.c, docs/history.md, 2026-11-24: with them Z3 ran on, deaf to its interrupts).
        const bool multi_state = an.labels.size() > 1 && an.kind == AnnotKind::Lemma;
        std::vector<Term> bound;
        std::vector<State> states;
        for (size_t i = 0; i < n_states; ++i)
          states.push_back(cx.any_memory(bound));
        Env env = state_env(states);
        env.quant_depth = 1;
        (multi_state                   ? state_lemmas
         : an.kind == AnnotKind::Lemma ? lemmas
                                       : axioms)
            .push_back(mk_forall(bound, ExprTr(cx, false, true).evb(*an.expr, env)));
      });
      continue;
    }
    auto f = std::get_if<std::shared_ptr<ir::Function>>(&d);
    if (!f || !(*f)->body || (opts.function && *opts.function != (*f)->name)) continue;
    cx.ground_defs.clear();
    FnGen gen(cx, **f, opts);
    std::vector<GoalAcc> goals;
    located(ir::where(p, (*f)->pos, (*f)->src), [&] { goals = gen.run(); });
    auto info = gen.info();
    auto sites = gen.sites();
    for (auto &g : goals) {
      GoalVC vc;
      vc.ref = g.ref;
      hyps_now(vc);
      vc.state_lemma_hyps = state_lemmas;
      vc.property = mk_and(g.obligations);
      vc.definedness = mk_and(g.defined);
      vc.run_ordered = std::ranges::any_of(free_constants({vc.definedness}),
                                           [](const Term &c) { return c == run_order(); });
      if (vc.run_ordered) vc.hyps.push_back(run_order());
      vc.obligation = mk_and(vc.definedness, vc.property);
      vc.info = info;
      vc.sites = sites;
      vc.sites_before = g.sites;
      vc.enclosing_sites.assign(g.inside.begin(), g.inside.end());
      out.push_back(std::move(vc));
    }
    cx.ground_defs.clear();
  }
  return out;
}

} // namespace triage::vcgen
