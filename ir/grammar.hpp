// PEGTL grammar of the `.ivl` text format (docs/ir.md has it in EBNF). Internal to the parser:
// the parse tree it yields is turned into the AST by parser.cpp.
#pragma once

#include <tao/pegtl.hpp>

namespace triage::ir::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;

// ---- lexical structure ------------------------------------------------------------------------
struct line_comment : seq<two<'/'>, until<eolf>> {};
struct block_comment_end : until<string<'*', '/'>> {};
struct block_comment : if_must<string<'/', '*'>, block_comment_end> {};
struct sep : star<sor<space, line_comment, block_comment>> {};

template <typename R> struct tok : seq<R, sep> {};
template <char... Cs> struct sym : tok<string<Cs...>> {};

template <typename S> struct word : seq<S, not_at<identifier_other>> {};
struct keyword_word : sor<word<TAO_PEGTL_STRING("fun")>, word<TAO_PEGTL_STRING("predicate")>,
                          word<TAO_PEGTL_STRING("function")>, word<TAO_PEGTL_STRING("lemma")>,
                          word<TAO_PEGTL_STRING("axiom")>, word<TAO_PEGTL_STRING("global")>,
                          word<TAO_PEGTL_STRING("var")>, word<TAO_PEGTL_STRING("if")>,
                          word<TAO_PEGTL_STRING("then")>, word<TAO_PEGTL_STRING("else")>,
                          word<TAO_PEGTL_STRING("while")>, word<TAO_PEGTL_STRING("invariant")>,
                          word<TAO_PEGTL_STRING("variant")>, word<TAO_PEGTL_STRING("writes")>,
                          word<TAO_PEGTL_STRING("requires")>, word<TAO_PEGTL_STRING("ensures")>,
                          word<TAO_PEGTL_STRING("typically")>, word<TAO_PEGTL_STRING("return")>,
                          word<TAO_PEGTL_STRING("break")>, word<TAO_PEGTL_STRING("continue")>,
                          word<TAO_PEGTL_STRING("call")>, word<TAO_PEGTL_STRING("assert")>,
                          word<TAO_PEGTL_STRING("assume")>, word<TAO_PEGTL_STRING("havoc")>,
                          word<TAO_PEGTL_STRING("label")>, word<TAO_PEGTL_STRING("true")>,
                          word<TAO_PEGTL_STRING("false")>, word<TAO_PEGTL_STRING("null")>,
                          word<TAO_PEGTL_STRING("result")>, word<TAO_PEGTL_STRING("old")>,
                          word<TAO_PEGTL_STRING("at")>, word<TAO_PEGTL_STRING("forall")>,
                          word<TAO_PEGTL_STRING("exists")>, word<TAO_PEGTL_STRING("let")>,
                          word<TAO_PEGTL_STRING("in")>, word<TAO_PEGTL_STRING("not")>,
                          word<TAO_PEGTL_STRING("valid_read")>, word<TAO_PEGTL_STRING("valid")>,
                          word<TAO_PEGTL_STRING("separated")>,
                          word<TAO_PEGTL_STRING("same_object")>, word<TAO_PEGTL_STRING("ptr")>> {};
struct keyword : keyword_word {};

template <typename Key> struct kw : tok<seq<Key, not_at<identifier_other>>> {};
#define TRIAGE_KW(name, text)                                                                      \
  struct kw_##name : kw<TAO_PEGTL_STRING(text)> {}
