// The abstract syntax of the IR: expressions (shared by code and logic), statements,
// annotations, declarations. docs/ir.md describes the text format and the semantics.
#pragma once

#include "ir/source_inputs.hpp"
#include "ir/type.hpp"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace triage::ir {

/// A position in the text the IR was read from (the `.ivl` file, or a front end's input).
struct Pos {
  int line = 0;
  int col = 0;
};

/// A location in the program the IR came from (for example a C file), written `@"f.c":13:7`.
/// Diagnoses point there when it is present.
struct SrcLoc {
  std::string file;
  int line = 0;
  int col = 0;
  friend bool operator==(const SrcLoc &, const SrcLoc &) = default;
};

/// "file:line:col": how every message and report of triage names a place (the one formatter).
inline std::string where(const SrcLoc &at) {
  return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.col);
}

enum class ExprKind {
  IntLit,    ///< value
  BoolLit,   ///< bval
  Null,      ///< the null pointer
  Var,       ///< name, resolved to `ref` by the type checker
  Result,    ///< the function result, in postconditions
  Unary,     ///< unop args[0]
  Binary,    ///< args[0] binop args[1]
  Ite,       ///< if args[0] then args[1] else args[2]
  Let,       ///< let name = args[0] in args[1]
  Quant,     ///< forall (bval) / exists binders. args[0]
  Old,       ///< old(args[0]): value on function entry
  At,        ///< at(args[0], name): value at label `name`
  App,       ///< logic function or predicate `name` applied to args
  Cast,      ///< conversion of args[0] to cast_to
  Deref,     ///< *args[0]
  Valid,     ///< valid(locs) / valid_read(locs) when read_only
  Separated, ///< separated(locs)
  /// same_object(locs): the pointers are the parts of one C object (the fields of a structure
  /// lowered to one pointer each, docs/c-frontend.md), each `p` (a cell per object) or
  /// `p + (0 .. n - 1)` (n cells, an array field): all null, or all at offset 0 of distinct
  /// blocks that hold the object (n cells each) or nothing (0 cells each). The front end
  /// assumes it of the structure pointers a function receives, so that no consumer builds a
  /// state C cannot have (a half-valid object, a field overflowing into another object).
  SameObject,
  Range, ///< args[0] .. args[1]: only inside locations, never after parsing
};

enum class UnOp { Neg, Not, BitNot };

enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
  Implies,
  Iff,
};

/// What a variable occurrence denotes, filled in by the type checker.
enum class VarRef { Unresolved, Local, Param, Global, Bound, LogicParam };

struct Expr;
using ExprPtr = std::shared_ptr<Expr>;

/// A typed name: a parameter, a quantified variable.
struct Binder {
  std::string name;
  Type type = Type::integer();
  Pos pos;
};

/// A set of memory locations or a variable, in writes clauses, havoc, valid and separated.
/// Mem with neither lo nor hi is the cell *ptr; with lo only the cell *(ptr + lo); with both the
/// cells *(ptr + lo) .. *(ptr + hi) (empty when hi < lo).
struct Location {
  enum class Kind { Var, Mem };
  Kind kind = Kind::Var;
  Pos pos;
  std::string var;
  VarRef ref = VarRef::Unresolved;
  ExprPtr ptr, lo, hi;
};

struct Expr {
  ExprKind kind = ExprKind::IntLit;
  Pos pos;
  Type type = Type::unit(); ///< filled in by the type checker
  BigInt value;
  bool bval = false;
  std::string name;
  VarRef ref = VarRef::Unresolved;
  UnOp unop = UnOp::Neg;
  BinOp binop = BinOp::Add;
  Type cast_to = Type::integer();
  std::vector<Binder> binders;
  std::vector<ExprPtr> args;
  std::vector<Location> locs;
  bool read_only = false;
  /// App of a definition over several states: the state each of its labels names here.
  std::vector<std::string> labels;
};

enum class AnnotKind {
  Requires,
  Ensures,
  Writes,
  Typically, // function contract
  Invariant,
  Variant,
  LoopWrites, // loop contract
  Assert,
  Assume, // statements
  Lemma,
  Axiom, // global
};

/// The keyword of an annotation kind in `.ivl` text (loop writes print as `writes`).
const char *keyword(AnnotKind k);

/// The cells of one object a part of `same_object` covers: 1 for `p`, n for `p + (0 .. n - 1)`.
BigInt object_cells(const Location &part);

/// One annotation clause. Several clauses of one kind stay separate annotations.
struct Annotation {
  AnnotKind kind = AnnotKind::Assert;
  std::string id;   ///< stable, unique in the program: `#id` in the text
  std::string name; ///< optional user name (ACSL `name: p`), `"name"` in the text
  Pos pos;
  std::optional<SrcLoc> src;
  ExprPtr expr;               ///< all kinds but writes
  std::vector<Location> locs; ///< writes: empty means nothing
  /// Lemma, axiom: the memory states it speaks of (`lemma{K,L}`, two or more; `at(e, K)` reads
  /// one, and the first is where memory is read outside `at`); it holds for all of them.
  std::vector<std::string> labels;
};

