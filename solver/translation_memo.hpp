// The translations of term nodes into a solver's expressions, memoised per node.
#pragma once

#include "term/term.hpp"

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

namespace triage::solver {

/// Each node is translated once, so DAG sharing is kept. The expressions are kept in the order
/// they were made and released in the reverse order: Z3 recycles the ids of released expressions,
/// and a release in address order (a map's) gave the next goal ids that depended on where the
/// allocator had put the nodes, and borderline quantified goals answers that changed from run to
/// run (docs/prove.md, "Reproducible answers").
template <class Expr> class TranslationMemo {
public:
  TranslationMemo() = default;
  TranslationMemo(const TranslationMemo &) = delete;
  TranslationMemo &operator=(const TranslationMemo &) = delete;
  ~TranslationMemo() { clear(); }

  const Expr *find(const term::Term &t) const {
    auto it = index_.find(t.get());
    return it == index_.end() ? nullptr : &made_[it->second].second;
  }

  /// Keeps the node alive, so that its address is never reused while it is a key.
  void add(const term::Term &t, Expr e) {
    index_.emplace(t.get(), made_.size());
    made_.emplace_back(t, std::move(e));
  }

  void clear() {
    index_.clear();
    while (!made_.empty())
      made_.pop_back();
  }

private:
  std::unordered_map<const term::Node *, std::size_t> index_;
  std::vector<std::pair<term::Term, Expr>> made_;
};

} // namespace triage::solver
