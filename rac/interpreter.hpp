// The runtime assertion checker: ONE interpreter of IR semantics (docs/ir.md), with a policy per
// subcontract (loop or call site): execute the body (small-step) or take one giant step whose
// outputs come from an oracle and are checked against the contract.
// Interface contract shared with vcgen (which writes oracles) and classify (which judges by it).
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "ir/goal.hpp"
#include "ir/json.hpp"
#include "rac/oracle.hpp"

#include <array>
#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace triage::rac {

/// Which subcontracts take a giant step. Names: "loop@LINE" or a callee name.
/// Whether a giant step is a `havoc` statement's (named `havoc@LINE`): its outputs are inputs of
/// every run, whatever the policy, and it is no subcontract.
bool is_havoc(const std::string &step_name);

struct Policy {
  bool all_giant = false;      ///< every loop and call is giant-stepped
  std::set<std::string> giant; ///< these are (when all_giant is false)
  bool is_giant(const std::string &subcontract) const {
    return all_giant || giant.count(subcontract) > 0;
  }
};

/// The state of a run as printed names and values: the entry's or callee's variables (and
/// `result`), the globals, the memory blocks shown (cells capped), each in declaration order.
struct StateItems {
  using Named = std::vector<std::pair<std::string, std::string>>;
  Named variables, globals, memory;
};

/// One executed statement, for reports that show a run beside its source (the HTML report).
struct TraceStep {
  ir::SrcLoc at;
  std::string function; ///< whose statement
  std::string what;     ///< the statement, as the text trace prints it
  /// The state after it, computed when asked: a report keeps only some steps of a long run.
  std::function<StateItems()> state;
};

struct Config {
  std::string function;     ///< entry function
  ir::Counterexample input; ///< inputs, and oracle values for giant steps
  Policy policy;
  long step_limit = 1000000; ///< statements and logic evaluation steps
  std::chrono::milliseconds time_limit{5000};
  int logic_depth_limit = 200; ///< recursion depth of logic functions
  /// When set, called once per executed statement with a printable line of the state.
  std::function<void(const std::string &)> trace;
  /// When set, called once per executed statement with its place and the state after it.
  std::function<void(const TraceStep &)> trace_step;
  /// When set, the source of inputs and giant-step outputs instead of `input` (not owned).
  OracleSource *oracle = nullptr;
  int call_depth_limit = 400;   ///< nesting of program function calls
  size_t cell_limit = 1u << 20; ///< memory cells in all blocks (inputs and local arrays)
  /// When set, asked at each annotation failure (not at runtime errors, which leave no state to
  /// go on from): true records the failure in Outcome::passed_over and the run goes on as if the
  /// annotation held. Whether a goal fails *after* another one does is what a diagnosis asks.
  std::function<bool(const ir::GoalRef &)> go_past;
  /// An annotation the run only checks (an assertion, a loop invariant in small steps, a called
  /// function's pre- or postcondition when its body runs) that cannot be evaluated (a quantifier
  /// without bounds) is passed over instead of ending the run NotExecutable. What a run assumes
  /// (the entry's precondition, a giant step's contract) must still be evaluated: its values
  /// are the state. For runs that only observe states (an invariant search's): the assertions
  /// of ACSL by Example's sorting loops read multisets, and their runs ended at the first one.
  bool pass_unexecutable_checks = false;
  /// The symbolic shadow (dse): inputs and giant-step outputs become terms (named after the
  /// input, `t[..]` blocks as arrays, lengths `t#len`), every value carries its term and every
  /// decision that depends on them is told to the oracle source (OracleSource::on_decision).
  bool symbolic = false;
  /// The entry function's `typically` clauses are assumed like its precondition (a false one
  /// ends the run `outside_precondition`): the test generator's reduced input domain.
  bool assume_typically = false;
  /// Loops run in their compiled form where they have one (docs/rac.md, "Compiled loops"):
  /// the same outcomes and steps, faster. False: every step is interpreted (tests compare).
  bool compile = true;
};

