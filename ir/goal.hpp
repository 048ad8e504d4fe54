// Goal kinds: the one list of checks that the VC generator proves, the runtime assertion checker
// checks and the diagnosis reports, so that a goal and its runtime failure match by construction.
#pragma once

#include "ir/ast.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace triage::ir {

// X(enumerator, name used in reports and expected.tsv)
#define TRIAGE_GOAL_KINDS(X)                                                                       \
  X(Postcondition, "postcondition")                                                                \
  X(CallPrecondition, "call_precondition")                                                         \
  X(Assertion, "assertion")                                                                        \
  X(LoopInvariantInit, "loop_invariant_init")                                                      \
  X(LoopInvariantPreserved, "loop_invariant_preserved")                                            \
  X(LoopVariantNonneg, "loop_variant_nonneg")                                                      \
  X(LoopVariantDecrease, "loop_variant_decrease")                                                  \
  X(Assigns, "assigns")                                                                            \
  X(LoopAssigns, "loop_assigns")                                                                   \
  X(RteMemory, "rte_memory")                                                                       \
  X(RteDivision, "rte_division")                                                                   \
  X(RteOverflow, "rte_overflow")                                                                   \
  X(Lemma, "lemma")

enum class GoalKind {
#define TRIAGE_X(e, s) e,
  TRIAGE_GOAL_KINDS(TRIAGE_X)
#undef TRIAGE_X
};

/// The report name of a goal kind: "postcondition", "rte_overflow", ...
const char *goal_kind_name(GoalKind k);
/// The goal kind of a report name; nullopt for an unknown name.
std::optional<GoalKind> goal_kind_named(std::string_view name);
/// Whether the kind is a runtime-error check (rte_*), which has no annotation of its own.
inline bool is_rte(GoalKind k) {
  return k == GoalKind::RteMemory || k == GoalKind::RteDivision || k == GoalKind::RteOverflow;
}

/// What identifies a goal across vcgen, rac and classify: its kind, the annotation it checks
/// (empty for runtime-error goals) and where it points in the source.
struct GoalRef {
  GoalKind kind = GoalKind::Assertion;
  std::string annot_id; ///< annotation id, empty for rte goals
  std::string function; ///< enclosing function, "-" for lemmas
  SrcLoc at;            ///< annotation location, or the operation's for rte goals
  friend bool operator==(const GoalRef &, const GoalRef &) = default;
};

} // namespace triage::ir
