#include "classify/model_strategy.hpp"

#include "classify/categorise.hpp"
#include "classify/replay.hpp"
#include "classify/subcontracts.hpp"
#include "ir/parallel_for.hpp"

#include <algorithm>

namespace triage::classify {

namespace {

using Clock = std::chrono::steady_clock;

std::string outcome_text(const rac::Outcome &o) {
  std::string s;
  for (const auto &g : o.passed_over)
    s += "failure of " + failure_text(g) + ", then ";
  s += rac::outcome_name(o.kind);
  if (o.goal)
    s += " of " + failure_text(*o.goal);
  else if (o.kind != rac::OutcomeKind::Ok && o.at.line > 0)
    s += " at line " + std::to_string(o.at.line);
  if (!o.reason.empty()) s += " (" + o.reason + ")";
  return s;
}

/// A real run of a candidate that failed another annotation first: inputs that may show a
/// non-compliance of that other goal.
struct Elsewhere {
  ir::GoalRef failed;
  ir::Counterexample inputs;
};

/// Diagnoses one failed goal from successive candidate counterexamples. It writes only its own
/// goal: what it learns of other goals is kept in `elsewhere()`, so that goals can be diagnosed
/// at the same time.
class GoalDiagnoser {
public:
  GoalDiagnoser(StrategyContext &ctx, GoalDiagnosis &d, size_t index)
      : ctx_(ctx), index_(index), d_(d),
        budget_(ctx.options.within_deadline(ctx.options.goal_budget)), started_(Clock::now()),
        deadline_(started_ + budget_) {}

  std::vector<Elsewhere> &elsewhere() { return elsewhere_; }

  /// The prover's own model. True when the goal may still gain from further models.
  bool first() {
    if (d_.result.goal.function.empty() || d_.result.goal.function == "-") {
      note("a lemma has no run to check a model against");
      return false;
    }
    if (!d_.result.model) {
      note("the prover gave no model");
      return true;
    }
    const bool settled = judge_model(*d_.result.model);
    budget_ -= std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_);
    return !settled;
  }

  /// Further models, a prover call each. `skip`: why none is asked, when further models could
  /// only show again a non-compliance already shown (further_models_skipped).
  void further(const std::optional<std::string> &skip) {
    int extra = d_.result.answer == vcgen::GoalAnswer::Sat
                    ? ctx_.options.extra_models
                    : std::min(ctx_.options.extra_models_undecided, ctx_.options.extra_models);
    if (skip && extra > 0) {
      note("no further model asked: " + *skip);
      return;
    }
    // The goal's budget, less what its first model took: not the time other goals took.
    deadline_ = Clock::now() + std::max(budget_, std::chrono::milliseconds(0));
    for (int attempt = 0; attempt < extra && Clock::now() < deadline_; ++attempt)
      if (std::optional<ir::Counterexample> m = next_model(attempt); m && judge_model(*m)) return;
  }

private:
  StrategyContext &ctx_;
  size_t index_;
  GoalDiagnosis &d_;
  std::chrono::milliseconds budget_; ///< what is left of the goal's time
  Clock::time_point started_;
  Clock::time_point deadline_;
  std::vector<ir::Counterexample> tried_;
  std::vector<Elsewhere> elsewhere_;

  /// Notes about models, by text: the index of the note and the models it speaks of.
  std::vector<std::pair<std::string, std::pair<size_t, std::vector<int>>>> model_notes_;

  const ir::GoalRef &goal() const { return d_.result.goal; }
  void note(std::string s) { d_.notes.push_back(std::move(s)); }

  /// A note about the current model; models that end the same way share one note ("models 1, 2:
  /// ..."), so that a quantifier that cannot be run is reported once, not once per model.
  void model_note(const std::string &text) {
    auto it = std::ranges::find_if(model_notes_, [&](const auto &m) { return m.first == text; });
    if (it == model_notes_.end()) {
      model_notes_.push_back({text, {d_.notes.size(), {}}});
      d_.notes.emplace_back();
      it = std::prev(model_notes_.end());
    }
    auto &[index, models] = it->second;
    models.push_back(d_.models_tried);
    std::string which = models.size() == 1 ? "model " : "models ";
    for (size_t i = 0; i < models.size(); ++i)
      which += (i ? ", " : "") + std::to_string(models[i]);
    d_.notes[index] = which + ": " + text;
  }

  RunLimits limits() const {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    return {ctx_.options.step_limit,
            std::clamp(left, std::chrono::milliseconds(50), ctx_.options.run_limit)};
  }

  rac::Outcome run(const ir::Counterexample &cex, const rac::Policy &policy,
                   const ir::GoalRef *until = nullptr) {
    rac::Outcome o = run_candidate(ctx_.program, cex, policy, limits(), until);
    if (o.kind == rac::OutcomeKind::NotExecutable && d_.not_executable.empty())
      d_.not_executable = "line " + std::to_string(o.at.line) + ": " + o.reason;
    return o;
  }

