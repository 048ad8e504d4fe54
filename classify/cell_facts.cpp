#include "classify/cell_facts.hpp"

#include "classify/source_edit.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace triage::classify {

namespace {

/// Cuts `text` at the first `sep`: what is before it (in `head`) and after it.
bool split(const std::string &text, const std::string &sep, std::string &head, std::string &tail) {
  const size_t at = text.find(sep);
  if (at == std::string::npos) return false;
  head = text.substr(0, at);
  tail = text.substr(at + sep.size());
  return true;
}

/// `LO <= VAR < HI` (each comparison `<` or `<=`) into `f`.
bool read_range(const std::string &range, CellFact &f) {
  std::string left, right;
  for (const char *mid : {" < ", " <= "})
    for (const char *low : {" <= ", " < "})
      if (split(range, std::string(low) + f.var + mid, left, right)) {
        f.lo = left;
        f.hi = right;
        f.lo_strict = std::string(low) == " < ";
        f.hi_closed = std::string(mid) == " <= ";
        return !f.lo.empty() && !f.hi.empty() && !mentions(f.lo, f.var) && !mentions(f.hi, f.var);
      }
  return false;
}

constexpr std::array<const char *, 6> kOps{"==", "!=", "<=", ">=", "<", ">"};

} // namespace

std::optional<CellFact> cell_fact(const std::string &text) {
  const std::string prefix = "\\forall integer ";
  if (text.rfind(prefix, 0) != 0) return std::nullopt;
  CellFact f;
  std::string rest, range, body;
  if (!split(text.substr(prefix.size()), "; ", f.var, rest) || !split(rest, " ==> ", range, body))
    return std::nullopt;
  if (!plain_identifier(f.var) || !read_range(range, f)) return std::nullopt;
  const std::string cell = "[" + f.var + "] ";
  std::string relation;
  if (!split(body, cell, f.array, relation) || !plain_identifier(f.array)) return std::nullopt;
  for (const char *op : kOps) {
    const std::string lead = std::string(op) + " ";
    if (relation.rfind(lead, 0) == 0) {
      f.op = op;
      f.rhs = relation.substr(lead.size());
      break;
    }
  }
  if (f.op.empty() || f.rhs.empty() || mentions(f.rhs, f.var)) return std::nullopt;
  return f;
}

bool implies(const CellFact &strong, const CellFact &weak) {
  if (strong.var != weak.var || strong.array != weak.array || strong.rhs != weak.rhs ||
      strong.lo != weak.lo || strong.hi != weak.hi)
    return false;
  // The strong range holds the weak one: a strict bound of its own only where the weak has one.
  if (strong.lo_strict && !weak.lo_strict) return false;
  if (weak.hi_closed && !strong.hi_closed) return false;
  static const std::array<std::pair<std::string, std::string>, 6> stronger{
      {{"==", "<="}, {"==", ">="}, {"<", "<="}, {"<", "!="}, {">", ">="}, {">", "!="}}};
  return strong.op == weak.op || std::find(stronger.begin(), stronger.end(),
                                           std::pair{strong.op, weak.op}) != stronger.end();
}

bool justified(size_t visits_with_cells, size_t visits) {
  return visits_with_cells > 0 && visits_with_cells * 10 >= visits;
}

} // namespace triage::classify
