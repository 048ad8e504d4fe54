#include "ir/typecheck.hpp"

#include "ir/error.hpp"
#include "ir/printer.hpp"

#include <map>
#include <set>

namespace triage::ir {

namespace {

struct VarInfo {
  Type type = Type::unit();
  VarRef ref = VarRef::Unresolved;
  bool is_array = false; ///< a declared array: a constant pointer, not assignable
};

/// What an expression may use where it stands.
struct Env {
  bool logic = false;        ///< annotation (mathematical arithmetic) or code (machine)
  bool allow_result = false; ///< postconditions
  bool allow_old = false;    ///< postconditions, loop annotations, assertions
  bool allow_globals = true; ///< logic definitions take their state through parameters
  const Function *fn = nullptr;
  const std::set<std::string> *labels = nullptr;
  bool in_loop_annot = false;
  /// The body of a logic definition: it reads the states its labels name (the first one
  /// outside `at`), and no other.
  bool in_definition = false;
  /// Inside `old(..)` or `at(.., Pre)`: no local variable exists at the function's entry
  /// (vcgen has no value for it there, and the runtime checker none either).
  bool at_entry = false;
};

const Type null_type = Type::pointer(Type::unit());

bool is_null_type(const Type &t) {
  return t == null_type;
}

bool is_literal(const Expr &e) {
  return e.kind == ExprKind::IntLit ||
         (e.kind == ExprKind::Unary && e.unop == UnOp::Neg && is_literal(*e.args[0]));
}

class Checker {
public:
  explicit Checker(Program &p) : p_(p) {}

  void run() {
    declare_names();
    for (auto &d : p_.decls)
      std::visit([&](auto &ptr) { check(*ptr); }, d);
  }

private:
  Program &p_;
  std::vector<std::map<std::string, VarInfo>> scopes_;
  std::set<std::string> declared_; ///< every local name of the current function
  std::set<std::string> labels_;
  int loop_depth_ = 0;

  [[noreturn]] void fail(Pos pos, const std::string &msg) const {
    throw Error(SrcLoc{p_.file, pos.line, pos.col}, msg);
  }

  // ---- names ----
  void declare_names() {
    std::set<std::string> seen, ids;
    auto unique = [&](const std::string &name, Pos pos) {
      if (!seen.insert(name).second) fail(pos, "'" + name + "' is already declared");
    };
    for (auto &d : p_.decls) {
      if (auto *g = std::get_if<std::shared_ptr<Global>>(&d))
        unique((*g)->name, (*g)->pos);
      else if (auto *l = std::get_if<std::shared_ptr<LogicDef>>(&d))
        unique((*l)->name, (*l)->pos);
      else if (auto *f = std::get_if<std::shared_ptr<Function>>(&d))
        unique((*f)->name, (*f)->pos);
    }
    for_each_annotation([&](Annotation &a) {
      if (!ids.insert(a.id).second) fail(a.pos, "duplicate annotation id '#" + a.id + "'");
    });
  }

  template <typename F> void for_each_annotation(F f) {
    for (auto &d : p_.decls) {
      if (auto *a = std::get_if<std::shared_ptr<Annotation>>(&d)) f(**a);
      if (auto *fn = std::get_if<std::shared_ptr<Function>>(&d)) {
        for (auto &c : (*fn)->contract)
          f(c);
        if ((*fn)->body) for_each_stmt_annotation(*(*fn)->body, f);
      }
    }
  }
  template <typename F> static void for_each_stmt_annotation(Block &b, F &f) {
    for (auto &s : b) {
      for (auto &a : s->annots)
        f(a);
      for_each_stmt_annotation(s->body, f);
      for_each_stmt_annotation(s->else_body, f);
    }
  }

  const VarInfo *lookup(const std::string &name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (auto f = it->find(name); f != it->end()) return &f->second;
    return nullptr;
  }

