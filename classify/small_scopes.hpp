// The small scopes of inputs a diagnosis searches when no search of every input can end
// (docs/diagnose.md, "Small scopes"): smallest first, each holding the one before. The largest
// one explored completely is the one a likely prover incapacity states.
#pragma once

#include "classify/diagnosis.hpp"
#include "dse/explore.hpp"

#include <array>

namespace triage::classify {

/// Arrays of 2 cells and integers in [-2, 2]; then 3 cells, [-4, 4] and the program's constants
/// within 1; then 4 cells, [-8, 8] and its constants within 2.
inline constexpr std::array<dse::SmallScope, 3> small_scopes{{{2, 2, 0}, {3, 4, 1}, {4, 8, 2}}};

/// What a likely prover incapacity states of small_scopes[level] over `p`.
inline SearchScope automatic_scope(const ir::Program &p, size_t level) {
  dse::ScopeDescription d = dse::describe_scope(p, small_scopes[level]);
  return SearchScope{ScopeKind::Automatic, std::move(d.text), small_scopes[level].cells,
                     std::move(d.intervals)};
}

} // namespace triage::classify
