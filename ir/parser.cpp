// Parsing `.ivl` text: PEGTL builds a parse tree of the rules selected below, which is then
// turned into the AST. Syntax errors become ir::Error at the failing position.
#include "ir/parser.hpp"

#include "ir/error.hpp"
#include "ir/parse_errors.hpp"

#include <tao/pegtl/contrib/parse_tree.hpp>

#include <cctype>
#include <fstream>
#include <sstream>

namespace triage::ir {

namespace g = grammar;
namespace pegtl = tao::pegtl;
using Node = pegtl::parse_tree::node;

namespace {

// clang-format off
template <typename Rule>
using selector = pegtl::parse_tree::selector<Rule,
  pegtl::parse_tree::store_content::on<
    g::ident_text, g::int_text, g::string_body, g::annot_id_text, g::valid_kw>,
  pegtl::parse_tree::remove_content::on<
    g::scalar_type, g::ptr_type, g::array_suffix, g::decl_type, g::local_array_suffix,
    g::local_decl_type, g::src_loc, g::annot_id,
    g::annot_name, g::annot_head,
    g::op_or, g::op_and, g::op_implies, g::op_iff, g::op_eq, g::op_ne, g::op_le, g::op_ge,
    g::op_lt, g::op_gt, g::op_bitor, g::op_bitxor, g::op_bitand, g::op_shl, g::op_shr, g::op_add,
    g::op_sub, g::op_mul, g::op_div, g::op_mod, g::op_neg, g::op_bitnot, g::op_deref, g::kw_not,
    g::binder, g::quant_forall, g::quant_exists, g::quant_expr, g::let_expr, g::ite_expr,
    g::call_args, g::app_or_var, g::old_expr, g::label_name, g::at_expr, g::valid_expr,
    g::separated_expr, g::same_object_expr, g::range_tail, g::paren_expr, g::true_lit, g::false_lit, g::null_lit,
    g::result_lit, g::index_suffix, g::postfix_expr, g::unary_expr, g::mul_expr, g::add_expr,
    g::shift_expr, g::bitand_expr, g::bitxor_expr, g::bitor_expr, g::cmp_expr, g::and_expr,
    g::or_expr, g::implies_expr, g::iff_expr, g::location,
    g::requires_clause, g::ensures_clause, g::typically_clause, g::writes_clause,
    g::invariant_clause, g::variant_clause,
    g::block, g::var_init, g::var_stmt, g::if_stmt, g::else_part, g::while_stmt, g::break_stmt,
    g::continue_stmt, g::return_stmt, g::callee, g::call_rhs, g::call_stmt, g::assert_stmt,
    g::assume_stmt, g::havoc_stmt, g::label_stmt, g::assign_lhs, g::assign_stmt, g::stmt,
    g::param, g::params, g::ret_type, g::global_decl, g::logic_body, g::predicate_decl,
    g::function_decl, g::state_labels, g::lemma_decl, g::axiom_decl, g::fun_body, g::fun_decl>>;
// clang-format on

template <typename Rule>
using base_control = pegtl::must_if<g::errors, pegtl::normal, false>::control<Rule>;

/// Nesting of expressions and blocks, bounded: hostile input would overflow the stack of the
/// recursive descent (a 100,000-deep parenthesis crashed it). Reset by each parse.
thread_local int nesting = 0;
constexpr int max_nesting = 200;

template <typename Rule> struct control : base_control<Rule> {};

template <typename Rule> struct nesting_control : base_control<Rule> {
  template <typename Input, typename... States> static void start(const Input &in, States &&...st) {
    if (++nesting > max_nesting) throw pegtl::parse_error("nesting too deep", in);
    base_control<Rule>::start(in, st...);
  }
  template <typename Input, typename... States>
  static void success(const Input &in, States &&...st) {
    --nesting;
    base_control<Rule>::success(in, st...);
  }
  template <typename Input, typename... States>
  static void failure(const Input &in, States &&...st) {
    --nesting;
    base_control<Rule>::failure(in, st...);
  }
};
template <> struct control<g::unary_expr> : nesting_control<g::unary_expr> {};
template <> struct control<g::block> : nesting_control<g::block> {};
template <> struct control<g::implies_expr> : nesting_control<g::implies_expr> {};
template <> struct control<g::iff_expr> : nesting_control<g::iff_expr> {};

/// Turns the parse tree into the AST, checking what the grammar leaves open (type names, which
/// expressions are locations, where ranges may appear).
class Builder {
public:
  explicit Builder(std::string file) : file_(std::move(file)) {}