  VarInfo resolve(const std::string &name, Pos pos, const Env &env) const {
    if (const VarInfo *v = lookup(name)) return *v;
    if (const Global *g = p_.global(name)) {
      if (!env.allow_globals)
        fail(pos,
             "a logic definition cannot read the global '" + name + "': pass it as a parameter");
      return VarInfo{g->array_len ? Type::pointer(g->type) : g->type, VarRef::Global,
                     g->array_len.has_value()};
    }
    if (p_.function(name) || p_.logic(name))
      fail(pos, "'" + name + "' is a function, not a variable");
    fail(pos, "unknown name '" + name + "'");
  }

  void push(const std::string &name, VarInfo info) { scopes_.back()[name] = std::move(info); }

  /// `env` for what a label's state reads: at the function's entry or not.
  static Env at_entry(Env env, bool entry) {
    env.at_entry = entry;
    return env;
  }

  void check_value_type(const Type &t, Pos pos, const std::string &what) const {
    if (t.is_unit() || (t.is_ptr() && t.pointee().is_unit()))
      fail(pos, what + " cannot have type " + t.str());
  }

  // ---- expressions ----
  /// Whether a value of type `from` (expression `e`) may stand where `to` is expected.
  static bool fits(const Type &to, const Type &from, const Env &env) {
    if (to == from) return true;
    if (to.is_ptr() && is_null_type(from)) return true;
    return env.logic && to.is_int() && from.is_numeric();
  }

  void expect(Expr &e, const Type &to, const Env &env, const std::string &what) {
    const Type t = check(e, env, to);
    if (!fits(to, t, env))
      fail(e.pos, what + " has type " + t.str() + " but " + to.str() + " is expected");
  }

  void expect_bool(Expr &e, const Env &env, const std::string &what) {
    expect(e, Type::boolean(), env, what);
  }

  Type expect_numeric(Expr &e, const Env &env, const std::optional<Type> &hint,
                      const std::string &what) {
    const Type t = check(e, env, hint);
    if (!t.is_numeric()) fail(e.pos, what + " must be an integer, not " + t.str());
    return t;
  }

  void logic_only(const Expr &e, const Env &env, const char *what) const {
    if (!env.logic) fail(e.pos, std::string(what) + " is only allowed in annotations");
  }

  Type check(Expr &e, const Env &env, const std::optional<Type> &hint = std::nullopt) {
    e.type = infer(e, env, hint);
    return e.type;
  }

