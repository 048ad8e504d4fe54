// The lowering's state and rules, shared by lower.cpp (declarations, functions),
// lower_expr.cpp (C expressions), lower_term.cpp (ACSL terms), lower_stmt.cpp (statements) and
// lower_contract.cpp (contracts and loop annotations).
#pragma once

#include "frontend-c/c_ast.hpp"
#include "frontend-c/lower.hpp"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace triage::frontend_c {

/// Why `p + i`, `p[i]` and `p + (lo .. hi)` stop when p points to a structure: each field of a
/// structure is its own block, and arrays of structures are not lowered (lower_struct.cpp).
inline constexpr const char *kStructArithmetic =
    "arithmetic on a pointer to a structure is not supported (arrays of structures are not)";

/// A C name as the IR sees it.
struct VarInfo {
  std::string ir;
  CType type;
  enum class Kind { Local, Param, Global, Bound, LogicParam } kind = Kind::Local;
  /// A structure or a pointer to one: the IR names of its parts, one per field (`ir` unused).
  std::vector<std::string> parts = {};
  /// An array of one structure that is the C structure variable itself (its address is taken).
  bool boxed = false;
};

struct FuncSig {
  std::string ir;
  CType ret;
  std::vector<CType> params;
  /// A function returning a structure (or a pointer to one) returns it in globals, one per
  /// part, that its callers read right after the call: their names.
  std::vector<std::string> result_parts = {};
  bool variadic = false; ///< declared with `...`: its calls are refused
};

struct LogicSig {
  std::string ir;
  CType ret;
  std::vector<CType> params;
  /// Of a definition over several memory states (two labels at least): its applications name
  /// a state for each.
  std::vector<std::string> labels;
};

/// A lowered expression with its C (or logic) type. A structure, or a pointer to one, is a
/// tuple: one part per field (the field's value, or a pointer to it), and no `e`.
struct Val {
  ir::ExprPtr e;
  CType t;
  std::vector<ir::ExprPtr> parts = {};
  /// An array inside an object (a structure's array field, a row of an array of arrays),
  /// decayed: its length. C's indexing stays within it, though the cells after it are in the
  /// same block (the next field's or row's): 0 for any other pointer.
  int64_t bound = 0;
  /// A `__VERIFIER_nondet_pointer()` value (a `void *`): converted to `T *`, it is a fresh
  /// nondeterministic `T *` (the IR has no conversions between pointer types).
  bool fresh_pointer = false;
  /// Cells read in the entry state (`old`): a structure parameter's array fields in a
  /// postcondition (the caller's cells, of which the parameter is a copy).
  bool entry_cells = false;
};

/// Where an annotation stands: decides what \old, \at and \result mean.
enum class AnnotCtx { Requires, Ensures, Loop, Assert, LogicDef, Lemma };

/// `*(base + k)`: cell k of the block `base` points into.
ir::ExprPtr cell(const ir::ExprPtr &base, int64_t k, ir::Pos p);

/// How counterexamples name the input `name` when it is several IR inputs (a structure).
std::optional<ir::SourceInput> source_input(const std::string &name, const VarInfo &v);

/// The range lo .. hi of `loc` in objects of n cells each, made a range of cells: lo * n .. hi *
/// n + n - 1 (a row of a matrix, a part of an array of structures). Nothing when n is 1.
void scale_range(ir::Location &loc, int64_t n);

class Lowerer {
public:
  explicit Lowerer(std::string file) : file_(std::move(file)) {}
  ir::Program run(const TranslationUnit &tu);

private:
  std::string file_;
  ir::Program prog_;
  std::map<std::string, FuncSig> funcs_;
  std::map<std::string, std::vector<LogicSig>> logics_; ///< overloads by number of parameters
  std::set<std::string> state_labels_; ///< of the lemma or definition over several states lowered
  std::map<std::string, VarInfo> globals_;
  std::set<std::string> top_names_;

  // the function being lowered
  const FuncSig *fn_ = nullptr;
  int index_bounds_ = 0; ///< the index_bound assertions of the function so far
  std::vector<std::map<std::string, VarInfo>> scopes_;
  std::set<std::string> used_;
  /// Each C label: the block holding the labelled statement and its index there.
  struct LabelSite {
    const std::vector<CStmtPtr> *block = nullptr;
    size_t index = 0;
    Loc loc;
  };
  std::map<std::string, LabelSite> labels_;
  /// The body blocks of the enclosing loops, innermost last (null: a body that is no block).
  std::vector<const std::vector<CStmtPtr> *> loop_bodies_;
  /// Per enclosing loop, innermost last: labels for the states before the loop and at the start
  /// of the current iteration, and whether an assertion of the body reads them.
  struct LoopStates {
    std::string entry, current;
    bool entry_used = false, current_used = false;
  };
  std::vector<LoopStates> loop_states_;
  size_t loop_states_count_ = 0;
  bool drop_labels_ = false; ///< while duplicating a loop tail: its labels exist once already
  ir::Block *out_ = nullptr;
  ir::SrcLoc stmt_src_;
  /// What `continue` must do first in each enclosing loop (the step of a for loop, the test of
  /// a do-while loop); innermost last.
  std::vector<std::function<void()>> on_continue_;
  AnnotCtx ctx_ = AnnotCtx::Assert;
  std::string here_label_; ///< the `{L}` of the logic definition or lemma being lowered

