// Translation of IR expressions to terms, in a symbolic state. Logic (annotations) is exact
// mathematics; code (function bodies) follows machine arithmetic and reports the runtime-error
// checks it meets (docs/ir.md, "Code arithmetic" and "Memory").
#pragma once

#include "ir/ast.hpp"
#include "ir/goal.hpp"
#include "vcgen/val.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace triage::vcgen {

/// A symbolic program state: reachability, variables, one heap per cell key, allocation bound.
struct State {
  Term pc;
  std::map<std::string, Val> vars;
  std::map<std::string, Term> heaps;
  Term alloc; ///< every existing block is below it
};

/// The states an application of a logic definition reads, one per label of the definition (the
/// current one for a definition without labels).
using States = std::vector<const State *>;

/// Where an expression is evaluated: the current state, the function's entry state, labels, the
/// result, and names bound by quantifiers, lets, logic parameters (or parameters' entry values).
struct Env {
  const State *st = nullptr;
  const State *pre = nullptr;
  std::map<std::string, const State *> labels;
  std::optional<Val> result;
  std::map<std::string, Val> locals;
  int quant_depth = 0;
};

/// Program-wide translation context: cell keys, logic definitions and their axioms.
class Ctx {
public:
  explicit Ctx(const ir::Program &p);
  const ir::Program &prog;
  std::vector<std::string> keys;          ///< every cell key of the program, sorted
  std::set<std::string> recursive;        ///< logic definitions that reach themselves
  std::set<std::string> in_lemmas;        ///< logic definitions mentioned by lemmas or axioms
  std::map<std::string, Term> def_axioms; ///< name -> quantified definition (UF form)
  std::vector<Term> ground_defs;          ///< ground instances of definitions, valid facts
  Term len = mk_const("len", Sort::Cells);
  int counter = 0;
  std::string fresh(const std::string &base) { return base + "!" + std::to_string(++counter); }
  /// A state whose every heap is a fresh bound variable, appended to `bound`: what a lemma, an
  /// axiom or a logic definition quantifies over, since it holds in every memory.
  State any_memory(std::vector<Term> &bound);
};

/// One runtime-error check met while evaluating code: `cond` must hold.
struct RteCheck {
  ir::GoalKind kind;
  Term cond;
};

class ExprTr {
public:
  ExprTr(Ctx &cx, bool code, bool uf_mode) : cx_(cx), code_(code), uf_(uf_mode) {}
  Val ev(const ir::Expr &e, const Env &env);
  Term evb(const ir::Expr &e, const Env &env) { return ev(e, env).t; }
  /// A formula to prove: its outermost universal quantifiers (also right of `==>`) become fresh
  /// constants, as the solver's negation would skolemize them anyway. Definitions inlined in
  /// it are then ground, so each is tied to the uninterpreted form the lemmas speak of.
  Term goal(const ir::Expr &e, const Env &env);
  /// The integer constants goal() put for universal quantifiers so far.
  const std::vector<Term> &skolems() const { return skolems_; }
  /// Every constant goal() put for universal quantifiers so far (pointers' two components too),
  /// in the order of the quantifiers: two translations of one formula put them alike.
  const std::vector<Term> &every_skolem() const { return every_skolem_; }
  /// goal() gives the premises of an implication their instances at its skolem constants.
  /// Without them the formula says the same, and its instances at other values are easier to
  /// use: a hint about n in a premise at n-1 is one more thing to derive.
  bool premise_hints = true;
  /// A formula assumed to hold. Under `well_defined`, `defined` gathers what its holding implies
  /// a run read validly: the reads outside quantifiers (under their guards) and those of a
  /// `forall` in a positive position (all its instances were evaluated). The reads of other
  /// quantifiers, which a run may have stopped before, are left out: weaker, so sound.
  Term assumption(const ir::Expr &e, const Env &env);

  std::vector<RteCheck> rte; ///< code only: checks met, each under its short-circuit guard
  std::vector<Term> facts;   ///< facts about loaded values (their type's range)
  /// Logic too gathers the range facts of the cells it reads outside quantifiers (an assumed
  /// annotation may then assume them: a machine-integer cell holds a value of its type).
  bool ground_facts = false;
  /// Logic of an annotation the run checks: each memory read must be valid under the guards that
  /// lead to it (as E-ACSL checks annotations, and rac with them, docs/rac.md "Logic"). The
  /// conditions, quantified over the quantifiers around the read, gather in `defined`.
  bool well_defined = false;
  std::vector<Term> defined;