  Type infer(Expr &e, const Env &env, const std::optional<Type> &hint) {
    switch (e.kind) {
    case ExprKind::IntLit:
      if (!env.logic && hint && hint->is_machine()) {
        if (!hint->fits(e.value))
          fail(e.pos, "the literal " + e.value.str() + " does not fit in " + hint->str());
        return *hint;
      }
      return Type::integer();
    case ExprKind::BoolLit:
      return Type::boolean();
    case ExprKind::Null:
      return hint && hint->is_ptr() ? *hint : null_type;
    case ExprKind::Var: {
      VarInfo v = resolve(e.name, e.pos, env);
      if (env.at_entry && v.ref == VarRef::Local)
        fail(e.pos, "the local variable '" + e.name +
                        "' does not exist at the function's entry (label Pre or \\old)");
      e.ref = v.ref;
      return v.type;
    }
    case ExprKind::Result:
      logic_only(e, env, "'result'");
      if (!env.allow_result)
        fail(e.pos, "'result' is only allowed in postconditions of a function with a result");
      return env.fn->ret;
    case ExprKind::Unary:
      return unary(e, env, hint);
    case ExprKind::Binary:
      return binary(e, env, hint);
    case ExprKind::Ite:
      return ite(e, env, hint);
    case ExprKind::Let: {
      logic_only(e, env, "'let'");
      const Type t = check(*e.args[0], env);
      check_value_type(t, e.pos, "a let-bound variable");
      scopes_.emplace_back();
      push(e.name, VarInfo{t, VarRef::Bound});
      const Type body = check(*e.args[1], env, hint);
      scopes_.pop_back();
      return body;
    }
    case ExprKind::Quant: {
      logic_only(e, env, "a quantifier");
      scopes_.emplace_back();
      for (const auto &b : e.binders) {
        check_value_type(b.type, b.pos, "a quantified variable");
        if (scopes_.back().count(b.name)) fail(b.pos, "'" + b.name + "' is bound twice");
        push(b.name, VarInfo{b.type, VarRef::Bound});
      }
      expect_bool(*e.args[0], env, "the body of a quantifier");
      scopes_.pop_back();
      return Type::boolean();
    }
    case ExprKind::Old:
      logic_only(e, env, "'old'");
      if (!env.allow_old)
        fail(e.pos, "'old' is only allowed in postconditions, loop annotations and assertions");
      return check(*e.args[0], at_entry(env, true), hint);
    case ExprKind::At:
      logic_only(e, env, "'at'");
      check_label(e.name, e.pos, env);
      return check(*e.args[0], at_entry(env, e.name == "Pre" || e.name == "Old"), hint);
    case ExprKind::App:
      return application(e, env);
    case ExprKind::Cast:
      expect_numeric(*e.args[0], env, std::nullopt, "the converted value");
      return e.cast_to;
    case ExprKind::Deref: {
      const Type t = check(*e.args[0], env);
      if (!t.is_ptr() || is_null_type(t))
        fail(e.pos, "cannot dereference a value of type " + t.str());
      return t.pointee();
    }
    case ExprKind::Valid:
    case ExprKind::Separated:
      logic_only(e, env, e.kind == ExprKind::Valid ? "'valid'" : "'separated'");
      for (auto &l : e.locs)
        check_location(l, env, true);
      return Type::boolean();
    case ExprKind::SameObject:
      logic_only(e, env, "'same_object'");
      for (auto &l : e.locs) {
        check_location(l, env, true);
        const bool counted = !l.lo || (l.lo->kind == ExprKind::IntLit && l.lo->value == 0 &&
                                       l.hi->kind == ExprKind::IntLit && l.hi->value >= 0);
        if (!counted) fail(l.pos, "same_object expects p or p + (0 .. N) with a literal N");
      }
      return Type::boolean();
    case ExprKind::Range:
      fail(e.pos, "a range 'lo .. hi' is only allowed in writes, havoc, valid and separated");
    }
    fail(e.pos, "unknown expression");
  }

  void check_label(const std::string &label, const Pos &pos, const Env &env) const {
    static const std::set<std::string> builtin = {"Pre", "Here", "Old"};
    // Pre and Old of a definition would be the caller's entry state for runs and the
    // definition's first state for proofs: a definition names its states by its labels.
    if (env.in_definition && (label == "Pre" || label == "Old"))
      fail(pos, "a logic definition reads no " + label +
                    " state: name the states it reads as labels (predicate P{L1, L2}(...))");
    if (builtin.count(label)) return;
    if (label == "LoopEntry" || label == "LoopCurrent") {
      if (!env.in_loop_annot)
        fail(pos, "the label " + label + " is only meaningful in loop annotations");
      return;
    }
    if (!env.labels || !env.labels->count(label)) fail(pos, "unknown label '" + label + "'");
  }

  Type unary(Expr &e, const Env &env, const std::optional<Type> &hint) {
    Expr &a = *e.args[0];
    switch (e.unop) {
    case UnOp::Not:
      expect_bool(a, env, "the operand of 'not'");
      return Type::boolean();
    case UnOp::Neg:
    case UnOp::BitNot: {
      const Type t = expect_numeric(a, env, hint, "the operand of '-'");
      return env.logic ? Type::integer() : t;
    }
    }
    return Type::integer();
  }

