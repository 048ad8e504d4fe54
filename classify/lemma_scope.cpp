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
#include <set>

namespace triage::classify {

namespace {

const ir::Annotation *lemma_of(const ir::Program &p, const std::string &id) {
  for (const auto &decl : p.decls)
    if (const auto *a = std::get_if<std::shared_ptr<ir::Annotation>>(&decl);
        a && (*a)->kind == ir::AnnotKind::Lemma && (*a)->id == id)
      return a->get();
  return nullptr;
}

/// Labels a function has already: a lemma's own would be read as these.
bool reserved_label(const std::string &l) {
  static const std::set<std::string> reserved{"Pre",       "Here",        "Old", "Post",
                                              "LoopEntry", "LoopCurrent", "Init"};
  return reserved.count(l) > 0;
}

/// The program with a function that asserts the lemma's body, its outermost universally
/// quantified variables as parameters: `fun lemma_check_ID(a: ptr int32, n: int) { assert .. }`.
/// A lemma over states {K, L, M} reads memory outside `at` in K. Its arrays are then global
/// blocks of `cells` cells (an instance on a shorter array is one of these, whatever the cells
/// past its end hold): the function starts in L, a call to `lemma_state_ID`, which may write
/// every cell of them, leads to M, another to K, where the body is asserted. Built as text and
/// read back, so that the names resolve as in any function.
ir::Program with_check(const ir::Program &p, const ir::Annotation &lemma, const std::string &fn,
                       const std::string &assert_id, size_t cells) {
  const ir::Expr *body = lemma.expr.get();
  std::vector<ir::Binder> params;
  while (body->kind == ir::ExprKind::Quant && body->bval) {
    params.insert(params.end(), body->binders.begin(), body->binders.end());
    body = body->args[0].get();
  }
  const bool states = lemma.labels.size() > 1;
  std::string text = ir::print(p), decls, blocks, writes;
  for (const ir::Binder &b : params) {
    if (!states || !b.type.is_ptr()) {
      decls += (decls.empty() ? "" : ", ") + b.name + ": " + b.type.str();
      continue;
    }
    const std::string block = "lemma_block_" + b.name;
    text +=
        "\nglobal " + block + ": " + b.type.pointee().str() + "[" + std::to_string(cells) + "]\n";
    blocks += "  var " + b.name + ": " + b.type.str() + " = " + block + ";\n";
    writes += (writes.empty() ? "" : ", ") + block + "[0 .. " + std::to_string(cells - 1) + "]";
  }
  const std::string state_fn = "lemma_state_" + fn.substr(std::string("lemma_check_").size());
  if (states)
    text += "\nfun " + state_fn + "()\n  writes #" + state_fn + ".writes1 { " + writes + " }\n";
  text += "\nfun " + fn + "(" + decls + ") {\n" + blocks;
  for (size_t i = 1; i < lemma.labels.size(); ++i)
    text += "  label " + lemma.labels[i] + ";\n  call " + state_fn + "();\n";
  if (!lemma.labels.empty()) text += "  label " + lemma.labels[0] + ";\n";
  text += "  assert #" + assert_id + " { " + ir::print(*body) + " }\n}\n";
  ir::Program checked = ir::parse_text(text, p.file);
  ir::typecheck(checked);
  return checked;
}

/// A run whose assertion fails on its value, not on a read it cannot make (an index past the
/// cells of an input array: the instance of a longer array, which a larger scope holds).
bool fails_instance(const dse::Test &t, const std::string &assert_id) {
  const rac::Outcome &o = t.outcome;
  return o.kind == rac::OutcomeKind::Failure && o.goal && o.goal->annot_id == assert_id &&
         !o.undefined;
}

/// `t = [1, 2], n = 1`; for a lemma over states, `in L: t = [1, 2], n = 1; then in K: t = [5,
/// 0]` (the blocks named as the lemma's variables).
std::string instance_text(const ir::Annotation &lemma, const dse::Test &t) {
  auto named = [](ir::NamedValues values) {
    for (auto &[name, v] : values)
      if (name.starts_with("lemma_block_")) name = name.substr(std::string("lemma_block_").size());
    return format_values(values);
  };
  std::string s = (lemma.labels.size() > 1 ? "in " + lemma.labels[1] + ": " : std::string()) +
                  named(t.input.inputs);
  for (size_t i = 0; i < t.input.outputs.size() && i + 1 < lemma.labels.size(); ++i)
    s += "; then in " + (i + 2 < lemma.labels.size() ? lemma.labels[i + 2] : lemma.labels[0]) +
         ": " + named(t.input.outputs[i].values);
  return s;
}

} // namespace

void test_lemma(const ir::Program &p, const StrategyOptions &o, GoalDiagnosis &d) {
  d.strategy = "test";
  const ir::Annotation *lemma = lemma_of(p, d.result.goal.annot_id);
  if (!lemma || !lemma->expr) {
    d.notes.push_back("a lemma has no run to test");
    return;
  }
  if (std::ranges::any_of(lemma->labels, reserved_label)) {
    d.notes.push_back("a lemma whose states are named like a function's own (Pre, Here, ...) "
                      "has no run to test");
    return;
  }
  std::string fn = "lemma_check_" + lemma->id;
  std::replace_if(
      fn.begin(), fn.end(), [](char c) { return !std::isalnum((unsigned char)c); }, '_');
  const std::string assert_id = fn + ".assert1";
  std::optional<size_t> best;
  long paths = 0;
  std::string apart;
  // A lemma over one state is the same function in every scope: built once.
  const bool per_scope = lemma->labels.size() > 1;
  std::optional<ir::Program> checked;
  for (size_t level = 0; level < small_scopes.size() && !o.past_deadline(); ++level) {
    try {
      if (!checked || per_scope)
        checked = with_check(p, *lemma, fn, assert_id, small_scopes[level].cells);
    } catch (const ir::Error &e) {
      d.notes.push_back(std::string("the lemma's instances cannot be run: ") + e.what());
      return;
    }
    dse::Options search;
    search.function = fn;
    search.scope = small_scopes[level];
    search.budget = o.exploration_budget;
    search.backstop = o.backstop(o.exploration_budget);
    const dse::Result r = dse::explore(*checked, search);
    const auto failing = std::ranges::find_if(
        r.tests, [&](const dse::Test &t) { return fails_instance(t, assert_id); });
    if (failing != r.tests.end()) {
      d.notes.push_back("an instance of the lemma is false: " + instance_text(*lemma, *failing) +
                        " (the lemma does not hold; no run of the program replays it)");
      return;
    }
    if (!r.complete && !r.complete_apart) {
      if (!best)
        for (const auto &why : r.incomplete_because)
          d.notes.push_back("search of the lemma's instances incomplete: " + why);
      break;
    }
    best = level;
    paths = r.paths;
    apart.clear();
    for (const std::string &pair : r.apart) // pointers that may share a block were kept apart
      apart += (apart.empty() ? ", pointer inputs " : ", ") + pair;
  }
  if (!best) return;
  d.verdict = Verdict::LikelyProverIncapacity;
  d.search_scope = automatic_scope(*checked, *best);
  if (!apart.empty()) d.search_scope->text += apart + " in blocks of their own";
  d.notes.push_back("every instance of the lemma within a small scope (" + d.search_scope->text +
                    ") evaluated (" + std::to_string(paths) +
                    " paths) without one that is false; instances reading past an array's "
                    "cells are those of a longer array, outside the scope");
}

} // namespace triage::classify
