#include "classify/lemma_scope.hpp"

#include "classify/small_scopes.hpp"
#include "classify/suggestion.hpp"
#include "dse/explore.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <algorithm>
#include <cctype>

namespace triage::classify {

namespace {

const ir::Annotation *lemma_of(const ir::Program &p, const std::string &id) {
  for (const auto &decl : p.decls)
    if (const auto *a = std::get_if<std::shared_ptr<ir::Annotation>>(&decl);
        a && (*a)->kind == ir::AnnotKind::Lemma && (*a)->id == id)
      return a->get();
  return nullptr;
}

/// The program with a function that asserts the lemma's body, its outermost universally
/// quantified variables as parameters: `fun lemma_check_ID(a: ptr int32, n: int) { assert .. }`.
/// Built as text and read back, so that the names resolve as in any function.
ir::Program with_check(const ir::Program &p, const ir::Annotation &lemma, const std::string &fn,
                       const std::string &assert_id) {
  const ir::Expr *body = lemma.expr.get();
  std::vector<ir::Binder> params;
  while (body->kind == ir::ExprKind::Quant && body->bval) {
    params.insert(params.end(), body->binders.begin(), body->binders.end());
    body = body->args[0].get();
  }
  std::string text = ir::print(p) + "\nfun " + fn + "(";
  for (size_t i = 0; i < params.size(); ++i)
    text += (i ? ", " : "") + params[i].name + ": " + params[i].type.str();
  text += ") {\n  assert #" + assert_id + " { " + ir::print(*body) + " }\n}\n";
  ir::Program checked = ir::parse_text(text, p.file);
  ir::typecheck(checked);
  return checked;
}

/// A run whose assertion fails on its value, not on a read it cannot make (an index past the
/// cells of an input array: the instance of a longer array, which a larger scope holds).
bool fails_instance(const dse::Test &t, const std::string &assert_id) {
  const rac::Outcome &o = t.outcome;
  return o.kind == rac::OutcomeKind::Failure && o.goal && o.goal->annot_id == assert_id &&
         o.reason.find("cannot be evaluated") == std::string::npos;
}

} // namespace

void test_lemma(const ir::Program &p, const StrategyOptions &o, GoalDiagnosis &d) {
  d.strategy = "test";
  const ir::Annotation *lemma = lemma_of(p, d.result.goal.annot_id);
  if (!lemma || !lemma->expr) {
    d.notes.push_back("a lemma has no run to test");
    return;
  }
  if (!lemma->labels.empty()) {
    d.notes.push_back("a lemma over several memory states has no run to test");
    return;
  }
  std::string fn = "lemma_check_" + lemma->id;
  std::replace_if(
      fn.begin(), fn.end(), [](char c) { return !std::isalnum((unsigned char)c); }, '_');
  const std::string assert_id = fn + ".assert1";
  std::optional<ir::Program> checked;
  try {
    checked = with_check(p, *lemma, fn, assert_id);
  } catch (const ir::Error &e) {
    d.notes.push_back(std::string("the lemma's instances cannot be run: ") + e.what());
    return;
  }
  std::optional<size_t> best;
  long paths = 0;
  for (size_t level = 0; level < small_scopes.size() && !o.past_deadline(); ++level) {
    dse::Options search;
    search.function = fn;
    search.scope = small_scopes[level];
    search.budget = o.exploration_budget;
    search.backstop = o.backstop(o.exploration_budget);
    const dse::Result r = dse::explore(*checked, search);
    const auto failing = std::ranges::find_if(
        r.tests, [&](const dse::Test &t) { return fails_instance(t, assert_id); });
    if (failing != r.tests.end()) {
      d.notes.push_back(
          "an instance of the lemma is false: " + format_values(failing->input.inputs) +
          " (the lemma does not hold; no run of the program replays it)");
      return;
    }
    if (!r.complete) {
      if (!best)
        for (const auto &why : r.incomplete_because)
          d.notes.push_back("search of the lemma's instances incomplete: " + why);
      break;
    }
    best = level;
    paths = r.paths;
  }
  if (!best) return;
  const std::string text = dse::scope_text(*checked, small_scopes[*best]);
  d.verdict = Verdict::LikelyProverIncapacity;
  d.search_scope = SearchScope{"automatic", text, small_scopes[*best].cells,
                               dse::scope_intervals(*checked, small_scopes[*best])};
  d.notes.push_back("every instance of the lemma within a small scope (" + text + ") evaluated (" +
                    std::to_string(paths) +
                    " paths) without one that is false; instances reading past an array's "
                    "cells are those of a longer array, outside the scope");
}

} // namespace triage::classify