  static bool is_arith(BinOp op) { return op <= BinOp::BitXor; }
  static bool is_cmp(BinOp op) { return op >= BinOp::Eq && op <= BinOp::Ge; }

  /// Checks both operands; in code, a literal operand takes the type of the other one.
  std::pair<Type, Type> operands(Expr &e, const Env &env, const std::optional<Type> &hint) {
    Expr &a = *e.args[0];
    Expr &b = *e.args[1];
    if (is_literal(a) && !is_literal(b)) {
      const Type tb = check(b, env, hint);
      return {check(a, env, tb), tb};
    }
    const Type ta = check(a, env, hint);
    return {ta, check(b, env, ta.is_numeric() || ta.is_ptr() ? std::optional<Type>(ta) : hint)};
  }

  Type binary(Expr &e, const Env &env, const std::optional<Type> &hint) {
    const std::string op = std::string("'") + symbol(e.binop) + "'";
    if (e.binop == BinOp::And || e.binop == BinOp::Or || e.binop == BinOp::Implies ||
        e.binop == BinOp::Iff) {
      expect_bool(*e.args[0], env, "the left operand of " + op);
      expect_bool(*e.args[1], env, "the right operand of " + op);
      return Type::boolean();
    }
    // Pointer arithmetic: the offset is checked on its own, it need not match the pointer's type.
    if (is_arith(e.binop) && (e.binop == BinOp::Add || e.binop == BinOp::Sub)) {
      const Type ta = check(*e.args[0], env, hint);
      if (ta.is_ptr() && !is_null_type(ta)) {
        const Type tb = check(*e.args[1], env);
        if (tb.is_numeric()) return ta;
        if (e.binop == BinOp::Sub && tb == ta)
          return env.logic ? Type::integer() : Type::machine(64, true);
        fail(e.pos, "cannot apply " + op + " to " + ta.str() + " and " + tb.str());
      }
    }
    auto [ta, tb] = operands(e, env, is_cmp(e.binop) ? std::nullopt : hint);
    if (is_cmp(e.binop)) return comparison(e, env, ta, tb, op);
    if (!ta.is_numeric() || !tb.is_numeric())
      fail(e.pos, "cannot apply " + op + " to " + ta.str() + " and " + tb.str());
    if (env.logic) return Type::integer();
    if (ta != tb)
      fail(e.pos, "the operands of " + op + " have different types " + ta.str() + " and " +
                      tb.str() + ": convert one of them");
    return ta;
  }

  Type comparison(const Expr &e, const Env &env, const Type &ta, const Type &tb,
                  const std::string &op) const {
    const bool eq = e.binop == BinOp::Eq || e.binop == BinOp::Ne;
    bool ok;
    if (ta.is_numeric() && tb.is_numeric())
      ok = env.logic || ta == tb;
    else if (ta.is_ptr() && tb.is_ptr())
      ok = ta == tb || is_null_type(ta) || is_null_type(tb);
    else
      ok = eq && ta == tb && ta.is_bool();
    if (!ok) fail(e.pos, "cannot compare " + ta.str() + " and " + tb.str() + " with " + op);
    return Type::boolean();
  }

  Type ite(Expr &e, const Env &env, const std::optional<Type> &hint) {
    expect_bool(*e.args[0], env, "the condition");
    const Type t1 = check(*e.args[1], env, hint);
    const Type t2 = check(*e.args[2], env, t1.is_unit() ? hint : std::optional<Type>(t1));
    if (t1 == t2) return t1;
    if (t1.is_numeric() && t2.is_numeric()) {
      if (env.logic) return Type::integer();
      if (is_literal(*e.args[1])) return check(*e.args[1], env, t2);
    }
    if (t1.is_ptr() && t2.is_ptr() && (is_null_type(t1) || is_null_type(t2)))
      return is_null_type(t1) ? t2 : t1;
    fail(e.pos, "the branches have different types " + t1.str() + " and " + t2.str());
  }