  Program program(const Node &root) {
    Program p;
    p.file = file_;
    for (const auto &d : root.children)
      p.decls.push_back(decl(*d));
    return p;
  }

private:
  std::string file_;

  [[noreturn]] void fail(const Node &n, const std::string &msg) const {
    throw Error(SrcLoc{file_, int(n.begin().line), int(n.begin().column)}, msg);
  }
  static Pos pos(const Node &n) { return Pos{int(n.begin().line), int(n.begin().column)}; }
  template <typename R> static const Node *child(const Node &n) {
    for (const auto &c : n.children)
      if (c->is_type<R>()) return c.get();
    return nullptr;
  }
  static std::string text(const Node &n) {
    // An identifier-carrying rule (callee, label_name, ...) holds its ident_text as only child.
    if (n.has_content()) return n.string();
    return n.children.empty() ? std::string() : text(*n.children.front());
  }

  BigInt integer(const Node &n) const {
    const std::string t = text(n);
    const bool hex = t.size() > 2 && (t[1] == 'x' || t[1] == 'X');
    BigInt v;
    for (char c : hex ? t.substr(2) : t) // by hand: cpp_int would read a leading 0 as octal
      v = v * (hex ? 16 : 10) + (std::isdigit(c) ? c - '0' : std::tolower(c) - 'a' + 10);
    return v;
  }

  int small_int(const Node &n) const {
    BigInt v = integer(n);
    if (v > 1000000000) fail(n, "number too large");
    return int(v);
  }

  static std::string unescape(const std::string &s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i)
      out += (s[i] == '\\' && i + 1 < s.size()) ? s[++i] : s[i];
    return out;
  }

  // ---- types ----
  Type type(const Node &n) const {
    if (n.is_type<g::ptr_type>()) return Type::pointer(type(*n.children.front()));
    const std::string name = text(n);
    auto t = scalar_type_named(name);
    if (!t) fail(n, "unknown type '" + name + "'");
    return *t;
  }

  std::optional<int64_t> array_len(const Node &decl_type) const {
    const Node *suffix = child<g::array_suffix>(decl_type);
    if (!suffix) return std::nullopt;
    BigInt len = integer(*suffix->children.front());
    if (len <= 0 || len > 1000000) fail(*suffix, "array length must be between 1 and 1000000");
    return int64_t(len);
  }

  /// A local array's length: a literal within the bounds of array_len, or any expression (a
  /// variable-length array, checked positive when it is declared).
  ExprPtr local_array_len(const Node &decl_type) const {
    const Node *suffix = child<g::local_array_suffix>(decl_type);
    if (!suffix) return nullptr;
    const Node &len = *suffix->children.front();
    ExprPtr e = no_range(expr(len), len);
    if (e->kind == ExprKind::IntLit && (e->value <= 0 || e->value > 1000000))
      fail(len, "array length must be between 1 and 1000000");
    return e;
  }

  SrcLoc src_loc(const Node &n) const {
    return SrcLoc{unescape(text(*n.children.at(0))), small_int(*n.children.at(1)),
                  small_int(*n.children.at(2))};
  }

