// From a loop of the IR to its compiled form (rac/compiled_loop.hpp): registers for the scalar
// variables the nest reads and writes, a node per expression with the operator chosen for its
// type, and the steps each statement costs, counted as rac/eval.cpp and rac/exec.cpp count them
// (one per statement, one per expression node evaluated). What does not compile is handed to
// the interpreter: an expression makes its statement Interp, a loop's condition its loop.
#include "rac/compiled_ops.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <utility>

namespace triage::rac::compiled {

namespace {

using ir::BinOp;
using ir::ExprKind;
using ir::StmtKind;
using i64 = std::int64_t;
using u64 = std::uint64_t;

/// The register representation of values of type t; nullopt for pointers and unit.
std::optional<Repr> repr_of(const ir::Type &t) {
  if (t.is_bool()) return Repr::Bool;
  if (t.is_int()) return Repr::I64;
  if (t.is_machine()) return t.bits() == 64 && !t.is_signed() ? Repr::U64 : Repr::I64;
  return std::nullopt;
}

/// All ones on `bits` bits.
i64 mask(int bits) {
  return bits >= 64 ? i64(~u64(0)) : i64((u64(1) << bits) - 1);
}

/// A compiled expression and the steps its evaluation takes: `cost` always, `max` at most.
struct Expr {
  const Node *node;
  long cost, max;
};

class Compiler {
public:
  Compiler(const ir::Program &p, const Policy &policy, Loop &out)
      : p_(p), policy_(policy), out_(out) {}

  /// The root loop; false when it cannot be compiled.
  bool root(const ir::Stmt &s) {
    if (!compilable_loop(s)) return false;
    const auto cond = expr(*s.cond, false);
    if (!cond) return false;
    out_.root = loop(s, *cond);
    return true;
  }

private:
  const ir::Program &p_;
  const Policy &policy_;
  Loop &out_;
  std::map<std::pair<std::string, bool>, int> regs_; ///< (name, global) -> register

  bool compilable_loop(const ir::Stmt &s) const {
    return s.annots.empty() && !policy_.is_giant(ir::loop_name(p_, s));
  }

  Node &node(EvalFn fn, Repr repr, const ir::Expr *src) {
    Node &n = out_.nodes.emplace_back();
    n.fn = fn;
    n.repr = repr;
    n.src = src;
    return n;
  }

  int reg(const std::string &name, bool global, const ir::Type &type) {
    auto [it, fresh] = regs_.try_emplace({name, global}, int(out_.vars.size()));
    if (fresh) {
      Var v;
      v.name = name;
      v.global = global;
      v.type = type;
      v.pointer = type.is_ptr();
      v.repr = repr_of(type).value_or(Repr::I64);
      out_.vars.push_back(std::move(v));
    }
    return it->second;
  }

  static bool is_variable(const ir::Expr &e) {
    return e.kind == ExprKind::Var && (e.ref == ir::VarRef::Local || e.ref == ir::VarRef::Param ||
                                       e.ref == ir::VarRef::Global);
  }

  // ---- statements ----
  Stmt loop(const ir::Stmt &s, const Expr &cond) {
    Stmt out = with(Stmt::Kind::While, s, cond);
    out.body = block(s.body);
    return out;
  }

  static Stmt with(Stmt::Kind kind, const ir::Stmt &s, const Expr &e, long extra = 0) {
    Stmt out;
    out.kind = kind;
    out.src = &s;
    out.e = e.node;
    out.cost = 1 + e.cost + extra;
    out.max_cost = 1 + e.max + extra;
    return out;
  }

  std::vector<Stmt> block(const ir::Block &b) {
    std::vector<Stmt> out;
    out.reserve(b.size());
    for (const auto &s : b)
      out.push_back(stmt(*s));
    return out;
  }

  Stmt interp(const ir::Stmt &s) {
    Stmt out;
    out.src = &s;
    return out;
  }

