// Reading a solver model back as IR values: the inputs of the analysed function and, for every
// subcontract site the model's run reaches, the values its giant step gives (the oracle format
// `triage run` reads, ir/counterexample.hpp). Values the model leaves free take defaults.
#pragma once

#include "ir/counterexample.hpp"
#include "solver/solver.hpp"
#include "vcgen/vc.hpp"

namespace triage::vcgen {

// The prover asks the solvers through their one interface.
using namespace triage::solver;

ir::Counterexample read_counterexample(Backend &model, const GoalVC &vc);

/// A formula that holds exactly when the inputs equal those of `cx` (for excluding a model).
Term inputs_equal(const GoalVC &vc, const ir::Counterexample &cx);

} // namespace triage::vcgen