  // ---- expressions ----
  ExprPtr expr(const Node &n) const {
    if (n.is_type<g::int_text>()) return make_int(integer(n), pos(n));
    if (n.is_type<g::true_lit>() || n.is_type<g::false_lit>())
      return make_bool(n.is_type<g::true_lit>(), pos(n));
    if (n.is_type<g::null_lit>()) return make_expr(ExprKind::Null, {}, pos(n));
    if (n.is_type<g::result_lit>()) return make_expr(ExprKind::Result, {}, pos(n));
    if (n.is_type<g::app_or_var>()) return app_or_var(n);
    if (n.is_type<g::paren_expr>()) return paren(n);
    if (n.is_type<g::old_expr>())
      return make_expr(ExprKind::Old, {expr(*n.children.at(0))}, pos(n));
    if (n.is_type<g::at_expr>()) {
      auto e = make_expr(ExprKind::At, {expr(*n.children.at(0))}, pos(n));
      e->name = text(*n.children.at(1));
      return e;
    }
    if (n.is_type<g::valid_expr>() || n.is_type<g::separated_expr>()) return memory_predicate(n);
    if (n.is_type<g::same_object_expr>()) {
      auto e = make_expr(ExprKind::SameObject, {}, pos(n));
      for (const auto &a : n.children.back()->children)
        e->locs.push_back(pointer_set(*a));
      if (e->locs.size() < 2) fail(n, "same_object expects at least two pointers");
      return e;
    }
    if (n.is_type<g::quant_expr>()) return quantifier(n);
    if (n.is_type<g::let_expr>()) {
      auto e = make_expr(ExprKind::Let, {expr(*n.children.at(1)), expr(*n.children.at(2))}, pos(n));
      e->name = text(*n.children.at(0));
      return e;
    }
    if (n.is_type<g::ite_expr>())
      return make_expr(ExprKind::Ite,
                       {expr(*n.children.at(0)), expr(*n.children.at(1)), expr(*n.children.at(2))},
                       pos(n));
    if (n.is_type<g::postfix_expr>()) return postfix(n);
    if (n.is_type<g::unary_expr>() || n.is_type<g::assign_lhs>()) return unary(n);
    if (n.is_type<g::implies_expr>() || n.is_type<g::iff_expr>()) return right_binary(n);
    if (n.is_type<g::cmp_expr>()) return comparison_chain(n);
    return left_binary(n); // every other level: operand (op operand)*
  }

  ExprPtr app_or_var(const Node &n) const {
    const std::string name = text(*n.children.at(0));
    const Node *call = child<g::call_args>(n);
    if (!call) return make_var(name, pos(n));
    std::vector<ExprPtr> args;
    for (const auto &a : call->children)
      args.push_back(no_range(expr(*a), *a));
    if (auto t = scalar_type_named(name)) {
      if (args.size() != 1) fail(n, "a conversion to " + name + " takes one argument");
      if (!t->is_numeric()) fail(n, "cannot convert to " + name);
      auto e = make_expr(ExprKind::Cast, std::move(args), pos(n));
      e->cast_to = *t;
      return e;
    }
    auto e = make_expr(ExprKind::App, std::move(args), pos(n));
    e->name = name;
    if (const Node *labels = child<g::state_labels>(n)) e->labels = label_list(*labels);
    return e;
  }

  std::vector<std::string> label_list(const Node &n) const {
    std::vector<std::string> labels;
    for (const auto &l : n.children)
      labels.push_back(text(*l));
    return labels;
  }

  ExprPtr paren(const Node &n) const {
    ExprPtr inner = expr(*n.children.at(0));
    if (const Node *r = child<g::range_tail>(n))
      return make_expr(ExprKind::Range, {inner, expr(*r->children.at(0))}, pos(n));
    return no_range(inner, *n.children.at(0));
  }

  /// Ranges `lo .. hi` are only meaningful inside locations; elsewhere they are an error.
  ExprPtr no_range(ExprPtr e, const Node &n) const {
    if (contains_range(*e))
      fail(n, "a range 'lo .. hi' is only allowed in writes, havoc, valid and separated");
    return e;
  }
  static bool contains_range(const Expr &e) {
    if (e.kind == ExprKind::Range) return true;
    for (const auto &a : e.args)
      if (contains_range(*a)) return true;
    return false;
  }