  Stmt stmt(const ir::Stmt &s) {
    using K = Stmt::Kind;
    switch (s.kind) {
    case StmtKind::VarDecl: {
      const auto r = repr_of(s.type);
      if (s.array_len || !r) return interp(s);
      std::optional<Expr> e;
      if (s.rhs && (!(e = expr(*s.rhs, false)) || e->node->repr != *r)) return interp(s);
      Stmt out = e ? with(K::Decl, s, *e) : interp(s);
      out.kind = K::Decl;
      out.reg = reg(s.name, false, s.type);
      return out;
    }
    case StmtKind::Assign:
      return assignment(s);
    case StmtKind::If: {
      const auto c = expr(*s.cond, false);
      if (!c) return interp(s);
      Stmt out = with(K::If, s, *c);
      out.body = block(s.body);
      out.else_body = block(s.else_body);
      return out;
    }
    case StmtKind::While: {
      if (!compilable_loop(s)) return interp(s);
      const auto c = expr(*s.cond, false);
      return c ? loop(s, *c) : interp(s);
    }
    case StmtKind::Break:
    case StmtKind::Continue: {
      Stmt out = interp(s);
      out.kind = s.kind == StmtKind::Break ? K::Break : K::Continue;
      return out;
    }
    case StmtKind::Return: {
      Stmt out = interp(s);
      if (s.rhs) {
        const auto e = expr(*s.rhs, false);
        if (!e) return out;
        out = with(K::Return, s, *e);
      }
      out.kind = K::Return;
      return out;
    }
    case StmtKind::Assert:
    case StmtKind::Assume: {
      const auto e = expr(*s.annots.front().expr, true);
      return e ? with(K::Check, s, *e) : interp(s);
    }
    case StmtKind::Block: {
      Stmt out = interp(s);
      out.kind = K::Block;
      out.body = block(s.body);
      return out;
    }
    case StmtKind::Call:
    case StmtKind::Havoc:
    case StmtKind::Label:
      break;
    }
    return interp(s);
  }

  Stmt assignment(const ir::Stmt &s) {
    const ir::Expr &lhs = *s.lhs;
    const auto value = expr(*s.rhs, false);
    if (!value) return interp(s);
    if (is_variable(lhs)) {
      const auto r = repr_of(lhs.type);
      if (!r || *r != value->node->repr) return interp(s); // a pointer is assigned by Interp
      Stmt out = with(Stmt::Kind::AssignVar, s, *value);
      out.reg = reg(lhs.name, lhs.ref == ir::VarRef::Global, lhs.type);
      return out;
    }
    if (lhs.kind != ExprKind::Deref) return interp(s);
    const auto cell = repr_of(lhs.type);
    const auto at = address(*lhs.args[0], false, lhs);
    if (!cell || *cell != value->node->repr || !at) return interp(s);
    Stmt out = with(Stmt::Kind::AssignCell, s, *value, at->cost);
    out.max_cost += at->max - at->cost;
    out.cell = at->node;
    out.cell_repr = *cell;
    return out;
  }

  // ---- expressions ----
  std::optional<Expr> expr(const ir::Expr &e, bool logic) {
    switch (e.kind) {
    case ExprKind::IntLit:
      return literal(e);
    case ExprKind::BoolLit: {
      Node &n = node(ops::literal, Repr::Bool, &e);
      n.shape = Node::Shape::Const;
      n.k = e.bval ? 1 : 0;
      return Expr{&n, 1, 1};
    }
    case ExprKind::Var: {
      const auto r = repr_of(e.type);
      if (!is_variable(e) || !r) return std::nullopt;
      Node &n = node(ops::reg, *r, &e);
      n.shape = Node::Shape::Reg;
      n.k = reg(e.name, e.ref == ir::VarRef::Global, e.type);
      return Expr{&n, 1, 1};
    }
    case ExprKind::Unary:
      return unary(e, logic);
    case ExprKind::Binary:
      return binary(e, logic);
    case ExprKind::Ite:
      return ite(e, logic);
    case ExprKind::Cast:
      return cast(e, logic);
    case ExprKind::Deref: {
      if (!repr_of(e.type)) return std::nullopt;
      const auto at = address(*e.args[0], true, e);
      if (!at) return std::nullopt;
      return Expr{at->node, 1 + at->cost, 1 + at->max};
    }
    default:
      return std::nullopt;
    }
  }

  std::optional<Expr> literal(const ir::Expr &e) {
    const auto r = repr_of(e.type);
    if (!r || *r == Repr::Bool) return std::nullopt;
    Node &n = node(ops::literal, *r, &e);
    n.shape = Node::Shape::Const;
    if (*r == Repr::U64) {
      if (e.value < 0 || e.value > std::numeric_limits<u64>::max()) return std::nullopt;
      n.k = i64(static_cast<u64>(e.value));
    } else {
      if (e.value < std::numeric_limits<i64>::min() || e.value > std::numeric_limits<i64>::max())
        return std::nullopt;
      n.k = static_cast<i64>(e.value);
    }
    return Expr{&n, 1, 1};
  }

