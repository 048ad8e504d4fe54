// The message of each place where the `.ivl` grammar commits (a `must<>`), so that a syntax error
// says what was expected rather than naming a grammar rule.
#pragma once

#include "ir/grammar.hpp"

namespace triage::ir::grammar {

template <typename Rule> inline constexpr const char *error_message = nullptr;

#define TRIAGE_MSG(rule, text) template <> inline constexpr const char *error_message<rule> = text
TRIAGE_MSG(block_comment_end, "unterminated comment");
TRIAGE_MSG(one<'"'>, "unterminated string");
TRIAGE_MSG(type, "expected a type (int, bool, int8 .. int64, uint8 .. uint64, ptr T)");
TRIAGE_MSG(int_lit, "expected an integer");
TRIAGE_MSG(loc_line, "expected a line number");
TRIAGE_MSG(loc_col, "expected a column number");
TRIAGE_MSG(string_lit, "expected a string");
TRIAGE_MSG(colon, "expected ':'");
TRIAGE_MSG(comma, "expected ','");
TRIAGE_MSG(semi, "expected ';'");
TRIAGE_MSG(dot, "expected '.'");
TRIAGE_MSG(equals, "expected '='");
TRIAGE_MSG(lparen, "expected '('");
TRIAGE_MSG(rparen, "expected ')'");
TRIAGE_MSG(rbracket, "expected ']'");
TRIAGE_MSG(lbrace, "expected '{'");
TRIAGE_MSG(rbrace, "expected '}'");
TRIAGE_MSG(block_end, "expected a statement or '}'");
TRIAGE_MSG(block, "expected a block '{ ... }'");
TRIAGE_MSG(annot_id_text, "expected an annotation id after '#'");
TRIAGE_MSG(expr, "expected an expression");
TRIAGE_MSG(unary_expr, "expected an expression");
TRIAGE_MSG(mul_expr, "expected an expression");
TRIAGE_MSG(add_expr, "expected an expression");
TRIAGE_MSG(shift_expr, "expected an expression");
TRIAGE_MSG(bitand_expr, "expected an expression");
TRIAGE_MSG(bitxor_expr, "expected an expression");
TRIAGE_MSG(bitor_expr, "expected an expression");
TRIAGE_MSG(cmp_expr, "expected an expression");
TRIAGE_MSG(and_expr, "expected an expression");
TRIAGE_MSG(or_expr, "expected an expression");
TRIAGE_MSG(implies_expr, "expected an expression");
TRIAGE_MSG(assign_rhs, "expected an expression or a call");
TRIAGE_MSG(binders, "expected a typed variable 'x: T'");
TRIAGE_MSG(binder, "expected a typed variable 'x: T'");
TRIAGE_MSG(param, "expected a parameter 'x: T'");
TRIAGE_MSG(ident, "expected a name");
TRIAGE_MSG(label_name, "expected a label name");
TRIAGE_MSG(callee, "expected the name of the called function");
TRIAGE_MSG(call_args, "expected '(' and arguments");
TRIAGE_MSG(kw_in, "expected 'in'");
TRIAGE_MSG(kw_then, "expected 'then'");
TRIAGE_MSG(kw_else, "expected 'else'");
TRIAGE_MSG(decl_type, "expected a type");
TRIAGE_MSG(local_decl_type, "expected a type");
TRIAGE_MSG(ret_type, "expected ': T' (the result type)");
TRIAGE_MSG(location, "expected a location (x, *p, p[i] or p[lo .. hi])");
TRIAGE_MSG(assign_op, "expected ':=' (assignment) or a statement");
TRIAGE_MSG(end_of_file, "expected a declaration (global, predicate, function, lemma, axiom, fun)");
#undef TRIAGE_MSG

struct errors {
  template <typename Rule> static constexpr const char *message = error_message<Rule>;
  // Only must<> raises: a rule with a message may still fail quietly inside sor/opt/star.
  template <typename Rule> static constexpr bool raise_on_failure = false;
};

} // namespace triage::ir::grammar
