// A lemma has no run, but its instances can be evaluated: its universally quantified variables
// become the inputs of a function that asserts its body, which the concolic engine explores
// within the small scopes (classify/small_scopes.hpp). No failing instance in a scope explored
// completely makes a failed lemma a likely prover incapacity (docs/diagnose.md, "Small scopes").
#pragma once

#include "classify/diagnosis.hpp"
#include "classify/strategy.hpp"

namespace triage::classify {

/// Tests the failed lemma goal `d` of `p` within the small scopes: likely_prover_incapacity with
/// the largest scope explored completely, or `d` left unknown with a note saying why (a lemma
/// over several memory states, a search that could not end, or the instance that fails it).
void test_lemma(const ir::Program &p, const StrategyOptions &o, GoalDiagnosis &d);

} // namespace triage::classify
