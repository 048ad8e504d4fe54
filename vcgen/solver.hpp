// One small interface over the SMT solvers. A Backend lives for one query: it translates the
// assertions, checks them under a time limit and a fixed seed, and then evaluates terms in the
// model it found (when it found one).
#pragma once

#include "vcgen/term.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::vcgen {

enum class Answer { Sat, Unsat, Unknown, Timeout };
const char *answer_name(Answer a); ///< "sat", "unsat", "unknown", "timeout"

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// Checks the conjunction of `assertions`.
  virtual Answer check(const std::vector<Term> &assertions, double timeout_s, unsigned seed) = 0;
  /// Whether the last check left a model to evaluate in (sat, or unknown with a candidate model).
  virtual bool has_model() const = 0;
  /// Values in the model; nullopt when the term cannot be evaluated.
  virtual std::optional<BigInt> eval_int(const Term &t) = 0;
  virtual std::optional<bool> eval_bool(const Term &t) = 0;
};

std::unique_ptr<Backend> make_z3_backend();
std::unique_ptr<Backend> make_cvc5_backend();

} // namespace triage::vcgen