  /// The n-th further model: the other solver first (when the choice was left to triage), then
  /// new seeds; every model tried so far is excluded.
  std::optional<ir::Counterexample> next_model(int n) {
    using vcgen::Prover;
    const Prover answered = d_.result.prover == Prover::Cvc5 ? Prover::Cvc5 : Prover::Z3;
    const Prover other = answered == Prover::Z3 ? Prover::Cvc5 : Prover::Z3;
    Prover prover = ctx_.options.prover;
    if (prover == Prover::Portfolio) prover = n % 2 == 0 ? other : answered;
    const unsigned seed = static_cast<unsigned>(n + 1);
    std::optional<ir::Counterexample> m =
        ctx_.models.another_model(index_, prover, seed, tried_, deadline_);
    if (!m)
      note(std::string("no further model from ") + (prover == Prover::Cvc5 ? "cvc5" : "z3") +
           " (seed " + std::to_string(seed) + ")");
    return m;
  }

  /// Judges one candidate; true when it settled the goal's verdict.
  bool judge_model(ir::Counterexample cex) {
    if (cex.function.empty()) cex.function = goal().function;
    tried_.push_back(cex);
    ++d_.models_tried;

    const ir::Counterexample inputs = inputs_only(cex);
    // The real run goes past failed annotations: one that fails elsewhere first can still show
    // that this goal holds on the whole run, so the giant-step run may decide.
    const rac::Outcome small = run(inputs, rac::Policy{}, &goal());
    const RunResult r = judge(small, goal());
    Category c = categorise(r);
    if (c == Category::NonCompliance) {
      if (settle_nc(inputs)) return true;
      model_note("the real run's failure did not replay");
      return false;
    }
    if (auto other = first_failure(small); other && !same_goal(goal(), *other))
      elsewhere_.push_back({*other, inputs});
    if (c == Category::NonComplianceElsewhere) {
      model_note(std::string(category_phrase(c)) + " (" + outcome_text(small) + ")");
      return false;
    }
    if (c != Category::NeedsGiantStep) {
      model_note(std::string(category_phrase(c)) + " (real run: " + outcome_text(small) + ")");
      return false;
    }
    rac::Policy all;
    all.all_giant = true;
    const rac::Outcome giant = run(cex, all);
    c = categorise(RunResult::Ok, judge(giant, goal()));
    if (c == Category::SubcontractWeakness) {
      if (settle_sw(cex, giant)) return true;
      model_note("the run through the contracts failed this goal, but no replay did");
      return false;
    }
    model_note(std::string(category_phrase(c)) +
               " (run through the contracts: " + outcome_text(giant) + ")");
    return false;
  }

  bool settle_nc(const ir::Counterexample &inputs) {
    d_.verdict = Verdict::NonCompliance;
    d_.counterexample = inputs;
    d_.strategy = "model";
    if (confirm(ctx_.program, d_, limits())) return true;
    d_.verdict = Verdict::Unknown;
    d_.counterexample.reset();
    return false;
  }

  /// The giant-step run failed the goal: name the weakest subcontracts and keep the verdict only
  /// when its counterexample replays.
  bool settle_sw(const ir::Counterexample &cex, const rac::Outcome &giant) {
    const std::vector<std::string> names = traversed(giant);
    d_.verdict = Verdict::SubcontractWeakness;
    d_.strategy = "model";
    for (const auto &s : names) {
      rac::Policy one;
      one.giant.insert(s);
      const rac::Outcome alone = run(cex, one);
      if (judge(alone, goal()) != RunResult::FailsGoal) continue;
      d_.scope = Scope::Single;
      d_.subcontracts = {s};
      if (adopt(cex, alone.giant_steps)) return true;
    }
    d_.scope = Scope::Global;
    d_.subcontracts = names;
    if (!names.empty() && adopt(cex, giant.giant_steps)) return true;
    d_.verdict = Verdict::Unknown;
    d_.subcontracts.clear();
    d_.scope = Scope::Single;
    return false;
  }