  Type application(Expr &e, const Env &env) {
    logic_only(e, env, "a logic function");
    const LogicDef *def = p_.logic(e.name);
    if (!def) {
      if (p_.function(e.name))
        fail(e.pos, "'" + e.name + "' is a program function: call it with a call statement");
      fail(e.pos, "unknown function '" + e.name + "'");
    }
    if (def->params.size() != e.args.size())
      fail(e.pos, "'" + e.name + "' expects " + std::to_string(def->params.size()) +
                      " arguments, not " + std::to_string(e.args.size()));
    if (def->labels.size() != e.labels.size())
      fail(e.pos, "'" + e.name + "' reads " +
                      (def->labels.empty() ? "one memory state: name none"
                                           : std::to_string(def->labels.size()) +
                                                 " memory states: name them, as in " + e.name +
                                                 "{Old, Here}(...)"));
    for (const std::string &l : e.labels)
      check_label(l, e.pos, env);
    for (size_t i = 0; i < e.args.size(); ++i)
      expect(*e.args[i], def->params[i].type, env, "argument " + std::to_string(i + 1));
    return def->ret;
  }

  void check_location(Location &l, const Env &env, bool pointer_set) {
    if (l.kind == Location::Kind::Var) {
      const VarInfo v = resolve(l.var, l.pos, env);
      if (v.ref == VarRef::Bound || v.ref == VarRef::LogicParam || v.is_array)
        fail(l.pos, "'" + l.var + "' is not a location that can be written");
      l.ref = v.ref;
      return;
    }
    const Type t = check(*l.ptr, env);
    if (!t.is_ptr() || is_null_type(t))
      fail(l.pos, std::string(pointer_set ? "a pointer" : "a dereferenced value") +
                      " is expected, not " + t.str());
    for (auto *bound : {&l.lo, &l.hi})
      if (*bound) expect_numeric(**bound, env, std::nullopt, "a range bound");
  }

  // ---- declarations ----
  void check(Global &g) { check_value_type(g.type, g.pos, "a global variable"); }

  void check(LogicDef &l) {
    scopes_.assign(1, {});
    for (const auto &b : l.params) {
      check_value_type(b.type, b.pos, "a parameter");
      if (scopes_.back().count(b.name)) fail(b.pos, "duplicate parameter '" + b.name + "'");
      push(b.name, VarInfo{b.type, VarRef::LogicParam});
    }
    check_value_type(l.ret, l.pos, "a logic function");
    labels_ = std::set<std::string>(l.labels.begin(), l.labels.end());
    if (labels_.size() != l.labels.size()) fail(l.pos, "a state label is listed twice");
    if (l.body) {
      Env env;
      env.logic = true;
      env.allow_globals = false;
      env.labels = &labels_;
      env.in_definition = true;
      expect(*l.body, l.ret, env, "the definition of '" + l.name + "'");
    }
    labels_.clear();
    scopes_.clear();
  }

  void check(Annotation &a) {
    scopes_.assign(1, {});
    Env env;
    env.logic = true;
    labels_ = std::set<std::string>(a.labels.begin(), a.labels.end());
    if (labels_.size() != a.labels.size()) fail(a.pos, "a state label is listed twice");
    env.labels = &labels_;
    expect_bool(*a.expr, env, std::string("a ") + keyword(a.kind));
    scopes_.clear();
  }

  void check(Function &f) {
    scopes_.assign(1, {});
    declared_.clear();
    labels_.clear();
    for (const auto &b : f.params) {
      check_value_type(b.type, b.pos, "a parameter");
      if (!declared_.insert(b.name).second) fail(b.pos, "duplicate parameter '" + b.name + "'");
      push(b.name, VarInfo{b.type, VarRef::Param});
    }
    if (f.ret.is_ptr() && f.ret.pointee().is_unit())
      fail(f.pos, "invalid result type " + f.ret.str());
    for (auto &c : f.contract)
      contract_clause(f, c);
    if (f.body) {
      collect_labels(*f.body);
      scopes_.emplace_back();
      block(f, *f.body);
    }
    scopes_.clear();
  }

