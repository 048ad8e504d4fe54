#include "ir/printer.hpp"

#include <sstream>

namespace triage::ir {

namespace {

// Binding strength of each form, loosest first; the printer parenthesises an operand whose
// form binds more loosely than its place requires.
enum Prec {
  P_PREFIX = 0, // quantifiers, let, if-then-else: their body extends to the right
  P_IFF,
  P_IMPLIES,
  P_OR,
  P_AND,
  P_CMP,
  P_BITOR,
  P_BITXOR,
  P_BITAND,
  P_SHIFT,
  P_ADD,
  P_MUL,
  P_UNARY,
  P_POSTFIX,
};

Prec prec(BinOp op) {
  switch (op) {
  case BinOp::Iff:
    return P_IFF;
  case BinOp::Implies:
    return P_IMPLIES;
  case BinOp::Or:
    return P_OR;
  case BinOp::And:
    return P_AND;
  case BinOp::Eq:
  case BinOp::Ne:
  case BinOp::Lt:
  case BinOp::Le:
  case BinOp::Gt:
  case BinOp::Ge:
    return P_CMP;
  case BinOp::BitOr:
    return P_BITOR;
  case BinOp::BitXor:
    return P_BITXOR;
  case BinOp::BitAnd:
    return P_BITAND;
  case BinOp::Shl:
  case BinOp::Shr:
    return P_SHIFT;
  case BinOp::Add:
  case BinOp::Sub:
    return P_ADD;
  default:
    return P_MUL;
  }
}

Prec prec(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Binary:
    return prec(e.binop);
  case ExprKind::Unary:
    return P_UNARY;
  case ExprKind::IntLit:
    return e.value < 0 ? P_UNARY : P_POSTFIX;
  case ExprKind::Deref:
    return e.args[0]->kind == ExprKind::Binary && e.args[0]->binop == BinOp::Add ? P_POSTFIX
                                                                                 : P_UNARY;
  case ExprKind::Quant:
  case ExprKind::Let:
  case ExprKind::Ite:
    return P_PREFIX;
  default:
    return P_POSTFIX;
  }
}

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// `{K, L}` after the name of a definition over several states or of its application.
std::string state_labels(const std::vector<std::string> &labels) {
  std::string out;
  for (const std::string &l : labels)
    out += (out.empty() ? "{" : ", ") + l;
  return out.empty() ? out : out + "}";
}

std::string at_least(const Expr &e, int min) {
  std::string s = print(e);
  // A prefix form inside an operand is always parenthesised: its body would swallow what follows.
  return prec(e) < min || (prec(e) == P_PREFIX && min > P_PREFIX) ? "(" + s + ")" : s;
}

std::string join(const std::vector<ExprPtr> &es) {
  std::string out;
  for (size_t i = 0; i < es.size(); ++i)
    out += (i ? ", " : "") + print(*es[i]);
  return out;
}

std::string binary(const Expr &e) {
  const int p = prec(e.binop);
  int left = p, right = p + 1; // left-associative
  if (e.binop == BinOp::Implies)
    left = p + 1, right = p;
  else if (p == P_CMP || p == P_IFF)
    left = p + 1;
  return at_least(*e.args[0], left) + " " + symbol(e.binop) + " " + at_least(*e.args[1], right);
}

class StmtPrinter {
public:
  explicit StmtPrinter(std::ostringstream &out) : out_(out) {}

  void block(const Block &b, int depth) {
    out_ << "{\n";
    for (const auto &s : b)
      stmt(*s, depth + 1);
    indent(depth);
    out_ << "}";
  }

  void stmt(const Stmt &s, int depth) {
    indent(depth);
    if (s.src) out_ << print(*s.src) << " ";
    body(s, depth);
    out_ << "\n";
  }

  void annotation(const Annotation &a, int depth, bool own_line) {
    if (own_line) indent(depth);
    out_ << keyword(a.kind) << state_labels(a.labels);
    if (!a.id.empty()) out_ << " #" << a.id;
    if (!a.name.empty()) out_ << " " << quote(a.name);
    if (a.src) out_ << " " << print(*a.src);
    out_ << " { ";
    if (a.kind == AnnotKind::Writes || a.kind == AnnotKind::LoopWrites) {
      for (size_t i = 0; i < a.locs.size(); ++i)
        out_ << (i ? ", " : "") << print(a.locs[i]);
    } else {
      out_ << print(*a.expr);
    }
    out_ << (a.locs.empty() && !a.expr ? "}" : " }");
    if (own_line) out_ << "\n";
  }

