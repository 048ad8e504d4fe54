// E-ACSL annotations: function contracts with behaviors, loop annotations, assertions (the
// statement side is in parser.cpp) and global logic declarations.
#include "frontend-c/parser_impl.hpp"

#include <set>

namespace triage::frontend_c {

namespace {
struct LogicMode {
  bool &flag;
  bool saved;
  explicit LogicMode(bool &f) : flag(f), saved(f) { flag = true; }
  ~LogicMode() { flag = saved; }
};
} // namespace

CExprPtr Parser::term() {
  const LogicMode mode(logic_);
  return conditional();
}

CExprPtr Parser::named_term(std::string *name) {
  const LogicMode mode(logic_);
  // `name: p` (several names may stack); `a ? b : c` never starts with `ident :`.
  while (peek().kind == Tok::Ident && !peek().text.starts_with("\\") && at_punct(":", 1)) {
    if (name->empty()) *name = peek().text;
    next();
    next();
  }
  return term();
}

CType Parser::logic_type() {
  const LogicMode mode(logic_);
  if (!starts_type()) unexpected("a type");
  return specifiers();
}

void Parser::end_clause() {
  if (accept(";")) return;
  if (peek().kind == Tok::AnnotEnd) return;
  unexpected("';'");
}

void Parser::end_annotation() {
  if (peek().kind != Tok::AnnotEnd) unexpected("the end of the annotation");
  next();
}

Clause Parser::simple_clause(Clause::Kind kind, Loc at) {
  Clause c;
  c.kind = kind;
  c.loc = at;
  c.pred = named_term(&c.name);
  end_clause();
  return c;
}

Clause Parser::assigns_clause(Clause::Kind kind, Loc at) {
  const LogicMode mode(logic_);
  Clause c;
  c.kind = kind;
  c.loc = at;
  if (at_ident("\\nothing")) {
    next();
  } else {
    do
      c.locs.push_back(term());
    while (accept(","));
  }
  if (at_ident("\\from")) {
    // Dependencies say nothing about what is written: skip them.
    while (!at_punct(";") && peek().kind != Tok::AnnotEnd && peek().kind != Tok::End)
      next();
  }
  end_clause();
  return c;
}

Contract Parser::contract() {
  const LogicMode mode(logic_);
  Contract c;
  Behavior *current = nullptr;
  while (peek().kind != Tok::AnnotEnd) {
    const Token &kw = peek();
    if (kw.kind != Tok::Ident) unexpected("a contract clause");
    const std::string w = kw.text;
    const Loc at = kw.loc;
    next();
    if (w == "behavior") {
      Behavior b;
      b.loc = at;
      b.name = expect_ident("a behavior name");
      expect(":");
      c.behaviors.push_back(std::move(b));
      current = &c.behaviors.back();
    } else if (w == "complete" || w == "disjoint") {
      if (!at_ident("behaviors") && !at_ident("behavior")) unexpected("'behaviors'");
      next();
      Clause cl;
      cl.kind = w == "complete" ? Clause::Kind::Complete : Clause::Kind::Disjoint;
      cl.loc = at;
      if (peek().kind == Tok::Ident) {
        do
          cl.behaviors.push_back(expect_ident("a behavior name"));
        while (accept(","));
      }
      end_clause();
      c.clauses.push_back(std::move(cl));
      current = nullptr;
    } else {
      contract_clause(current ? current->clauses : c.clauses, w, at);
      if (w == "assumes" && !current) fail(at, "'assumes' is only allowed in a behavior");
    }
  }
  next();
  return c;
}

void Parser::contract_clause(std::vector<Clause> &out, const std::string &w, Loc at) {
  if (w == "requires")
    out.push_back(simple_clause(Clause::Kind::Requires, at));
  else if (w == "ensures")
    out.push_back(simple_clause(Clause::Kind::Ensures, at));
  else if (w == "typically")
    out.push_back(simple_clause(Clause::Kind::Typically, at));
  else if (w == "assumes")
    out.push_back(simple_clause(Clause::Kind::Assumes, at));
  else if (w == "assigns")
    out.push_back(assigns_clause(Clause::Kind::Assigns, at));
  else if (w == "terminates" || w == "exits") {
    // Accepted, not checked (docs/c-frontend.md): triage proves partial correctness of
    // functions whose loops have variants, and the supported subset has no exit().
    Clause c = simple_clause(Clause::Kind::Requires, at);
    (void)c;
  } else if (w == "decreases" || w == "allocates" || w == "frees" || w == "returns" ||
             w == "breaks" || w == "continues")
    fail(at, "'" + w + "' clauses are not supported");
  else
    fail(at, "unknown contract clause '" + w + "'");
}

std::vector<Clause> Parser::loop_annotation() {
  const LogicMode mode(logic_);
  std::vector<Clause> out;
  while (peek().kind != Tok::AnnotEnd) {
    if (at_ident("for"))
      fail(peek().loc, "behavior-specific loop annotations (for b: ...) are not supported");
    if (!at_ident("loop"))
      unexpected("a loop annotation ('loop invariant', 'loop assigns', 'loop variant')");
    const Loc at = next().loc;
    const Token &kind = peek();
    if (kind.ident("invariant")) {
      next();
      out.push_back(simple_clause(Clause::Kind::Invariant, at));
    } else if (kind.ident("variant")) {
      next();
      out.push_back(simple_clause(Clause::Kind::Variant, at));
      if (at_ident("for"))
        fail(peek().loc, "loop variants with a relation (for R) are not supported");
    } else if (kind.ident("assigns")) {
      next();
      out.push_back(assigns_clause(Clause::Kind::LoopAssigns, at));
    } else {
      fail(kind.loc, "unsupported loop annotation 'loop " + kind.text + "'");
    }
  }
  next();
  return out;
}

std::vector<Param> Parser::logic_params() {
  std::vector<Param> ps;
  if (!accept("(")) return ps;
  if (accept(")")) return ps;
  do {
    const CType base = logic_type();
    const CType ty = pointers(base);
    const Loc at = peek().loc;
    std::string name = expect_ident("a parameter name");
    CType t = ty;
    if (accept("[")) {
      expect("]");
      t = CType::pointer(ty);
    }
    ps.push_back(Param{std::move(name), at, t});
  } while (accept(","));
  expect(")");
  return ps;
}

std::vector<std::string> Parser::state_labels() {
  // `{L}` on definitions that read memory, `{K,L}` on those that compare two states.
  std::vector<std::string> labels;
  if (!accept("{")) return labels;
  do
    labels.push_back(expect_ident("a label"));
  while (accept(","));
  expect("}");
  return labels;
}

LogicDecl Parser::logic_decl(bool is_predicate, Loc at) {
  LogicDecl d;
  d.is_predicate = is_predicate;
  d.loc = at;
  if (!is_predicate) {
    const CType base = logic_type();
    d.ret = pointers(base);
  }
  d.name = expect_ident("a name");
  d.labels = state_labels();
  if (at_punct("<")) fail(peek().loc, "polymorphic logic definitions are not supported");
  d.params = logic_params();
  if (accept("="))
    d.body = term();
  else if (at_punct("{"))
    fail(peek().loc, "a definition by cases in braces is not supported (write 'inductive')");
  if (at_ident("reads")) {
    // What an abstract function reads: ignored, so it may depend on all of memory (sound,
    // only weaker: a goal that needs the independence is not proved).
    while (!at_punct(";") && peek().kind != Tok::AnnotEnd && peek().kind != Tok::End &&
           !at_punct("}"))
      next();
  }
  end_clause();
  return d;
}

// `inductive P(x) { case c: p; ... }`: an abstract predicate and one axiom per case. The axioms
// say that P holds in each case, not that it holds only then (no inversion): sound, and what a
// goal that needs `!P(x)` lacks.
void Parser::inductive(TranslationUnit &tu, Loc at) {
  LogicDecl d;
  d.is_predicate = true;
  d.loc = at;
  d.name = expect_ident("a name");
  d.labels = state_labels();
  d.params = logic_params();
  expect("{");
  tu.decls.push_back(d);
  while (!accept("}")) {
    if (!at_ident("case")) unexpected("'case' or '}'");
    LemmaDecl l;
    l.is_axiom = true;
    l.loc = next().loc;
    l.name = d.name + "_" + expect_ident("a case name");
    l.labels = d.labels;
    expect(":");
    l.pred = term();
    end_clause();
    tu.decls.push_back(std::move(l));
  }
}

void Parser::global_annotation(TranslationUnit &tu, bool in_axiomatic) {
  const LogicMode mode(logic_);
  for (;;) {
    if (in_axiomatic ? at_punct("}") : peek().kind == Tok::AnnotEnd) {
      next();
      return;
    }
    const Token &kw = peek();
    if (kw.kind != Tok::Ident) unexpected("a global annotation");
    const std::string w = kw.text;
    const Loc at = kw.loc;
    next();
    if (w == "predicate" || w == "logic") {
      tu.decls.push_back(logic_decl(w == "predicate", at));
    } else if (w == "lemma" || w == "axiom") {
      LemmaDecl l;
      l.is_axiom = w == "axiom";
      l.loc = at;
      l.name = expect_ident("a name");
      l.labels = state_labels();
      expect(":");
      l.pred = term();
      end_clause();
      tu.decls.push_back(std::move(l));
    } else if (w == "axiomatic") {
      if (in_axiomatic) fail(at, "nested axiomatic blocks are not supported");
      expect_ident("a name");
      expect("{");
      global_annotation(tu, true);
    } else if (w == "inductive") {
      inductive(tu, at);
    } else if (w == "type" || w == "ghost" || w == "global" || w == "model" || w == "invariant") {
      fail(at, "'" + w + "' annotations are not supported");
    } else if (w == "assert" || w == "loop") {
      fail(at, "'" + w + "' is only allowed in a function body");
    } else {
      fail(at, "unknown global annotation '" + w + "'");
    }
  }
}

} // namespace triage::frontend_c