  ExprPtr postfix(const Node &n) const {
    ExprPtr e = expr(*n.children.at(0));
    for (size_t i = 1; i < n.children.size(); ++i) {
      const Node &suffix = *n.children[i];
      ExprPtr index = expr(*suffix.children.at(0));
      if (const Node *r = child<g::range_tail>(suffix))
        index = make_expr(ExprKind::Range, {index, expr(*r->children.at(0))}, pos(suffix));
      e = make_expr(ExprKind::Deref, {make_binary(BinOp::Add, e, index, pos(suffix))}, pos(suffix));
    }
    return e;
  }

  ExprPtr unary(const Node &n) const {
    if (n.children.size() == 1) return expr(*n.children.front());
    const Node &op = *n.children.at(0);
    ExprPtr arg = expr(*n.children.at(1));
    if (op.is_type<g::op_deref>()) return make_expr(ExprKind::Deref, {arg}, pos(n));
    if (op.is_type<g::op_neg>() && arg->kind == ExprKind::IntLit) {
      arg->value = -arg->value; // literals are folded so that INT_MIN can be written
      arg->pos = pos(n);
      return arg;
    }
    const UnOp u = op.is_type<g::op_neg>()   ? UnOp::Neg
                   : op.is_type<g::kw_not>() ? UnOp::Not
                                             : UnOp::BitNot;
    return make_unary(u, arg, pos(n));
  }

  static BinOp binop(const Node &op) {
    // clang-format off
    if (op.is_type<g::op_or>()) return BinOp::Or;
    if (op.is_type<g::op_and>()) return BinOp::And;
    if (op.is_type<g::op_implies>()) return BinOp::Implies;
    if (op.is_type<g::op_iff>()) return BinOp::Iff;
    if (op.is_type<g::op_eq>()) return BinOp::Eq;
    if (op.is_type<g::op_ne>()) return BinOp::Ne;
    if (op.is_type<g::op_le>()) return BinOp::Le;
    if (op.is_type<g::op_ge>()) return BinOp::Ge;
    if (op.is_type<g::op_lt>()) return BinOp::Lt;
    if (op.is_type<g::op_gt>()) return BinOp::Gt;
    if (op.is_type<g::op_bitor>()) return BinOp::BitOr;
    if (op.is_type<g::op_bitxor>()) return BinOp::BitXor;
    if (op.is_type<g::op_bitand>()) return BinOp::BitAnd;
    if (op.is_type<g::op_shl>()) return BinOp::Shl;
    if (op.is_type<g::op_shr>()) return BinOp::Shr;
    if (op.is_type<g::op_add>()) return BinOp::Add;
    if (op.is_type<g::op_sub>()) return BinOp::Sub;
    if (op.is_type<g::op_mul>()) return BinOp::Mul;
    if (op.is_type<g::op_div>()) return BinOp::Div;
    // clang-format on
    return BinOp::Mod;
  }

  ExprPtr left_binary(const Node &n) const {
    // A left-nested chain deepens the tree every later pass walks recursively (as in C).
    if (n.children.size() > 2001) fail(*n.children[2001], "expression too long");
    ExprPtr e = expr(*n.children.at(0));
    for (size_t i = 1; i + 1 < n.children.size(); i += 2)
      e = make_binary(binop(*n.children[i]), e, expr(*n.children[i + 1]), pos(*n.children[i]));
    return e;
  }

  ExprPtr right_binary(const Node &n) const {
    ExprPtr left = expr(*n.children.at(0));
    if (n.children.size() == 1) return left;
    return make_binary(binop(*n.children.at(1)), left, expr(*n.children.at(2)),
                       pos(*n.children[1]));
  }

  /// `a <= b < c` means `a <= b && b < c`.
  ExprPtr comparison_chain(const Node &n) const {
    if (n.children.size() <= 3) return left_binary(n);
    if (n.children.size() > 2001) fail(*n.children[2001], "expression too long");
    std::vector<ExprPtr> operands;
    for (size_t i = 0; i < n.children.size(); i += 2)
      operands.push_back(expr(*n.children[i]));
    ExprPtr chain;
    for (size_t i = 1; i < n.children.size(); i += 2) {
      const size_t k = i / 2;
      ExprPtr link =
          make_binary(binop(*n.children[i]), operands[k], operands[k + 1], pos(*n.children[i]));
      chain = chain ? make_binary(BinOp::And, chain, link, link->pos) : link;
    }
    return chain;
  }