enum class StmtKind {
  VarDecl, ///< var name : type [array_len] (= rhs)?
  Assign,  ///< lhs := rhs
  If,      ///< if cond body else else_body
  While,   ///< while cond annots body
  Break,
  Continue,
  Return, ///< return rhs?
  Call,   ///< (lhs :=)? call callee(args)
  Assert, ///< annots[0]
  Assume, ///< annots[0]
  Havoc,  ///< havoc locs
  Label,  ///< label name
  Block,  ///< { body }
};

struct Stmt;
using StmtPtr = std::shared_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct Stmt {
  StmtKind kind = StmtKind::Block;
  Pos pos;
  std::optional<SrcLoc> src;
  std::string name;         ///< declared variable, label
  Type type = Type::unit(); ///< declared type (element type for arrays)
  /// Declared local array: its length, evaluated once at the declaration. A literal (1 to
  /// 1000000) for a constant-length array; any integer code expression for a variable-length
  /// one, which must then be positive (goal rte_memory).
  ExprPtr array_len;
  ExprPtr lhs;  ///< Assign, Call: a variable or a dereference
  ExprPtr rhs;  ///< Assign, VarDecl initialiser, Return value
  ExprPtr cond; ///< If, While
  std::string callee;
  std::vector<ExprPtr> args;
  Block body, else_body;
  std::vector<Annotation> annots; ///< While: invariants, variants, writes in order; Assert/Assume
  std::vector<Location> locs;     ///< Havoc
};

struct Global {
  std::string name;
  Type type = Type::integer();      ///< element type for arrays
  std::optional<int64_t> array_len; ///< a global array: a constant pointer to its block
  Pos pos;
  std::optional<SrcLoc> src;
};

/// A predicate (result bool) or logic function; without body it is abstract (axiomatised).
struct LogicDef {
  std::string name;
  bool is_predicate = false;
  /// Over several memory states (`predicate P{K, L}(...)`): reads outside `at` are the first
  /// label's; each application names the states, as in `P{Old, Here}(x)`.
  std::vector<std::string> labels;
  std::vector<Binder> params;
  Type ret = Type::boolean();
  ExprPtr body;
  Pos pos;
  std::optional<SrcLoc> src;
};

/// A program function; without body it is a declaration (its contract only).
struct Function {
  std::string name;
  std::vector<Binder> params;
  Type ret = Type::unit();
  std::vector<Annotation> contract; ///< requires, ensures, writes, typically in order
  std::optional<Block> body;
  Pos pos;
  std::optional<SrcLoc> src;
  /// Its inputs (parameters and globals) that are several IR inputs in the source program (C
  /// structures): how counterexamples name them. Not part of the IR text.
  std::vector<SourceInput> source_inputs;
};

using Decl = std::variant<std::shared_ptr<Global>, std::shared_ptr<LogicDef>,
                          std::shared_ptr<Annotation>, std::shared_ptr<Function>>;

/// Something a front end accepted without giving it its full meaning (not part of the IR text).
struct Warning {
  SrcLoc at;
  std::string message;
};

struct Program {
  std::string file; ///< the file the IR was read from, for positions
  std::vector<Decl> decls;
  std::vector<Warning> warnings;
  /// Its annotations are read in ACSL's total logic, as Frama-C WP reads them (`--total-logic`):
  /// a read outside a block has some value. Runs then cannot evaluate such an annotation (it is
  /// not executable there, never a failure), and proofs do not ask for well-definedness.
  bool total_logic = false;

  const Global *global(const std::string &name) const;
  const LogicDef *logic(const std::string &name) const;
  const Function *function(const std::string &name) const;
  std::vector<const Function *> functions() const;
};

/// Where a diagnosis about a node points: its source location, or its place in the IR text.
SrcLoc where(const Program &p, Pos pos, const std::optional<SrcLoc> &src);

/// The name of a loop's contract as diagnoses use it: `loop@LINE`, LINE being the line of the
/// while statement's location. Front ends locate a loop where its annotation starts.
std::string loop_name(const Program &p, const Stmt &loop);
/// Whether a subcontract's name is a loop's (loop_name), not a callee's.
bool is_loop_name(const std::string &subcontract);
/// The LINE of a loop's name (loop_name); none for a callee's, or a name with no number.
std::optional<int> loop_line(const std::string &subcontract);

/// Constructors used by the parser and the front ends.
ExprPtr make_int(BigInt v, Pos pos = {});
ExprPtr make_bool(bool b, Pos pos = {});
ExprPtr make_var(std::string name, Pos pos = {});
ExprPtr make_unary(UnOp op, ExprPtr a, Pos pos = {});
ExprPtr make_binary(BinOp op, ExprPtr a, ExprPtr b, Pos pos = {});
ExprPtr make_expr(ExprKind kind, std::vector<ExprPtr> args, Pos pos = {});

} // namespace triage::ir
