// The interpreter's machine: the state of a run (globals, memory, call frames, snapshots) and
// the evaluation of expressions, statements and contracts. Small-step and giant-step execution
// are two policies of this one machine (giant_step.cpp); docs/ir.md gives the semantics.
// Internal to the rac library: users call rac::run (interpreter.hpp).
#pragma once

#include "ir/quantifier_range.hpp"
#include "rac/compiled_loop.hpp"
#include "rac/interpreter.hpp"
#include "rac/locations.hpp"
#include "rac/memory.hpp"

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triage::rac {

using VarMap = std::map<std::string, Value>;

/// A copy of the state at one point of the run: for old(), at(), LoopEntry and frame checks.
struct Snapshot {
  VarMap globals;
  VarMap vars; ///< the variables of the function the snapshot was taken in
  Memory mem;
};

/// The state an expression reads: the current one or a snapshot.
struct View {
  const VarMap *globals = nullptr;
  const VarMap *vars = nullptr;
  const Memory *mem = nullptr;
};

inline View view_of(const Snapshot &s) {
  return View{&s.globals, &s.vars, &s.mem};
}

/// One activation of a program function.
struct Frame {
  const ir::Function *fn = nullptr;
  VarMap vars;                           ///< parameters and locals (names are unique per function)
  std::vector<std::string> order;        ///< variables in declaration order, for printing
  std::map<std::string, ir::Type> types; ///< declared types, for oracle values
  Snapshot pre;                          ///< the state on entry (Pre, Old, old())
  std::map<std::string, Snapshot> labels;
  std::vector<int> local_blocks; ///< arrays declared in the function, dead after it returns
  std::map<const ir::Stmt *, int> array_of; ///< the live block of each array declaration
  int first_block = 0; ///< blocks from this index on were created during the call
};

/// How an expression is evaluated: in code (machine arithmetic, runtime errors) or in logic
/// (exact arithmetic), in which state, and where to point when it cannot be evaluated.
struct Ctx {
  bool logic = false;
  View here;
  const Frame *frame = nullptr;
  const Value *result = nullptr;
  const Snapshot *loop_entry = nullptr;
  ir::SrcLoc at; ///< the annotation being evaluated (logic)
  int depth = 0; ///< nesting of logic function applications
  /// In the body of a definition over several states: the state each of its labels names.
  const std::map<std::string, View> *states = nullptr;
  /// An annotation the run checks (not one it assumes): a read it cannot do makes it fail, as
  /// E-ACSL's checks of annotations do, instead of making the run not executable.
  bool checked = false;
};

/// Thrown by an evaluation under Ctx::checked that reads what it cannot; caught where the
/// annotation is checked, which then fails.
struct Undefined {
  std::string reason;
};

/// Thrown inside the machine to end the run with an outcome; caught by Machine::run.
struct Stop {
  Outcome outcome;
};

enum class Flow { Normal, Break, Continue, Return };

class Machine {
public:
  Machine(const ir::Program &p, const Config &cfg, OracleSource &oracle);
  Outcome run();
  Outcome run_lemma(const ir::Annotation &lemma);

  // ---- expressions (eval.cpp, quantifier.cpp; store and checks in exec.cpp) ----
  Value eval(const ir::Expr &e, const Ctx &c);
  bool eval_bool(const ir::Expr &e, const Ctx &c);
  Ctx code_ctx();
  Ctx annot_ctx(const ir::Annotation &a);
  LocSet eval_locations(const std::vector<ir::Location> &locs, const Ctx &c);

private:
  const ir::Program &p_;
  const Config &cfg_;
  OracleSource &oracle_;
  Outcome out_;

  VarMap globals_;
  std::vector<std::string> global_order_;
  std::map<std::string, ir::Type> global_types_;
  Memory mem_;
  std::deque<Frame> frames_;
  /// A name bound in logic: quantified, a logic parameter, or let-bound. A `\let` in the body
  /// of a logic definition is evaluated when first read (`lazy`): a definition that binds its
  /// recursive call before the test that makes it unneeded (IndexOfNotEqual's `start`, read only
  /// when k >= 0) must not recurse without end. The value is the same: logic has no effects.
  struct Binding {
    Binding() = default;
    Binding(std::string n, Value v) : first(std::move(n)), second(std::move(v)) {}
    std::string first;
    Value second;
    struct Lazy {
      const ir::Expr *expr;
      Ctx ctx;
      size_t base; ///< the names bound where it was written: bound_[0 .. base)
    };
    std::shared_ptr<Lazy> lazy;
  };
  std::vector<Binding> bound_;              ///< quantified, let-bound, logic parameters
  std::set<const ir::Expr *> unexecutable_; ///< checks passed over (eval_check_only)
  /// The value of the lazy binding bound_[i], evaluated now and kept.
  Value force(size_t i);
  /// The logic applications being evaluated, innermost last: one that calls itself again with
  /// the same arguments in the same memory never terminates.
  struct LogicCall {
    const ir::LogicDef *def;
    std::vector<Value> args;
    const Memory *mem;
  };
  std::vector<LogicCall> logic_calls_;
  std::map<const ir::Expr *, std::vector<ir::BinderRange>> ranges_; ///< of each quantifier met
  std::vector<const Snapshot *> loop_entries_;                      ///< innermost last
  std::map<std::pair<std::string, int>, int> visits_;
  std::optional<Value> returned_;
  ir::SrcLoc cur_at_; ///< the statement being executed
  long steps_ = 0;
  std::chrono::steady_clock::time_point deadline_;

  // ---- limits.cpp ----
  void tick();
  void check_cells(size_t more, const std::string &what);

  // ---- outcomes (machine.cpp) ----
  /// `undefined`: the annotation could not be evaluated (Outcome::undefined).
  [[noreturn]] void fail(ir::GoalKind kind, const std::string &annot_id, const std::string &fn,
                         const ir::SrcLoc &at, const std::string &reason, bool undefined = false);
  /// An annotation is false: the run ends with a failure, or goes past it (Config::go_past).
  void fail_annot(ir::GoalKind kind, const ir::Annotation &a, const std::string &fn,
                  const std::string &reason = "", bool undefined = false);
  /// When Config::go_past lets the run go past this failed goal, records it and answers true:
  /// the caller goes on. False otherwise (the caller ends the run).
  bool passes_over(const ir::GoalRef &g);
  [[noreturn]] void rte(ir::GoalKind kind, const std::string &reason);
  [[noreturn]] void stop(OutcomeKind kind, const std::string &reason, const ir::SrcLoc &at);
  [[noreturn]] void not_executable(const std::string &reason, const Ctx &c);
  ir::SrcLoc loc(const ir::Annotation &a) const { return ir::where(p_, a.pos, a.src); }
  ir::SrcLoc loc(const ir::Stmt &s) const { return ir::where(p_, s.pos, s.src); }

  // ---- state (machine.cpp, state_print.cpp) ----
  Frame &top() { return frames_.back(); }
  View here();
  Snapshot snapshot();
  StateItems state_items(const Value *result = nullptr);
  std::string state_text(const Value *result = nullptr);
  ir::Json state_json(const Value *result = nullptr);
  std::string value_text(const Value &v) const;
  ir::Json value_json(const Value &v) const;
  /// `result`: what a return statement just returned, in the state a trace step shows after it.
  void trace(const std::string &what, const std::optional<Value> &result = std::nullopt);
  /// Whether a trace is asked for: its lines are built only then (printing an expression per
  /// step was most of the time of a long loop).
  bool tracing() const { return cfg_.trace || cfg_.trace_step; }

  // ---- expressions (eval.cpp) ----
  Value lookup(const ir::Expr &e, const Ctx &c);
  Value unary(const ir::Expr &e, const Ctx &c);
  Value binary(const ir::Expr &e, const Ctx &c);
  Value arith(const ir::Expr &e, const Value &a, const Value &b, const Ctx &c);
  Value shift(const ir::Expr &e, const Value &a, const Value &b, const Ctx &c);
  Value compare(ir::BinOp op, const Value &a, const Value &b);
  static Value compare_values(ir::BinOp op, const Value &a, const Value &b);
  /// The result r (shadow `sym`, null when concrete) of an operation of type t: in code, a
  /// signed overflow is a runtime error and unsigned arithmetic wraps.
  Value machine_result(BigInt r, const term::Term &sym, const ir::Type &t, const Ctx &c);
  Value cast(const ir::Expr &e, const Ctx &c);
  Value load(const Value &ptr, const ir::Expr &e, const Ctx &c);
  Value at_label(const ir::Expr &e, const Ctx &c);
  View state_at(const std::string &label, const Ctx &c);
  Value valid(const ir::Expr &e, const Ctx &c);
  Value separated(const ir::Expr &e, const Ctx &c);
  Value same_object(const ir::Expr &e, const Ctx &c);
  Value apply(const ir::Expr &e, const Ctx &c);
  /// A logic application met again with the same arguments: the annotation fails (checked) or
  /// cannot be executed.
  [[noreturn]] void diverges(const ir::Expr &e, const std::vector<Value> &args, const Ctx &c);
  std::string describe_access(const Value &ptr, const Memory &m) const;

  // ---- quantifier.cpp ----
  Value quantifier(const ir::Expr &e, const Ctx &c);
  bool enumerate(const ir::Expr &q, const std::vector<ir::BinderRange> &ranges, size_t k,
                 const Ctx &c);
  std::optional<Value> bound_value(const std::vector<ir::QuantBound> &bounds, bool lower,
                                   const Ctx &c);

  // ---- the symbolic shadow (shadow.cpp) ----
  term::Term term(const Value &v) const; ///< the shadow, or the concrete value as a literal
  void decide(const term::Term &cond, bool outcome, bool check = true);
  void pin(const Value &v, const std::string &why);
  static constexpr unsigned max_term_depth = 400;
  Value shallow(const Value &v);
  void pin_block(int id);
  void note_concretized(const std::string &why);
  term::Term cells_term(const Memory &m, int id);
  term::Term length_term(const Block &b) const;
  /// Memory::check, with the bounds decision when the offset or the length is symbolic.
  Memory::Access access(const Memory &m, const Value &ptr);
  Value read(const Memory &m, const Value &ptr); ///< a checked cell, with its shadow
  void write(const Value &ptr, const Value &v);  ///< a checked cell of mem_
  /// v with a fresh symbolic constant `name` of type `type` as its shadow (Config::symbolic).
  Value symbolic_value(const Value &v, const std::string &name, const ir::Type &type);
  /// The range of each symbolic scalar of a machine type (its type's, which the search's domain
  /// asserts): what the shadow's arithmetic may rely on to build simpler terms.
  std::map<std::string, term::Interval> symbol_ranges_;
  term::RangeOf symbol_range() const;
  /// Whether every set allows cell i of block id; a decision when a range bound is symbolic.
  bool allowed_cell(const std::vector<LocSet> &sets, int id, size_t i);
  term::Term cell_shadow(const Memory &m, int id, size_t i);
  /// Equality of two values of a frame check; a decision when either is symbolic.
  bool same_value(const Value &a, const Value &b);
  /// The shadow of the cells a giant step took from its oracle: fresh, named by output_symbol.
  void symbolic_step_cells(const GiantStep &gs, int id, const std::vector<size_t> &taken);
  void reach_past_end(const std::vector<LocSet> &allowed, int id);
  /// output_value, with a fresh shadow named by output_symbol (Config::symbolic).
  Value step_output(const GiantStep &gs, const std::string &name, const ir::Json &j,
                    const ir::Type &t, const ir::SrcLoc &at);
  void symbolic_block(int id, const std::string &name, bool length_too);

  // ---- statements (exec.cpp) ----
  Flow exec_block(const ir::Block &b);
  /// The length of the local array `s` declares, checked positive (rte_memory).
  Value array_length(const ir::Stmt &s);
  Flow exec(const ir::Stmt &s);
  void declare(const ir::Stmt &s);
  void store(const ir::Expr &lhs, const Value &v);
  void check_assertion(const ir::Annotation &a, ir::GoalKind kind);
  /// An annotation checked in context `c`: its truth, or nullopt with `why` when it reads what
  /// it cannot (the annotation then fails).
  std::optional<bool> eval_checked(const ir::Expr &e, Ctx c, std::string &why);
  /// eval_checked of an annotation the run only checks: with Config::pass_unexecutable_checks,
  /// one it cannot execute holds, and is not evaluated again in this run.
  std::optional<bool> eval_check_only(const ir::Expr &e, Ctx c, std::string &why);

  // ---- calls and contracts (call.cpp; havoc in giant_step.cpp) ----
  std::optional<Value> call_function(const ir::Function &f, const std::vector<Value> &args,
                                     const ir::Stmt *site);
  void exec_call(const ir::Stmt &s);
  void push_frame(const ir::Function &f, const std::vector<Value> &args);
  void pop_frame();
  void check_preconditions(const ir::Function &f, const ir::Stmt *site);
  void check_postconditions(const ir::Function &f, const Value *result, bool giant);
  Ctx contract_ctx(const ir::Annotation &a, const Value *result);
  void havoc(const ir::Stmt &s);
  std::vector<LocSet> writes_of(const std::vector<ir::Annotation> &annots, ir::AnnotKind kind,
                                const Ctx &c, std::vector<const ir::Annotation *> &clauses);
  void check_function_frame(const ir::Function &f);
  std::optional<std::string> changed_outside(const Snapshot &before, const VarMap *vars_now,
                                             int block_limit, const LocSet &allowed);

  // ---- loops (loop.cpp) ----
  Flow exec_loop(const ir::Stmt &s);
  Flow iteration(const ir::Stmt &s, const Snapshot &entry, int first_block);
  Value variant_value(const ir::Annotation &a);

  // ---- compiled loops (compiled_exec.cpp; rac/compiled_loop.hpp) ----
  /// The compiled form of each loop met (null: it has none), made when first met.
  std::map<const ir::Stmt *, std::unique_ptr<compiled::Loop>> compiled_;
  /// Decisions and pins told to the oracle: compiled code goes on only while none is made.
  long oracle_events_ = 0;
  long compiled_steps_ = 0; ///< Outcome::compiled_steps
  /// Runs the loop `s` in its compiled form; nullopt when it has none or cannot start here.
  std::optional<Flow> run_compiled(const ir::Stmt &s);
  Flow c_block(const std::vector<compiled::Stmt> &b, compiled::Exec &ex);
  Flow c_stmt(const compiled::Stmt &s, compiled::Exec &ex);
  Flow c_loop(const compiled::Stmt &s, compiled::Exec &ex);
  /// The statement executed by the interpreter, from the state it started in (`before` steps).
  Flow c_interpret(const compiled::Stmt &s, compiled::Exec &ex, long before);
  /// Bail unless `cost` more steps stay below the step limit and the deadline is not past.
  void c_limit(compiled::Exec &ex, long cost);
  /// Registers from the maps of variables (poisoned when one cannot be held), and back.
  void sync_in(compiled::Exec &ex);
  void sync_out(compiled::Exec &ex);

  // ---- giant steps and oracle values (giant_step.cpp; report_default in machine.cpp) ----
  GiantStep begin_giant_step(const std::string &name, int line);
  std::optional<Value> giant_call(const ir::Function &f, const std::vector<Value> &args,
                                  const ir::Stmt &site);
  Flow giant_loop(const ir::Stmt &s, const Snapshot &entry, int first_block);
  void give_oracle_values(const GiantStep &gs, const std::vector<LocSet> &allowed, bool anything,
                          const std::vector<std::string> &free_locals);
  Value output_value(const GiantStep &gs, const std::string &name, const ir::Json &j,
                     const ir::Type &t, const ir::SrcLoc &at);
  void report_default(const std::string &what);

  // ---- inputs.cpp ----
  void setup_globals();
  std::vector<Value> setup_params(const ir::Function &f);
  /// An input from its JSON form; `cell`: a cell of an input block (the block has the shadow).
  Value input_value(const ir::Json &j, const ir::Type &t, const std::string &name,
                    const ir::SrcLoc &at, bool cell = false);
};

} // namespace triage::rac