  /// `x` read as an exact integer (a uint64 past 2^63 is the interpreter's).
  Expr exact(const Expr &x) {
    if (x.node->repr != Repr::U64) return x;
    Node &n = node(ops::exact_of_u64, Repr::I64, x.node->src);
    n.a = x.node;
    return Expr{&n, x.cost, x.max};
  }

  /// The address of a cell: a pointer variable, plus or minus an index. `read`: a node that
  /// reads the cell (else one that computes its offset, Stmt::cell).
  std::optional<Expr> address(const ir::Expr &e, bool read, const ir::Expr &src) {
    const ir::Expr *base = &e;
    std::optional<Expr> index;
    unsigned flags = 0;
    long cost = 1, max = 1;
    if (e.kind == ExprKind::Binary && (e.binop == BinOp::Add || e.binop == BinOp::Sub)) {
      base = e.args[0].get();
      index = expr(*e.args[1], false);
      if (!index || index->node->repr == Repr::Bool) return std::nullopt;
      index = exact(*index);
      flags = e.binop == BinOp::Sub ? 1 : 0;
      cost = 2 + index->cost;
      max = 2 + index->max;
    }
    if (!is_variable(*base) || !base->type.is_ptr()) return std::nullopt;
    const Node *i = index ? index->node : nullptr;
    Node &n = node(read ? ops::pick_index<ops::ReadFn>(i) : ops::pick_index<ops::OffsetFn>(i),
                   read ? repr_of(src.type).value_or(Repr::I64) : Repr::I64, &src);
    n.k = reg(base->name, base->ref == ir::VarRef::Global, base->type);
    n.a = i;
    n.flags = flags;
    return Expr{&n, cost, max};
  }

  std::optional<Expr> unary(const ir::Expr &e, bool logic) {
    auto a = expr(*e.args[0], logic);
    if (!a) return std::nullopt;
    const ir::Type &t = e.type;
    if (e.unop == ir::UnOp::Not) {
      Node &n = node(ops::logical_not, Repr::Bool, &e);
      n.a = a->node;
      return Expr{&n, 1 + a->cost, 1 + a->max};
    }
    if (a->node->repr == Repr::Bool || !t.is_numeric()) return std::nullopt;
    const auto r = repr_of(t);
    if (e.unop == ir::UnOp::BitNot) {
      const bool modular = t.is_machine() && !t.is_signed();
      const Expr x = modular ? *a : exact(*a);
      Node &n = node(ops::bit_not, modular ? *r : Repr::I64, &e);
      n.a = x.node;
      if (modular) {
        n.flags = 4;
        n.hi = mask(t.bits());
      }
      return Expr{&n, 1 + a->cost, 1 + a->max};
    }
    // Negation: modulo 2^bits for an unsigned type in code, exact or checked otherwise.
    if (!logic && t.is_machine() && !t.is_signed()) {
      Node &n = node(ops::neg_unsigned, *r, &e);
      n.a = a->node;
      n.hi = mask(t.bits());
      return Expr{&n, 1 + a->cost, 1 + a->max};
    }
    const Expr x = exact(*a);
    Node &n = node(ops::neg_signed, Repr::I64, &e);
    n.a = x.node;
    set_signed_range(n, t, logic);
    return Expr{&n, 1 + a->cost, 1 + a->max};
  }

  /// A signed result's range: its machine type's in code, all of int64 for exact integers.
  static void set_signed_range(Node &n, const ir::Type &t, bool logic) {
    n.lo = std::numeric_limits<i64>::min();
    n.hi = std::numeric_limits<i64>::max();
    if (!logic && t.is_machine()) {
      n.lo = static_cast<i64>(t.min_value());
      n.hi = static_cast<i64>(t.max_value());
    }
  }

