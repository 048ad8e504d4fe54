// Which solver proves: one of them, or both at once (the portfolio). Apart from prove.hpp so that
// the portfolio, below the proof session, names them without reaching up.
#pragma once

#include <array>
#include <cstddef>

namespace triage::vcgen {

enum class Prover { Z3, Cvc5, Portfolio };

/// The names of the provers, in the order of the enumerators (the one table).
inline constexpr std::array<const char *, 3> prover_names{"z3", "cvc5", "portfolio"};
static_assert(size_t(Prover::Portfolio) + 1 == prover_names.size());
inline const char *prover_name(Prover p) {
  return prover_names[size_t(p)];
}

} // namespace triage::vcgen