  ExprPtr quantifier(const Node &n) const {
    auto e = make_expr(ExprKind::Quant, {}, pos(n));
    e->bval = n.children.at(0)->is_type<g::quant_forall>();
    for (size_t i = 1; i + 1 < n.children.size(); ++i)
      e->binders.push_back(binder(*n.children[i]));
    e->args.push_back(expr(*n.children.back()));
    return e;
  }

  Binder binder(const Node &n) const {
    return Binder{text(*n.children.at(0)), type(*n.children.at(1)), pos(n)};
  }

  ExprPtr memory_predicate(const Node &n) const {
    const bool is_valid = n.is_type<g::valid_expr>();
    auto e = make_expr(is_valid ? ExprKind::Valid : ExprKind::Separated, {}, pos(n));
    if (is_valid) e->read_only = n.children.at(0)->string().starts_with("valid_read");
    const Node &call = *n.children.back();
    for (const auto &a : call.children)
      e->locs.push_back(pointer_set(*a));
    if (e->locs.empty() || (!is_valid && e->locs.size() < 2))
      fail(n, is_valid ? "valid expects at least one pointer"
                       : "separated expects at least two pointer sets");
    return e;
  }

  /// A pointer set in valid/separated: `p` or `p + (lo .. hi)`.
  Location pointer_set(const Node &n) const {
    ExprPtr e = expr(n);
    Location loc;
    loc.kind = Location::Kind::Mem;
    loc.pos = pos(n);
    if (e->kind == ExprKind::Binary && e->binop == BinOp::Add &&
        e->args[1]->kind == ExprKind::Range) {
      loc.ptr = no_range(e->args[0], n);
      loc.lo = no_range(e->args[1]->args[0], n);
      loc.hi = no_range(e->args[1]->args[1], n);
    } else {
      loc.ptr = no_range(e, n);
    }
    return loc;
  }

  /// A written location: `x`, `*p`, `p[i]` or `p[lo .. hi]`.
  Location location(const Node &n) const {
    ExprPtr e = expr(n);
    Location loc;
    loc.pos = pos(n);
    if (e->kind == ExprKind::Var) {
      loc.var = e->name;
      return loc;
    }
    if (e->kind != ExprKind::Deref) fail(n, "expected a location (x, *p, p[i] or p[lo .. hi])");
    loc.kind = Location::Kind::Mem;
    const ExprPtr &target = e->args[0];
    if (target->kind == ExprKind::Binary && target->binop == BinOp::Add) {
      loc.ptr = no_range(target->args[0], n);
      const ExprPtr &off = target->args[1];
      if (off->kind == ExprKind::Range) {
        loc.lo = no_range(off->args[0], n);
        loc.hi = no_range(off->args[1], n);
      } else {
        loc.lo = no_range(off, n);
      }
    } else {
      loc.ptr = no_range(target, n);
    }
    return loc;
  }

  // ---- annotations ----
  Annotation annotation(const Node &n, AnnotKind kind) const {
    Annotation a;
    a.kind = kind;
    a.pos = pos(n);
    size_t first = 0;
    if (n.children.at(0)->is_type<g::state_labels>()) {
      a.labels = label_list(*n.children.at(0));
      first = 1;
    }
    const Node &head = *n.children.at(first);
    for (const auto &h : head.children) {
      if (h->is_type<g::annot_id>())
        a.id = text(*h);
      else if (h->is_type<g::annot_name>())
        a.name = unescape(text(*h));
      else
        a.src = src_loc(*h);
    }
    for (size_t i = first + 1; i < n.children.size(); ++i) {
      if (kind == AnnotKind::Writes || kind == AnnotKind::LoopWrites)
        a.locs.push_back(location(*n.children[i]));
      else
        a.expr = no_range(expr(*n.children[i]), *n.children[i]);
    }
    return a;
  }