  /// Attaches the smallest oracle that replays: the outputs the run used, else all of them.
  bool adopt(const ir::Counterexample &cex, const std::vector<rac::GiantStep> &steps) {
    for (const ir::Counterexample &candidate : {keep_outputs_used(cex, steps), cex}) {
      d_.counterexample = candidate;
      if (confirm(ctx_.program, d_, limits())) return true;
    }
    d_.counterexample.reset();
    return false;
  }
};

/// What the goals' own diagnoses found elsewhere, in program order of the goals that found it:
/// a non-compliance of a failed goal still without one when its real run replays. A bug
/// outranks a weak contract, so a weakness gives way to it.
void settle_elsewhere(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals,
                      const std::vector<size_t> &finders,
                      const std::vector<std::vector<Elsewhere>> &found) {
  // As a goal's own runs: within --deadline, yet long enough to finish a short run.
  const RunLimits limits{
      ctx.options.step_limit,
      std::max(std::chrono::milliseconds(50), ctx.options.within_deadline(ctx.options.run_limit))};
  for (size_t k = 0; k < finders.size(); ++k) {
    const ir::GoalRef &finder = goals[finders[k]].result.goal;
    for (const Elsewhere &e : found[k])
      for (auto &other : goals) {
        if (other.result.status != vcgen::Status::Failed ||
            other.verdict == Verdict::NonCompliance || !same_goal(other.result.goal, e.failed))
          continue;
        GoalDiagnosis trial = other;
        trial.verdict = Verdict::NonCompliance;
        trial.scope = Scope::Single;
        trial.subcontracts.clear();
        trial.counterexample = e.inputs;
        trial.strategy = "model";
        ++trial.models_tried;
        if (!confirm(ctx.program, trial, limits)) continue;
        trial.notes.push_back("counterexample found while diagnosing " +
                              std::string(ir::goal_kind_name(finder.kind)) + " at line " +
                              std::to_string(finder.at.line));
        other = std::move(trial);
      }
  }
}

/// Why `goal` asks no further model, if it does not: it relies on a loop whose contract a real
/// run breaks (through it further models could only show that non-compliance again), or, unless
/// StrategyOptions::models_after_bug, another goal of its function has a non-compliance.
std::optional<std::string> further_models_skipped(const StrategyContext &ctx,
                                                  const std::vector<GoalDiagnosis> &goals,
                                                  const ir::GoalRef &goal) {
  const ir::Function *f = ctx.program.function(goal.function);
  if (!f) return std::nullopt;
  const std::vector<std::string> bad = non_compliant_annotations(goals, goal.function);
  const std::vector<std::string> broken =
      bad.empty()
          ? std::vector<std::string>{}
          : broken_loops(ctx.program, *f, subcontracts_for(ctx.program, *f, goal),
                         [&](const std::string &id) { return std::ranges::count(bad, id) > 0; });
  if (!broken.empty())
    return "a real run breaks the contract of " + broken.front() + ", which this goal relies on";
  if (ctx.options.models_after_bug) return std::nullopt;
  for (const ir::GoalRef &other : non_compliant_goals(goals, goal.function))
    if (!(other == goal))
      return "a real run fails " + std::string(ir::goal_kind_name(other.kind)) + " at line " +
             std::to_string(other.at.line) +
             " (see its verdict); further models would most "
             "often run into it again";
  return std::nullopt;
}

} // namespace

// Goals are diagnosed independently, `jobs` at a time; what a goal's runs show of other goals is
// applied afterwards, in program order: the report is the same for any number of jobs.
void ModelStrategy::diagnose(StrategyContext &ctx, std::vector<GoalDiagnosis> &goals) {
  std::vector<size_t> todo;
  for (size_t i = 0; i < goals.size(); ++i)
    if (goals[i].result.status == vcgen::Status::Failed && !is_definite(goals[i].verdict))
      todo.push_back(i);
  std::vector<std::vector<Elsewhere>> found(todo.size());
  std::vector<std::unique_ptr<GoalDiagnoser>> diagnosers(todo.size());
  std::vector<char> open(todo.size(), 0);
  // Two rounds, each the same for any number of jobs: the provers' own models of every goal,
  // then further models for the goals still open. The first round's non-compliances (and those
  // found while proving) say which loops a real run breaks, and goals through them ask for no
  // further model (docs/history.md, 2026-11-24, night: "Model rounds").
  auto timed = [&](size_t k, auto &&step) {
    GoalDiagnosis &d = goals[todo[k]];
    const auto start = Clock::now();
    step(d);
    d.time_ms +=
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  };
  ir::parallel_for(todo.size(), ctx.options.jobs, [&](size_t k) {
    timed(k, [&](GoalDiagnosis &d) {
      d.verdict = Verdict::Unknown;
      d.strategy = "model";
      if (ctx.options.past_deadline()) {
        d.notes.push_back(deadline_note);
        return;
      }
      diagnosers[k] = std::make_unique<GoalDiagnoser>(ctx, d, todo[k]);
      open[k] = diagnosers[k]->first();
    });
  });
  std::vector<std::optional<std::string>> skip(todo.size());
  for (size_t k = 0; k < todo.size(); ++k)
    if (open[k]) skip[k] = further_models_skipped(ctx, goals, goals[todo[k]].result.goal);
  ir::parallel_for(todo.size(), ctx.options.jobs, [&](size_t k) {
    if (open[k] && !ctx.options.past_deadline())
      timed(k, [&](GoalDiagnosis &) { diagnosers[k]->further(skip[k]); });
    if (diagnosers[k]) found[k] = std::move(diagnosers[k]->elsewhere());
  });
  settle_elsewhere(ctx, goals, todo, found);
}

} // namespace triage::classify
