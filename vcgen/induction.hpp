// Proof of a lemma by induction on one of its integer variables: what ACSL by Example's lemmas
// about recursive logic functions (Count, the multiset and find lemmas) need, and what neither
// solver does by itself (each would unfold the definition forever).
#pragma once

#include "term/term.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace triage::vcgen {

using term::Term;

/// One way to prove a lemma by induction, as one obligation to prove instead of the lemma.
struct InductionScheme {
  std::string variable; ///< the lemma's name of the variable the induction is on
  /// -1: from its predecessor (down to a bound), +1: from its successor, 0: from every value
  /// below it (down to a bound)
  int step = -1;
  Term obligation;
};

/// The induction schemes of a lemma `goal` whose universal variables are the constants
/// `variables` (integer, the solver's skolem constants), at most six, in this order: from the
/// predecessor for each variable in an argument where one of the recursive functions recurses
/// (`recursion`: positions among the arguments, by name in terms), strong induction on those
/// (on every integer variable when there are none), from the successor.
///
/// `hypothesis` is `goal` in another form, easier to use as the induction hypothesis (without
/// the instances of its premises that `goal` gives them, which would be more to derive).
/// The obligation of induction downward on x is `(guard => hypothesis[x := x-1]) => goal`, with
/// `guard` = `x-1 >= b` for some b among 0 and the other variables: valid, it proves the lemma
/// for every value by induction on x with the others fixed, since x-1 is then bounded below by
/// min(0, others), which do not change (upward, symmetrically; strong induction assumes the
/// lemma at every value below x and beyond such a bound). `facts` are valid for every value of
/// the variables (instances of definitions): their instances at x-1 are assumed too.
std::vector<InductionScheme>
induction_schemes(const Term &goal, const Term &hypothesis, const std::vector<Term> &facts,
                  const std::vector<Term> &variables,
                  const std::map<std::string, std::set<size_t>> &recursion);

} // namespace triage::vcgen
