// Declarations and statements of the C subset. The grammar is LL(k) once typedef names are known,
// so a recursive descent over the PEGTL tokens suffices; annotations are in parse_acsl.cpp.
#include "frontend-c/parser_impl.hpp"

#include "frontend-c/gnu_extensions.hpp"
#include "ir/error.hpp"

#include <set>

namespace triage::frontend_c {

Parser::Parser(const Preprocessed &in, std::string file)
    : toks_(without_gnu_extensions(in.tokens)), file_(std::move(file)), typedefs_(in.typedefs) {}

TranslationUnit parse(const Preprocessed &input, const std::string &file) {
  return Parser(input, file).translation_unit();
}

// ---- tokens ----

const Token &Parser::peek(size_t k) const {
  return toks_[std::min(pos_ + k, toks_.size() - 1)];
}

const Token &Parser::next() {
  const Token &t = peek();
  if (t.kind != Tok::End) ++pos_;
  return t;
}

bool Parser::accept(const char *p) {
  if (!at_punct(p)) return false;
  next();
  return true;
}

void Parser::expect(const char *p, const char *what) {
  if (!accept(p)) unexpected(what ? what : (std::string("'") + p + "'").c_str());
}

std::string Parser::expect_ident(const char *what) {
  if (peek().kind != Tok::Ident || peek().text.starts_with("\\")) unexpected(what);
  return next().text;
}

void Parser::fail(Loc at, const std::string &msg) const {
  throw ir::Error(ir::SrcLoc{file_of(at, file_), at.line, at.col}, msg);
}

void Parser::unexpected(const char *expected) const {
  const Token &t = peek();
  std::string found = t.kind == Tok::End          ? "end of file"
                      : t.kind == Tok::AnnotEnd   ? "end of annotation"
                      : t.kind == Tok::AnnotBegin ? "annotation"
                                                  : "'" + t.text + "'";
  fail(t.loc, std::string("expected ") + expected + ", found " + found);
}

Parser::Depth::Depth(Parser &parser, Loc at) : p(parser) {
  if (++p.depth_ > 200) {
    --p.depth_;
    p.fail(at, "nesting too deep");
  }
}

// ---- types ----

namespace {
const std::set<std::string> type_words = {
    "void",  "char",     "short",  "int",    "long",    "signed",    "unsigned", "_Bool",
    "const", "volatile", "static", "extern", "inline",  "register",  "restrict", "struct",
    "union", "enum",     "float",  "double", "typedef", "__restrict"};
} // namespace

bool Parser::starts_type(size_t k) const {
  const Token &t = peek(k);
  if (t.kind != Tok::Ident) return false;
  if (type_words.count(t.text) || typedefs_.count(t.text)) return true;
  return logic_ && (t.text == "integer" || t.text == "boolean" || t.text == "real");
}

CType Parser::specifiers(bool *is_typedef) {
  int longs = 0, shorts = 0, chars = 0, ints = 0, voids = 0, bools = 0;
  bool is_signed = false, is_unsigned = false, any = false;
  std::optional<CType> named;
  const Loc start = peek().loc;
  while (peek().kind == Tok::Ident) {
    const Token &t = peek();
    const std::string &w = t.text;
    if (w == "const" || w == "volatile" || w == "restrict" || w == "__restrict" ||
        w == "register" || w == "inline" || w == "extern") {
    } else if (w == "static") {
      if (!logic_ && is_typedef == nullptr) fail(t.loc, "static local variables are not supported");
    } else if (w == "typedef") {
      if (!is_typedef) fail(t.loc, "typedef is only supported at file scope");
      *is_typedef = true;
    } else if (w == "enum" && !any && !named) {
      named = enum_specifier();
      continue;
    } else if (w == "struct" && !any && !named) {
      named = struct_specifier();
      continue;
    } else if (w == "struct" || w == "union" || w == "enum") {
      fail(t.loc, w + " types are not supported");
    } else if (w == "float" || w == "double" || w == "real") {
      fail(t.loc, "floating-point types are not supported");
    } else if (w == "long") {
      ++longs;
    } else if (w == "short") {
      ++shorts;
    } else if (w == "char") {
      ++chars;
    } else if (w == "int") {
      ++ints;
    } else if (w == "void") {
      ++voids;
    } else if (w == "_Bool") {
      ++bools;
    } else if (w == "signed") {
      is_signed = true;
    } else if (w == "unsigned") {
      is_unsigned = true;
    } else if (logic_ && (w == "integer" || w == "boolean") && !any && !named) {
      next();
      return w == "integer" ? CType::integer() : CType::boolean();
    } else if (typedefs_.count(w) && !any && !named) {
      named = typedefs_.at(w);
    } else {
      break;
    }
    if (w != "const" && w != "volatile" && w != "static" && w != "typedef" && w != "extern" &&
        w != "inline" && w != "register" && w != "restrict" && w != "__restrict" && !named)
      any = true;
    next();
  }
  if (named) {
    if (any) fail(start, "invalid combination of type specifiers");
    return *named;
  }
  if (!any) unexpected("a type");
  if (voids + bools + chars + shorts > 1 || longs > 2 || (is_signed && is_unsigned) ||
      ((voids || bools) && (longs || is_signed || is_unsigned || ints)) ||
      (chars && (longs || ints)) || (shorts && longs))
    fail(start, "invalid combination of type specifiers");
  if (voids) return CType::void_type();
  if (bools) return CType::bool_type();
  const int rank = chars ? 1 : shorts ? 2 : longs == 2 ? 5 : longs == 1 ? 4 : 3;
  return CType::int_type(rank, !is_unsigned);
}

namespace {
/// The value of an integer constant expression built from literals, or nullopt.
std::optional<ir::BigInt> fold(const CExpr &e) {
  if (e.kind == CExpr::Kind::IntLit) return e.value;
  if (e.kind == CExpr::Kind::Unary && (e.op == "-" || e.op == "+")) {
    auto a = fold(*e.args[0]);
    return a ? std::optional<ir::BigInt>(e.op == "-" ? ir::BigInt(-*a) : *a) : std::nullopt;
  }
  if (e.kind == CExpr::Kind::Binary && (e.op == "+" || e.op == "-" || e.op == "*")) {
    auto a = fold(*e.args[0]), b = fold(*e.args[1]);
    if (!a || !b) return std::nullopt;
    return e.op == "+"   ? ir::BigInt(*a + *b)
           : e.op == "-" ? ir::BigInt(*a - *b)
                         : ir::BigInt(*a * *b);
  }
  return std::nullopt;
}
} // namespace

CType Parser::enum_specifier() {
  next();                                                  // enum
  if (peek().kind == Tok::Ident && !at_punct("{")) next(); // the tag: every enum is an int
  if (!accept("{")) return CType::c_int();
  ir::BigInt value = 0;
  while (!at_punct("}")) {
    const Loc at = peek().loc;
    const std::string name = expect_ident("an enumerator");
    if (accept("=")) {
      const Loc vat = peek().loc;
      auto v = fold(*conditional());
      if (!v) fail(vat, "an enumerator value must be an integer constant");
      value = *v;
    }
    if (!to_ir(CType::c_int()).fits(value))
      fail(at, "the enumerator '" + name + "' does not fit in an int");
    enum_consts_[name] = value;
    value += 1;
    if (!accept(",")) break;
  }
  expect("}");
  return CType::c_int();
}

std::vector<CExprPtr> Parser::initialiser_items() {
  std::vector<CExprPtr> items;
  while (!at_punct("}")) {
    if (at_punct("{")) {
      auto list = std::make_shared<CExpr>();
      list->kind = CExpr::Kind::InitList;
      list->loc = next().loc;
      list->args = initialiser_items();
      items.push_back(std::move(list));
    } else {
      items.push_back(assignment());
    }
    if (!accept(",")) break;
  }
  expect("}");
  return items;
}

CType Parser::struct_specifier() {
  const Loc at = next().loc; // struct
  std::string tag = "anonymous:" + std::to_string(at.line) + ":" + std::to_string(at.col);
  if (peek().kind == Tok::Ident) tag = next().text;
  std::shared_ptr<StructDef> &def = structs_[tag];
  if (!def) def = std::make_shared<StructDef>(StructDef{tag, {}, false});
  if (!accept("{")) return CType::structure(def);
  if (def->complete) fail(at, "redefinition of 'struct " + tag + "'");
  while (!accept("}")) {
    const CType base = specifiers();
    do {
      const Declarator d = declarator(base);
      // Each field becomes memory of its own (docs/c-frontend.md): scalars, pointers to them,
      // and structures (their fields, flattened).
      if (d.type.is_struct() && !d.type.sdef->complete)
        fail(d.loc, "the field '" + d.name + "' has the incomplete type '" + d.type.str() + "'");
      const bool scalar_array = d.type.is_array() && d.type.len && *d.type.len > 0 &&
                                !d.type.elem->is_array() && !d.type.elem->is_aggregate() &&
                                !(d.type.elem->is_ptr() && d.type.elem->elem->is_aggregate());
      if ((d.type.is_array() && !scalar_array) || d.type.is_struct_ptr() || d.type.is_void() ||
          (d.type.is_ptr() && d.type.elem->is_aggregate()))
        fail(d.loc, "a structure field of type '" + d.type.str() +
                        "' is not supported (fields are integers, pointers to them, arrays of "
                        "them with a length and structures)");
      if (def->field(d.name) >= 0) fail(d.loc, "duplicate field '" + d.name + "'");
      def->fields.emplace_back(d.name, d.type);
    } while (accept(","));
    expect(";");
  }
  if (def->fields.empty()) fail(at, "a structure without fields is not supported");
  def->complete = true;
  return CType::structure(def);
}

CType Parser::pointers(CType base) {
  while (accept("*")) {
    base = CType::pointer(base);
    while (at_ident("const") || at_ident("volatile") || at_ident("restrict") ||
           at_ident("__restrict"))
      next();
  }
  return base;
}

Declarator Parser::declarator(const CType &base, bool allow_abstract) {
  Declarator d;
  d.type = pointers(base);
  d.loc = peek().loc;
  // `(*p)[N]`: a pointer to arrays of N (the rows of a two-dimensional array).
  const bool pointer_to_array = at_punct("(") && at_punct("*", 1);
  const Loc paren = peek().loc;
  constexpr const char *kParenthesised =
      "function pointers and parenthesised declarators are not supported";
  if (pointer_to_array) {
    next();
    next();
  } else if (at_punct("(")) {
    fail(paren, kParenthesised);
  }
  if (peek().kind == Tok::Ident && !starts_type() && !peek().text.starts_with("\\"))
    d.name = next().text;
  else if (!allow_abstract)
    unexpected("a name");
  if (pointer_to_array) {
    expect(")");
    if (!at_punct("[")) fail(paren, std::string(kParenthesised) + " (but (*p)[N] is)");
    d.type = CType::pointer(CType::array(d.type, row_length()));
    return d;
  }
  if (at_punct("[")) {
    const Loc at = next().loc;
    std::optional<int64_t> len;
    if (!at_punct("]")) {
      const Token &t = peek();
      CExprPtr len_expr = conditional();
      const std::optional<ir::BigInt> n = fold(*len_expr);
      if (!n) {
        d.vla_len = std::move(len_expr); // the declaration's context decides if that is allowed
      } else {
        if (*n < 0 || *n > 1000000) fail(t.loc, "an array length must be from 0 to 1000000");
        len = int64_t(*n);
      }
    }
    expect("]");
    if (d.type.is_void()) fail(at, "array of void");
    // `int m[3][4]`: an array of 3 rows of 4; a row's length is a constant.
    std::vector<int64_t> rows;
    while (at_punct("["))
      rows.push_back(row_length());
    for (auto n = rows.rbegin(); n != rows.rend(); ++n)
      d.type = CType::array(d.type, *n);
    if (!rows.empty() && d.vla_len)
      fail(d.vla_len->loc, "a variable-length array of arrays is not supported");
    d.type = CType::array(d.type, len);
  }
  return d;
}

int64_t Parser::row_length() {
  expect("[");
  const Token &t = peek();
  if (at_punct("]")) fail(t.loc, "only the first dimension of an array may be left out");
  const std::optional<ir::BigInt> n = fold(*conditional());
  if (!n) fail(t.loc, "an inner dimension of an array must be an integer constant expression");
  if (*n <= 0 || *n > 1000000) fail(t.loc, "an inner dimension must be from 1 to 1000000");
  expect("]");
  return int64_t(*n);
}

void Parser::only_local_vla(const Declarator &d) const {
  if (d.vla_len)
    fail(d.vla_len->loc, "variable-length arrays are only supported as local variables: an "
                         "array length here must be an integer constant expression");
}

std::vector<Param> Parser::param_list(std::optional<Loc> *variadic) {
  std::vector<Param> ps;
  expect("(");
  if (at_ident("void") && at_punct(")", 1)) {
    next();
    next();
    return ps;
  }
  if (accept(")")) return ps;
  do {
    if (at_punct("...")) {
      // A declaration may be variadic (the C library's, in preprocessed files): it is read, and
      // its calls and a definition are refused.
      if (!variadic || ps.empty()) fail(peek().loc, "variadic functions are not supported");
      *variadic = next().loc;
      break;
    }
    const Loc at = peek().loc;
    const CType base = specifiers();
    Declarator d = declarator(base, true);
    if (d.type.is_void()) fail(at, "a parameter cannot have type void");
    if (d.name.empty()) d.name = "__param" + std::to_string(ps.size() + 1);
    ps.push_back(Param{d.name, d.loc, d.type.decay()});
  } while (accept(","));
  expect(")");
  return ps;
}

// ---- declarations ----

TranslationUnit Parser::translation_unit() {
  TranslationUnit tu;
  while (peek().kind != Tok::End) {
    if (peek().kind == Tok::AnnotBegin) {
      const Token &word = peek(1);
      static const std::set<std::string> contract_words = {
          "requires",   "ensures",   "assigns",   "behavior", "complete", "disjoint", "typically",
          "terminates", "decreases", "allocates", "frees",    "exits",    "assumes"};
      if (word.kind == Tok::Ident && contract_words.count(word.text)) {
        next();
        Contract c = contract();
        // A contract may span several annotation comments (`//@ requires ...;` lines).
        while (peek().kind == Tok::AnnotBegin && peek(1).kind == Tok::Ident &&
               contract_words.count(peek(1).text)) {
          next();
          Contract more = contract();
          for (Clause &cl : more.clauses)
            c.clauses.push_back(std::move(cl));
          for (Behavior &b : more.behaviors)
            c.behaviors.push_back(std::move(b));
        }
        if (peek().kind == Tok::AnnotBegin || peek().kind == Tok::End)
          fail(peek().loc, "a function contract must be followed by a function");
        external(tu, std::move(c));
      } else {
        next();
        global_annotation(tu, false);
      }
      continue;
    }
    if (accept(";")) continue;
    external(tu, Contract{});
  }
  return tu;
}

void Parser::external(TranslationUnit &tu, Contract contract) {
  const Loc start = peek().loc;
  if (!starts_type()) unexpected("a declaration");
  bool is_typedef = false;
  const CType base = specifiers(&is_typedef);
  if (is_typedef) {
    do {
      Declarator d = declarator(base);
      only_local_vla(d);
      typedefs_[d.name] = d.type;
    } while (accept(","));
    expect(";");
    if (!contract.empty()) fail(start, "a function contract must be followed by a function");
    return;
  }
  if (at_punct(";")) {
    next();
    return;
  }
  bool first = true;
  do {
    Declarator d = declarator(base);
    if (at_punct("(")) {
      FuncDecl f;
      f.name = d.name;
      f.loc = d.loc;
      f.ret = d.type;
      if (f.ret.is_array()) fail(d.loc, "a function cannot return an array");
      f.params = param_list(&f.variadic);
      f.contract = std::move(contract);
      contract = Contract{};
      if (first && at_punct("{")) {
        if (f.variadic) fail(*f.variadic, "variadic functions are not supported");
        f.body = compound();
        tu.decls.push_back(std::move(f));
        return;
      }
      tu.decls.push_back(std::move(f));
    } else {
      if (!contract.empty()) fail(start, "a function contract must be followed by a function");
      if (d.type.is_void()) fail(d.loc, "a variable cannot have type void");
      only_local_vla(d);
      if (d.type.is_array() && !d.type.len) fail(d.loc, "a global array needs a length");
      if (accept("=")) {
        // Globals are inputs of every function checked: the initial value is not used.
        if (accept("{")) {
          int depth = 1;
          while (depth > 0 && peek().kind != Tok::End) {
            depth += at_punct("{") ? 1 : at_punct("}") ? -1 : 0;
            next();
          }
        } else {
          assignment();
        }
      }
      tu.decls.push_back(GlobalVar{d.name, d.loc, d.type});
    }
    first = false;
  } while (accept(","));
  expect(";");
}

std::vector<CStmtPtr> Parser::compound() {
  const Depth guard(*this, peek().loc);
  expect("{");
  std::vector<CStmtPtr> body;
  while (!at_punct("}")) {
    if (peek().kind == Tok::End) unexpected("'}'");
    body.push_back(statement());
  }
  next();
  return body;
}

// ---- statements ----

namespace {
CStmtPtr make_stmt(CStmt::Kind k, Loc at) {
  auto s = std::make_shared<CStmt>();
  s->kind = k;
  s->loc = at;
  return s;
}
} // namespace

CStmtPtr Parser::statement() {
  const Depth guard(*this, peek().loc);
  const Token &t = peek();
  const Loc at = t.loc;
  if (t.kind == Tok::AnnotBegin) return annotated_statement();
  if (t.kind == Tok::Punct) {
    if (t.text == "{") {
      auto s = make_stmt(CStmt::Kind::Block, at);
      s->body = compound();
      return s;
    }
    if (t.text == ";") {
      next();
      return make_stmt(CStmt::Kind::Empty, at);
    }
  }
  if (t.kind == Tok::Ident) {
    const std::string w = t.text;
    if (w == "if") {
      next();
      auto s = make_stmt(CStmt::Kind::If, at);
      expect("(");
      s->expr = expression();
      expect(")");
      s->body.push_back(statement());
      if (at_ident("else")) {
        next();
        s->else_body.push_back(statement());
      }
      return s;
    }
    if (w == "while" || w == "do" || w == "for") return loop_statement({}, std::nullopt);
    if (w == "break" || w == "continue") {
      next();
      expect(";");
      return make_stmt(w == "break" ? CStmt::Kind::Break : CStmt::Kind::Continue, at);
    }
    if (w == "return") {
      next();
      auto s = make_stmt(CStmt::Kind::Return, at);
      if (!at_punct(";")) s->expr = expression();
      expect(";");
      return s;
    }
    if (w == "goto") {
      next();
      auto s = make_stmt(CStmt::Kind::Goto, at);
      s->label = expect_ident("a label");
      expect(";");
      return s;
    }
    if (w == "switch") {
      next();
      auto s = make_stmt(CStmt::Kind::Switch, at);
      expect("(");
      s->expr = expression();
      expect(")");
      s->body.push_back(statement());
      return s;
    }
    if (w == "case" || w == "default") {
      next();
      auto s = make_stmt(CStmt::Kind::Case, at);
      if (w == "case") s->expr = expression();
      expect(":");
      return s;
    }
    if (w == "asm" || w == "__asm__") fail(at, "inline assembly is not supported");
    if (w == "typedef") fail(at, "typedef is only supported at file scope");
    if (w == "else") fail(at, "'else' without 'if'");
    if (!starts_type() && at_punct(":", 1) && !w.starts_with("\\")) {
      next();
      next();
      auto s = make_stmt(CStmt::Kind::Label, at);
      s->label = w;
      if (at_punct("}"))
        s->body.push_back(make_stmt(CStmt::Kind::Empty, peek().loc));
      else
        s->body.push_back(statement());
      return s;
    }
    if (starts_type()) return declaration_stmt();
  }
  auto s = make_stmt(CStmt::Kind::Expr, at);
  s->expr = expression();
  expect(";");
  return s;
}

CStmtPtr Parser::declaration_stmt() {
  auto s = make_stmt(CStmt::Kind::Decl, peek().loc);
  const CType base = specifiers();
  if (accept(";")) { // `enum { A, B };` declares only its constants
    s->kind = CStmt::Kind::Empty;
    return s;
  }
  do {
    Declarator d = declarator(base);
    if (at_punct("(")) fail(d.loc, "local function declarations are not supported");
    if (d.type.is_void()) fail(d.loc, "a variable cannot have type void");
    if (d.vla_len && at_punct("="))
      fail(peek().loc, "a variable-length array cannot be initialised");
    if (accept("=")) {
      if (at_punct("{")) {
        if (!d.type.is_array() && !d.type.is_struct())
          fail(peek().loc, "an initialiser list needs an array or a structure");
        next();
        d.has_list = true;
        d.inits = initialiser_items();
        if (d.type.is_array() && !d.type.len) d.type.len = int64_t(d.inits.size());
        if (d.type.is_array() && int64_t(d.inits.size()) > *d.type.len)
          fail(d.loc, "too many initialisers for the array");
      } else {
        if (d.type.is_array()) fail(peek().loc, "an array is initialised with a list { ... }");
        d.init = assignment();
      }
    }
    if (d.type.is_array() && !d.type.len && !d.vla_len) fail(d.loc, "a local array needs a length");
    s->decls.push_back(std::move(d));
  } while (accept(","));
  expect(";");
  return s;
}

CStmtPtr Parser::loop_statement(std::vector<Clause> annot, std::optional<Loc> annot_loc) {
  const Token &t = peek();
  const Loc at = t.loc;
  CStmtPtr s;
  if (t.ident("while")) {
    next();
    s = make_stmt(CStmt::Kind::While, at);
    expect("(");
    s->expr = expression();
    expect(")");
    s->body.push_back(statement());
  } else if (t.ident("do")) {
    next();
    s = make_stmt(CStmt::Kind::DoWhile, at);
    s->body.push_back(statement());
    if (!at_ident("while")) unexpected("'while'");
    next();
    expect("(");
    s->expr = expression();
    expect(")");
    expect(";");
  } else if (t.ident("for")) {
    next();
    s = make_stmt(CStmt::Kind::For, at);
    expect("(");
    if (starts_type()) {
      s->init = declaration_stmt();
    } else if (!accept(";")) {
      s->init = make_stmt(CStmt::Kind::Expr, peek().loc);
      s->init->expr = expression();
      expect(";");
    }
    if (!at_punct(";")) s->expr = expression();
    expect(";");
    if (!at_punct(")")) s->step = expression();
    expect(")");
    s->body.push_back(statement());
  } else {
    unexpected("a loop after the loop annotation");
  }
  s->loop_annot = std::move(annot);
  s->annot_loc = annot_loc;
  return s;
}

CStmtPtr Parser::annotated_statement() {
  const Token &begin = next();
  const Token &word = peek();
  const Loc at = begin.loc;
  if (word.ident("assert") || word.ident("check")) {
    auto block = make_stmt(CStmt::Kind::Block, at);
    while (at_ident("assert") || at_ident("check")) {
      auto s = make_stmt(CStmt::Kind::Assert, peek().loc);
      const Loc kw = next().loc;
      s->assertion = simple_clause(Clause::Kind::Assert, kw);
      block->body.push_back(s);
    }
    end_annotation();
    if (block->body.size() == 1) return block->body[0];
    block->kind = CStmt::Kind::Block;
    return block;
  }
  if (word.ident("loop")) {
    std::vector<Clause> annot = loop_annotation();
    // Several annotation comments may precede one loop: their clauses add up.
    while (peek().kind == Tok::AnnotBegin && peek(1).ident("loop")) {
      next();
      for (Clause &c : loop_annotation())
        annot.push_back(std::move(c));
    }
    return loop_statement(std::move(annot), at);
  }
  static const std::set<std::string> contract_words = {
      "requires", "ensures", "assigns", "behavior", "assumes", "complete", "disjoint"};
  if (word.kind == Tok::Ident && contract_words.count(word.text))
    fail(word.loc, "statement contracts are not supported");
  if (word.ident("ghost")) {
    // Ghost statements (labels, ghost variables) are lowered as code: the verifier does not
    // check that they leave the real program's state alone.
    next();
    auto block = make_stmt(CStmt::Kind::Block, at);
    while (peek().kind != Tok::AnnotEnd) {
      if (peek().kind == Tok::End) unexpected("the end of the ghost code");
      block->body.push_back(statement());
    }
    end_annotation();
    if (block->body.size() == 1) return block->body[0];
    return block;
  }
  if (word.ident("for"))
    fail(word.loc, "behavior-specific annotations (for b: ...) are not supported");
  if (word.kind == Tok::AnnotEnd) {
    next();
    return make_stmt(CStmt::Kind::Empty, at);
  }
  fail(word.loc, "unsupported annotation '" + word.text + "' in a function body");
}

} // namespace triage::frontend_c