  // ---- helpers (lower.cpp) ----
  [[noreturn]] void fail(Loc at, const std::string &msg) const;
  ir::SrcLoc src(Loc at) const { return ir::SrcLoc{file_of(at, file_), at.line, at.col}; }
  static ir::Pos pos(Loc at) { return ir::Pos{at.line, at.col}; }
  std::string fresh(const std::string &c_name);
  std::string top_name(const std::string &c_name);
  const VarInfo *lookup(const std::string &name) const;
  /// The overload of logic function `name` with `arity` parameters, or null.
  const LogicSig *logic_sig(const std::string &name, size_t arity) const;
  /// The overload a use of a logic function means, by its lowered arguments.
  const LogicSig &overload(const CExpr &e, const std::vector<Val> &args) const;
  /// The IR state label `written` names where it is written (`Here`, `Old`, or an IR label).
  std::string state_label(const std::string &written, Loc at);
  size_t inlined_ = 0; ///< arguments bound by `let` so far: fresh names
  void declare(const std::string &c_name, VarInfo info) {
    scopes_.back()[c_name] = std::move(info);
  }
  ir::StmtPtr make_stmt(ir::StmtKind k) const;
  void emit(ir::StmtPtr s) { out_->push_back(std::move(s)); }
  template <typename F> ir::Block capture(F f) {
    ir::Block b;
    ir::Block *saved = out_;
    out_ = &b;
    f();
    out_ = saved;
    return b;
  }
  void function(const FuncDecl &f, const FuncSig &sig);
  void logic(const LogicDecl &d);
  void collect_labels(const std::vector<CStmtPtr> &body);
  void loop_body(const CStmt &loop, ir::Block &into);

  // ---- C expressions (lower_expr.cpp) ----
  Val rvalue(const CExpr &e);
  Val lvalue(const CExpr &e);
  ir::ExprPtr cond(const CExpr &e);
  void effect(const CExpr &e);
  ir::ExprPtr convert(const Val &v, const CType &to, Loc at, bool is_cast = false);
  Val arith(const std::string &op, const Val &a, const Val &b, Loc at);
  ir::ExprPtr compare(const std::string &op, const Val &a, const Val &b, Loc at);
  Val assign(const CExpr &e, bool want_value);
  Val incdec(const CExpr &e, bool want_value);
  Val call(const CExpr &e, bool want_value, const Val *target = nullptr);
  Val conditional(const CExpr &e);
  Val temp(const CType &t, Loc at, ir::ExprPtr init = nullptr);
  /// `v` as an expression that can be read several times: itself when a variable or a
  /// literal, else a temporary holding it (evaluated, and checked, once).
  ir::ExprPtr once(const Val &v, Loc at);
  Val bool_value(ir::ExprPtr b, Loc at) const;
  ir::ExprPtr truth(const Val &v, Loc at) const;
  std::vector<ir::ExprPtr> call_args(const CExpr &e, const FuncSig &sig);
  const FuncSig &callee(const CExpr &e) const;
  /// A call of a function with a body or contract of its own (not one of the task conventions).
  bool ordinary_call(const CExpr &e) const;
  // ---- verification-task conventions (lower_task.cpp) ----
  /// The meaning of a call the conventions fix (a nondeterministic value, an assumption, the
  /// end of the run, an error to be unreachable), emitted; nullopt for any other call.
  std::optional<Val> task_call(const CExpr &e, bool want_value);
  /// An annotation `kind name: e` located at `at` (id left to the caller).
  ir::Annotation annotation(ir::AnnotKind kind, std::string name, ir::ExprPtr e, Loc at) const;
  /// A statement of `kind` (assert or assume) that holds the annotation `a`, emitted.
  void emit_annotated(ir::StmtKind kind, ir::Annotation a);
  void task_assume(ir::ExprPtr c, Loc at, std::string name = "");
  void task_assert(ir::ExprPtr c, Loc at);
  /// A fresh temporary of type `t` with a nondeterministic value (`havoc`).
  Val nondet_temp(const CType &t, Loc at);
  /// `assert index_bound: 0 <= i < n` before `a[i]` of an array inside an object (Val::bound),
  /// as Frama-C's RTE plugin writes it; nothing when i is a constant within it.
  void index_bound(const Val &base, const Val &index, Loc at);

