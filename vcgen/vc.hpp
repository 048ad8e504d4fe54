// Verification conditions of a program: one per goal, as solver-independent terms, together with
// what is needed to read a model back as IR values (inputs, subcontract outputs).
#pragma once

#include "ir/ast.hpp"
#include "ir/goal.hpp"
#include "vcgen/induction.hpp"
#include "vcgen/val.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::vcgen {

/// A block that exists in the analysed function, named after what created it.
struct BlockInfo {
  std::string name;
  ir::Type elem = ir::Type::integer();
  Term block;
  bool global = false; ///< a global array (an input of its own)
};

/// One subcontract site (loop or call) traversed by giant steps, and its fresh outputs.
struct SiteInfo {
  std::string name; ///< loop@LINE or callee
  int line = 0;
  Term reach; ///< true in a model when the run reaches the site
  /// The path condition once the step's contract is assumed: `reach`, the callee's precondition,
  /// the ranges of the fresh values, the frame of the written cells, the invariant or the
  /// postcondition. A real run that reaches the site satisfies it when the contract is proved.
  Term assumed = mk_true();
  /// A loop's condition false, when the only way out of it is that (no `break`, no `return`
  /// inside): the state a run leaves it in satisfies `assumed` and this. True otherwise.
  Term exit = mk_true();
  std::vector<NamedVal> vars;                      ///< written variables after the step
  std::vector<std::pair<std::string, Term>> heaps; ///< written heaps after the step, by cell key
  /// The blocks a writes clause names (a block is an output only if it is one of them); empty
  /// with `any_block`, for a step without writes clause, which may change every block.
  std::vector<Term> written_blocks;
  bool any_block = true;
  std::optional<NamedVal> result;
  size_t blocks_known = 0; ///< how many of FunctionInfo::blocks exist at the site
};

/// What a model of one function's goals is read back through.
struct FunctionInfo {
  std::string function;
  std::vector<NamedVal> inputs;      ///< parameters and scalar globals, initial values
  std::vector<BlockInfo> blocks;     ///< input blocks first (pointer params, global arrays), locals
  std::map<std::string, Term> heap0; ///< initial heap per cell key
  Term len;                          ///< block -> length
  Term presentation;                 ///< a nicer shape of inputs, tried first for models
  /// The path condition at entry: the inputs' ranges and blocks, the allocation bound, the
  /// precondition. Every run from inputs that satisfy the precondition starts in it.
  Term entry = mk_true();
  /// The ranges of the fresh values of uninitialised variables, giant-step outputs and results:
  /// true of every run, reached or not (each constrains one constant of its own).
  std::vector<Term> fresh_ranges;
};

struct GoalVC {
  ir::GoalRef ref;
  std::vector<Term> hyps;             ///< axioms, definitions of recursive logic functions
  std::vector<Term> lemma_hyps;       ///< lemmas before the goal and the definitions they use
  std::vector<Term> state_lemma_hyps; ///< a function's last resort: lemmas over several states
  Term obligation;                    ///< valid iff the goal holds: definedness and property
  Term property; ///< what the annotation says (proved first, apart: solvers find it easier)
  Term definedness = mk_bool(true);         ///< its reads are valid (VcOptions::well_defined)
  std::shared_ptr<const FunctionInfo> info; ///< null for lemmas
  /// A lemma's proofs by induction, tried when the lemma itself is not proved.
  std::vector<InductionScheme> induction;
  std::vector<SiteInfo> sites; ///< subcontract sites of the function, in order
  /// How many of `sites` come before the goal's checks in the symbolic run: the others are
  /// generated after them, so the obligation cannot mention their outputs.
  size_t sites_before = 0;
  std::vector<size_t> enclosing_sites; ///< the loops (indices in `sites`) the goal lies inside
  /// Whether `definedness` relies on the order in which a run enumerates a quantifier (held by
  /// run_order(), which `hyps` assume).
  bool run_ordered = false;
};

struct VcOptions {
  std::optional<std::string> function;
  bool rte = true;
  /// Checked annotations must be well defined (docs/ir.md, "Logic"); false reads them in
  /// ACSL's total logic, as Frama-C WP does.
  bool well_defined = true;
};

/// The goals of a type-checked program in program order. Throws ir::Error on constructs the
/// verifier does not support.
std::vector<GoalVC> generate_vcs(const ir::Program &p, const VcOptions &opts);

/// Cell keys of a heap holding cells of type `elem`: one, or two (block, offset) for pointers.
std::vector<std::string> cell_keys(const ir::Type &elem);

} // namespace triage::vcgen
