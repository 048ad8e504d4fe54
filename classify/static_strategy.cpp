#include "classify/static_strategy.hpp"

#include "classify/replay.hpp"
#include "classify/static_premises.hpp"
#include "classify/subcontracts.hpp"
#include "ir/parallel_for.hpp"

#include <algorithm>
#include <boost/algorithm/string/join.hpp>

namespace triage::classify {

namespace {

using Clock = std::chrono::steady_clock;

/// One goal's check: the prover's model's inputs, then further models', then inputs from the
/// "exists inputs, for all outputs" query (one quantified query, its answer confirmed as the
/// models' inputs are).
class StaticCheck {
public:
  StaticCheck(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals, size_t index, int further)
      : ctx_(ctx), goals_(goals), index_(index), d_(goals[index]), further_(further),
        until_(Clock::now() + ctx.options.within_deadline(ctx.options.goal_budget)) {}

  void run() {
    const ir::GoalRef &g = d_.result.goal;
    if (g.kind == ir::GoalKind::Lemma || g.function.empty() || g.function == "-") {
      note("a lemma has no run");
      return;
    }
    const StaticPremises premises = static_premises(ctx_.program, goals_, index_, ctx_.options);
    if (!premises.missing.empty()) {
      note("not made: " + premises.missing);
      return;
    }
    premises_ = premises;
    if (d_.result.model && check(*d_.result.model)) return;
    if (!d_.result.model) note("the prover gave no model");
    using vcgen::Prover;
    for (int n = 0; n < further_ && Clock::now() < until_; ++n) {
      Prover prover = ctx_.options.prover;
      if (prover == Prover::Portfolio) prover = n % 2 == 0 ? Prover::Z3 : Prover::Cvc5;
      std::optional<ir::Counterexample> m =
          ctx_.models.another_model(index_, prover, unsigned(n + 1), tried_, until_);
      if (!m) break;
      if (check(*m)) return;
    }
    // With further models only: the combined strategy asks none (its runs search other inputs).
    if (further_ <= 0 || Clock::now() >= until_) return;
    std::optional<ir::Counterexample> m =
        ctx_.models.inputs_failing_for_every_output(index_, until_);
    if (!m) {
      note("the solvers found no inputs from which every state the contracts allow fails it");
      return;
    }
    check(*m, "inputs for all outputs: ");
  }

private:
  StrategyContext &ctx_;
  std::vector<GoalDiagnosis> &goals_;
  size_t index_;
  GoalDiagnosis &d_;
  int further_;
  Clock::time_point until_;
  StaticPremises premises_;
  std::vector<ir::Counterexample> tried_;

  void note(const std::string &s) { d_.notes.push_back("static check: " + s); }

  /// True when the inputs of `model` show the goal false for every allowed output, and the
  /// verdict was settled.
  bool check(ir::Counterexample model, std::string which = "") {
    if (model.function.empty()) model.function = d_.result.goal.function;
    ir::Counterexample inputs = inputs_only(std::move(model));
    tried_.push_back(inputs);
    if (which.empty()) which = "model " + std::to_string(tried_.size()) + ": ";
    const std::optional<bool> all = ctx_.models.fails_for_every_output(index_, inputs, until_);
    if (!all) {
      note(which + "the solvers did not decide whether every state the contracts allow fails it");
      return false;
    }
    if (!*all) {
      note(which + "some state the contracts allow satisfies it: only a run can tell");
      return false;
    }
    return settle(std::move(inputs), which);
  }

  /// The proof shows the goal false for every output from `inputs`: a non-compliance, replayed
  /// when the real run is short enough, else reported as shown statically.
  bool settle(ir::Counterexample inputs, const std::string &which) {
    // What to restore when the replay contradicts the argument (only this goal's own fields:
    // other goals' checks read its proof result meanwhile).
    struct {
      Verdict verdict;
      Scope scope;
      std::vector<std::string> subcontracts;
      std::optional<ir::Counterexample> counterexample;
      std::string strategy;
    } before{d_.verdict, d_.scope, d_.subcontracts, d_.counterexample, d_.strategy};
    const ir::Function *f = ctx_.program.function(d_.result.goal.function);
    const std::vector<std::string> through =
        f ? subcontracts_for(ctx_.program, *f, d_.result.goal) : std::vector<std::string>{};
    d_.verdict = Verdict::NonCompliance;
    d_.scope = Scope::Single;
    d_.subcontracts.clear();
    d_.counterexample = std::move(inputs);
    d_.strategy = "static";
    d_.shown_statically =
        "every state " +
        (through.empty() ? std::string("the proof allows")
                         : "the contracts of " + boost::algorithm::join(through, ", ") + " allow") +
        " on the way, from these inputs, fails this goal, and those contracts are proved";
    if (!premises_.may_not_terminate.empty())
      d_.shown_statically +=
          "; partial correctness: " + boost::algorithm::join(premises_.may_not_terminate, ", ") +
          " may not terminate (no variant), and then no run reaches this goal";
    const RunLimits limits{std::min(ctx_.options.static_replay_steps, ctx_.options.step_limit),
                           ctx_.options.run_limit};
    const rac::Outcome o = run_candidate(ctx_.program, *d_.counterexample, rac::Policy{}, limits);
    if (record_failure(o, d_)) return true;
    if (o.kind == rac::OutcomeKind::LimitReached) {
      d_.replayed = false;
      d_.notes.push_back("not replayed: the real run from these inputs is longer than its limit (" +
                         std::to_string(limits.steps) + " steps, " +
                         std::to_string(limits.time.count()) + " ms)");
      return true;
    }
    // The argument is sound only on its premises; a short run that does not fail the goal
    // means one of them does not hold here. Report nothing rather than a wrong bug.
    d_.verdict = before.verdict;
    d_.scope = before.scope;
    d_.subcontracts = before.subcontracts;
    d_.counterexample = before.counterexample;
    d_.strategy = before.strategy;
    d_.shown_statically.clear();
    note(which +
         "every state the contracts allow fails it, yet the real run from its inputs "
         "ended with " +
         std::string(rac::outcome_name(o.kind)) + ": not reported");
    return false;
  }
};

} // namespace

void StaticStrategy::diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) {
  std::vector<size_t> todo;
  for (size_t i = 0; i < goals.size(); ++i)
    if (goals[i].result.status == vcgen::Status::Failed &&
        goals[i].verdict != Verdict::NonCompliance)
      todo.push_back(i);
  // Each check writes only its own goal and reads only the others' proof results: goals are
  // checked at once, `jobs` at a time, with the same report.
  ir::parallel_for(todo.size(), ctx.options.jobs, [&](size_t k) {
    GoalDiagnosis &d = goals[todo[k]];
    const auto start = Clock::now();
    if (d.strategy.empty()) d.strategy = "static";
    if (ctx.options.past_deadline()) {
      d.notes.push_back(deadline_note);
    } else {
      StaticCheck(ctx, goals, todo[k], ctx.options.static_models).run();
    }
    d.time_ms +=
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  });
}

} // namespace triage::classify