  std::optional<Expr> binary(const ir::Expr &e, bool logic) {
    auto a = expr(*e.args[0], logic);
    auto b = a ? expr(*e.args[1], logic) : std::nullopt;
    if (!a || !b) return std::nullopt;
    switch (e.binop) {
    case BinOp::And:
    case BinOp::Or:
    case BinOp::Implies: {
      Node &n = node(e.binop == BinOp::And  ? ops::logical_and
                     : e.binop == BinOp::Or ? ops::logical_or
                                            : ops::implies,
                     Repr::Bool, &e);
      n.a = a->node;
      n.b = b->node;
      n.cost_b = int(b->cost);
      return Expr{&n, 1 + a->cost, 1 + a->max + b->max};
    }
    case BinOp::Iff: {
      Node &n = node(ops::iff, Repr::Bool, &e);
      n.a = a->node;
      n.b = b->node;
      return Expr{&n, 1 + a->cost + b->cost, 1 + a->max + b->max};
    }
    default:
      break;
    }
    const Node *made = e.binop >= BinOp::Eq ? comparison(e, *a, *b) : arithmetic(e, *a, *b, logic);
    if (!made) return std::nullopt;
    return Expr{made, 1 + a->cost + b->cost, 1 + a->max + b->max};
  }

  template <class Op> Node &make(const ir::Expr &e, Repr repr, const Expr &a, const Expr &b) {
    Node &n = node(ops::pick<Op>(*a.node, *b.node), repr, &e);
    n.a = a.node;
    n.b = b.node;
    return n;
  }

  const Node *comparison(const ir::Expr &e, Expr a, Expr b) {
    const Repr ra = a.node->repr, rb = b.node->repr;
    if (ra == Repr::Bool || rb == Repr::Bool)
      return e.binop == BinOp::Eq ? &make<ops::EqTruth>(e, Repr::Bool, a, b)
                                  : &make<ops::NeTruth>(e, Repr::Bool, a, b);
    const bool u = ra == Repr::U64 && rb == Repr::U64;
    if (!u) { // both exact: a uint64 past 2^63 is the interpreter's
      a = exact(a);
      b = exact(b);
    }
    switch (e.binop) {
    case BinOp::Eq:
      return &make<ops::Eq>(e, Repr::Bool, a, b);
    case BinOp::Ne:
      return &make<ops::Ne>(e, Repr::Bool, a, b);
    case BinOp::Lt:
      return u ? &make<ops::LtU>(e, Repr::Bool, a, b) : &make<ops::LtS>(e, Repr::Bool, a, b);
    case BinOp::Le:
      return u ? &make<ops::LeU>(e, Repr::Bool, a, b) : &make<ops::LeS>(e, Repr::Bool, a, b);
    case BinOp::Gt:
      return u ? &make<ops::GtU>(e, Repr::Bool, a, b) : &make<ops::GtS>(e, Repr::Bool, a, b);
    default:
      return u ? &make<ops::GeU>(e, Repr::Bool, a, b) : &make<ops::GeS>(e, Repr::Bool, a, b);
    }
  }

  const Node *arithmetic(const ir::Expr &e, Expr a, Expr b, bool logic) {
    const ir::Type &t = e.type;
    if (a.node->repr == Repr::Bool || b.node->repr == Repr::Bool || !t.is_numeric())
      return nullptr; // pointer arithmetic is only compiled in addresses
    switch (e.binop) {
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor:
      return bitwise(e, a, b);
    case BinOp::Shl:
    case BinOp::Shr:
      return shift(e, a, b, logic);
    default:
      break;
    }
    // Modulo 2^bits: unsigned machine arithmetic in code.
    if (!logic && t.is_machine() && !t.is_signed()) {
      const Repr r = *repr_of(t);
      Node *n = nullptr;
      switch (e.binop) {
      case BinOp::Add:
        n = &make<ops::AddU>(e, r, a, b);
        break;
      case BinOp::Sub:
        n = &make<ops::SubU>(e, r, a, b);
        break;
      case BinOp::Mul:
        n = &make<ops::MulU>(e, r, a, b);
        break;
      case BinOp::Div:
        n = &make<ops::DivU>(e, r, a, b);
        break;
      default:
        n = &make<ops::ModU>(e, r, a, b);
        break;
      }
      n->hi = mask(t.bits());
      n->flags = (a.node->repr == Repr::I64 ? 1u : 0u) | (b.node->repr == Repr::I64 ? 2u : 0u);
      return n;
    }
    // Checked: a signed machine type in code, exact integers otherwise.
    a = exact(a);
    b = exact(b);
    Node *n = nullptr;
    switch (e.binop) {
    case BinOp::Add:
      n = &make<ops::AddS>(e, Repr::I64, a, b);
      break;
    case BinOp::Sub:
      n = &make<ops::SubS>(e, Repr::I64, a, b);
      break;
    case BinOp::Mul:
      n = &make<ops::MulS>(e, Repr::I64, a, b);
      break;
    case BinOp::Div:
      n = &make<ops::DivS>(e, Repr::I64, a, b);
      break;
    default:
      n = &make<ops::ModS>(e, Repr::I64, a, b);
      break;
    }
    set_signed_range(*n, t, logic);
    return n;
  }

