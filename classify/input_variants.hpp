// Variants of a run's inputs: the same shapes (scalars, arrays of the same lengths, the same
// pointers), other integers. The concolic search gives one input per path, whose values are
// the solver's first answer (often all cells negative, or all equal); relations that hold on
// those alone are noise among the candidate invariants, and each costs the prover its whole
// work before Houdini drops it. A variant outside the precondition is for the caller to drop.
#pragma once

#include "ir/counterexample.hpp"

#include <cstddef>
#include <vector>

namespace triage::classify {

/// `count` variants of `input`, the same for the same arguments (a fixed seed): each integer
/// (a scalar input or an array's cell) is kept or replaced by another integer of the input, a
/// neighbour of its own (never crossing zero) or a small constant. Subcontract outputs are kept.
std::vector<ir::Counterexample> input_variants(const ir::Counterexample &input, size_t count,
                                               unsigned seed);

} // namespace triage::classify
