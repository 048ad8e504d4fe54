// Induction schemes of a lemma (vcgen/induction.hpp).
#include "vcgen/induction.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace triage::vcgen {

using namespace term;

namespace {

/// Each scheme is a query of its own, and a lemma no scheme proves pays for them all.
constexpr size_t kMaxSchemes = 6;

/// The names of the constants in the arguments where applications of recursive functions recurse.
std::set<std::string>
recursion_arguments(const Term &goal, const std::map<std::string, std::set<size_t>> &recursion) {
  std::set<std::string> out;
  std::unordered_set<const Node *> seen; // a DAG: each shared node once
  auto walk = [&](auto &self, const Term &t) -> void {
    if (!seen.insert(t.get()).second) return;
    if (const auto it = recursion.find(t->name); t->op == Op::App && it != recursion.end())
      for (const size_t k : it->second)
        if (k < t->args.size())
          for (const Term &c : free_constants({t->args[k]}))
            out.insert(c->name);
    for (const Term &a : t->args)
      self(self, a);
  };
  walk(walk, goal);
  return out;
}

/// Where the induction hypothesis may be used at `at`, for an induction on x that moves by
/// `step`: `at` on the far side of some bound, 0 or another variable (those do not change).
Term beyond_a_bound(const Term &at, const Term &x, const std::vector<Term> &variables, int step) {
  std::vector<Term> bounded{step < 0 ? mk_le(mk_int(0), at) : mk_le(at, mk_int(0))};
  for (const Term &y : variables)
    if (y->name != x->name) bounded.push_back(step < 0 ? mk_le(y, at) : mk_le(at, y));
  return mk_or(bounded);
}

/// The lemma (`goal`) at x = `at`, with the facts there.
Term instance(const Term &goal, const std::vector<Term> &facts, const Term &x, const Term &at) {
  const std::map<std::string, Term> to{{x->name, at}};
  std::vector<Term> there;
  std::ranges::transform(facts, std::back_inserter(there),
                         [&](const Term &f) { return replace_constants(f, to); });
  there.push_back(replace_constants(goal, to));
  return mk_and(there);
}

/// The induction hypothesis at `x + step`, where that lies beyond a bound.
Term hypothesis_next(const Term &goal, const std::vector<Term> &facts,
                     const std::vector<Term> &variables, const Term &x, int step) {
  const Term next = step < 0 ? mk_sub(x, mk_int(1)) : mk_add(x, mk_int(1));
  return mk_implies(beyond_a_bound(next, x, variables, step), instance(goal, facts, x, next));
}

/// The arithmetic terms over x in `t` outside quantifiers, smallest first: where a proof by
/// strong induction most often needs its hypothesis (`(i-1)/2` for `HeapParent(i)`).
std::vector<Term> terms_over(const Term &t, const Term &x) {
  constexpr size_t kMaxTerms = 12;
  struct Seen {
    bool over_x = false; ///< mentions x
    bool bound = false;  ///< mentions a bound variable: not a term of its own
  };
  std::map<const Node *, Seen> seen;
  std::vector<Term> out;
  auto walk = [&](auto &self, const Term &n) -> Seen {
    if (const auto it = seen.find(n.get()); it != seen.end()) return it->second;
    Seen here{n->op == Op::Const && n->name == x->name, n->op == Op::Bound};
    if (n->op != Op::Forall && n->op != Op::Exists)
      for (const Term &a : n->args) {
        const Seen below = self(self, a);
        here.over_x = here.over_x || below.over_x;
        here.bound = here.bound || below.bound;
      }
    const bool arithmetic = n->op == Op::Add || n->op == Op::Sub || n->op == Op::Mul ||
                            n->op == Op::EDiv || n->op == Op::Ite || n->op == Op::Neg;
    if (here.over_x && !here.bound && arithmetic && n->sort == Sort::Int) out.push_back(n);
    return seen[n.get()] = here;
  };
  walk(walk, t);
  std::ranges::stable_sort(out, {}, [](const Term &n) { return n->depth; });
  if (out.size() > kMaxTerms) out.resize(kMaxTerms);
  return out;
}

/// The induction hypothesis of strong induction downward: the lemma at every value below x and
/// beyond a bound, one quantified formula (x-1 may not be where the proof needs it:
/// `HeapParent(i)` is (i-1)/2), and its instances at x-1 and at the terms over x in
/// `terms_from`.
Term hypothesis_below(const Term &goal, const Term &terms_from, const std::vector<Term> &facts,
                      const std::vector<Term> &variables, const Term &x) {
  auto below = [&](const Term &at) {
    return mk_and(beyond_a_bound(at, x, variables, -1), mk_lt(at, x));
  };
  const Term y = mk_bound("ind!" + x->name, Sort::Int);
  std::vector<Term> hypotheses{mk_forall({y}, mk_implies(below(y), instance(goal, facts, x, y)))};
  std::vector<Term> at{mk_sub(x, mk_int(1))};
  std::ranges::copy(terms_over(terms_from, x), std::back_inserter(at));
  for (const Term &t : at)
    hypotheses.push_back(mk_implies(below(t), instance(goal, facts, x, t)));
  return mk_and(hypotheses);
}

/// The name the lemma gives the variable of skolem constant `c` (`sk!n!17`: `n`).
std::string source_name(const Term &c) {
  std::string n = c->name;
  if (n.starts_with("sk!")) n = n.substr(3);
  if (const size_t bang = n.rfind('!'); bang != std::string::npos) n = n.substr(0, bang);
  return n;
}

} // namespace

std::vector<InductionScheme>
induction_schemes(const Term &goal, const Term &hypothesis, const std::vector<Term> &facts,
                  const std::vector<Term> &variables,
                  const std::map<std::string, std::set<size_t>> &recursion) {
  const std::set<std::string> arguments = recursion_arguments(goal, recursion);
  // Strong induction on the variables where a definition recurses, or on every integer
  // variable when none does (`Heap_Maximum`).
  std::vector<Term> ints;
  std::ranges::copy_if(variables, std::back_inserter(ints),
                       [](const Term &x) { return x->sort == Sort::Int; });
  std::vector<Term> recursing;
  std::ranges::copy_if(ints, std::back_inserter(recursing),
                       [&](const Term &x) { return arguments.count(x->name) > 0; });
  const std::vector<Term> &strong = recursing.empty() ? ints : recursing;
  // In the order they most often prove ACSL by Example's lemmas: from the predecessor, strong,
  // from the successor.
  std::vector<InductionScheme> out;
  for (const Term &x : recursing)
    out.push_back(
        InductionScheme{source_name(x), -1,
                        mk_implies(hypothesis_next(hypothesis, facts, variables, x, -1), goal)});
  for (const Term &x : strong)
    out.push_back(
        InductionScheme{source_name(x), 0,
                        mk_implies(hypothesis_below(hypothesis, goal, facts, variables, x), goal)});
  for (const Term &x : recursing)
    out.push_back(
        InductionScheme{source_name(x), +1,
                        mk_implies(hypothesis_next(hypothesis, facts, variables, x, +1), goal)});
  if (out.size() > kMaxSchemes) out.resize(kMaxSchemes);
  return out;
}

} // namespace triage::vcgen