TRIAGE_KW(fun, "fun");
TRIAGE_KW(predicate, "predicate");
TRIAGE_KW(function, "function");
TRIAGE_KW(lemma, "lemma");
TRIAGE_KW(axiom, "axiom");
TRIAGE_KW(global, "global");
TRIAGE_KW(var, "var");
TRIAGE_KW(if, "if");
TRIAGE_KW(then, "then");
TRIAGE_KW(else, "else");
TRIAGE_KW(while, "while");
TRIAGE_KW(invariant, "invariant");
TRIAGE_KW(variant, "variant");
TRIAGE_KW(writes, "writes");
TRIAGE_KW(requires, "requires");
TRIAGE_KW(ensures, "ensures");
TRIAGE_KW(typically, "typically");
TRIAGE_KW(return, "return");
TRIAGE_KW(break, "break");
TRIAGE_KW(continue, "continue");
TRIAGE_KW(call, "call");
TRIAGE_KW(assert, "assert");
TRIAGE_KW(assume, "assume");
TRIAGE_KW(havoc, "havoc");
TRIAGE_KW(label, "label");
TRIAGE_KW(true, "true");
TRIAGE_KW(false, "false");
TRIAGE_KW(null, "null");
TRIAGE_KW(result, "result");
TRIAGE_KW(old, "old");
TRIAGE_KW(at, "at");
TRIAGE_KW(forall, "forall");
TRIAGE_KW(exists, "exists");
TRIAGE_KW(let, "let");
TRIAGE_KW(in, "in");
TRIAGE_KW(not, "not");
TRIAGE_KW(valid, "valid");
TRIAGE_KW(valid_read, "valid_read");
TRIAGE_KW(separated, "separated");
TRIAGE_KW(same_object, "same_object");
TRIAGE_KW(ptr, "ptr");
#undef TRIAGE_KW

struct ident_text : seq<not_at<keyword>, identifier> {};
struct ident : tok<ident_text> {};
struct int_text : sor<seq<one<'0'>, one<'x', 'X'>, plus<xdigit>>, plus<digit>> {};
struct int_lit : tok<seq<int_text, not_at<identifier_other>>> {};
struct string_char : sor<seq<one<'\\'>, one<'"', '\\'>>, not_one<'"', '\\', '\n'>> {};
struct string_body : star<string_char> {};
struct string_lit : tok<seq<one<'"'>, string_body, must<one<'"'>>>> {};

// Punctuation. A symbol that is the prefix of a longer one refuses to match it.
struct lbrace : sym<'{'> {};
struct rbrace : sym<'}'> {};
struct lparen : sym<'('> {};
struct rparen : sym<')'> {};
struct lbracket : sym<'['> {};
struct rbracket : sym<']'> {};
struct comma : sym<','> {};
struct semi : sym<';'> {};
struct colon : tok<seq<one<':'>, not_at<one<'='>>>> {};
struct assign_op : sym<':', '='> {};
struct dot : tok<seq<one<'.'>, not_at<one<'.'>>>> {};
struct dotdot : sym<'.', '.'> {};
struct equals : tok<seq<one<'='>, not_at<one<'='>>>> {};
struct hash : one<'#'> {};
struct at_sign : one<'@'> {};

// ---- types ------------------------------------------------------------------------------------
struct scalar_type : ident {};
struct type;
struct ptr_type : seq<kw_ptr, must<type>> {};
struct type : sor<ptr_type, scalar_type> {};
struct array_suffix : seq<lbracket, must<int_lit>, must<rbracket>> {};
struct decl_type : seq<type, opt<array_suffix>> {};

// ---- source locations and annotation heads ----------------------------------------------------
struct loc_line : int_lit {};
struct loc_col : int_lit {};
struct src_loc
    : seq<at_sign, must<string_lit>, must<colon>, must<loc_line>, must<colon>, must<loc_col>> {};
struct annot_id_text : plus<sor<identifier_other, one<'.', '@'>>> {};
struct annot_id : tok<seq<hash, must<annot_id_text>>> {};
struct annot_name : string_lit {};
struct annot_head : seq<opt<annot_id>, opt<annot_name>, opt<tok<src_loc>>> {};

// ---- expressions ------------------------------------------------------------------------------
struct expr;
struct expr_must : must<expr> {};

struct op_or : sym<'|', '|'> {};
struct op_and : sym<'&', '&'> {};
struct op_implies : sym<'-', '>'> {};
struct op_iff : sym<'<', '-', '>'> {};
struct op_eq : equals {};
struct op_ne : sym<'<', '>'> {};
struct op_le : sym<'<', '='> {};
struct op_ge : sym<'>', '='> {};
struct op_lt : tok<seq<one<'<'>, not_at<sor<one<'<', '=', '>'>, string<'-', '>'>>>>> {};
struct op_gt : tok<seq<one<'>'>, not_at<one<'>', '='>>>> {};
struct op_bitor : tok<seq<one<'|'>, not_at<one<'|'>>>> {};
struct op_bitxor : sym<'^'> {};
struct op_bitand : tok<seq<one<'&'>, not_at<one<'&'>>>> {};
struct op_shl : sym<'<', '<'> {};
struct op_shr : sym<'>', '>'> {};
struct op_add : sym<'+'> {};
struct op_sub : tok<seq<one<'-'>, not_at<one<'>'>>>> {};
struct op_mul : sym<'*'> {};
struct op_div : tok<seq<one<'/'>, not_at<one<'/', '*'>>>> {};
struct op_mod : sym<'%'> {};
struct op_neg : op_sub {};
struct op_bitnot : sym<'~'> {};
struct op_deref : sym<'*'> {};