enum class OutcomeKind { Ok, Failure, Stuck, OutsidePrecondition, NotExecutable, LimitReached };
/// The names of the outcome kinds, in the order of the enumerators (the one table): `name` for
/// JSON and messages, `headline` for the first line of a text report.
struct OutcomeKindNames {
  const char *name, *headline;
};
inline constexpr std::array<OutcomeKindNames, 6> outcome_kind_names{{
    {"ok", "ok"},
    {"failure", "failure"},
    {"stuck", "stuck"},
    {"outside_precondition", "input outside the precondition"},
    {"not_executable", "not executable"},
    {"limit_reached", "limit reached"},
}};
static_assert(size_t(OutcomeKind::LimitReached) + 1 == outcome_kind_names.size());
inline const char *outcome_name(OutcomeKind k) {
  return outcome_kind_names[size_t(k)].name;
}
inline const char *outcome_headline(OutcomeKind k) {
  return outcome_kind_names[size_t(k)].headline;
}

/// One giant step taken on the run, for reports ("subcontracts traversed").
struct GiantStep {
  std::string subcontract; ///< loop@LINE or callee name
  int line = 0;
  int visit = 1;
};

struct Outcome {
  OutcomeKind kind = OutcomeKind::Ok;
  std::optional<ir::GoalRef> goal; ///< the failed goal (Failure)
  std::string reason;              ///< a sentence: why stuck / not executable / which limit
  /// Failure: the annotation could not be evaluated (a read past a block, as E-ACSL's checks
  /// fail), rather than evaluated to false.
  bool undefined = false;
  ir::SrcLoc at;                      ///< where it happened
  std::string state;                  ///< printable values of the variables in scope at the failure
  std::vector<GiantStep> giant_steps; ///< every giant step taken, in order
  std::vector<std::string> defaults_used; ///< oracle or input values missing and defaulted
  long steps = 0;
  /// With Config::go_past: the annotation failures the run went past, in order, each goal once.
  std::vector<ir::GoalRef> passed_over;
  /// With Config::symbolic: the operations whose symbolic shadow was replaced by its concrete
  /// value (bitwise operations, symbolic shift amounts, ...): decisions after them may miss
  /// inputs, so an exploration that met one is not complete.
  std::vector<std::string> concretized;
  /// The steps compiled loops took (Config::compile; not in the JSON form: the outcome is the
  /// same without them, which tests compare).
  long compiled_steps = 0;
  /// The state of `state` as JSON: {"variables": {...}, "globals": {...}, "memory": {...}}.
  ir::Json state_json;
};

/// The name of the symbolic constant (Config::symbolic) that stands for the output `name` (a
/// variable, "result", or a block, then an array of cells) of a giant step.
std::string output_symbol(const GiantStep &step, const std::string &name);
/// Whether `symbol` is one output_symbol names (the symbols of inputs are their names, which
/// have no `!`).
bool is_output_symbol(const std::string &symbol);

/// Checks the lemma with id `lemma_id` by evaluation (goal kind `lemma`): ok, failure, or not
/// executable when a quantifier of it cannot be enumerated. Uses cfg's limits only.
Outcome check_lemma(const ir::Program &p, const std::string &lemma_id, const Config &cfg);

/// The outcome as the command line prints it: `FILE:LINE:COL: failure: KIND (ID) in F` and the
/// state, `ok`, `stuck: reason`, ... (docs/rac.md).
std::string format_text(const Outcome &o);
/// The outcome as JSON (docs/rac.md).
ir::Json to_json(const Outcome &o);

/// Runs `cfg.function` of a type-checked program. Never throws on program behaviour; throws
/// ir::Error only for bad configuration (unknown function, input of the wrong shape).
Outcome run(const ir::Program &p, const Config &cfg);

} // namespace triage::rac