  void contract_clause(const Function &f, Annotation &a) {
    Env env;
    env.logic = true;
    env.fn = &f;
    switch (a.kind) {
    case AnnotKind::Requires:
    case AnnotKind::Typically:
      expect_bool(*a.expr, env, std::string("a ") + keyword(a.kind) + " clause");
      break;
    case AnnotKind::Ensures:
      env.allow_result = !f.ret.is_unit();
      env.allow_old = true;
      expect_bool(*a.expr, env, "a postcondition");
      break;
    default: // writes
      for (auto &l : a.locs) {
        check_location(l, env, false);
        if (l.kind == Location::Kind::Var && l.ref != VarRef::Global)
          fail(l.pos, "a function contract cannot write the parameter '" + l.var +
                          "': only globals and memory outlive the call");
      }
    }
  }

  void collect_labels(const Block &b) {
    for (const auto &s : b) {
      if (s->kind == StmtKind::Label && !labels_.insert(s->name).second)
        fail(s->pos, "duplicate label '" + s->name + "'");
      collect_labels(s->body);
      collect_labels(s->else_body);
    }
  }

  Env code_env(const Function &f) const {
    Env env;
    env.fn = &f;
    return env;
  }

  Env annot_env(const Function &f, bool in_loop) const {
    Env env;
    env.logic = true;
    env.fn = &f;
    env.allow_old = true;
    env.labels = &labels_;
    env.in_loop_annot = in_loop;
    return env;
  }

  void block(const Function &f, Block &b) {
    scopes_.emplace_back();
    for (auto &s : b)
      stmt(f, *s);
    scopes_.pop_back();
  }

  void assignable(Expr &lhs, const Env &env) {
    if (lhs.kind == ExprKind::Var) {
      const VarInfo v = resolve(lhs.name, lhs.pos, env);
      if (v.is_array) fail(lhs.pos, "cannot assign to the array '" + lhs.name + "'");
    } else if (lhs.kind != ExprKind::Deref) {
      fail(lhs.pos, "cannot assign to this expression: a variable or a memory cell is expected");
    }
    check(lhs, env);
  }

  void stmt(const Function &f, Stmt &s) {
    const Env env = code_env(f);
    switch (s.kind) {
    case StmtKind::VarDecl:
      check_value_type(s.type, s.pos, "a variable");
      if (!declared_.insert(s.name).second)
        fail(s.pos, "'" + s.name + "' is already declared in this function");
      if (s.array_len && s.rhs) fail(s.pos, "an array declaration cannot have an initialiser");
      // Checked before the name is declared: the length cannot speak of its own array.
      if (s.array_len) expect_numeric(*s.array_len, env, std::nullopt, "an array length");
      if (s.rhs) expect(*s.rhs, s.type, env, "the initialiser");
      push(s.name, VarInfo{s.array_len ? Type::pointer(s.type) : s.type, VarRef::Local,
                           s.array_len != nullptr});
      break;
    case StmtKind::Assign:
      assignable(*s.lhs, env);
      expect(*s.rhs, s.lhs->type, env, "the assigned value");
      break;
    case StmtKind::If:
      expect_bool(*s.cond, env, "the condition");
      block(f, s.body);
      block(f, s.else_body);
      break;
    case StmtKind::While:
      expect_bool(*s.cond, env, "the loop condition");
      loop_annotations(f, s);
      ++loop_depth_;
      block(f, s.body);
      --loop_depth_;
      break;
    case StmtKind::Break:
    case StmtKind::Continue:
      if (loop_depth_ == 0)
        fail(s.pos,
             std::string(s.kind == StmtKind::Break ? "'break'" : "'continue'") + " outside a loop");
      break;
    case StmtKind::Return:
      if (f.ret.is_unit() && s.rhs)
        fail(s.pos, "'" + f.name + "' has no result: return without a value");
      if (!f.ret.is_unit() && !s.rhs)
        fail(s.pos, "'" + f.name + "' must return a value of type " + f.ret.str());
      if (s.rhs) expect(*s.rhs, f.ret, env, "the returned value");
      break;
    case StmtKind::Call:
      call(s, env);
      break;
    case StmtKind::Assert:
    case StmtKind::Assume:
      expect_bool(*s.annots.front().expr, annot_env(f, false),
                  s.kind == StmtKind::Assert ? "an assertion" : "an assumption");
      break;
    case StmtKind::Havoc:
      for (auto &l : s.locs)
        check_location(l, env, false);
      break;
    case StmtKind::Label:
      break;
    case StmtKind::Block:
      block(f, s.body);
      break;
    }
  }

