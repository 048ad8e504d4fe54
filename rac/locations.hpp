// Sets of locations: what a writes clause allows, as variable names and ranges of cells.
#pragma once

#include "rac/value.hpp"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace triage::rac {

struct LocSet {
  std::set<std::string> locals; ///< parameters and locals of the current function
  std::set<std::string> globals;
  std::map<int, std::vector<std::pair<BigInt, BigInt>>> cells; ///< block -> inclusive ranges
  /// With the symbolic shadow: the same ranges as terms, for the blocks where a bound is symbolic.
  std::map<int, std::vector<std::pair<term::Term, term::Term>>> sym_cells;

  void add_cells(int block, BigInt lo, BigInt hi) {
    if (lo <= hi) cells[block].emplace_back(std::move(lo), std::move(hi));
  }
  bool has_cell(int block, size_t offset) const {
    auto it = cells.find(block);
    if (it == cells.end()) return false;
    const BigInt o(offset);
    for (const auto &[lo, hi] : it->second)
      if (lo <= o && o <= hi) return true;
    return false;
  }
};

/// Whether every set allows the cell / the variable (several writes clauses all constrain).
inline bool all_have_cell(const std::vector<LocSet> &sets, int block, size_t offset) {
  for (const auto &s : sets)
    if (!s.has_cell(block, offset)) return false;
  return true;
}

} // namespace triage::rac
