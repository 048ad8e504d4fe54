// Statements. Each one costs a step; assertions, assumptions and labels are checked or recorded
// where they stand; loops and calls go to loop.cpp and call.cpp, which apply the policy.
#include "rac/machine.hpp"

#include "ir/printer.hpp"

namespace triage::rac {

using ir::GoalKind;
using ir::StmtKind;

namespace {

std::string call_text(const ir::Stmt &s) {
  std::string t = (s.lhs ? ir::print(*s.lhs) + " := " : std::string()) + "call " + s.callee + "(";
  for (size_t i = 0; i < s.args.size(); ++i)
    t += (i ? ", " : "") + ir::print(*s.args[i]);
  return t + ")";
}

} // namespace

Flow Machine::exec_block(const ir::Block &b) {
  for (const auto &s : b) {
    const Flow f = exec(*s);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

void Machine::declare(const ir::Stmt &s) {
  Frame &f = top();
  if (!f.vars.count(s.name)) f.order.push_back(s.name);
  if (s.array_len) {
    const Value n = array_length(s);
    // Declared again (in a loop): the previous array's scope has ended.
    if (auto it = f.array_of.find(&s); it != f.array_of.end()) mem_.kill(it->second);
    // Past the limit the count is only needed to say so: one more cell than allowed.
    const size_t len = n.num > BigInt(cfg_.cell_limit) ? cfg_.cell_limit + 1
                       : n.num < 0                     ? 0
                                                       : size_t(n.num);
    check_cells(len, "the array '" + s.name + "'");
    const int id = mem_.create(s.name, s.type, len);
    if (n.sym) mem_.set_shadow(id, nullptr, n.sym); // accesses decide their bounds against n
    f.local_blocks.push_back(id);
    f.array_of.insert_or_assign(&s, id);
    f.types.insert_or_assign(s.name, ir::Type::pointer(s.type));
    f.vars.insert_or_assign(s.name, Value::pointer(id, 0));
    return;
  }
  // An uninitialised variable holds the default value of its type (0, false, null).
  Value v = s.rhs ? eval(*s.rhs, code_ctx()) : default_value(s.type);
  f.types.insert_or_assign(s.name, s.type);
  f.vars.insert_or_assign(s.name, std::move(v));
}

Value Machine::array_length(const ir::Stmt &s) {
  const Value n = eval(*s.array_len, code_ctx());
  if (s.array_len->kind == ir::ExprKind::IntLit) return n; // no check, as in vcgen (array_length)
  // A variable length must be positive (C99 6.7.6.2).
  if (n.sym) decide(term::mk_lt(term::mk_int(0), n.sym), n.num > 0);
  if (n.num <= 0)
    rte(GoalKind::RteMemory, "the array '" + s.name + "' is declared with length " + n.num.str());
  return n;
}

void Machine::store(const ir::Expr &lhs, const Value &value) {
  const Value v = shallow(value);
  if (lhs.kind == ir::ExprKind::Var) {
    if (lhs.ref == ir::VarRef::Global)
      globals_.insert_or_assign(lhs.name, v);
    else
      top().vars.insert_or_assign(lhs.name, v);
    return;
  }
  const Value p = eval(*lhs.args[0], code_ctx());
  if (access(mem_, p) != Memory::Access::Ok)
    rte(GoalKind::RteMemory, "'" + ir::print(lhs) + "' writes " + describe_access(p, mem_));
  write(p, v);
}

std::optional<bool> Machine::eval_checked(const ir::Expr &e, Ctx c, std::string &why) {
  c.checked = true;
  const size_t bound = bound_.size();
  try {
    return eval_bool(e, c);
  } catch (Undefined &u) {
    bound_.resize(bound);
    // In total logic the annotation has a value there, one no run can know.
    if (p_.total_logic)
      not_executable("in total logic (--total-logic) its value is not known: " + u.reason, c);
    why = "it cannot be evaluated: " + u.reason;
    return std::nullopt;
  }
}

std::optional<bool> Machine::eval_check_only(const ir::Expr &e, Ctx c, std::string &why) {
  if (!cfg_.pass_unexecutable_checks) return eval_checked(e, c, why);
  if (unexecutable_.count(&e)) return true;
  const size_t bound = bound_.size();
  try {
    return eval_checked(e, c, why);
  } catch (const Stop &s) {
    if (s.outcome.kind != OutcomeKind::NotExecutable) throw;
    bound_.resize(bound);
    unexecutable_.insert(&e);
    return true;
  }
}

void Machine::check_assertion(const ir::Annotation &a, GoalKind kind) {
  std::string why;
  if (!eval_check_only(*a.expr, annot_ctx(a), why).value_or(false))
    fail_annot(kind, a, top().fn->name, why, !why.empty());
}

Flow Machine::exec(const ir::Stmt &s) {
  cur_at_ = loc(s);
  tick();
  switch (s.kind) {
  case StmtKind::VarDecl:
    declare(s);
    if (tracing()) trace("var " + s.name + (s.rhs ? " = " + ir::print(*s.rhs) : std::string()));
    return Flow::Normal;
  case StmtKind::Assign: {
    const Value v = eval(*s.rhs, code_ctx());
    store(*s.lhs, v);
    if (tracing()) trace(ir::print(*s.lhs) + " := " + ir::print(*s.rhs));
    return Flow::Normal;
  }
  case StmtKind::If: {
    const bool b = eval_bool(*s.cond, code_ctx());
    oracle_.on_branch(*s.cond, b);
    if (tracing()) trace("if " + ir::print(*s.cond) + ": " + (b ? "true" : "false"));
    return exec_block(b ? s.body : s.else_body);
  }
  case StmtKind::While:
    if (auto f = run_compiled(s)) return *f;
    return exec_loop(s);
  case StmtKind::Break:
    if (tracing()) trace("break");
    return Flow::Break;
  case StmtKind::Continue:
    if (tracing()) trace("continue");
    return Flow::Continue;
  case StmtKind::Return:
    returned_.reset();
    if (s.rhs) returned_ = eval(*s.rhs, code_ctx());
    if (tracing()) trace("return" + (s.rhs ? " " + ir::print(*s.rhs) : std::string()), returned_);
    return Flow::Return;
  case StmtKind::Call:
    exec_call(s);
    if (tracing()) trace(call_text(s));
    return Flow::Normal;
  case StmtKind::Assert:
    check_assertion(s.annots.front(), GoalKind::Assertion);
    if (tracing()) trace("assert " + ir::print(*s.annots.front().expr) + ": true");
    return Flow::Normal;
  case StmtKind::Assume: {
    const ir::Annotation &a = s.annots.front();
    if (!eval_bool(*a.expr, annot_ctx(a)))
      stop(OutcomeKind::Stuck,
           "the assumption " + a.id + (a.name.empty() ? "" : " (" + a.name + ")") +
               " is false: the run is cut off",
           loc(a));
    return Flow::Normal;
  }
  case StmtKind::Havoc:
    havoc(s);
    return Flow::Normal;
  case StmtKind::Label:
    top().labels.insert_or_assign(s.name, snapshot());
    return Flow::Normal;
  case StmtKind::Block:
    return exec_block(s.body);
  }
  return Flow::Normal;
}

} // namespace triage::rac