  // ---- statements ----
  Block block(const Node &n) const {
    Block b;
    for (const auto &s : n.children)
      b.push_back(stmt(*s));
    return b;
  }

  StmtPtr stmt(const Node &n) const {
    auto s = std::make_shared<Stmt>();
    const Node *body = n.children.back().get();
    if (n.children.size() == 2) s->src = src_loc(*n.children.front());
    s->pos = pos(*body);
    statement(*s, *body);
    return s;
  }

  void statement(Stmt &s, const Node &n) const {
    auto expr_of = [&](const Node &c) { return no_range(expr(c), c); };
    if (n.is_type<g::var_stmt>()) {
      s.kind = StmtKind::VarDecl;
      s.name = text(*n.children.at(0));
      const Node &dt = *n.children.at(1);
      s.type = type(*dt.children.at(0));
      s.array_len = local_array_len(dt);
      if (const Node *init = child<g::var_init>(n)) s.rhs = expr_of(*init->children.at(0));
    } else if (n.is_type<g::if_stmt>()) {
      s.kind = StmtKind::If;
      s.cond = expr_of(*n.children.at(0));
      s.body = block(*n.children.at(1));
      if (const Node *e = child<g::else_part>(n)) {
        const Node &alt = *e->children.at(0);
        if (alt.is_type<g::if_stmt>()) {
          auto nested = std::make_shared<Stmt>();
          nested->pos = pos(alt);
          statement(*nested, alt);
          s.else_body.push_back(nested);
        } else {
          s.else_body = block(alt);
        }
      }
    } else if (n.is_type<g::while_stmt>()) {
      s.kind = StmtKind::While;
      s.cond = expr_of(*n.children.at(0));
      for (size_t i = 1; i + 1 < n.children.size(); ++i) {
        const Node &c = *n.children[i];
        const AnnotKind k = c.is_type<g::invariant_clause>() ? AnnotKind::Invariant
                            : c.is_type<g::variant_clause>() ? AnnotKind::Variant
                                                             : AnnotKind::LoopWrites;
        s.annots.push_back(annotation(c, k));
      }
      s.body = block(*n.children.back());
    } else if (n.is_type<g::break_stmt>()) {
      s.kind = StmtKind::Break;
    } else if (n.is_type<g::continue_stmt>()) {
      s.kind = StmtKind::Continue;
    } else if (n.is_type<g::return_stmt>()) {
      s.kind = StmtKind::Return;
      if (!n.children.empty()) s.rhs = expr_of(*n.children.at(0));
    } else if (n.is_type<g::call_stmt>()) {
      call(s, *n.children.at(0));
    } else if (n.is_type<g::assert_stmt>() || n.is_type<g::assume_stmt>()) {
      const bool is_assert = n.is_type<g::assert_stmt>();
      s.kind = is_assert ? StmtKind::Assert : StmtKind::Assume;
      s.annots.push_back(annotation(n, is_assert ? AnnotKind::Assert : AnnotKind::Assume));
    } else if (n.is_type<g::havoc_stmt>()) {
      s.kind = StmtKind::Havoc;
      for (const auto &l : n.children)
        s.locs.push_back(location(*l));
    } else if (n.is_type<g::label_stmt>()) {
      s.kind = StmtKind::Label;
      s.name = text(*n.children.at(0));
    } else if (n.is_type<g::block>()) {
      s.kind = StmtKind::Block;
      s.body = block(n);
    } else if (n.is_type<g::assign_stmt>()) {
      ExprPtr lhs = expr_of(*n.children.at(0));
      const Node &rhs = *n.children.at(1);
      if (rhs.is_type<g::call_rhs>()) {
        call(s, rhs);
      } else {
        s.kind = StmtKind::Assign;
        s.rhs = expr_of(rhs);
      }
      s.lhs = lhs;
    } else {
      fail(n, "unexpected statement");
    }
  }

