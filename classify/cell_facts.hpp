// Candidate invariants about every cell of a range, read back from their text:
// `\forall integer k; LO <= k < HI ==> a[k] OP RHS`. The runs give several relations of the same
// cells (`a[k] < v` with `a[k] <= v` and `a[k] != v`, on `last <= k < n` and on `last < k < n`):
// the weaker stay beside the stronger until Houdini has shown which are inductive (the runs may
// make an order hold that no proof keeps). Once both are inductive, the weaker is implied by its
// form alone, and removing it by a proof each would cost the minimisation a proof apiece.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace triage::classify {

/// `\forall integer VAR; LO (<= | <) VAR (< | <=) HI ==> ARRAY[VAR] OP RHS`.
struct CellFact {
  std::string var, lo, hi, array, op, rhs;
  bool lo_strict = false; ///< `LO < VAR`
  bool hi_closed = false; ///< `VAR <= HI`
};

/// The cell fact a candidate's text states; nullopt for any other text (and when the right-hand
/// side reads the bound variable, as `a[k] <= a[k + 1]` does).
std::optional<CellFact> cell_fact(const std::string &text);

/// Whether `strong` implies `weak` by its form: the same cells' array and right-hand side, a
/// range that holds the other's, and a relation that implies the other's (`<` implies `<=` and
/// `!=`). A fact implies itself.
bool implies(const CellFact &strong, const CellFact &weak);

/// Whether the runs justify a fact about a range of cells: the range has cells at a tenth of the
/// loop head's visits at least. Otherwise the fact mostly holds because the range is empty, and
/// says little of what the loop does (find_end.c: 25 facts over `r <= k < p` and `r < k < n`,
/// with cells at 44 of 1405 visits; none was inductive, and each ran out of Houdini's whole work:
/// 17 s of a 22 s search).
bool justified(size_t visits_with_cells, size_t visits);

} // namespace triage::classify