  // ---- ACSL terms (lower_term.cpp) ----
  Val term(const CExpr &e);
  ir::ExprPtr pred(const CExpr &e);
  ir::ExprPtr pred_of(const Val &v, Loc at) const;
  Val term_var(const CExpr &e);
  Val term_unary(const CExpr &e);
  Val term_binary(const CExpr &e);
  ir::ExprPtr comparison_chain(const CExpr &e);
  Val term_app(const CExpr &e);
  Val term_at(const CExpr &e, const std::string &label);
  Val at_state(const std::string &label, Loc at, const std::function<Val()> &inner);
  Val term_quant(const CExpr &e);
  std::vector<ir::Location> pointer_set(const CExpr &e);
  /// A range of rows of an array of arrays (`m[0 .. 2]`, `m + (0 .. 2)`) as its cells.
  void row_cells(const Val &base, ir::Location &loc) const;
  std::vector<ir::Location> location(const CExpr &e);
  /// `p[lo .. hi].f`: field f of the objects p[lo] .. p[hi]; nullopt when `e` is no such field.
  std::optional<std::vector<ir::Location>> field_of_objects(const CExpr &e);
  ir::ExprPtr logic_arg(const Val &v, const CType &to, Loc at);

  // ---- structures (lower_struct.cpp) ----
  /// The parts of a parameter, bound name or logic parameter `c_name` of aggregate type `t`:
  /// IR binders named `c_name_field`, fresh in the function when `fresh_names`.
  std::vector<ir::Binder> part_binders(const std::string &c_name, const CType &t, Loc at,
                                       bool fresh_names);
  /// Declares `c_name` with the parts `binders` and returns them.
  /// A global structure (or pointer to one): an IR global per field, declared in globals_.
  /// `in_memory` (its address or a field's is taken): a one-cell global array per field.
  void global_parts(const GlobalVar &g, int64_t objects);
  std::vector<ir::Binder> declare_parts(const std::string &c_name, const CType &t, Loc at,
                                        VarInfo::Kind kind, bool fresh_names);
  Val parts_var(const VarInfo &v, Loc at) const;
  /// `base.f` or `base->f`: a field value (for `->`, read through the part that points to it).
  Val member(const CExpr &e, const Val &base) const;
  /// The values of the cells of an array of type `t` (of arrays: row after row) from the items
  /// of its initialiser list, zero-filled.
  std::vector<ir::ExprPtr> array_cells(const std::vector<CExprPtr> &items, const CType &t, Loc at);
  /// `index` times the cells of what `ptr` points to (a row of an array of arrays: its cells).
  ir::ExprPtr scaled(const Val &ptr, ir::ExprPtr index, ir::Pos p) const;
  /// `base[index]`: the cell, or (an array of arrays) the row, its first cell's address.
  Val element(const Val &base, const ir::ExprPtr &index, ir::Pos p) const;
  /// `&s.f`, `&p->f`: the address of a field read through memory (a field that is itself a
  /// structure: the pointer to it, its leaves' pointers).
  Val address_of_field(const Val &field, Loc at) const;
  /// `f` applied to every part (an aggregate) or to the value.
  Val map_parts(const Val &v, const std::function<ir::ExprPtr(const ir::ExprPtr &)> &f) const;
  /// The arguments a value of type `to` passes: its parts, or its conversion.
  std::vector<ir::ExprPtr> aggregate_args(const Val &v, const CType &to, Loc at) const;
  /// `(T)v` where v or T is an aggregate: only to the same structure type (or null to a pointer).
  Val aggregate_cast(const Val &v, const CType &to, Loc at) const;
  /// `*p` of a pointer to a structure: the structure, each part read through its pointer.
  Val deref_parts(const Val &p, Loc at) const;
  /// `p != NULL` of a pointer to a structure.
  ir::ExprPtr not_null(const Val &p, Loc at) const;
  /// The memory of a pointer to a structure: one location per field.
  std::vector<ir::Location> field_locations(const Val &v, Loc at) const;
  /// `p + i` (`op` Add) or `p - i` (Sub) of a pointer to structures: every part moves by i
  /// objects, its own cells per object (an array of structures, lower_struct.cpp).
  Val offset_parts(const Val &p, const ir::ExprPtr &index, ir::BinOp op, ir::Pos at) const;
  /// `p - q` of pointers to structures of one type: in objects, read off the first parts.
  ir::ExprPtr parts_difference(const Val &a, const Val &b, Loc at) const;
  /// The cells of the objects `p[lo] .. p[hi]`, one location per leaf (of the leaves
  /// `first` .. `first + count`, a field's, or all).
  std::vector<ir::Location> object_range(const Val &p, const ir::ExprPtr &lo, const ir::ExprPtr &hi,
                                         ir::Pos at, size_t first = 0,
                                         size_t count = SIZE_MAX) const;
  /// `p == q` (or `!=` when `negate`) of pointers to structures: on every part.
  ir::ExprPtr parts_equal(const Val &a, const Val &b, bool negate, Loc at) const;
  /// `assume same_object(parts)` of a pointer to a structure that comes from outside the code
  /// (a parameter, a global, a call's result): its fields are one object, valid or not together,
  /// never a state C cannot have.
  void assume_one_object(const Val &p, const std::string &c_name, Loc at);
  /// What C says of the structure pointers a function receives (`named`: parameters and
  /// globals): each is one object, and two are the same object or share no field's cell.
  void assume_objects(const std::vector<std::pair<std::string, Val>> &named, Loc at);
  /// The values of the leaves of a structure of type `t` from the items of its initialiser list:
  /// per leaf, its value or (an array field) its cells' values.
  std::vector<std::vector<ir::ExprPtr>> list_parts(const std::vector<CExprPtr> &items,
                                                   const CType &t, Loc at);
  /// The values of the leaves of a structure value of type `t` made of `parts`, as list_parts.
  std::vector<std::vector<ir::ExprPtr>> leaf_values(const std::vector<ir::ExprPtr> &parts,
                                                    const CType &t, Loc at) const;
  /// Declares the globals a function returning an aggregate returns it in.
  void declare_result_parts(FuncSig &sig, Loc at);
  /// The value of a function's result parts, right after a call (copied into temporaries).
  Val read_result_parts(const FuncSig &sig, Loc at);
  /// `return v;` in a function returning an aggregate: its parts go to the result globals.
  void return_parts(const Val &v, Loc at);
  /// `lhs = rhs` of aggregates: part by part.
  Val assign_parts(const Val &l, const Val &r, Loc at);
  /// A local structure or pointer to one, with its initialiser.
  void declare_local_parts(const Declarator &d);
  /// A structure parameter with array fields: their parts point to the caller's cells, valid
  /// (a precondition named "p is a structure value", which every caller meets) ...
  void value_cells_required(const Param &p, ir::Function &fn);
  /// ... and copied on entry into local arrays that the body reads and writes, as C copies
  /// the value.
  void value_cells(const Param &p);
  /// The initial values of the objects `d` declares, per object, per leaf (its value, or its
  /// cells'); empty when `d` has no initialiser.
  std::vector<std::vector<std::vector<ir::ExprPtr>>> object_inits(const Declarator &d,
                                                                  const CType &type);