  void loop_annotations(const Function &f, Stmt &s) {
    const Env env = annot_env(f, true);
    for (auto &a : s.annots) {
      if (a.kind == AnnotKind::Invariant)
        expect_bool(*a.expr, env, "a loop invariant");
      else if (a.kind == AnnotKind::Variant)
        expect_numeric(*a.expr, env, std::nullopt, "a loop variant");
      else
        for (auto &l : a.locs)
          check_location(l, env, false);
    }
  }

  void call(Stmt &s, const Env &env) {
    const Function *callee = p_.function(s.callee);
    if (!callee) {
      if (p_.logic(s.callee))
        fail(s.pos, "'" + s.callee + "' is a logic function: it cannot be called from code");
      fail(s.pos, "unknown function '" + s.callee + "'");
    }
    if (callee->params.size() != s.args.size())
      fail(s.pos, "'" + s.callee + "' expects " + std::to_string(callee->params.size()) +
                      " arguments, not " + std::to_string(s.args.size()));
    for (size_t i = 0; i < s.args.size(); ++i)
      expect(*s.args[i], callee->params[i].type, env, "argument " + std::to_string(i + 1));
    if (!s.lhs) return;
    if (callee->ret.is_unit()) fail(s.pos, "'" + s.callee + "' has no result to assign");
    assignable(*s.lhs, env);
    if (s.lhs->type != callee->ret)
      fail(s.lhs->pos, "the result of '" + s.callee + "' has type " + callee->ret.str() +
                           " but the target has type " + s.lhs->type.str());
  }
};

std::string kind_word(AnnotKind k) {
  return k == AnnotKind::LoopWrites ? "loop_writes" : std::string(keyword(k));
}

void assign_block_ids(Block &b, const std::string &prefix, std::map<std::string, int> &count) {
  for (auto &s : b) {
    for (auto &a : s->annots)
      if (a.id.empty())
        a.id = prefix + kind_word(a.kind) + std::to_string(++count[kind_word(a.kind)]);
    assign_block_ids(s->body, prefix, count);
    assign_block_ids(s->else_body, prefix, count);
  }
}

} // namespace

void assign_ids(Program &p) {
  std::map<std::string, int> global_count;
  for (auto &d : p.decls) {
    if (auto *a = std::get_if<std::shared_ptr<Annotation>>(&d); a && (*a)->id.empty())
      (*a)->id = kind_word((*a)->kind) + std::to_string(++global_count[kind_word((*a)->kind)]);
    if (auto *f = std::get_if<std::shared_ptr<Function>>(&d)) {
      std::map<std::string, int> count;
      const std::string prefix = (*f)->name + ".";
      for (auto &c : (*f)->contract)
        if (c.id.empty())
          c.id = prefix + kind_word(c.kind) + std::to_string(++count[kind_word(c.kind)]);
      if ((*f)->body) assign_block_ids(*(*f)->body, prefix, count);
    }
  }
}

void typecheck(Program &p) {
  assign_ids(p);
  Checker(p).run();
}

} // namespace triage::ir