  void call(Stmt &s, const Node &call_rhs) const {
    s.kind = StmtKind::Call;
    s.callee = text(*call_rhs.children.at(0));
    for (const auto &a : call_rhs.children.at(1)->children)
      s.args.push_back(no_range(expr(*a), *a));
  }

  // ---- declarations ----
  std::vector<Binder> params(const Node &n) const {
    std::vector<Binder> out;
    for (const auto &p : n.children)
      out.push_back(binder(*p));
    return out;
  }

  std::optional<SrcLoc> decl_src(const Node &n) const {
    for (const auto &c : n.children)
      if (c->is_type<g::src_loc>()) return src_loc(*c);
    return std::nullopt;
  }

  std::string decl_name(const Node &n) const {
    for (const auto &c : n.children)
      if (c->is_type<g::ident_text>()) return c->string();
    fail(n, "expected a name");
  }

  Decl decl(const Node &n) const {
    if (n.is_type<g::global_decl>()) {
      auto gl = std::make_shared<Global>();
      gl->name = decl_name(n);
      gl->pos = pos(n);
      gl->src = decl_src(n);
      const Node &dt = *n.children.back();
      gl->type = type(*dt.children.at(0));
      gl->array_len = array_len(dt);
      return gl;
    }
    if (n.is_type<g::predicate_decl>() || n.is_type<g::function_decl>()) {
      auto l = std::make_shared<LogicDef>();
      l->is_predicate = n.is_type<g::predicate_decl>();
      l->name = decl_name(n);
      l->pos = pos(n);
      l->src = decl_src(n);
      if (const Node *labels = child<g::state_labels>(n)) l->labels = label_list(*labels);
      l->params = params(*child<g::params>(n));
      l->ret = l->is_predicate ? Type::boolean() : type(*child<g::ret_type>(n)->children.at(0));
      if (const Node *body = child<g::logic_body>(n))
        l->body = no_range(expr(*body->children.at(0)), *body);
      return l;
    }
    if (n.is_type<g::lemma_decl>() || n.is_type<g::axiom_decl>())
      return std::make_shared<Annotation>(
          annotation(n, n.is_type<g::lemma_decl>() ? AnnotKind::Lemma : AnnotKind::Axiom));
    return function(n);
  }

  Decl function(const Node &n) const {
    auto f = std::make_shared<Function>();
    f->name = decl_name(n);
    f->pos = pos(n);
    f->src = decl_src(n);
    for (const auto &c : n.children) {
      if (c->is_type<g::params>())
        f->params = params(*c);
      else if (c->is_type<g::ret_type>())
        f->ret = type(*c->children.at(0));
      else if (c->is_type<g::requires_clause>())
        f->contract.push_back(annotation(*c, AnnotKind::Requires));
      else if (c->is_type<g::ensures_clause>())
        f->contract.push_back(annotation(*c, AnnotKind::Ensures));
      else if (c->is_type<g::typically_clause>())
        f->contract.push_back(annotation(*c, AnnotKind::Typically));
      else if (c->is_type<g::writes_clause>())
        f->contract.push_back(annotation(*c, AnnotKind::Writes));
      else if (c->is_type<g::fun_body>())
        f->body = block(*c);
    }
    return f;
  }
};

} // namespace

Program parse_text(const std::string &text, const std::string &filename) {
  pegtl::memory_input in(text, filename);
  nesting = 0;
  try {
    auto root = pegtl::parse_tree::parse<g::file, selector, pegtl::nothing, control>(in);
    if (!root) throw Error(SrcLoc{filename, 1, 1}, "expected a declaration");
    return Builder(filename).program(*root);
  } catch (const pegtl::parse_error &e) {
    const auto &p = e.positions().front();
    std::string msg(e.message());
    if (msg.starts_with("parse error matching")) // a must<> without a message of its own
      msg = "syntax error";
    throw Error(SrcLoc{filename, int(p.line), int(p.column)}, msg);
  }
}

Program parse_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(SrcLoc{path, 0, 0}, "cannot read file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_text(ss.str(), path);
}

} // namespace triage::ir
