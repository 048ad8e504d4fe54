// The oracle source of the concolic engine: it gives the interpreter the inputs and giant-step
// outputs of the current assignment of the symbolic constants (0 where it has none), and records
// what the run tells it: the symbols it introduced, its decisions, its loop iterations.
#pragma once

#include "rac/interpreter.hpp"
#include "rac/oracle.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace triage::dse {

/// Values of the symbolic constants: scalars (booleans as 0 / 1, lengths `NAME#len`) and cells of
/// arrays by index.
struct Assignment {
  std::map<std::string, ir::BigInt> scalars;
  std::map<std::string, std::map<ir::BigInt, ir::BigInt>> cells;
  ir::BigInt scalar(const std::string &name) const;
  ir::BigInt cell(const std::string &name, const ir::BigInt &i) const;
};

struct Decision {
  term::Term cond;
  bool outcome = false;
  bool check = false;  ///< of an annotation or a runtime error, not a branch of the code
  bool loop = false;   ///< the condition of a loop (taken false: the loop ends there)
  bool pinned = false; ///< `term = its concrete value` (rac::OracleSource::on_pin): never negated
};

/// A symbolic constant the runs introduced, with what bounds its values.
struct Symbol {
  term::Term term;
  ir::Type type = ir::Type::integer(); ///< of the value, or of a cell for arrays
  std::optional<size_t> cells;         ///< arrays: a fixed number of cells; nullopt: `NAME#len`
};

class SymbolicOracle : public rac::OracleSource {
public:
  SymbolicOracle(const ir::Program &p, const ir::Function &f, const Assignment &a,
                 std::map<std::string, Symbol> &symbols, std::optional<int> k);

  std::optional<ir::Json> input(const std::string &name) override;
  std::optional<ir::Json> output(const rac::GiantStep &step, const std::string &name) override;
  std::optional<ir::Json> output_block(const rac::GiantStep &step, const std::string &name,
                                       size_t length) override;
  void on_branch(const ir::Expr &cond, bool outcome) override;
  /// The k-path bound counts the iterations of every loop visit.
  bool needs_every_branch() const override { return k_.has_value(); }
  void on_decision(const term::Term &cond, bool outcome, bool check) override;
  void on_pin(const term::Term &cond) override;
  void on_symbol(const term::Term &symbol, const ir::Type &type,
                 std::optional<size_t> cells) override;

  const std::vector<Decision> &path() const { return path_; }
  /// The decision index from which the path exceeds k iterations of a loop visit, if it does.
  std::optional<size_t> k_exceeded() const { return k_exceeded_; }
  /// The inputs and outputs this run used, as a counterexample that replays it.
  ir::Counterexample used() const { return used_; }
  /// Inputs whose pointer values the search does not vary (pointers to pointers).
  const std::vector<std::string> &fixed_inputs() const { return fixed_; }
  /// Nondeterministic pointers (`havoc` of a pointer variable) the run left as they were.
  const std::vector<std::string> &nondet_pointers() const { return nondet_pointers_; }

private:
  const ir::Program &p_;
  const ir::Function &f_;
  const Assignment &a_;
  std::map<std::string, Symbol> &symbols_;
  std::optional<int> k_;
  std::vector<Decision> path_;
  std::set<const ir::Expr *> loop_conds_;
  std::map<const ir::Expr *, int> iterations_;
  std::optional<size_t> k_exceeded_;
  size_t decisions_at_branch_ = 0; ///< path_'s length at the last on_branch
  ir::Counterexample used_;
  std::vector<std::string> fixed_;
  std::vector<std::string> nondet_pointers_;

  ir::Json value_of(const ir::Type &t, const ir::BigInt &v) const;
  ir::SubcontractOutput &output_entry(const rac::GiantStep &step);
};

} // namespace triage::dse