struct binder : seq<ident, must<colon>, must<type>> {};
struct binders : list_must<binder, comma> {};
struct quant_forall : kw_forall {};
struct quant_exists : kw_exists {};
struct quant_expr : seq<sor<quant_forall, quant_exists>, must<binders>, must<dot>, expr_must> {};
struct let_expr : seq<kw_let, must<ident>, must<equals>, expr_must, must<kw_in>, expr_must> {};
struct ite_expr : seq<kw_if, expr_must, must<kw_then>, expr_must, must<kw_else>, expr_must> {};

struct args : opt<list_must<expr, comma>> {};
struct call_args : seq<lparen, args, must<rparen>> {};
// `{K, L}`: two labels at least, so that it never reads as a body `{ e }`.
struct state_labels : seq<lbrace, ident, comma, list_must<ident, comma>, must<rbrace>> {};
struct labeled_call : seq<state_labels, must<call_args>> {};
struct app_or_var : seq<ident, sor<labeled_call, opt<call_args>>> {};
struct old_expr : seq<kw_old, must<lparen>, expr_must, must<rparen>> {};
struct label_name : ident {};
struct at_expr : seq<kw_at, must<lparen>, expr_must, must<comma>, must<label_name>, must<rparen>> {
};
struct valid_kw : sor<kw_valid_read, kw_valid> {};
struct valid_expr : seq<valid_kw, must<call_args>> {};
struct separated_expr : seq<kw_separated, must<call_args>> {};
struct same_object_expr : seq<kw_same_object, must<call_args>> {};
struct range_tail : seq<dotdot, expr_must> {};
struct paren_expr : seq<lparen, expr_must, opt<range_tail>, must<rparen>> {};
struct true_lit : kw_true {};
struct false_lit : kw_false {};
struct null_lit : kw_null {};
struct result_lit : kw_result {};

struct atom : sor<int_lit, true_lit, false_lit, null_lit, result_lit, old_expr, at_expr, valid_expr,
                  separated_expr, same_object_expr, quant_expr, let_expr, ite_expr, app_or_var,
                  paren_expr> {};
struct index_suffix : seq<lbracket, expr_must, opt<range_tail>, must<rbracket>> {};
struct postfix_expr : seq<atom, star<index_suffix>> {};

struct unary_expr;
struct unary_op : sor<op_neg, kw_not, op_bitnot, op_deref> {};
struct unary_expr : sor<seq<unary_op, must<unary_expr>>, postfix_expr> {};

// A binary level: operand (op operand)*; after an operator an operand is required.
template <typename Operand, typename... Ops>
struct level : seq<Operand, star<sor<Ops...>, must<Operand>>> {};

struct mul_expr : level<unary_expr, op_mul, op_div, op_mod> {};
struct add_expr : level<mul_expr, op_add, op_sub> {};
struct shift_expr : level<add_expr, op_shl, op_shr> {};
struct bitand_expr : level<shift_expr, op_bitand> {};
struct bitxor_expr : level<bitand_expr, op_bitxor> {};
struct bitor_expr : level<bitxor_expr, op_bitor> {};
struct cmp_expr : level<bitor_expr, op_le, op_ge, op_ne, op_lt, op_gt, op_eq> {};
struct and_expr : level<cmp_expr, op_and> {};
struct or_expr : level<and_expr, op_or> {};
struct implies_expr : seq<or_expr, opt<op_implies, must<implies_expr>>> {};
struct iff_expr : seq<implies_expr, opt<op_iff, must<implies_expr>>> {};
struct expr : seq<iff_expr> {}; // a seq, so that the iff_expr node stays in the tree

// ---- locations (writes, havoc) ----------------------------------------------------------------
struct location : expr {};
struct locations : opt<list_must<location, comma>> {};

// ---- annotations ------------------------------------------------------------------------------
struct annot_body : seq<must<lbrace>, expr_must, must<rbrace>> {};
struct writes_body : seq<must<lbrace>, locations, must<rbrace>> {};

