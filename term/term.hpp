// A small solver-independent term language for verification conditions. Terms form a DAG of
// shared nodes: a subterm built once and used twice is one node, and the solver translations
// memoise by node, so sharing survives down to the solver.
#pragma once

#include "ir/type.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::term {

using ir::BigInt;

/// Sorts: booleans, integers, arrays Int -> Int (one block's cells, block lengths) and heaps
/// Int -> (Int -> Int) (block -> cells).
enum class Sort { Bool, Int, Cells, Heap };

enum class Op {
  Const, ///< a free constant: name, sort
  Bound, ///< a variable bound by a quantifier
  IntLit,
  BoolLit,
  Not,
  And,
  Or,
  Implies,
  Eq,
  Ite,
  Add,
  Sub,
  Mul,
  Neg,
  EDiv,
  EMod, ///< EDiv/EMod: SMT-LIB Euclidean division and modulo
  Lt,
  Le,
  Select,
  Store,
  Forall,
  Exists, ///< args: body; bound: binders
  App,    ///< uninterpreted function `name` of result sort, applied to args
};

struct Node;
using Term = std::shared_ptr<const Node>;

struct Node {
  Op op = Op::Const;
  Sort sort = Sort::Bool;
  std::string name;
  BigInt value;
  bool bval = false;
  std::vector<Term> args;
  std::vector<Term> bound;                 ///< Forall/Exists binders (Op::Bound nodes)
  std::vector<std::vector<Term>> patterns; ///< optional instantiation patterns
  unsigned depth = 1; ///< of the tree of args: what recursive walks over the term will need
};

Term mk_const(const std::string &name, Sort s);
Term mk_bound(const std::string &name, Sort s);
Term mk_int(const BigInt &v);
Term mk_bool(bool b);
Term mk_true();
Term mk_false();
Term mk_not(const Term &a);
Term mk_and(std::vector<Term> args);
Term mk_and(const Term &a, const Term &b);
Term mk_or(std::vector<Term> args);
Term mk_or(const Term &a, const Term &b);
Term mk_implies(const Term &a, const Term &b);
Term mk_iff(const Term &a, const Term &b);
Term mk_eq(const Term &a, const Term &b);
Term mk_ite(const Term &c, const Term &a, const Term &b);
Term mk_add(const Term &a, const Term &b);
Term mk_sub(const Term &a, const Term &b);
Term mk_mul(const Term &a, const Term &b);
Term mk_neg(const Term &a);
Term mk_ediv(const Term &a, const Term &b);
Term mk_emod(const Term &a, const Term &b);
/// C division and remainder: truncation toward zero (built from the Euclidean operations).
Term mk_tdiv(const Term &a, const Term &b);
Term mk_tmod(const Term &a, const Term &b);
Term mk_lt(const Term &a, const Term &b);
Term mk_le(const Term &a, const Term &b);
Term mk_select(const Term &array, const Term &index);
Term mk_store(const Term &array, const Term &index, const Term &value);
Term mk_forall(std::vector<Term> bound, const Term &body, std::vector<std::vector<Term>> pats = {});
Term mk_exists(std::vector<Term> bound, const Term &body);
Term mk_app(const std::string &fn, Sort result, std::vector<Term> args);

// Machine integers, once for vcgen, rac and dse: whether v fits type t (true when t is no
// machine type), and v wrapped into t's range (two's complement for signed types).
Term mk_in_range(const ir::Type &t, const Term &v);
Term mk_wrap(const ir::Type &t, const Term &v);

/// The closed interval an integer term's value lies in, as its form shows (literals, Euclidean
/// remainders and quotients by literals, sums, differences, negations, conditionals), and, for
/// a free integer constant, as `ranges` says (a C input's type); looking at
/// most `depth` operations down. nullopt when the form shows none.
struct Interval {
  BigInt lo, hi;
};
using RangeOf = std::function<std::optional<Interval>(const std::string &)>;
std::optional<Interval> interval_of(const Term &t, const RangeOf &ranges = {}, int depth = 8);

/// `v` wrapped into machine type t's range as mk_wrap, in a cheaper form where its interval
/// shows it: `v` itself when within the range, one conditional correction when at most one
/// modulus away. The concolic shadow of unsigned arithmetic (`left + (right - left) / 2u`) is
/// then free of the nested remainders Z3 4.8 was seen to spend seconds on, uncounted.
Term mk_wrap_tight(const ir::Type &t, const Term &v, const RangeOf &ranges = {});
/// C division and remainder as mk_tdiv and mk_tmod, Euclidean when the dividend's interval is
/// non-negative (then the same values, without the case split on its sign).
Term mk_tdiv_tight(const Term &a, const Term &b, const RangeOf &ranges = {});
Term mk_tmod_tight(const Term &a, const Term &b, const RangeOf &ranges = {});

bool is_true(const Term &t);
bool is_false(const Term &t);
/// The value of an integer literal, or nullptr.
const BigInt *int_value(const Term &t);

/// `t` with the bound variable `from` (an Op::Bound node, by name) replaced by `to`: the same
/// condition for another instance of a quantifier (names of bound variables are fresh, so no
/// binder inside `t` captures `to`).
Term rename_bound(const Term &t, const Term &from, const Term &to);

/// Whether the bound variable `var` (an Op::Bound node, by name) occurs in `t`.
bool mentions_bound(const Term &t, const Term &var);

/// Structural equality: the same operators, sorts, names, values and arguments (a shared node
/// at once; quantifiers are never equal).
bool equal_terms(const Term &a, const Term &b);

/// The free constants (Op::Const) of `ts`, each once, in the order first met.
std::vector<Term> free_constants(const std::vector<Term> &ts);

/// `t` with each free constant whose name `to` maps replaced by its term (a bound variable, to
/// quantify over what was free).
Term replace_constants(const Term &t, const std::map<std::string, Term> &to);

/// A readable SMT-LIB-like rendering, for debugging and tests.
std::string to_string(const Term &t);

} // namespace triage::term