  void indent(int depth) { out_ << std::string(2 * depth, ' '); }

private:
  std::ostringstream &out_;

  void body(const Stmt &s, int depth) {
    switch (s.kind) {
    case StmtKind::VarDecl:
      out_ << "var " << s.name << " : " << s.type.str();
      if (s.array_len) out_ << "[" << print(*s.array_len) << "]";
      if (s.rhs) out_ << " = " << print(*s.rhs);
      out_ << ";";
      break;
    case StmtKind::Assign:
      out_ << print(*s.lhs) << " := " << print(*s.rhs) << ";";
      break;
    case StmtKind::Call:
      if (s.lhs) out_ << print(*s.lhs) << " := ";
      out_ << "call " << s.callee << "(" << join(s.args) << ");";
      break;
    case StmtKind::If:
      if_chain(s, depth);
      break;
    case StmtKind::While:
      out_ << "while " << print(*s.cond) << "\n";
      for (const auto &a : s.annots)
        annotation(a, depth + 1, true);
      indent(depth);
      block(s.body, depth);
      break;
    case StmtKind::Break:
      out_ << "break;";
      break;
    case StmtKind::Continue:
      out_ << "continue;";
      break;
    case StmtKind::Return:
      out_ << "return" << (s.rhs ? " " + print(*s.rhs) : std::string()) << ";";
      break;
    case StmtKind::Assert:
    case StmtKind::Assume:
      annotation(s.annots.front(), depth, false);
      break;
    case StmtKind::Havoc:
      out_ << "havoc ";
      for (size_t i = 0; i < s.locs.size(); ++i)
        out_ << (i ? ", " : "") << print(s.locs[i]);
      out_ << ";";
      break;
    case StmtKind::Label:
      out_ << "label " << s.name << ";";
      break;
    case StmtKind::Block:
      block(s.body, depth);
      break;
    }
  }

  void if_chain(const Stmt &s, int depth) {
    out_ << "if " << print(*s.cond) << " ";
    block(s.body, depth);
    if (s.else_body.empty()) return;
    out_ << " else ";
    // `else if` only when the nested if carries nothing the chain form would lose.
    const auto &e = s.else_body;
    if (e.size() == 1 && e[0]->kind == StmtKind::If && !e[0]->src)
      if_chain(*e[0], depth);
    else
      block(e, depth);
  }
};

std::string params(const std::vector<Binder> &ps) {
  std::string out = "(";
  for (size_t i = 0; i < ps.size(); ++i)
    out += (i ? ", " : "") + ps[i].name + ": " + ps[i].type.str();
  return out + ")";
}

std::string decl_loc(const std::optional<SrcLoc> &src) {
  return src ? " " + print(*src) : "";
}

} // namespace

const char *symbol(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "+";
  case BinOp::Sub:
    return "-";
  case BinOp::Mul:
    return "*";
  case BinOp::Div:
    return "/";
  case BinOp::Mod:
    return "%";
  case BinOp::Shl:
    return "<<";
  case BinOp::Shr:
    return ">>";
  case BinOp::BitAnd:
    return "&";
  case BinOp::BitOr:
    return "|";
  case BinOp::BitXor:
    return "^";
  case BinOp::Eq:
    return "=";
  case BinOp::Ne:
    return "<>";
  case BinOp::Lt:
    return "<";
  case BinOp::Le:
    return "<=";
  case BinOp::Gt:
    return ">";
  case BinOp::Ge:
    return ">=";
  case BinOp::And:
    return "&&";
  case BinOp::Or:
    return "||";
  case BinOp::Implies:
    return "->";
  case BinOp::Iff:
    return "<->";
  }
  return "?";
}

