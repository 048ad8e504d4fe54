// A diagnosis strategy turns failed proofs into verdicts. `model` (solver models judged by small-
// and giant-step runtime checking) is one; strategies that generate tests come later and plug in
// here. Strategies refine the diagnoses in place, so they can be chained.
#pragma once

#include "classify/diagnosis.hpp"
#include "ir/ast.hpp"
#include "ir/build_speed.hpp"
#include "vcgen/prove.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

struct StrategyOptions {
  vcgen::Prover prover = vcgen::Prover::Portfolio; ///< the prover the proofs were asked of
  int extra_models = 3;                            ///< further models asked per goal
  /// Further models when no solver answered sat on the goal: they most often only spend their
  /// timeouts again. The combined strategy asks none: its test strategy follows.
  int extra_models_undecided = 1;
  /// Further models of a goal whose function a real run already breaks elsewhere (another goal
  /// has its non-compliance): they most often only run into that bug again. The combined
  /// strategy asks none: its test strategy's short search follows and says to fix that bug first.
  bool models_after_bug = true;
  /// The wall-clock backstop of one goal's further models: each is bounded by its solver's work,
  /// so this only bites on a machine too slow or too busy for them.
  std::chrono::milliseconds goal_budget{10000};
  std::chrono::milliseconds run_limit{2000}; ///< time of one runtime-checking run
  long step_limit = 1000000;                 ///< steps of one runtime-checking run
  /// The test-generation searches are bounded by work, in milliseconds of work of the reference
  /// machine (dse::Options::budget: runs, steps, solver calls and units, not time), so that
  /// they do the same under any load. One test-generation search:
  std::chrono::milliseconds exploration_budget{3000};
  /// The search for a bug behind a weakness another strategy already showed: a bug is found in
  /// milliseconds when there is one within reach, and a diagnosis should stay interactive.
  std::chrono::milliseconds check_budget{500};
  /// The search for failing runs made while proving (RefutationProbe), per function; 0: none.
  /// A failing run is most often among the first few, when there is one.
  std::chrono::milliseconds probe_budget{250};
  /// A search's wall-clock backstop is its work budget times this (--budget-scale times five,
  /// times the build's slowdown): the work decides, unless the machine is several times slower
  /// or busier than the reference.
  double backstop_factor = 5 * ir::build_slowdown;
  int max_block = 8;    ///< test generation: the longest input array nothing else bounds
  std::optional<int> k; ///< test generation: k-path bound (none by default)
  /// Test generation: when no search can explore every input, the same searches within small
  /// scopes of inputs, for a likely prover incapacity (TestStrategy, docs/diagnose.md).
  bool small_scope = true;
  /// Goals (model strategy) or functions (test strategy) diagnosed at once, each on a thread.
  int jobs = 1;
  /// What was proved (ProveOptions): a verdict shown by the proof alone (the static strategy)
  /// needs the goals of the callees, the runtime errors and the well-definedness of annotations
  /// proved; `--function`, `--no-rte` and `--total-logic` leave some of them out.
  std::optional<std::string> only_function;
  bool rte = true;
  bool well_defined = true;
  /// Further models the static strategy checks when the prover's own does not show the goal
  /// false for every output (none in the combined strategy: its test strategy follows).
  int static_models = 2;
  /// Steps of the replay of a non-compliance the proof showed: it is shown already, the replay
  /// only confirms it, and a run longer than this is reported as not replayed (big_sum.c's
  /// three billion iterations must not cost a million steps first).
  long static_replay_steps = 20000;
  /// When the whole diagnosis must end (`--deadline`): goals still open then stay unknown.
  std::optional<std::chrono::steady_clock::time_point> deadline;

  bool past_deadline() const { return deadline && std::chrono::steady_clock::now() >= *deadline; }
  /// The wall-clock backstop of a search of `work` (at least 0.4 s of it: a short search's fixed
  /// costs, a solver context and the first runs, must not meet it on a busy machine), within
  /// the deadline.
  std::chrono::milliseconds backstop(std::chrono::milliseconds work) const {
    const double ms = double(std::max(work.count(), 400L)) * backstop_factor;
    return within_deadline(std::chrono::milliseconds(long(ms)));
  }
  /// `budget`, or less when the deadline comes first.
  std::chrono::milliseconds within_deadline(std::chrono::milliseconds budget) const {
    if (!deadline) return budget;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        *deadline - std::chrono::steady_clock::now());
    return std::clamp(left, std::chrono::milliseconds(0), budget);
  }
};

/// The note of a goal the deadline left undiagnosed.
inline const char *deadline_note =
    "the deadline (--deadline) passed before this goal was diagnosed";

/// Where further candidate counterexamples come from: the proof session (vcgen::Session), or a
/// script of models in tests.
class ModelSource {
public:
  virtual ~ModelSource() = default;
  /// Another model for goal `index` (as in Session::prove_all) from that solver and seed, with
  /// inputs different from every model in `exclude`, asked no later than `until`; nullopt when
  /// there is none.
  virtual std::optional<ir::Counterexample>
  another_model(size_t index, vcgen::Prover prover, unsigned seed,
                const std::vector<ir::Counterexample> &exclude,
                std::chrono::steady_clock::time_point until) = 0;
  /// Whether goal `index` fails, from the inputs of `inputs`, for every output the contracts on
  /// its path allow (vcgen::Session::fails_for_every_output); nullopt when undecided. A source
  /// without a prover decides nothing.
  virtual std::optional<bool> fails_for_every_output(size_t /*index*/,
                                                     const ir::Counterexample & /*inputs*/,
                                                     std::chrono::steady_clock::time_point) {
    return std::nullopt;
  }
  /// Inputs from which goal `index` fails for every output those contracts allow
  /// (vcgen::Session::inputs_failing_for_every_output): a candidate, to confirm with
  /// fails_for_every_output; nullopt when none is found.
  virtual std::optional<ir::Counterexample>
  inputs_failing_for_every_output(size_t /*index*/, std::chrono::steady_clock::time_point) {
    return std::nullopt;
  }
};

/// What a strategy works with: the program, where to get more models, and options.
struct StrategyContext {
  const ir::Program &program;
  ModelSource &models;
  StrategyOptions options;
};

class Strategy {
public:
  virtual ~Strategy() = default;
  virtual std::string name() const = 0;
  /// Gives a verdict to each failed goal of `goals` (indices as in Session::prove_all), keeping
  /// verdicts other strategies already settled when it has nothing better.
  virtual void diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) = 0;
};

/// The strategies available: "combined", "model", "test", "static".
std::vector<std::string> strategy_names();
/// The strategy of that name; nullptr when there is none.
std::unique_ptr<Strategy> make_strategy(const std::string &name);

} // namespace triage::classify
