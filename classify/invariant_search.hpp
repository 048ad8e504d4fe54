// Checked suggestions of missing loop invariants, and of callee postconditions
// (docs/diagnose.md, "Suggested invariants and postconditions"):
// candidates from the failed goals and from the loop's real runs, kept when every generated run
// satisfies them, pruned to an inductive set by proof (Houdini: Flanagan and Leino 2001), then
// to the smallest set found that still makes the failed goals provable, and checked once more by
// a proof of the function with the clauses written as the user would.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "vcgen/prove.hpp"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace triage::classify {

/// What the search needs from its caller: the program's annotated C text, and how to read a
/// variant of it (the C front end, which classify does not depend on).
struct FixContext {
  std::string file; ///< the program's file, as its locations name it
  std::string source;
  /// The text of another file the program reads (a header holding the contracts), to take the
  /// failed goals' predicates from; empty when it cannot be read.
  std::function<std::string(const std::string &file)> read;
  /// The type-checked program of a variant of `source`; throws ir::Error when it is not one.
  std::function<ir::Program(const std::string &text)> compile;
  vcgen::ProveOptions prove; ///< as for the diagnosis
  /// Work of the concolic search for runs of each function (dse::Options::budget).
  std::chrono::milliseconds run_budget{1500};
  /// Per function, backstops only (the search's steps and proofs are counted): Houdini gives up
  /// at ten times it, the minimisation three times it after Houdini. The diagnosis's
  /// --deadline does not bound them: they come after.
  std::chrono::milliseconds time_budget{10000};
};

/// For each function with failed goals that rest on loops (a weakness of a loop, or unknown or
/// prover incapacity in a function with loops): the loop invariants that make some of them
/// provable, checked by proof, or a note saying why there are none. For each set of callees a
/// weakness blames: postconditions for them, the same way.
std::vector<FunctionFix> suggest_invariants(const ir::Program &p, const Report &r,
                                            const FixContext &ctx);

/// The source with the fixes' clauses written in, formatted like the code around them: a new
/// `loop invariant` line per clause in the loop's annotation, or a new annotation before it.
std::string with_fixes(const std::string &source, const std::vector<FunctionFix> &fixes);

} // namespace triage::classify
