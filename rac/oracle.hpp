// Where the interpreter gets the values it does not compute: the inputs of the run and the
// outputs of giant steps. The default source reads an ir::Counterexample; a test generator
// (dse) plugs in its own source to feed fresh values and to follow the branches a run takes.
#pragma once

#include "ir/ast.hpp"
#include "ir/counterexample.hpp"
#include "ir/json.hpp"
#include "term/term.hpp"

#include <optional>
#include <string>
#include <vector>

namespace triage::rac {

struct GiantStep;

class OracleSource {
public:
  virtual ~OracleSource() = default;
  /// The value of the input `name` (a parameter of the entry function or a global), in the JSON
  /// form of ir/counterexample.hpp; nullopt when the source has none (the run uses a default).
  virtual std::optional<ir::Json> input(const std::string &name) = 0;
  /// The value after giant step `step` of the variable, block (by block name) or "result"
  /// called `name`; nullopt when the source has none (the run keeps a default).
  virtual std::optional<ir::Json> output(const GiantStep &step, const std::string &name) = 0;
  /// The value after giant step `step` of the block called `name`, of `length` cells (an array).
  virtual std::optional<ir::Json> output_block(const GiantStep &step, const std::string &name,
                                               size_t length) {
    (void)length;
    return output(step, name);
  }
  /// Called at each branch decision of the code (if, while, conditional expression) with the
  /// condition and the way it went.
  virtual void on_branch(const ir::Expr &cond, bool outcome) {
    (void)cond;
    (void)outcome;
  }
  /// Whether on_branch must see every branch. When not, a run of concrete code (a compiled
  /// loop) tells only its first branch: with no decision made since, the others change nothing.
  virtual bool needs_every_branch() const { return false; }
  /// With Config::symbolic: called at each decision of the run that depends on the symbolic
  /// inputs (branches of the code, connectives and quantifier instances of annotations, runtime
  /// checks), with the condition as a term and the way it went. `check` says that the decision
  /// is a check (of an annotation or a runtime error) rather than a branch of the code: the
  /// other way of a check may be a failure.
  virtual void on_decision(const term::Term &cond, bool outcome, bool check) {
    (void)cond;
    (void)outcome;
    (void)check;
  }
  /// With Config::symbolic: a value the term language cannot follow (a bitwise operation) was
  /// replaced by its concrete value: `cond` (term = value) holds on this run's path, and other
  /// values are not to be asked for by negating it (the run would pin them again).
  virtual void on_pin(const term::Term &cond) { (void)cond; }
  /// With Config::symbolic: a fresh symbolic constant the run introduced (an input, or a giant
  /// step's output) and the type of its values; for an array of cells (sort Cells) the type of
  /// a cell and, when fixed, the number of cells (an input block's length is `NAME#len`).
  virtual void on_symbol(const term::Term &symbol, const ir::Type &type,
                         std::optional<size_t> cells) {
    (void)symbol;
    (void)type;
    (void)cells;
  }
  /// Called when a variable of the quantifier q is about to be enumerated over lo .. hi (its
  /// range, ir/quantifier_range.hpp, evaluated with the variables before it fixed).
  virtual void on_range(const ir::Expr &q, const std::string &binder, const ir::BigInt &lo,
                        const ir::BigInt &hi) {
    (void)q;
    (void)binder;
    (void)lo;
    (void)hi;
  }
};

/// The source that reads a counterexample (inputs, and outputs matched by subcontract name, site
/// line and visit number).
class CounterexampleOracle : public OracleSource {
public:
  explicit CounterexampleOracle(const ir::Counterexample &cx) : cx_(cx) {}
  std::optional<ir::Json> input(const std::string &name) override;
  std::optional<ir::Json> output(const GiantStep &step, const std::string &name) override;

private:
  const ir::Counterexample &cx_;
};

/// The source of a test whose values are a stream (Test-Comp's test cases): each `havoc` step
/// (a nondeterministic call of a verification task) takes the next value, whatever its site;
/// inputs and the other giant steps' outputs come from `cx`. Past the stream's end, the run
/// uses defaults (Outcome::defaults_used says so).
class NondetStreamOracle : public OracleSource {
public:
  NondetStreamOracle(const ir::Counterexample &cx, std::vector<ir::Json> values)
      : cx_(cx), values_(std::move(values)) {}
  std::optional<ir::Json> input(const std::string &name) override;
  std::optional<ir::Json> output(const GiantStep &step, const std::string &name) override;

private:
  CounterexampleOracle cx_;
  std::vector<ir::Json> values_;
  size_t next_ = 0;
};

} // namespace triage::rac