  /// Bitwise operators work on the type's bits when it is a machine type (in logic too, as the
  /// interpreter does), on exact two's complement integers otherwise.
  const Node *bitwise(const ir::Expr &e, Expr a, Expr b) {
    const ir::Type &t = e.type;
    const bool machine = t.is_machine();
    if (!machine) {
      a = exact(a);
      b = exact(b);
    }
    const Repr r = machine ? *repr_of(t) : Repr::I64;
    Node &n = e.binop == BinOp::BitAnd  ? make<ops::BitAnd>(e, r, a, b)
              : e.binop == BinOp::BitOr ? make<ops::BitOr>(e, r, a, b)
                                        : make<ops::BitXor>(e, r, a, b);
    if (!machine) {
      n.flags = 8;
    } else {
      n.k = t.bits();
      n.hi = mask(t.bits());
      if (!t.is_signed()) n.flags = 4;
    }
    return &n;
  }

  const Node *shift(const ir::Expr &e, Expr a, Expr b, bool logic) {
    const ir::Type &t = e.type;
    const bool code_machine = !logic && t.is_machine();
    if (!code_machine) a = exact(a);
    Node &n = node(ops::shift, code_machine ? *repr_of(t) : Repr::I64, &e);
    n.a = a.node;
    n.b = b.node;
    n.flags = (e.binop == BinOp::Shl ? 1u : 0u) | (b.node->repr == Repr::U64 ? 2u : 0u) |
              (a.node->repr == Repr::U64 ? 16u : 0u);
    if (!code_machine) {
      n.flags |= 8;
    } else {
      n.k = t.bits();
      n.hi = t.is_signed() ? static_cast<i64>(t.max_value()) : mask(t.bits());
      if (!t.is_signed()) n.flags |= 4;
    }
    return &n;
  }

  std::optional<Expr> ite(const ir::Expr &e, bool logic) {
    auto c = expr(*e.args[0], logic);
    auto x = c ? expr(*e.args[1], logic) : std::nullopt;
    auto y = x ? expr(*e.args[2], logic) : std::nullopt;
    if (!y || x->node->repr != y->node->repr) return std::nullopt;
    Node &n = node(ops::ite, x->node->repr, &e);
    n.a = c->node;
    n.b = x->node;
    n.c = y->node;
    n.cost_b = int(x->cost);
    n.cost_c = int(y->cost);
    n.flags = logic ? 0 : 1;
    return Expr{&n, 1 + c->cost, 1 + c->max + std::max(x->max, y->max)};
  }

  std::optional<Expr> cast(const ir::Expr &e, bool logic) {
    auto a = expr(*e.args[0], logic);
    if (!a || a->node->repr == Repr::Bool) return std::nullopt; // a boolean stays one
    const ir::Type &t = e.cast_to;
    if (!t.is_numeric()) return std::nullopt;
    Node &n = node(ops::cast, *repr_of(t), &e);
    n.a = a->node;
    n.flags = (a->node->repr == Repr::U64 ? 1u : 0u) | (logic ? 8u : 0u);
    if (t.is_int()) {
      n.flags |= 2;
    } else if (!t.is_signed()) {
      n.flags |= 4;
      n.k = t.bits();
      n.hi = mask(t.bits());
    } else {
      n.k = t.bits();
      n.lo = static_cast<i64>(t.min_value());
      n.hi = static_cast<i64>(t.max_value());
    }
    return Expr{&n, 1 + a->cost, 1 + a->max};
  }
};

} // namespace

std::unique_ptr<Loop> compile(const ir::Program &p, const ir::Stmt &s, const Policy &policy) {
  auto out = std::make_unique<Loop>();
  Compiler c(p, policy, *out);
  if (!c.root(s)) return nullptr;
  return out;
}

} // namespace triage::rac::compiled