std::string print(const SrcLoc &l) {
  return "@" + quote(l.file) + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::string print(const Location &l, bool as_pointer_set) {
  if (l.kind == Location::Kind::Var) return l.var;
  if (as_pointer_set) {
    if (l.hi) return at_least(*l.ptr, P_ADD) + " + (" + print(*l.lo) + " .. " + print(*l.hi) + ")";
    if (l.lo) return at_least(*l.ptr, P_ADD) + " + " + at_least(*l.lo, P_MUL);
    return print(*l.ptr);
  }
  if (!l.lo) return "*" + at_least(*l.ptr, P_UNARY);
  std::string index = print(*l.lo) + (l.hi ? " .. " + print(*l.hi) : "");
  return at_least(*l.ptr, P_POSTFIX) + "[" + index + "]";
}

std::string print(const Expr &e) {
  switch (e.kind) {
  case ExprKind::IntLit:
    return e.value.str();
  case ExprKind::BoolLit:
    return e.bval ? "true" : "false";
  case ExprKind::Null:
    return "null";
  case ExprKind::Var:
    return e.name;
  case ExprKind::Result:
    return "result";
  case ExprKind::Unary: {
    const char *op = e.unop == UnOp::Neg ? "-" : e.unop == UnOp::Not ? "not " : "~";
    return op + at_least(*e.args[0], P_UNARY);
  }
  case ExprKind::Binary:
    return binary(e);
  case ExprKind::Ite:
    return "if " + print(*e.args[0]) + " then " + print(*e.args[1]) + " else " + print(*e.args[2]);
  case ExprKind::Let:
    return "let " + e.name + " = " + print(*e.args[0]) + " in " + print(*e.args[1]);
  case ExprKind::Quant: {
    std::string out = e.bval ? "forall " : "exists ";
    for (size_t i = 0; i < e.binders.size(); ++i)
      out += (i ? ", " : "") + e.binders[i].name + ": " + e.binders[i].type.str();
    return out + ". " + print(*e.args[0]);
  }
  case ExprKind::Old:
    return "old(" + print(*e.args[0]) + ")";
  case ExprKind::At:
    return "at(" + print(*e.args[0]) + ", " + e.name + ")";
  case ExprKind::App:
    return e.name + state_labels(e.labels) + "(" + join(e.args) + ")";
  case ExprKind::Cast:
    return e.cast_to.str() + "(" + print(*e.args[0]) + ")";
  case ExprKind::Deref: {
    const Expr &target = *e.args[0];
    if (target.kind == ExprKind::Binary && target.binop == BinOp::Add)
      return at_least(*target.args[0], P_POSTFIX) + "[" + print(*target.args[1]) + "]";
    return "*" + at_least(target, P_UNARY);
  }
  case ExprKind::Valid:
  case ExprKind::Separated: {
    std::string out = e.kind == ExprKind::Separated ? "separated("
                      : e.read_only                 ? "valid_read("
                                                    : "valid(";
    for (size_t i = 0; i < e.locs.size(); ++i)
      out += (i ? ", " : "") + print(e.locs[i], true);
    return out + ")";
  }
  case ExprKind::SameObject: {
    std::string out = "same_object(";
    for (size_t i = 0; i < e.locs.size(); ++i)
      out += (i ? ", " : "") + print(e.locs[i], true);
    return out + ")";
  }
  case ExprKind::Range:
    return "(" + print(*e.args[0]) + " .. " + print(*e.args[1]) + ")";
  }
  return "?";
}

std::string print(const Program &p) {
  std::ostringstream out;
  StmtPrinter sp(out);
  bool first = true;
  for (const auto &d : p.decls) {
    if (!first) out << "\n";
    first = false;
    if (auto *g = std::get_if<std::shared_ptr<Global>>(&d)) {
      const Global &gl = **g;
      out << "global" << decl_loc(gl.src) << " " << gl.name << " : " << gl.type.str();
      if (gl.array_len) out << "[" << *gl.array_len << "]";
      out << "\n";
    } else if (auto *l = std::get_if<std::shared_ptr<LogicDef>>(&d)) {
      const LogicDef &ld = **l;
      out << (ld.is_predicate ? "predicate" : "function") << decl_loc(ld.src) << " " << ld.name
          << state_labels(ld.labels) << params(ld.params);
      if (!ld.is_predicate) out << " : " << ld.ret.str();
      if (ld.body) out << " =\n  " << print(*ld.body);
      out << "\n";
    } else if (auto *a = std::get_if<std::shared_ptr<Annotation>>(&d)) {
      sp.annotation(**a, 0, true);
    } else {
      const Function &f = *std::get<std::shared_ptr<Function>>(d);
      out << "fun" << decl_loc(f.src) << " " << f.name << params(f.params);
      if (!f.ret.is_unit()) out << " : " << f.ret.str();
      out << "\n";
      for (const auto &c : f.contract)
        sp.annotation(c, 1, true);
      if (f.body) {
        sp.block(*f.body, 0);
        out << "\n";
      }
    }
  }
  return out.str();
}

} // namespace triage::ir