  /// Memory membership of cell (b, o) of key `key` in `locs` evaluated in `env`.
  Term in_locs(const std::vector<ir::Location> &locs, const Env &env, const std::string &key,
               const Term &b, const Term &o);
  Term valid_range(const Val &p, const Term &lo, const Term &hi);
  Val load(const State &s, const Val &p, const ir::Type &elem);

private:
  Ctx &cx_;
  bool code_;
  bool uf_;
  std::vector<Term> guards_;
  bool assumed_ = false;      ///< translating an assumption()
  std::vector<Term> skolems_; ///< integer constants goal() put for universal quantifiers
  std::vector<Term> every_skolem_;
  /// In an assumption, what is known of the value of the formula being translated: true (+1),
  /// false (-1) or not known (0). A forall known true, or an exists known false, had every
  /// instance evaluated by the run. Through negations, connectives and inlined definitions.
  int polarity_ = 0;

  void check(ir::GoalKind k, const Term &cond);
  /// Under `well_defined`: `cond` must hold where the current guards do.
  void need_defined(const Term &cond);
  Val arith(const ir::Expr &e, const Env &env);
  Val app(const ir::Expr &e, const Env &env, int polarity = 0);
  std::vector<Val> eval_args(const ir::Expr &e, const Env &env);
  /// The state label `label` names in `env` (`at` and applications over several states).
  const State *state_at(const std::string &label, const ir::Expr &e, const Env &env);
  /// `env` in the state `\old` or `\at` expression `e` reads its argument in.
  Env in_state_of(const ir::Expr &e, const Env &env);
  /// The states `d`'s application `e` reads: the current one, or those its labels name.
  States call_states(const ir::LogicDef &d, const ir::Expr &e, const Env &env);
  /// The environment of `d`'s body applied to `args` in `states` (under `env`'s quantifiers).
  Env def_env(const ir::LogicDef &d, const std::vector<Val> &args, const States &states,
              const Env &env);
  /// `d`'s body applied to `args`, what is known of its value (`polarity`) passed on; when ground
  /// and named by lemmas, tied to the uninterpreted form.
  Val inline_def(const ir::LogicDef &d, const std::vector<Val> &args, const States &states,
                 const Env &env, int polarity = 0);
  Term machine_result(const ir::Type &t, const Term &exact);
  Term quant(const ir::Expr &e, const Env &env, int polarity);
  /// `e` translated with `polarity` known of its value.
  Val ev_known(const ir::Expr &e, const Env &env, int polarity);
  /// When the reads of a quantifier's body (`reads`, over `bound`) are defined as a run
  /// evaluates it, up to the first instance that decides it; nullopt when the run's order of
  /// instances is not known (see the definition).
  std::optional<Term> run_defined(const ir::Expr &e, const Env &env, const std::vector<Term> &bound,
                                  const std::vector<Term> &ranges, const Term &value,
                                  const Term &body, const Term &reads);
  Val uf_call(const ir::LogicDef &d, const std::vector<Val> &args, const States &states);
  void register_def(const ir::LogicDef &d);
};

/// The uninterpreted function that stands for logic definition `def` in terms (with `#b` and
/// `#o` for the two components of a pointer result).
inline std::string uf_name(const std::string &def) {
  return "lf!" + def;
}

/// Where each recursive logic function's recursion happens, by uf_name: the positions among the
/// arguments of its uninterpreted function (ExprTr::uf_call's layout: memories first, a pointer
/// as two) of the parameters a recursive call changes, `n` in `Count(a, m, n-1, v)`. What its
/// lemmas are proved by induction on (vcgen/induction.hpp); every parameter when no call changes
/// one.
std::map<std::string, std::set<size_t>> recursion_positions(const Ctx &cx);

Term heap_select(const Term &heap, const Term &b, const Term &o);
Term heap_store(const Term &heap, const Term &b, const Term &o, const Term &v);
Val ptr_val(const Term &b, const Term &o);
/// Values equal (both components for pointers).
Term val_eq(const Val &a, const Val &b);
Val val_ite(const Term &c, const Val &a, const Val &b);
/// A fresh value of type t named `name`, with its range facts appended to `facts`.
Val fresh_val(const std::string &name, const ir::Type &t, std::vector<Term> &facts);

/// The switch under which the definedness of a quantifier to prove may rely on the order in
/// which a run enumerates it (ExprTr::run_defined: every instance's reads are valid, or those
/// up to the first instance that decides). Every query assumes it; a query that assumes it
/// false asks that every instance's reads be valid, a stronger goal, so its proof stands. That
/// goal is often much easier: find_end.c's `!HasSubRange(a, \result + 1, n, b, p)`.
Term run_order();

} // namespace triage::vcgen