  // ---- statements (lower_stmt.cpp) ----
  void stmts(const std::vector<CStmtPtr> &body);
  void stmt(const CStmt &s);
  void declaration(const CStmt &s);
  /// The IR length of a variable-length array, evaluated where it is declared.
  ir::ExprPtr vla_length(const CExpr &len);
  void if_stmt(const CStmt &s);
  void switch_stmt(const CStmt &s);
  /// Per enclosing switch, innermost last: how many loops enclosed it (a `break` with no loop
  /// in between would leave the switch).
  std::vector<size_t> switch_loops_;
  void while_loop(const CStmt &s);
  void for_loop(const CStmt &s);
  void do_loop(const CStmt &s);
  ir::StmtPtr loop_head(const CStmt &s, ir::ExprPtr c);
  /// Emits a loop made by loop_head, after the label of its entry state when used.
  void emit_loop(ir::StmtPtr w);
  void return_stmt(const CStmt &s, Loc at);
  void goto_stmt(const CStmt &s);
  void guard_break(const CExpr &c);
  ir::Block body_block(const CStmt &s);

  // ---- annotations (lower_contract.cpp) ----
  ir::Annotation annotation(ir::AnnotKind k, const Clause &c, AnnotCtx ctx);
  void contract(const Contract &c, ir::Function &f, ir::Block &entry);
  std::vector<ir::Location> locations(const std::vector<Clause> &clauses, Clause::Kind kind,
                                      AnnotCtx ctx, const Clause **first);
  std::vector<ir::Annotation> loop_annotations(const std::vector<Clause> &clauses);
};

ir::ExprPtr clone(const ir::ExprPtr &e);
/// Whether `name` is a function whose meaning the verification-task conventions fix
/// (lower_task.cpp): its calls are replaced, its definition is not lowered.
bool is_task_function(const std::string &name);
/// `name`, or `name_` when it is a word the IR reserves.
std::string safe_name(const std::string &name);
bool is_literal(const ir::Expr &e, ir::BigInt *value = nullptr);
/// `null`, or the integer constant 0: C's and ACSL's null pointer constant beside a pointer.
bool is_null_constant(const ir::Expr &e);

} // namespace triage::frontend_c
