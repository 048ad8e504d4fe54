// The syntax tree of a C file with E-ACSL annotations, as the parser builds it. Types are
// resolved at parse time (typedefs included); names are resolved by the lowering.
#pragma once

#include "frontend-c/c_type.hpp"
#include "frontend-c/token.hpp"
#include "ir/type.hpp"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace triage::frontend_c {

struct CExpr;
using CExprPtr = std::shared_ptr<CExpr>;

/// A C expression or an ACSL term/predicate (one node type: annotations extend C expressions).
struct CExpr {
  enum class Kind {
    IntLit,    ///< value (type from suffix and value)
    Var,       ///< name
    Unary,     ///< op args[0]: - + ! ~ * &
    Binary,    ///< args[0] op args[1]: arithmetic, comparison, && || ==> <==> ^^
    Assign,    ///< args[0] op args[1], op "=" or "+=" ...
    IncDec,    ///< op "++"/"--", prefix or postfix
    Cond,      ///< args[0] ? args[1] : args[2]
    Call,      ///< name(args)
    Index,     ///< args[0][args[1]]
    Cast,      ///< (type) args[0]
    Comma,     ///< args[0], args[1]
    SizeOf,    ///< sizeof(type)
    Member,    ///< args[0].name (op ".") or args[0]->name (op "->")
    StringLit, ///< a string literal (adjacent ones joined): only a task convention's argument
    InitList,  ///< `{ args }` inside an initialiser list: a field that is a structure
    // annotations only
    Result,
    Null,
    True,
    False,
    Old,   ///< \old(args[0])
    At,    ///< \at(args[0], name)
    Valid, ///< \valid / \valid_read (read_only) of args (pointer sets)
    Separated,
    Quant, ///< \forall (is_forall) / \exists binders; args[0]
    Let,   ///< \let name = args[0]; args[1]
    Range, ///< args[0] .. args[1] (in locations)
    Named, ///< name: args[0]
  };
  Kind kind = Kind::IntLit;
  Loc loc;
  std::string op;
  std::string name;
  ir::BigInt value;
  CType type = CType::c_int(); ///< IntLit: its C type; Cast, SizeOf: the type written
  bool prefix = false;         ///< IncDec
  bool read_only = false;      ///< Valid
  bool is_forall = false;      ///< Quant
  bool paren = false;          ///< written in parentheses (stops comparison chains)
  std::vector<std::pair<std::string, CType>> binders;
  std::vector<Loc> binder_locs;
  std::vector<CExprPtr> args;
  std::vector<std::string> labels; ///< Call in annotations: the states of `f{K,L}(...)`
};

/// One annotation clause.
struct Clause {
  enum class Kind {
    Requires,
    Ensures,
    Assigns,
    Typically,
    Assumes,
    Invariant,
    Variant,
    LoopAssigns,
    Assert,
    Complete,
    Disjoint,
  };
  Kind kind = Kind::Requires;
  Loc loc;
  std::string name;                   ///< ACSL `name: p`
  CExprPtr pred;                      ///< predicate or variant term
  std::vector<CExprPtr> locs;         ///< assigns; empty for \nothing
  std::vector<std::string> behaviors; ///< complete / disjoint behaviors (empty: all)
};

struct Behavior {
  std::string name;
  Loc loc;
  std::vector<Clause> clauses;
};

struct Contract {
  std::vector<Clause> clauses; ///< the default behavior, complete and disjoint clauses
  std::vector<Behavior> behaviors;
  bool empty() const { return clauses.empty() && behaviors.empty(); }
};

struct CStmt;
using CStmtPtr = std::shared_ptr<CStmt>;

struct Declarator {
  std::string name;
  Loc loc;
  CType type;
  CExprPtr init;               ///< scalar initialiser
  std::vector<CExprPtr> inits; ///< array initialiser list
  bool has_list = false;
  /// A variable-length array (type: an array without len): its length, evaluated at the
  /// declaration. Local variables only.
  CExprPtr vla_len;
  /// A structure whose address is taken, made a one-object array (address_taken.cpp): its
  /// initialiser initialises that object.
  bool boxed = false;
};

struct CStmt {
  enum class Kind {
    Expr,
    Decl,
    If,
    While,
    DoWhile,
    For,
    Block,
    Break,
    Continue,
    Return,
    Goto,
    Label,
    Assert,
    Empty,
    Switch, ///< switch (expr) body[0]
    Case,   ///< `case expr:` (`default:` without expr): a marker before the statements it labels
  };
  Kind kind = Kind::Empty;
  Loc loc;
  CExprPtr expr;              ///< Expr, Return value, If/While/DoWhile/For condition
  CStmtPtr init;              ///< For
  CExprPtr step;              ///< For
  std::vector<CStmtPtr> body; ///< Block; loop body and If then-branch as one statement
  std::vector<CStmtPtr> else_body;
  std::vector<Declarator> decls;  ///< Decl
  std::string label;              ///< Label (body[0] is the labelled statement), Goto target
  std::vector<Clause> loop_annot; ///< loops
  std::optional<Loc> annot_loc;   ///< where the loop annotation comment starts
  Clause assertion;               ///< Assert
};

struct Param {
  std::string name;
  Loc loc;
  CType type;
};

struct FuncDecl {
  std::string name;
  Loc loc;
  CType ret;
  std::vector<Param> params;
  Contract contract;
  std::optional<std::vector<CStmtPtr>> body;
  std::optional<Loc> variadic; ///< where its `...` stands (a declaration only)
};

struct GlobalVar {
  std::string name;
  Loc loc;
  CType type;
};

struct LogicDecl {
  bool is_predicate = false;
  std::string name;
  Loc loc;
  CType ret = CType::boolean();
  std::vector<Param> params;
  CExprPtr body;                   ///< null: abstract
  std::vector<std::string> labels; ///< its memory-state labels `{K,L}`, if written
};

struct LemmaDecl {
  bool is_axiom = false;
  std::string name;
  std::vector<std::string> labels; ///< its memory-state labels `{K,L}`, if written
  Loc loc;
  CExprPtr pred;
};

using TopDecl = std::variant<FuncDecl, GlobalVar, LogicDecl, LemmaDecl>;

struct TranslationUnit {
  std::vector<TopDecl> decls;
};

} // namespace triage::frontend_c