struct requires_clause : seq<kw_requires, annot_head, annot_body> {};
struct ensures_clause : seq<kw_ensures, annot_head, annot_body> {};
struct typically_clause : seq<kw_typically, annot_head, annot_body> {};
struct writes_clause : seq<kw_writes, annot_head, writes_body> {};
struct invariant_clause : seq<kw_invariant, annot_head, annot_body> {};
struct variant_clause : seq<kw_variant, annot_head, annot_body> {};

// ---- statements -------------------------------------------------------------------------------
struct stmt;
struct block_end : rbrace {};
struct block : seq<lbrace, star<stmt>, must<block_end>> {};
struct block_must : must<block> {};

// A local array's length may be any expression (a variable-length array).
struct local_array_suffix : seq<lbracket, expr_must, must<rbracket>> {};
struct local_decl_type : seq<type, opt<local_array_suffix>> {};
struct var_init : seq<equals, expr_must> {};
struct var_stmt
    : seq<kw_var, must<ident>, must<colon>, must<local_decl_type>, opt<var_init>, must<semi>> {};
struct if_stmt;
struct else_part : seq<kw_else, sor<if_stmt, block_must>> {};
struct if_stmt : seq<kw_if, expr_must, block_must, opt<else_part>> {};
struct loop_clause : sor<invariant_clause, variant_clause, writes_clause> {};
struct while_stmt : seq<kw_while, expr_must, star<loop_clause>, block_must> {};
struct break_stmt : seq<kw_break, must<semi>> {};
struct continue_stmt : seq<kw_continue, must<semi>> {};
struct return_stmt : seq<kw_return, opt<expr>, must<semi>> {};
struct callee : ident {};
struct call_rhs : seq<kw_call, must<callee>, must<call_args>> {};
struct call_stmt : seq<call_rhs, must<semi>> {};
struct assert_stmt : seq<kw_assert, annot_head, annot_body, opt<semi>> {};
struct assume_stmt : seq<kw_assume, annot_head, annot_body, opt<semi>> {};
struct havoc_stmt : seq<kw_havoc, list_must<location, comma>, must<semi>> {};
struct label_stmt : seq<kw_label, must<ident>, must<semi>> {};
struct assign_lhs : unary_expr {};
struct assign_rhs : sor<call_rhs, expr> {};
struct assign_stmt : seq<assign_lhs, must<assign_op>, must<assign_rhs>, must<semi>> {};
struct stmt_body
    : sor<var_stmt, if_stmt, while_stmt, break_stmt, continue_stmt, return_stmt, call_stmt,
          assert_stmt, assume_stmt, havoc_stmt, label_stmt, block, assign_stmt> {};
struct stmt : seq<opt<tok<src_loc>>, stmt_body> {};

// ---- declarations -----------------------------------------------------------------------------
struct param : seq<ident, must<colon>, must<type>> {};
struct params : seq<must<lparen>, opt<list_must<param, comma>>, must<rparen>> {};
struct ret_type : seq<colon, must<type>> {};
struct decl_loc : opt<tok<src_loc>> {};

struct global_decl : seq<kw_global, decl_loc, must<ident>, must<colon>, must<decl_type>> {};
struct logic_body : seq<equals, expr_must> {};
struct predicate_decl
    : seq<kw_predicate, decl_loc, must<ident>, opt<state_labels>, params, opt<logic_body>> {};
struct function_decl : seq<kw_function, decl_loc, must<ident>, opt<state_labels>, params,
                           must<ret_type>, opt<logic_body>> {};
struct lemma_decl : seq<kw_lemma, opt<state_labels>, annot_head, annot_body> {};
struct axiom_decl : seq<kw_axiom, opt<state_labels>, annot_head, annot_body> {};
struct contract_clause : sor<requires_clause, ensures_clause, typically_clause, writes_clause> {};
struct fun_body : block {};
struct fun_decl : seq<kw_fun, decl_loc, must<ident>, params, opt<ret_type>, star<contract_clause>,
                      opt<fun_body>> {};
struct decl : sor<global_decl, predicate_decl, function_decl, lemma_decl, axiom_decl, fun_decl> {};
struct end_of_file : eof {};
struct file : seq<sep, star<decl>, must<end_of_file>> {};

} // namespace triage::ir::grammar
