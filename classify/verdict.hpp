// Verdicts of a diagnosis: what a failed proof means. One table gives the enum, the report names
// and the fixed sentence each verdict prints, so text and JSON never disagree.
#pragma once

#include <optional>
#include <string_view>

namespace triage::classify {

// X(enumerator, report name, fixed explanation)
#define TRIAGE_VERDICTS(X)                                                                         \
  X(Proved, "proved", "the prover proved this goal")                                               \
  X(NonCompliance, "non_compliance",                                                               \
    "the code does not satisfy this annotation: a real run from the inputs below fails it")        \
  X(SubcontractWeakness, "subcontract_weakness",                                                   \
    "a real run satisfies this goal, but a run that only knows the contracts below fails it: "     \
    "they are too weak to prove it")                                                               \
  X(ProverIncapacity, "prover_incapacity",                                                         \
    "the goal holds on every run, but the prover could not prove it")                              \
  X(LikelyProverIncapacity, "likely_prover_incapacity",                                            \
    "no counterexample was found on the runs explored: the prover probably lacks the means to "    \
    "prove it")                                                                                    \
  X(Unknown, "unknown", "no counterexample could be confirmed, and no proof was found")

enum class Verdict {
#define TRIAGE_X(e, s, d) e,
  TRIAGE_VERDICTS(TRIAGE_X)
#undef TRIAGE_X
};

/// "non_compliance", "subcontract_weakness", ...
const char *verdict_name(Verdict v);
/// The one sentence that explains a verdict to a person.
const char *verdict_sentence(Verdict v);
std::optional<Verdict> verdict_named(std::string_view name);
/// Non-compliance and subcontract weakness come with a counterexample that replays.
inline bool is_definite(Verdict v) {
  return v == Verdict::NonCompliance || v == Verdict::SubcontractWeakness;
}

/// Whether one subcontract alone explains a weakness (`single`) or only all of them together.
enum class Scope { Single, Global };
const char *scope_name(Scope s);

} // namespace triage::classify
