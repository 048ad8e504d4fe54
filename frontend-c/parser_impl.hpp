// The parser's state and rules, shared by parser.cpp (declarations, statements),
// parse_expr.cpp (C expressions and ACSL terms) and parse_acsl.cpp (annotations).
#pragma once

#include <optional>

#include "frontend-c/c_ast.hpp"
#include "frontend-c/parser.hpp"

#include <map>
#include <string>
#include <vector>

namespace triage::frontend_c {

class Parser {
public:
  Parser(const Preprocessed &in, std::string file);
  TranslationUnit translation_unit();

private:
  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::string file_;
  std::map<std::string, CType> typedefs_;
  std::map<std::string, std::shared_ptr<StructDef>> structs_; ///< by tag, complete or not
  bool logic_ = false; ///< inside an annotation: ACSL terms and predicates
  std::map<std::string, ir::BigInt> enum_consts_; ///< enumerators: int constants
  int depth_ = 0; ///< nesting, bounded to keep hostile input from overflowing the stack

  // ---- tokens (parser.cpp) ----
  const Token &peek(size_t k = 0) const;
  const Token &next();
  bool at_punct(const char *p, size_t k = 0) const { return peek(k).punct(p); }
  bool at_ident(const char *w, size_t k = 0) const { return peek(k).ident(w); }
  bool accept(const char *p);
  void expect(const char *p, const char *what = nullptr);
  std::string expect_ident(const char *what);
  [[noreturn]] void fail(Loc at, const std::string &msg) const;
  [[noreturn]] void unexpected(const char *expected) const;
  struct Depth {
    Parser &p;
    explicit Depth(Parser &parser, Loc at);
    ~Depth() { --p.depth_; }
  };

  // ---- types and declarations (parser.cpp) ----
  bool starts_type(size_t k = 0) const;
  CType specifiers(bool *is_typedef = nullptr);
  CType pointers(CType base);
  CType enum_specifier();
  /// `struct tag`, `struct tag { fields }` or `struct { fields }`.
  CType struct_specifier();
  /// A declarator after the specifiers: stars, name, and array suffix; params when a function.
  Declarator declarator(const CType &base, bool allow_abstract = false);
  /// Rejects a variable-length array outside local variables (globals, typedefs).
  void only_local_vla(const Declarator &d) const;
  /// The parameters; with `variadic`, a final `...` is allowed and its place recorded there.
  std::vector<Param> param_list(std::optional<Loc> *variadic = nullptr);
  void external(TranslationUnit &tu, Contract contract);
  std::vector<CStmtPtr> compound();

  // ---- statements (parser.cpp) ----
  CStmtPtr statement();
  CStmtPtr declaration_stmt();
  CStmtPtr annotated_statement();
  CStmtPtr loop_statement(std::vector<Clause> annot, std::optional<Loc> annot_loc);

  // ---- expressions (parse_expr.cpp) ----
  CExprPtr expression(); ///< C: with commas; logic: a term
  CExprPtr assignment();
  /// `[N]` of an inner dimension: N, a positive constant.
  int64_t row_length();
  /// The items of an initialiser list after its `{`, up to and with its `}`; a nested `{ ... }`
  /// is one InitList item.
  std::vector<CExprPtr> initialiser_items();
  CExprPtr conditional();
  CExprPtr binary(int min_prec);
  CExprPtr unary();
  CExprPtr postfix(CExprPtr e);
  CExprPtr primary();
  CExprPtr number(const Token &t) const;
  CExprPtr char_const(const Token &t) const;
  CExprPtr logic_builtin(const Token &t);
  CExprPtr binder_term(const Token &t);
  std::vector<CExprPtr> call_args();
  int precedence(const std::string &op) const;

  // ---- annotations (parse_acsl.cpp) ----
  CExprPtr term(); ///< a term or predicate, optionally named `name: p`
  CExprPtr named_term(std::string *name);
  CType logic_type();
  Contract contract();
  void contract_clause(std::vector<Clause> &out, const std::string &kw, Loc at);
  Clause simple_clause(Clause::Kind kind, Loc at);
  Clause assigns_clause(Clause::Kind kind, Loc at);
  std::vector<Clause> loop_annotation();
  void global_annotation(TranslationUnit &tu, bool in_axiomatic);
  LogicDecl logic_decl(bool is_predicate, Loc at);
  std::vector<Param> logic_params();
  std::vector<std::string> state_labels();
  void inductive(TranslationUnit &tu, Loc at);
  void end_clause();
  void end_annotation();
};

} // namespace triage::frontend_c
