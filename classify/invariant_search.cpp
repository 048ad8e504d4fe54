#include "classify/invariant_search.hpp"

#include "classify/callee_goals.hpp"
#include "classify/callee_runs.hpp"
#include "classify/cell_facts.hpp"
#include "classify/input_variants.hpp"
#include "classify/ir_walk.hpp"
#include "classify/run_state.hpp"
#include "classify/source_edit.hpp"
#include "dse/explore.hpp"
#include "ir/error.hpp"
#include "rac/interpreter.hpp"

#include <algorithm>
#include <boost/algorithm/string/join.hpp>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <regex>
#include <set>

namespace triage::classify {

// Helpers in a namespace of their own: unity builds put this file beside others (TRIAGE_UNITY).
namespace invariant_search {
namespace {

using Clock = std::chrono::steady_clock;

// ---- the loops of a function, from the IR ----

struct Site {
  std::string loop; ///< loop@LINE, or the callee
  ir::SrcLoc at;    ///< where its annotation, or the loop, starts; a callee's last clause's end
  const ir::Stmt *stmt = nullptr;
  bool block = false; ///< it has an annotation comment: candidates go into it
  /// How candidates are tried on the site's line: `prefix`, then `keyword C; ` for each, then
  /// `suffix`, inserted at `column`.
  std::string keyword = "loop invariant", prefix, suffix;
  int column = 0;
  std::string callee; ///< a callee's contract: its goals are proved with the caller's
  std::set<std::string> written;
  std::set<long long> constants;   ///< integer literals of its condition
  std::set<std::string> cond_vars; ///< variables its condition reads
  /// What it counts with: the written variables its condition reads (all written ones when
  /// it reads none); and what it counts to: the others its condition reads.
  std::vector<std::string> counters, bounds;
  /// Each bound as its counters' value when the loop exits (`i + 1 < n`: n as `i + 1`).
  std::vector<std::pair<std::string, std::string>> exits;
};

void variables(const ir::Expr &e, std::set<std::string> &out) {
  if (e.kind == ir::ExprKind::Var) out.insert(e.name);
  for (const auto &a : e.args)
    if (a) variables(*a, out);
}

/// The variables a block assigns, by assignment or as a call's result.
std::set<std::string> assigned_vars(const ir::Block &b) {
  std::set<std::string> out;
  walk(b, [&](const ir::Stmt &x) {
    if ((x.kind == ir::StmtKind::Assign || x.kind == ir::StmtKind::Call) && x.lhs &&
        x.lhs->kind == ir::ExprKind::Var)
      out.insert(x.lhs->name);
  });
  return out;
}

/// The condition that ends a loop: its own, or for a do-while (`while (true) { ...; if (!c)
/// break; }`) the test of its last statement.
const ir::Expr *exit_condition(const ir::Stmt &loop) {
  const ir::Expr *cond = loop.cond.get();
  if (cond && cond->kind == ir::ExprKind::BoolLit && !loop.body.empty()) {
    const ir::Stmt &last = *loop.body.back();
    if (last.kind == ir::StmtKind::If && last.body.size() == 1 && last.else_body.empty() &&
        last.body[0]->kind == ir::StmtKind::Break)
      return last.cond.get();
  }
  return cond;
}

std::vector<Site> loops_of(const ir::Program &p, const ir::Function &f, const std::string &source) {
  std::vector<Site> sites;
  if (!f.body) return sites;
  const auto lines = source_lines(source);
  walk(*f.body, [&](const ir::Stmt &s) {
    if (s.kind != ir::StmtKind::While) return;
    Site site;
    site.loop = ir::loop_name(p, s);
    site.at = ir::where(p, s.pos, s.src);
    site.stmt = &s;
    if (site.at.line < 1 || site.at.line > int(lines.size())) return;
    const std::string &text = lines[size_t(site.at.line - 1)];
    const size_t col = size_t(site.at.col - 1);
    site.block = text.compare(col, 3, "/*@") == 0 || text.compare(col, 3, "//@") == 0;
    site.column = site.block ? site.at.col + 3 : site.at.col;
    site.prefix = site.block ? " " : "/*@ ";
    site.suffix = site.block ? "" : "*/ ";
    site.written = assigned_vars(s.body);
    if (const ir::Expr *cond = exit_condition(s)) {
      literals(*cond, site.constants);
      variables(*cond, site.cond_vars);
    }
    for (const auto &v : site.cond_vars)
      (site.written.count(v) ? site.counters : site.bounds).push_back(v);
    if (site.counters.empty()) site.counters.assign(site.written.begin(), site.written.end());
    if (const auto cond = loop_condition(source, site.at.line, site.at.col))
      site.exits = exit_bounds(*cond, site.counters, site.bounds);
    // Two loops on one line would share their insertion point: only the first is searched.
    if (std::none_of(sites.begin(), sites.end(),
                     [&](const Site &o) { return o.at.line == site.at.line; }))
      sites.push_back(std::move(site));
  });
  return sites;
}

/// The parameters the function's body assigns: a postcondition reads their values at the call.
std::set<std::string> changed_params(const ir::Function &f) {
  if (!f.body) return {};
  const std::set<std::string> assigned = assigned_vars(*f.body);
  std::set<std::string> out;
  for (const auto &b : f.params)
    if (assigned.count(b.name)) out.insert(b.name);
  return out;
}

/// The source text of the function's returned expression, when it has one `return e;`.
std::optional<std::string> returned_text(const ir::Program &p, const ir::Function &f,
                                         const std::string &source) {
  std::vector<const ir::Stmt *> returns;
  if (f.body)
    walk(*f.body, [&](const ir::Stmt &s) {
      if (s.kind == ir::StmtKind::Return && s.rhs) returns.push_back(&s);
    });
  if (returns.size() != 1) return std::nullopt;
  const ir::SrcLoc at = ir::where(p, returns[0]->pos, returns[0]->src);
  std::string text = clause_after_keyword(source, at.line, at.col);
  if (text.empty()) return std::nullopt;
  return "(" + text + ")";
}

// ---- states at each loop's head on real runs ----

struct HeadState : IntState {
  size_t entry = 0; ///< index of the state at this visit's loop entry (in the same list)
  /// The arrays when the function started (the state after its first statement, which
  /// writes no array in the functions at hand: a declaration).
  std::shared_ptr<const Arrays> pre;
};

HeadState head_state(const rac::StateItems &s) {
  HeadState h;
  static_cast<IntState &>(h) = int_state(s);
  return h;
}

/// Whether `inner`'s statement is inside `outer`'s body.
bool encloses(const Site &outer, const Site &inner) {
  bool found = false;
  walk(outer.stmt->body, [&](const ir::Stmt &s) { found = found || &s == inner.stmt; });
  return found;
}

/// The real runs of a function the concolic search generates (inputs outside the precondition
/// left out), and the state at each visit of each loop's head on them.
struct Runs {
  std::vector<ir::Counterexample> inputs;
  std::vector<std::vector<HeadState>> heads; ///< per site
};

/// Records the state at each visit of each loop's head on the run of `input` into `heads`;
/// false when the input is outside the precondition (nothing recorded then).
bool observe_run(const ir::Program &p, const std::string &fn, const std::vector<Site> &sites,
                 const ir::Counterexample &input, std::vector<std::vector<HeadState>> &heads) {
  std::vector<std::vector<HeadState>> seen(sites.size()); // appended to heads if in the domain
  // A loop is entered anew after its condition was false, or after a visit of the head of a
  // loop around it.
  std::vector<bool> open(sites.size(), false);
  std::vector<size_t> entry(sites.size(), 0);
  std::shared_ptr<const Arrays> pre;
  rac::Config cfg = observing_run(fn, input);
  cfg.trace_step = [&](const rac::TraceStep &step) {
    if (step.function == fn && !pre)
      pre = std::make_shared<const Arrays>(head_state(step.state()).arrays);
    if (step.function != fn || step.what.rfind("while ", 0) != 0) return;
    for (size_t i = 0; i < sites.size(); ++i) {
      if (sites[i].at.line != step.at.line) continue;
      auto &list = seen[i];
      if (!open[i]) entry[i] = heads[i].size() + list.size();
      open[i] = step.what.size() < 7 || step.what.compare(step.what.size() - 7, 7, ": false") != 0;
      HeadState h = head_state(step.state());
      h.entry = entry[i];
      h.pre = pre;
      list.push_back(std::move(h));
      for (size_t j = 0; j < sites.size(); ++j)
        if (j != i && encloses(sites[i], sites[j])) open[j] = false;
    }
  };
  try {
    if (rac::run(p, cfg).kind == rac::OutcomeKind::OutsidePrecondition) return false;
  } catch (const ir::Error &) {
    // An input the program cannot take: the states seen before are kept.
  }
  for (size_t i = 0; i < sites.size(); ++i)
    std::move(seen[i].begin(), seen[i].end(), std::back_inserter(heads[i]));
  return true;
}

/// How many variants of each generated input are run too (classify/input_variants.hpp).
constexpr size_t kVariantsPerInput = 4;

Runs observe(const ir::Program &p, const std::string &fn, const std::vector<Site> &sites,
             const FixContext &ctx) {
  const dse::Result explored = dse::explore(p, observing_search(fn, ctx.run_budget));
  Runs runs;
  runs.heads.resize(sites.size());
  std::vector<ir::Counterexample> variants;
  for (const auto &t : explored.tests) {
    if (t.outcome.kind == rac::OutcomeKind::OutsidePrecondition) continue;
    if (observe_run(p, fn, sites, t.input, runs.heads)) runs.inputs.push_back(t.input);
    auto more = input_variants(t.input, kVariantsPerInput, unsigned(runs.inputs.size()));
    variants.insert(variants.end(), more.begin(), more.end());
  }
  for (auto &v : variants)
    if (observe_run(p, fn, sites, v, runs.heads)) runs.inputs.push_back(std::move(v));
  return runs;
}

// ---- candidates ----

/// Where a candidate comes from: the goals, the runs' bounds of scalars, their relations to the
/// loop's entry, the runs' facts about ranges of cells up to or from a counter, or about every
/// cell of an array of one length (`Whole`: few, and kept where the range facts are left out).
enum class Origin { Goal, Bound, Entry, Range, Whole };

/// A clause of the user's, as written at line:column, that a candidate takes the place of.
struct Replaced {
  int line = 0, column = 0;
  std::string text;
};

/// `keyword clause;` in place of `replaced`, on its line.
Insertion in_place_of(const Replaced &replaced, const std::string &keyword,
                      const std::string &clause) {
  return {replaced.line, replaced.column, keyword + " " + clause + ";", int(replaced.text.size())};
}

struct Candidate {
  size_t site;
  std::string text;
  Origin origin;
  bool active = true;
  std::string keyword = {}; ///< its clause's keyword when not the site's (`loop assigns`)
  /// The loop's own clause it takes the place of (`loop assigns L, R, t[0];`, at its keyword),
  /// when it narrows one: tried and suggested in its place, not beside it.
  std::optional<Replaced> replaces = std::nullopt;
  /// Its establishment proved where no other candidate is among that goal's hypotheses (one
  /// loop, no callee): dropping others leaves the goal as it was, so it is not asked again.
  bool established = false;
  /// Its establishment asked where `established` would have been set, and not proved.
  bool unestablished = false;
};

/// `P` as holding from the second visit of the head on: `c == \\at(c, LoopEntry) || (P)`.
std::string from_second_visit(const std::string &counter, const std::string &p) {
  return counter + " == \\at(" + counter + ", LoopEntry) || (" + p + ")";
}

/// The `P` of a candidate made by from_second_visit; nullopt for any other candidate.
std::optional<std::string> second_visit_inner(const std::string &text) {
  const std::string mark = ", LoopEntry) || (";
  const size_t bar = text.find(mark);
  if (bar == std::string::npos || text.back() != ')') return std::nullopt;
  return text.substr(bar + mark.size(), text.size() - bar - mark.size() - 1);
}

/// Names with an integer value at every visit of the head.
std::vector<std::string> int_names(const std::vector<HeadState> &heads) {
  std::vector<std::string> names;
  // Plain loops over pairs: clang 14 cannot capture structured bindings in lambdas.
  for (const auto &entry : heads.front().ints) {
    const std::string &name = entry.first;
    if (std::all_of(heads.begin(), heads.end(),
                    [&](const HeadState &h) { return h.ints.count(name); }))
      names.push_back(name);
  }
  return names;
}

/// `b`'s cells below the counter c as `a`'s from the bound e down (a reversed copy), when every
/// head with c above 0 says so.
void reversed_copy(size_t si, const std::vector<HeadState> &heads, const std::string &a,
                   const std::string &b, const std::string &c, const std::string &e,
                   const std::string &k, std::vector<Candidate> &out) {
  bool seen = false;
  const bool holds = std::all_of(heads.begin(), heads.end(), [&](const HeadState &h) {
    const auto &from = h.arrays.at(a), &to = h.arrays.at(b);
    const long long upto = h.ints.at(c), end = h.ints.at(e);
    seen = seen || upto > 1;
    for (long long i = 0; i < upto; ++i) {
      const long long j = end - 1 - i;
      if (i >= (long long)to.size() || j < 0 || j >= (long long)from.size() ||
          to[size_t(i)] != from[size_t(j)])
        return false;
    }
    return true;
  });
  if (holds && seen)
    out.push_back({si,
                   "\\forall integer " + k + "; 0 <= " + k + " < " + c + " ==> " + b + "[" + k +
                       "] == " + a + "[" + e + " - 1 - " + k + "]",
                   Origin::Range});
}

/// Whether the counter c goes down from a loop's entry on some run.
bool counts_down(const std::vector<HeadState> &heads, const std::string &c) {
  return std::any_of(heads.begin(), heads.end(),
                     [&](const HeadState &h) { return h.ints.at(c) < heads[h.entry].ints.at(c); });
}

/// An array at a head: as it is, or as it was when the function started (nullptr when the
/// runs do not say).
using ArrayAt = std::function<const std::vector<long long> *(const HeadState &)>;

ArrayAt now(const std::string &a) {
  return [a](const HeadState &h) { return &h.arrays.at(a); };
}

ArrayAt at_pre(const std::string &a) {
  return [a](const HeadState &h) -> const std::vector<long long> * {
    return h.pre && h.pre->count(a) ? &h.pre->at(a) : nullptr;
  };
}

/// Whether `x`'s cells equal `y`'s at every head over the indices from `from` up to `to` (of
/// the head's integers; 0 when empty), and whether enough heads had such a cell (justified).
bool cells_agree(const std::vector<HeadState> &heads, const ArrayAt &x, const ArrayAt &y,
                 const std::string &from, const std::string &to) {
  size_t seen = 0;
  const bool all = std::all_of(heads.begin(), heads.end(), [&](const HeadState &h) {
    const auto *xs = x(h), *ys = y(h);
    if (!xs || !ys) return false;
    const long long lo = from.empty() ? 0 : std::max<long long>(h.ints.at(from), 0);
    const long long hi =
        std::min<long long>(h.ints.at(to), (long long)std::min(xs->size(), ys->size()));
    seen += lo < hi;
    for (long long i = lo; i < hi; ++i)
      if ((*xs)[size_t(i)] != (*ys)[size_t(i)]) return false;
    return true;
  });
  return all && justified(seen, heads.size());
}

/// `\\forall integer k; LO <= k < HI ==> BODY`, LO being 0 when `from` is empty.
std::string over_range(const std::string &k, const std::string &from, const std::string &to,
                       const std::string &body) {
  return "\\forall integer " + k + "; " + (from.empty() ? "0" : from) + " <= " + k + " < " + to +
         " ==> " + body;
}

/// Whether, at every head, `a`'s cells over the range (from, up to but not including) are its
/// cells when the function started at `source` of their index, and one head at least had two
/// such cells in an array the loop changed.
bool from_pre_cells(const std::vector<HeadState> &heads, const std::string &a,
                    const std::function<std::pair<long long, long long>(const HeadState &)> &range,
                    const std::function<long long(const HeadState &, long long)> &source) {
  bool seen = false;
  const bool all = std::all_of(heads.begin(), heads.end(), [&](const HeadState &h) {
    const auto *was = at_pre(a)(h);
    if (!was) return false;
    const auto &is = h.arrays.at(a);
    const auto [lo, hi] = range(h);
    for (long long i = lo; i < hi; ++i) {
      const long long j = source(h, i);
      if (i < 0 || j < 0 || i >= (long long)is.size() || j >= (long long)was->size() ||
          is[size_t(i)] != (*was)[size_t(j)])
        return false;
    }
    seen = seen || (hi - lo > 1 && is != *was);
    return true;
  });
  return all && seen;
}

/// An array reversed in place from both ends by a counter c, up to a bound e (its length):
/// the cells below c and those from `e - c` up are its first cells mirrored, the cells between
/// as they were (reverse.c, which swaps `a[i]` and `a[n - 1 - i]`).
void reversed_in_place(size_t si, const std::vector<HeadState> &heads, const std::string &a,
                       const std::string &c, const std::string &e, const std::string &k,
                       std::vector<Candidate> &out) {
  auto value = [](const HeadState &h, const std::string &n) { return h.ints.at(n); };
  auto mirror = [&](const HeadState &h, long long i) { return value(h, e) - 1 - i; };
  auto same = [](const HeadState &, long long i) { return i; };
  const std::string mirrored = a + "[" + k + "] == \\at(" + a + "[" + e + " - 1 - " + k + "], Pre)";
  const bool below = from_pre_cells(
      heads, a,
      [&](const HeadState &h) {
        return std::pair{0LL, value(h, c)};
      },
      mirror);
  const bool above = from_pre_cells(
      heads, a,
      [&](const HeadState &h) {
        return std::pair{value(h, e) - value(h, c), value(h, e)};
      },
      mirror);
  if (!below || !above) return;
  out.push_back({si, over_range(k, "", c, mirrored), Origin::Range});
  out.push_back({si, over_range(k, e + " - " + c, e, mirrored), Origin::Range});
  if (from_pre_cells(
          heads, a,
          [&](const HeadState &h) {
            return std::pair{value(h, c), value(h, e) - value(h, c)};
          },
          same))
    out.push_back(
        {si, over_range(k, c, e + " - " + c, a + "[" + k + "] == \\at(" + a + "[" + k + "], Pre)"),
         Origin::Range});
}

/// For arrays and a counter c: another array's cells below c equal to its own (a copy), or a
/// reversed copy; the cells from c up to a bound as they were when the function started (what
/// the loop has not reached yet) or equal to another's (what a loop counting down copied); and
/// for a loop counting down, the cells below c as they were.
void array_relations(size_t si, const std::vector<HeadState> &heads,
                     const std::set<std::string> &arrays, const std::string &c,
                     const std::vector<std::string> &bounds, const std::string &k,
                     std::vector<Candidate> &out) {
  auto add = [&](std::string text) { out.push_back({si, std::move(text), Origin::Range}); };
  auto cell = [&](const std::string &a) { return a + "[" + k + "]"; };
  auto pre_cell = [&](const std::string &a) { return "\\at(" + cell(a) + ", Pre)"; };
  const bool down = counts_down(heads, c);
  for (const auto &a : arrays) {
    for (const auto &b : arrays) {
      if (a == b) continue;
      // Equality is symmetric: each pair once, as a copy below the counter or above it.
      if (a < b && cells_agree(heads, now(a), now(b), "", c))
        add(over_range(k, "", c, cell(a) + " == " + cell(b)));
      else if (a < b)
        for (const auto &e : bounds)
          if (cells_agree(heads, now(a), now(b), c, e))
            add(over_range(k, c, e, cell(b) + " == " + cell(a)));
      for (const auto &e : bounds) {
        reversed_copy(si, heads, a, b, c, e, k, out);
        if (cells_agree(heads, at_pre(a), now(b), c, e))
          add(over_range(k, c, e, cell(b) + " == " + pre_cell(a)));
      }
    }
    if (down && cells_agree(heads, now(a), at_pre(a), "", c))
      add(over_range(k, "", c, cell(a) + " == " + pre_cell(a)));
    // What the loop has not reached yet, for an array it changes (the others need no frame).
    const bool changed = std::any_of(heads.begin(), heads.end(), [&](const HeadState &h) {
      const auto *was = at_pre(a)(h);
      return was && *was != h.arrays.at(a);
    });
    for (const auto &e : bounds) {
      if (changed && cells_agree(heads, now(a), at_pre(a), c, e))
        add(over_range(k, c, e, cell(a) + " == " + pre_cell(a)));
      if (changed) reversed_in_place(si, heads, a, c, e, k, out);
    }
  }
}

/// The value at a head of a constant, a scalar, or a cell `a[w]` or `a[w-1]` (nullopt outside
/// its array).
std::optional<long long> rhs_value(const HeadState &h, const std::string &e) {
  if (const auto v = parse_int(e)) return v;
  const size_t bracket = e.find('[');
  if (bracket == std::string::npos) return h.ints.at(e);
  const auto &cells = h.arrays.at(e.substr(0, bracket));
  std::string w = e.substr(bracket + 1, e.size() - bracket - 2);
  const bool before = w.ends_with("-1");
  if (before) w.resize(w.size() - 2);
  const long long index = h.ints.at(w) - (before ? 1 : 0);
  if (index < 0 || index >= (long long)cells.size()) return std::nullopt;
  return cells[size_t(index)];
}

/// A range of cells at a head: how an invariant bounds its index, and its indices there (from,
/// up to but not including).
struct CellRange {
  std::string text;
  std::function<std::pair<long long, long long>(const HeadState &)> cells;
  /// When the facts need a condition to be defined (`0 < i ==>` before a fact about `a[i-1]`):
  /// its text, and whether a head meets it. At a head that does not, the fact holds whatever
  /// its cells.
  std::string guard = {};
  std::function<bool(const HeadState &)> applies = nullptr;
};

/// Relations every visit of the head satisfies: bounds of each written scalar by 0, the
/// condition's constants and the other scalars; what stays as at the loop's entry; and, for
/// arrays, what every cell below a written counter satisfies.
void from_runs(size_t si, const Site &site, const std::vector<HeadState> &heads,
               std::vector<Candidate> &out) {
  if (heads.empty()) return;
  std::vector<std::string> written, others;
  for (const auto &n : int_names(heads))
    if (plain_identifier(n)) (site.written.count(n) ? written : others).push_back(n);
  auto all = [&](const std::function<bool(const HeadState &)> &holds) {
    return std::all_of(heads.begin(), heads.end(), holds);
  };
  auto add = [&](std::string text, Origin o) { out.push_back({si, std::move(text), o}); };
  std::set<long long> constants = site.constants;
  constants.insert(0);
  // A written variable's value at the loop's entry, when the same on every run (`i = 1` before
  // a loop from the second cell: `1 <= i`).
  for (const auto &v : written) {
    std::set<long long> at_entry;
    for (const auto &h : heads)
      at_entry.insert(heads[h.entry].ints.at(v));
    if (at_entry.size() == 1) constants.insert(*at_entry.begin());
  }
  for (const auto &v : written) {
    auto val = [&](const HeadState &h, const std::string &n) { return h.ints.at(n); };
    for (long long k : constants) {
      const bool above = all([&](const HeadState &h) { return val(h, v) >= k; });
      const bool below = all([&](const HeadState &h) { return val(h, v) <= k; });
      if (above && below)
        add(v + " == " + std::to_string(k), Origin::Bound);
      else if (above)
        add(v + " >= " + std::to_string(k), Origin::Bound);
      else if (below)
        add(v + " <= " + std::to_string(k), Origin::Bound);
    }
    std::vector<std::string> bounds = others;
    for (const auto &w : written)
      if (w != v) bounds.push_back(w);
    for (const auto &a : bounds) {
      if (all([&](const HeadState &h) { return val(h, v) == val(h, a); })) {
        add(v + " == " + a, Origin::Bound);
        continue;
      }
      if (all([&](const HeadState &h) { return val(h, v) < val(h, a); }))
        add(v + " < " + a, Origin::Bound);
      if (all([&](const HeadState &h) { return val(h, v) <= val(h, a); }))
        add(v + " <= " + a, Origin::Bound);
      else if (all([&](const HeadState &h) { return val(h, v) <= val(h, a) + 1; }))
        add(v + " <= " + a + " + 1", Origin::Bound);
      if (all([&](const HeadState &h) { return val(h, v) >= val(h, a); }))
        add(v + " >= " + a, Origin::Bound);
    }
    for (const auto &w : written) {
      if (w == v) continue;
      // v == a * w + b with whole a (not 0 or 1: bounds and entry relations say those) and b.
      const auto &h0 = heads.front();
      const auto other = std::find_if(heads.begin(), heads.end(),
                                      [&](const HeadState &h) { return val(h, w) != val(h0, w); });
      if (other != heads.end()) {
        const long long dv = val(*other, v) - val(h0, v), dw = val(*other, w) - val(h0, w);
        if (dv % dw == 0) {
          const long long a = dv / dw;
          auto line = [&](const char *rel, long long b) {
            return v + rel + std::to_string(a) + " * " + w +
                   (b == 0 ? "" : (b > 0 ? " + " : " - ") + std::to_string(std::abs(b)));
          };
          // The slope of the first steps: an equality when every visit is on the line, else
          // the bounds of the visits' offsets from it (`c <= 3 * i` when the loop stops adding).
          long long lo = val(h0, v) - a * val(h0, w), hi = lo;
          for (const auto &h : heads) {
            lo = std::min(lo, val(h, v) - a * val(h, w));
            hi = std::max(hi, val(h, v) - a * val(h, w));
          }
          if (a != 0 && a != 1 && std::abs(a) < 1000 && std::abs(lo) < 1000000 &&
              std::abs(hi) < 1000000) {
            if (lo == hi)
              add(line(" == ", lo), Origin::Entry);
            else {
              add(line(" <= ", hi), Origin::Bound);
              add(line(" >= ", lo), Origin::Bound);
            }
          }
        }
      }
      if (w <= v) continue;
      auto entry = [&](const HeadState &h) -> const HeadState & { return heads[h.entry]; };
      if (all([&](const HeadState &h) {
            return val(h, v) - val(h, w) == val(entry(h), v) - val(entry(h), w);
          }))
        add(v + " - " + w + " == \\at(" + v + " - " + w + ", LoopEntry)", Origin::Entry);
      if (all([&](const HeadState &h) {
            return val(h, v) + val(h, w) == val(entry(h), v) + val(entry(h), w);
          }))
        add(v + " + " + w + " == \\at(" + v + " + " + w + ", LoopEntry)", Origin::Entry);
    }
  }
  // Cells below a counter.
  std::set<std::string> arrays;
  for (const auto &entry : heads.front().arrays) {
    const std::string &name = entry.first;
    if (plain_identifier(name) && std::all_of(heads.begin(), heads.end(), [&](const HeadState &h) {
          return h.arrays.count(name);
        }))
      arrays.insert(name);
  }
  std::string k = "k";
  while (heads.front().ints.count(k))
    k += "_";
  const std::vector<std::pair<std::string, std::function<bool(long long, long long)>>> ops{
      {"==", [](long long a, long long b) { return a == b; }},
      {"!=", [](long long a, long long b) { return a != b; }},
      {"<=", [](long long a, long long b) { return a <= b; }},
      {">=", [](long long a, long long b) { return a >= b; }},
      {"<", [](long long a, long long b) { return a < b; }},
      {">", [](long long a, long long b) { return a > b; }}};
  // What every cell of a range satisfies: below each written counter, then (after all of
  // those) from a counter that goes up to a bound, against the last cell it passed only (the
  // cells it has not read yet hold nothing else), and above a counter that goes down, up to a
  // bound (`hi < k < n`, what a search from both ends has passed).
  size_t range_count = 0;
  // What the cells of `arr` in a range of counter `c` are compared with: the scalars but `c`,
  // the constants, and the cells at the written indices.
  auto values_beside = [&](const std::string &arr, const std::string &c) {
    std::vector<std::string> rhs = others;
    for (const auto &w : written)
      if (w != c) rhs.push_back(w);
    for (long long kc : constants)
      rhs.push_back(std::to_string(kc));
    // A cell the loop tracks by an index it writes: `a[k] <= a[max]`.
    for (const auto &w : written)
      rhs.push_back(arr + "[" + w + "]");
    return rhs;
  };
  auto cell_facts = [&](const std::string &arr, const CellRange &range,
                        const std::vector<std::string> &rhs, Origin origin = Origin::Range) {
    auto applies = [&](const HeadState &h) { return !range.applies || range.applies(h); };
    const auto with_cells = std::count_if(heads.begin(), heads.end(), [&](const HeadState &h) {
      const auto [lo, hi] = range.cells(h);
      return applies(h) && lo < hi && size_t(hi) <= h.arrays.at(arr).size();
    });
    if (!justified(size_t(with_cells), heads.size())) return;
    for (const auto &e : rhs) {
      // The strongest relation only: `==` rather than both `<=` and `>=`.
      std::set<std::string> holding;
      for (const auto &op_holds : ops) {
        const auto &holds = op_holds.second; // a reference a lambda may capture (not a binding)
        const bool ok = all([&](const HeadState &h) {
          if (!applies(h)) return true;
          const auto &cells = h.arrays.at(arr);
          const auto [lo, hi] = range.cells(h);
          const long long upto = std::min<long long>(hi, (long long)cells.size());
          const auto rv = rhs_value(h, e);
          if (!rv) return false;
          for (long long i = std::max<long long>(lo, 0); i < upto; ++i)
            if (!holds(cells[size_t(i)], *rv)) return false;
          return true;
        });
        if (ok) holding.insert(op_holds.first);
      }
      // `==` alone when it holds; the weaker of the others stay with the stronger (runs may
      // make an order hold that no proof keeps, as all cells below a key on few inputs).
      if (holding.count("==")) holding = {"=="};
      for (const auto &op : holding) {
        const std::string fact = "\\forall integer " + k + "; " + range.text + " ==> " + arr + "[" +
                                 k + "] " + op + " " + e;
        if (range_count++ < 24)
          add(range.guard.empty() ? fact : range.guard + " ==> (" + fact + ")", origin);
      }
    }
  };
  for (const auto &arr : arrays)
    for (const auto &c : written) {
      cell_facts(arr,
                 {"0 <= " + k + " < " + c,
                  [&](const HeadState &h) {
                    return std::pair{0LL, h.ints.at(c)};
                  }},
                 values_beside(arr, c));
      array_relations(si, heads, arrays, c, others, k, out);
    }
  // Bounds of such a range: what stays within the array on every run (its length, not a value
  // compared with its cells).
  auto within = [&](const std::string &arr, const std::string &e) {
    return all([&](const HeadState &h) {
      return h.ints.at(e) >= 0 && size_t(h.ints.at(e)) <= h.arrays.at(arr).size();
    });
  };
  // The cells a counter going up has not reached, against the last one it passed: what a
  // selection sort keeps (`0 < i ==> (\\forall integer k; i <= k < n ==> a[k] >= a[i-1])`, each
  // cell placed is at most every cell left). Loops that do not order cells seldom keep it.
  for (const auto &arr : arrays)
    for (const auto &c : written)
      for (const auto &e : others)
        if (!counts_down(heads, c) && within(arr, e))
          cell_facts(arr,
                     {c + " <= " + k + " < " + e,
                      [&](const HeadState &h) {
                        return std::pair{h.ints.at(c), h.ints.at(e)};
                      },
                      "0 < " + c, [&](const HeadState &h) { return h.ints.at(c) > 0; }},
                     {arr + "[" + c + "-1]"});
  for (const auto &arr : arrays)
    for (const auto &c : written)
      for (const auto &e : others)
        if (counts_down(heads, c) && within(arr, e)) {
          // From the counter's cell (an exclusive bound: `hi <= k < n`) or after it.
          cell_facts(arr,
                     {c + " <= " + k + " < " + e,
                      [&](const HeadState &h) {
                        return std::pair{h.ints.at(c), h.ints.at(e)};
                      }},
                     values_beside(arr, c));
          cell_facts(arr,
                     {c + " < " + k + " < " + e,
                      [&](const HeadState &h) {
                        return std::pair{h.ints.at(c) + 1, h.ints.at(e)};
                      }},
                     values_beside(arr, c));
        }
  // Every cell of an array of one length on every run, which the loop changes: the whole array
  // against the scalars. What a loop keeps of cells it writes at an index it reads rather than
  // counts (a histogram's `hist[v[i]]++`: `\\forall integer k; 0 <= k < 4 ==> hist[k] <= i`,
  // each count at most the elements counted, which bounds the next increment).
  for (const auto &arr : arrays) {
    const long long len = (long long)heads.front().arrays.at(arr).size();
    const bool one_length = len > 0 && all([&](const HeadState &h) {
                              return (long long)h.arrays.at(arr).size() == len;
                            });
    const bool changed = std::any_of(heads.begin(), heads.end(), [&](const HeadState &h) {
      return h.arrays.at(arr) != heads[h.entry].arrays.at(arr);
    });
    if (one_length && changed)
      cell_facts(arr,
                 {"0 <= " + k + " < " + std::to_string(len),
                  [len](const HeadState &) {
                    return std::pair{0LL, len};
                  }},
                 values_beside(arr, ""), Origin::Whole);
  }
}

/// `B == A` for `A == B`, also inside the form that holds from the second visit on; nullopt
/// for any other candidate.
std::optional<std::string> mirrored(const std::string &text) {
  const auto inner = second_visit_inner(text);
  const auto m = mirrored_equality(inner.value_or(text));
  if (!m || !inner) return m;
  return text.substr(0, text.size() - inner->size() - 1) + *m + ")";
}

/// Each candidate once per site (the goals and the runs often give the same bound, and the same
/// equality both ways: `Find(a, i, v) == i` and `i == Find(a, i, v)`, one removal of a whole
/// work's proof each in find3.c's minimisation).
void dedupe(std::vector<Candidate> &cands) {
  std::set<std::pair<size_t, std::string>> seen;
  auto trivial_link = [](const std::string &link) {
    for (const char *op : {" <= ", " >= ", " == "})
      if (const size_t at = link.find(op); at != std::string::npos)
        return link.substr(0, at) == link.substr(at + 4);
    return false;
  };
  // `i >= 0` as `0 <= i`: the runs and the goals say the same bound both ways.
  for (auto &c : cands)
    if (const auto links = chain_links(c.text); links.size() == 1)
      for (const auto &[from, to] : {std::pair{" >= ", " <= "}, std::pair{" > ", " < "}})
        if (const size_t at = c.text.find(from); at != std::string::npos &&
                                                 c.text.find(from, at + 1) == std::string::npos &&
                                                 c.text.find_first_of("\\(") == std::string::npos)
          c.text = c.text.substr(at + std::strlen(from)) + to + c.text.substr(0, at);
  std::erase_if(cands, [&](const Candidate &c) {
    // `i <= i`, which a bound replaced by its counter can give, says nothing; in a chain
    // (`0 <= i <= i`) it is there for nothing, and the chain's other links are candidates of
    // their own. The same inside the form that holds from the second visit on.
    const auto links = chain_links(second_visit_inner(c.text).value_or(c.text));
    // An assertion's `Unchanged{LoopCurrent,Here}(a, n)` at the head says a state equals itself.
    const bool same_state = c.text.find("{LoopCurrent,Here}") != std::string::npos ||
                            c.text.find("{Here,LoopCurrent}") != std::string::npos;
    const auto mirror = mirrored(c.text);
    return same_state || std::any_of(links.begin(), links.end(), trivial_link) ||
           (mirror && seen.count({c.site, *mirror})) || !seen.insert({c.site, c.text}).second;
  });
}

/// A predicate without the names ACSL lets it carry (`result: 0 <= r`): the goal's name is no
/// name for an invariant.
std::string without_names(std::string text) {
  while (true) {
    size_t i = text.find_first_not_of(" \t");
    if (i == std::string::npos) return text;
    size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
      ++j;
    size_t colon = text.find_first_not_of(" \t", j);
    if (j == i || colon == std::string::npos || text[colon] != ':' ||
        (colon + 1 < text.size() && text[colon + 1] == ':'))
      return text.substr(i);
    text = text.substr(colon + 1);
  }
}

/// Whether `text` binds `name` in a quantifier (`integer name`, `int name`, `, name;`...):
/// replacing it there would capture it.
bool binds(const std::string &text, const std::string &name) {
  for (const char *type : {"integer ", "int ", "unsigned ", "char ", "long "})
    if (replace_identifier(text, std::string(type) + name, "") != text) return true;
  return false;
}

/// The failed goals' own predicates carried to the loop head: as they are, each conjunct, with
/// a bound the loop counts to replaced by the counter, and each also as holding from the
/// second visit of the head on.
void from_goals(size_t si, const Site &site, const std::vector<std::string> &texts,
                std::vector<Candidate> &out) {
  std::set<std::string> seen;
  auto add = [&](const std::string &t) {
    if (seen.insert(t).second) out.push_back({si, t, Origin::Goal});
    // Also from the second visit of the head on: false at the entry, it may hold after.
    for (const auto &c : site.counters) {
      const std::string later = from_second_visit(c, t);
      if (seen.insert(later).second) out.push_back({si, later, Origin::Goal});
    }
  };
  for (const auto &named : texts) {
    const std::string text = without_names(named);
    std::vector<std::string> parts = conjuncts(text);
    if (parts.size() > 1) parts.insert(parts.begin(), text);
    // Each side of an equivalence (`\\result == 1 <==> (\\forall ...)`): what the loop keeps
    // true of one side is often an invariant on its own.
    for (const auto &side : equivalence_sides(text))
      parts.push_back(side);
    for (const auto &part : parts) {
      add(part);
      // What holds up to the bound the loop counts to holds, at the head, up to the counter.
      for (const auto &b : site.bounds)
        for (const auto &c : site.counters)
          if (!binds(part, c))
            if (const std::string swapped = replace_identifier(part, b, c); swapped != part)
              add(swapped);
      // Or by the counter's value when the loop exits, where the goal is to hold.
      for (const auto &[b, exit] : site.exits)
        if (std::none_of(site.counters.begin(), site.counters.end(),
                         [&](const std::string &c) { return binds(part, c); }))
          if (const std::string swapped = replace_by_expr(part, b, exit); swapped != part)
            add(swapped);
    }
  }
}

// ---- a loop's missing `loop assigns` ----

/// The variable a location or a written lvalue starts from (`a` of `a[0 .. n - 1]` and of
/// `*(a + (0 .. n - 1))`).
std::string base_of(const std::string &location) {
  size_t i = location.find_first_not_of("*( ");
  size_t j = i;
  while (j < location.size() &&
         (std::isalnum(static_cast<unsigned char>(location[j])) || location[j] == '_'))
    ++j;
  return i == std::string::npos ? "" : location.substr(i, j - i);
}

/// The pointer a memory write goes through (`a` of `*(a + i)`), or "" for another form.
std::string written_pointer(const ir::Expr &lhs) {
  if (lhs.kind != ir::ExprKind::Deref || lhs.args.empty() || !lhs.args[0]) return "";
  const ir::Expr *e = lhs.args[0].get();
  while (e->kind == ir::ExprKind::Cast && !e->args.empty() && e->args[0])
    e = e->args[0].get();
  if (e->kind == ir::ExprKind::Binary && e->binop == ir::BinOp::Add && !e->args.empty() &&
      e->args[0])
    e = e->args[0].get();
  return e->kind == ir::ExprKind::Var ? e->name : "";
}

/// What a loop writes, as `loop assigns` locations: the variables its body assigns that are
/// declared before it, and for each pointer it writes through, the function's own `assigns`
/// locations of it (else its cells below the loop's bound). nullopt when the loop calls a
/// function, or writes through what is not a pointer variable declared before it.
std::optional<std::vector<std::string>> loop_writes(const ir::Program &p, const ir::Function &f,
                                                    const Site &site, const FixContext &ctx) {
  if (!site.callee.empty() || !site.stmt) return std::nullopt;
  std::set<std::string> inside, pointers;
  bool unknown = false;
  walk(site.stmt->body, [&](const ir::Stmt &s) {
    if (s.kind == ir::StmtKind::VarDecl) inside.insert(s.name);
    if (s.kind == ir::StmtKind::Call || s.kind == ir::StmtKind::Havoc) unknown = true;
    if (s.kind == ir::StmtKind::Assign && s.lhs && s.lhs->kind == ir::ExprKind::Deref) {
      const std::string ptr = written_pointer(*s.lhs);
      if (ptr.empty())
        unknown = true;
      else
        pointers.insert(ptr);
    }
  });
  if (unknown) return std::nullopt;
  std::vector<std::string> items;
  for (const auto &v : assigned_vars(site.stmt->body))
    if (!inside.count(v)) items.push_back(v);
  // The function's assigns clauses, read from its contract's source (a header's, maybe).
  std::vector<std::string> contract_locations;
  for (const auto &a : f.contract) {
    if (a.kind != ir::AnnotKind::Writes) continue;
    const ir::SrcLoc at = ir::where(p, a.pos, a.src);
    const std::string source = at.file == ctx.file ? ctx.source : ctx.read ? ctx.read(at.file) : "";
    for (const auto &l : split_top_level(clause_after_keyword(source, at.line, at.col), ","))
      if (std::find(contract_locations.begin(), contract_locations.end(), l) ==
          contract_locations.end())
        contract_locations.push_back(l);
  }
  for (const auto &ptr : pointers) {
    if (inside.count(ptr)) return std::nullopt;
    const size_t before = items.size();
    for (const auto &l : contract_locations)
      if (base_of(l) == ptr) items.push_back(l);
    if (items.size() == before) {
      if (site.bounds.empty()) return std::nullopt;
      items.push_back(ptr + "[0 .. " + site.bounds.front() + " - 1]");
    }
  }
  if (items.empty()) return std::nullopt; // a loop that writes nothing: left as it is
  return items;
}

/// The loop's own `loop assigns` clauses.
std::vector<const ir::Annotation *> loop_assigns_of(const Site &site) {
  std::vector<const ir::Annotation *> out;
  if (site.stmt)
    for (const auto &a : site.stmt->annots)
      if (a.kind == ir::AnnotKind::LoopWrites) out.push_back(&a);
  return out;
}

/// A `loop assigns` for a loop that has none (without it, the loop may write anything): what
/// it writes (loop_writes).
std::optional<std::string> missing_loop_assigns(const ir::Program &p, const ir::Function &f,
                                                const Site &site, const FixContext &ctx) {
  if (!loop_assigns_of(site).empty()) return std::nullopt;
  const auto items = loop_writes(p, f, site, ctx);
  return items ? std::optional(boost::algorithm::join(*items, ", ")) : std::nullopt;
}

/// `text` without its blanks: two spellings of one location compare equal.
std::string unspaced(std::string text) {
  std::erase_if(text, [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
  return text;
}

/// The loop's one `loop assigns` clause narrowed to what the loop writes (loop_writes), in its
/// place, when that lists fewer locations, each among the clause's own (B6.c's `loop assigns
/// L, R, t[0];` lets the loop change t[0], which its function's `assigns \nothing` forbids).
/// nullopt for a loop with no such clause, or several, or one over more than a line.
std::optional<Candidate> narrowed_loop_assigns(const ir::Program &p, const ir::Function &f,
                                               size_t si, const Site &site, const FixContext &ctx) {
  const auto clauses = loop_assigns_of(site);
  if (clauses.size() != 1) return std::nullopt;
  const ir::SrcLoc at = ir::where(p, clauses.front()->pos, clauses.front()->src);
  if (at.file != ctx.file) return std::nullopt;
  const auto end = after_clause(ctx.source, at.line, at.col);
  const auto items = loop_writes(p, f, site, ctx);
  if (!end || end->first != at.line || !items) return std::nullopt;
  const std::string line = source_lines(ctx.source)[size_t(at.line - 1)];
  std::set<std::string> listed;
  for (const auto &l : split_top_level(clause_after_keyword(ctx.source, at.line, at.col), ","))
    listed.insert(unspaced(l));
  std::set<std::string> written;
  for (const auto &i : *items)
    written.insert(unspaced(i));
  if (written.size() >= listed.size() ||
      !std::includes(listed.begin(), listed.end(), written.begin(), written.end()))
    return std::nullopt;
  Candidate c{si, boost::algorithm::join(*items, ", "), Origin::Goal, true, "loop assigns"};
  c.replaces =
      Replaced{at.line, at.col, line.substr(size_t(at.col - 1), size_t(end->second - at.col))};
  return c;
}

/// An `assigns` for a callee that has none (without it, a call may write anything): the
/// globals its body assigns and `*p` for each pointer parameter it writes through as `*p`
/// (`\\nothing` when it writes neither). nullopt when it has one, calls a function, or writes
/// memory another way.
std::optional<std::string> missing_assigns(const ir::Program &p, const ir::Function &g) {
  if (!g.body || std::any_of(g.contract.begin(), g.contract.end(), [](const ir::Annotation &a) {
        return a.kind == ir::AnnotKind::Writes;
      }))
    return std::nullopt;
  std::set<std::string> cells;
  bool unknown = false;
  walk(*g.body, [&](const ir::Stmt &s) {
    if (s.kind == ir::StmtKind::Call || s.kind == ir::StmtKind::Havoc) unknown = true;
    if (s.kind != ir::StmtKind::Assign || !s.lhs || s.lhs->kind != ir::ExprKind::Deref) return;
    const auto &ptr = s.lhs->args.empty() ? nullptr : s.lhs->args[0];
    const bool param = ptr && ptr->kind == ir::ExprKind::Var &&
                       std::any_of(g.params.begin(), g.params.end(),
                                   [&](const ir::Binder &b) { return b.name == ptr->name; });
    if (param)
      cells.insert("*" + ptr->name);
    else
      unknown = true;
  });
  if (unknown) return std::nullopt;
  std::vector<std::string> items;
  for (const auto &v : assigned_vars(*g.body))
    if (p.global(v)) items.push_back(v);
  items.insert(items.end(), cells.begin(), cells.end());
  std::string text;
  for (const auto &i : items)
    text += (text.empty() ? "" : ", ") + i;
  return text.empty() ? "\\nothing" : text;
}

// ---- trying candidates in the source ----

/// The source with the active candidates written into their loops' annotations (or into new
/// ones before the loops) on the loops' own lines, so that every other line keeps its number;
/// and where each candidate's `loop invariant` keyword is, which names its goals.
struct Instrumented {
  std::string text;
  std::map<std::pair<int, int>, size_t> at; ///< line, column -> candidate
  std::vector<Insertion> insertions;
};

/// Where the text at line:column of the source is once the insertions are made.
ir::SrcLoc moved(const std::vector<Insertion> &insertions, ir::SrcLoc at) {
  std::vector<const Insertion *> same_line;
  int lines = 0;
  for (const auto &i : insertions) {
    if (i.line < at.line) lines += int(std::count(i.text.begin(), i.text.end(), '\n'));
    if (i.line == at.line && i.column <= at.col) same_line.push_back(&i);
  }
  std::sort(same_line.begin(), same_line.end(),
            [](const Insertion *a, const Insertion *b) { return a->column < b->column; });
  int col = at.col;
  for (const Insertion *i : same_line) {
    const size_t newline = i->text.rfind('\n');
    if (newline == std::string::npos) {
      col += int(i->text.size()) - i->erase;
      continue;
    }
    lines += int(std::count(i->text.begin(), i->text.end(), '\n'));
    col = int(i->text.size() - newline - 1) + (at.col - i->column - i->erase) + 1;
  }
  at.line += lines;
  at.col = col;
  return at;
}

/// The goals of `file` moved by the insertions into it; those of other files (headers) stay.
std::vector<ir::GoalRef> moved(const std::vector<Insertion> &insertions, const std::string &file,
                               std::vector<ir::GoalRef> goals) {
  for (auto &g : goals)
    if (g.at.file == file) g.at = moved(insertions, g.at);
  return goals;
}

Instrumented instrument(const std::string &source, const std::vector<Site> &sites,
                        const std::vector<Candidate> &cands) {
  Instrumented out;
  std::vector<Insertion> insertions;
  for (size_t si = 0; si < sites.size(); ++si) {
    const Site &site = sites[si];
    std::string text = site.prefix;
    for (size_t c = 0; c < cands.size(); ++c) {
      if (!cands[c].active || cands[c].site != si || cands[c].replaces) continue;
      out.at[{site.at.line, site.column + int(text.size())}] = c;
      text +=
          (cands[c].keyword.empty() ? site.keyword : cands[c].keyword) + " " + cands[c].text + "; ";
    }
    if (text.size() == site.prefix.size()) continue;
    insertions.push_back({site.at.line, site.column, text + site.suffix});
  }
  // A clause narrowed in place: its keyword where the replaced one's was, once the other
  // insertions are made.
  const std::vector<Insertion> added = insertions;
  for (size_t c = 0; c < cands.size(); ++c)
    if (const auto &at = cands[c].replaces; cands[c].active && at) {
      insertions.push_back(in_place_of(*at, cands[c].keyword, cands[c].text));
      const ir::SrcLoc there = moved(added, ir::SrcLoc{"", at->line, at->column});
      out.at[{there.line, there.col}] = c;
    }
  out.text = insert_text(source, insertions);
  out.insertions = std::move(insertions);
  return out;
}

bool is_invariant_goal(ir::GoalKind k) {
  return k == ir::GoalKind::LoopInvariantInit || k == ir::GoalKind::LoopInvariantPreserved;
}

/// The candidate a goal checks, if any.
std::optional<size_t> candidate_of(const Instrumented &in, const ir::GoalRef &g) {
  if (!is_invariant_goal(g.kind) && g.kind != ir::GoalKind::Postcondition &&
      g.kind != ir::GoalKind::LoopAssigns && g.kind != ir::GoalKind::Assigns)
    return std::nullopt;
  const auto it = in.at.find({g.at.line, g.at.col});
  if (it == in.at.end()) return std::nullopt;
  return it->second;
}

bool compiles(const FixContext &ctx, const std::vector<Site> &sites,
              const std::vector<Candidate> &cands) {
  try {
    ctx.compile(instrument(ctx.source, sites, cands).text);
    return true;
  } catch (const ir::Error &) {
    return false;
  }
}

/// Makes inactive the candidates of `group` the front end rejects: the clauses are independent,
/// so halving a group that fails finds them in a few compilations each.
void weed(const FixContext &ctx, const std::vector<Site> &sites, std::vector<Candidate> &cands,
          const std::vector<size_t> &group) {
  if (group.empty()) return;
  std::vector<Candidate> only = cands;
  for (auto &c : only)
    c.active = false;
  for (size_t i : group)
    only[i].active = cands[i].active;
  if (compiles(ctx, sites, only)) return;
  if (group.size() == 1) {
    cands[group[0]].active = false;
    return;
  }
  const size_t half = group.size() / 2;
  weed(ctx, sites, cands, {group.begin(), group.begin() + long(half)});
  weed(ctx, sites, cands, {group.begin() + long(half), group.end()});
}

/// The program with the active candidates, once those the front end rejects are inactive.
std::optional<std::pair<ir::Program, Instrumented>>
compile_candidates(const FixContext &ctx, const std::vector<Site> &sites,
                   std::vector<Candidate> &cands) {
  Instrumented in = instrument(ctx.source, sites, cands);
  try {
    ir::Program p = ctx.compile(in.text);
    return std::make_pair(std::move(p), std::move(in));
  } catch (const ir::Error &) {
  }
  std::vector<size_t> all;
  for (size_t i = 0; i < cands.size(); ++i)
    if (cands[i].active) all.push_back(i);
  weed(ctx, sites, cands, all);
  in = instrument(ctx.source, sites, cands);
  try {
    ir::Program p = ctx.compile(in.text);
    return std::make_pair(std::move(p), std::move(in));
  } catch (const ir::Error &) {
    return std::nullopt; // the source itself no longer reads: nothing to try
  }
}

size_t active_count(const std::vector<Candidate> &cands) {
  return size_t(
      std::count_if(cands.begin(), cands.end(), [](const Candidate &c) { return c.active; }));
}

/// Drops the candidates some generated run breaks (at the loop's entry or after an iteration).
void filter_by_runs(const ir::Program &p, const Instrumented &in, const std::string &fn,
                    const Runs &runs, std::vector<Candidate> &cands) {
  for (const auto &input : runs.inputs) {
    const rac::Config cfg = observing_run(fn, input, 2 * kObservedRunSteps);
    rac::Outcome o;
    try {
      o = rac::run(p, cfg);
    } catch (const ir::Error &) {
      continue;
    }
    if (o.goal) o.passed_over.push_back(*o.goal);
    for (const auto &g : o.passed_over)
      if (const auto c = candidate_of(in, g)) cands[*c].active = false;
  }
}

/// `searching`: a proof of the search, not the final check, which asks every attempt.
std::vector<vcgen::GoalResult> prove_function(
    const ir::Program &p, const std::string &fn, const FixContext &ctx, double work_s,
    bool searching, std::function<bool(const ir::GoalRef &)> only = nullptr,
    bool stop_at_failure = false,
    std::function<std::optional<vcgen::ProofRecipe>(const ir::GoalRef &)> recipe = nullptr) {
  vcgen::ProveOptions o = ctx.prove;
  o.function = fn;
  o.work_s = work_s;
  o.deadline.reset();
  o.skip_long_attempts = nullptr;
  o.only = std::move(only);
  o.models = false; // the search asks which goals are proved, never why one is not
  o.stop_at_failure = stop_at_failure;
  o.recipe = std::move(recipe);
  o.one_state_attempt = !searching;
  vcgen::Session session(p, o);
  return session.prove_all();
}

/// A failed goal of the original program, found again in a variant by its kind and place.
bool same_place(const ir::GoalRef &a, const ir::GoalRef &b) {
  return a.kind == b.kind && a.function == b.function && a.at.line == b.at.line &&
         a.at.col == b.at.col && a.at.file == b.at.file;
}

/// Which targets every goal at their place is proved in `results`.
std::vector<bool> proved_targets(const std::vector<vcgen::GoalResult> &results,
                                 const std::vector<ir::GoalRef> &targets) {
  std::vector<bool> out;
  for (const auto &t : targets) {
    bool any = false, all = true;
    for (const auto &r : results)
      if (same_place(r.goal, t)) {
        any = true;
        all = all && r.status == vcgen::Status::Proved;
      }
    out.push_back(any && all);
  }
  return out;
}

size_t count_true(const std::vector<bool> &v) {
  return size_t(std::count(v.begin(), v.end(), true));
}

/// How each goal of the variants was last proved, by a name that does not move with the clauses
/// (goal_key): a minimisation's removal asks a goal the attempts that proved it with the clause
/// still there. nullopt: goals of one name proved in different ways (two goals at one place).
using Recipes = std::map<std::string, std::optional<vcgen::ProofRecipe>>;

/// One proof of the variant with the active candidates: whether each is inductive (both its
/// goals proved), and which targets are proved. nullopt when the variant cannot be compiled.
struct Attempt {
  std::vector<size_t> not_inductive;
  std::vector<size_t> refuted; ///< of those, the ones a solver found a counterexample for
  std::vector<bool> targets;
  Recipes recipes;  ///< of the goals it proved
  size_t known = 0; ///< goals not asked: proved before with fewer candidates
};

/// Whether a candidate is only ever a hypothesis of the other goals (an invariant, a callee's
/// postcondition), unlike a `loop assigns` or `assigns` clause, which sets what a loop or a call
/// may change: with a wider one, less is known after it.
bool only_assumed(const Candidate &c) {
  return c.keyword != "loop assigns" && c.keyword != "assigns";
}

/// The goals proved so far (by goal_key), each with the sets of candidates active then. More
/// hypotheses make no goal false: a goal proved with the candidates of one set is proved with
/// any set that has them all (and the same writes clauses), and is not asked again. A
/// whole-work Houdini then asks only the candidates a fifth of the work left out and what they
/// change, and a removal asks only the goals no smaller set without that candidate proved. The
/// final check proves what is suggested with every goal asked.
class ProvedUnder {
public:
  void add(const std::string &key, const std::vector<Candidate> &cands) {
    sets_[key].push_back(active_of(cands));
  }
  bool covers(const std::string &key, const std::vector<Candidate> &cands) const {
    const auto it = sets_.find(key);
    if (it == sets_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(), [&](const std::vector<bool> &set) {
      for (size_t c = 0; c < cands.size(); ++c)
        if (set[c] ? !cands[c].active : cands[c].active && !only_assumed(cands[c])) return false;
      return true;
    });
  }

private:
  static std::vector<bool> active_of(const std::vector<Candidate> &cands) {
    std::vector<bool> out;
    std::transform(cands.begin(), cands.end(), std::back_inserter(out),
                   [](const Candidate &c) { return c.active; });
    return out;
  }
  std::map<std::string, std::vector<std::vector<bool>>> sets_;
};

/// Adds the recipes of `from` that `to` does not have.
void add_missing(Recipes &to, const Recipes &from) {
  for (const auto &[key, recipe] : from)
    to.try_emplace(key, recipe);
}

/// Which goals an attempt proves: the candidates' own (whether they are inductive), with the
/// targets or without them. The goals the variant already proves are left to the final check:
/// invariants only add hypotheses to them, and proving them again each time cost most of a
/// search (remove_copy2.c's loop: 53 goals for 7 targets). AllOrNothing asks both, and only
/// whether all are proved: the first failure ends the attempt (a minimisation's removal is kept
/// only when nothing fails, and a failed target costs its whole work). Targets asks the targets
/// alone, of a set whose candidates' goals were just proved (Houdini's last round). Inits asks
/// the establishment of the candidates not yet established alone (Houdini's first round, before
/// their preservation).
enum class Asked { Candidates, CandidatesAndTargets, AllOrNothing, Targets, Inits };

/// Whether no candidate's establishment has another candidate among its hypotheses: one loop,
/// no callee (a second loop's establishment assumes the first's invariants).
bool inits_independent(const std::vector<Site> &sites) {
  return sites.size() == 1 && sites.front().callee.empty();
}

/// The name of a goal of candidate `c` (goal_key).
std::string candidate_key(size_t c, ir::GoalKind kind) {
  return "candidate " + std::to_string(c) + " " + ir::goal_kind_name(kind);
}

/// The name of a goal at the place of `target` in the source searched (goal_key).
std::string target_key(const ir::GoalRef &target, ir::GoalKind kind) {
  return std::string("target ") + ir::goal_kind_name(kind) + " " + target.function + " " +
         target.at.file + ":" + std::to_string(target.at.line) + ":" +
         std::to_string(target.at.col);
}

/// A goal's name across variants: a candidate's index and the goal's kind, or a target's kind and
/// place in the source searched; none for other goals.
std::optional<std::string> goal_key(const Instrumented &in, const std::vector<ir::GoalRef> &targets,
                                    const std::vector<ir::GoalRef> &moved_targets,
                                    const ir::GoalRef &g) {
  if (const auto c = candidate_of(in, g)) return candidate_key(*c, g.kind);
  for (size_t i = 0; i < targets.size(); ++i)
    if (same_place(g, moved_targets[i])) return target_key(targets[i], g.kind);
  return std::nullopt;
}

/// How a goal's proof ended, for a trace: the solver and the attempt that proved it, or the
/// answer it failed with (which attempts cost a search its time: docs/benchmarks.md).
std::string outcome_of(const vcgen::GoalResult &g) {
  if (g.status != vcgen::Status::Proved)
    return std::string("failed (") + vcgen::goal_answer_name(g.answer) + ")";
  std::string out = "proved";
  if (g.prover) out += std::string(" by ") + vcgen::prover_name(*g.prover);
  if (g.recipe)
    out += g.recipe->property == vcgen::Lemmas::None          ? " without lemmas"
           : g.recipe->property == vcgen::Lemmas::SingleState ? " with one-state lemmas"
                                                              : " with all lemmas";
  return out;
}

/// With TRIAGE_SUGGEST_TRACE set, each goal a proof asked, how it ended and its time (the final
/// check's; with TRIAGE_SUGGEST_TRACE=goals, every attempt's as well). `named`: the candidate
/// a goal is of, when it is one's (the clauses of a loop share its line).
void trace_goals(const std::string &proof, const std::vector<vcgen::GoalResult> &results,
                 const std::function<std::string(const ir::GoalRef &)> &named = nullptr) {
  if (!std::getenv("TRIAGE_SUGGEST_TRACE")) return;
  for (const auto &g : results) {
    const std::string name = named ? named(g.goal) : "";
    std::cerr << proof << ": " << ir::goal_kind_name(g.goal.kind) << " at line " << g.goal.at.line
              << (name.empty() ? "" : " (" + name + ")") << ": " << outcome_of(g) << ", "
              << g.time_ms << " ms\n";
  }
}

/// `follow`: the recipes the goals are asked with (ProveOptions::recipe), when given. `known`:
/// the goals proved before, not asked again when proved with fewer candidates, and where this
/// attempt's proofs are kept.
std::optional<Attempt> attempt(const FixContext &ctx, const std::vector<Site> &sites,
                               std::vector<Candidate> &cands, const std::string &fn,
                               const std::vector<ir::GoalRef> &targets, double work_s, Asked asked,
                               const Recipes *follow, ProvedUnder &known) {
  auto compiled = compile_candidates(ctx, sites, cands);
  if (!compiled) return std::nullopt;
  const Instrumented &in = compiled->second;
  const auto moved_targets = moved(in.insertions, ctx.file, targets);
  const bool settled_inits = inits_independent(sites);
  auto key = [&](const ir::GoalRef &g) { return goal_key(in, targets, moved_targets, g); };
  auto proved_before = [&](const ir::GoalRef &g) {
    const auto k = key(g);
    return k && known.covers(*k, cands);
  };
  auto wanted = [&](const ir::GoalRef &g) {
    const bool init = g.kind == ir::GoalKind::LoopInvariantInit;
    if (const auto c = candidate_of(in, g))
      return asked != Asked::Targets && !(cands[*c].established && init) &&
             (asked != Asked::Inits || init);
    return asked != Asked::Candidates && asked != Asked::Inits && key(g).has_value(); // a target's
  };
  auto only = [&](const ir::GoalRef &g) { return wanted(g) && !proved_before(g); };
  const bool stop = asked == Asked::AllOrNothing;
  std::function<std::optional<vcgen::ProofRecipe>(const ir::GoalRef &)> recipe;
  if (follow)
    recipe = [&](const ir::GoalRef &g) -> std::optional<vcgen::ProofRecipe> {
      const auto k = key(g);
      const auto it = k ? follow->find(*k) : follow->end();
      return it == follow->end() ? std::nullopt : it->second;
    };
  std::vector<vcgen::GoalResult> results;
  try {
    results = prove_function(compiled->first, fn, ctx, work_s, true, only, stop, recipe);
    for (const auto &s : sites)
      if (!s.callee.empty()) {
        auto more =
            prove_function(compiled->first, s.callee, ctx, work_s, true, only, stop, recipe);
        results.insert(results.end(), more.begin(), more.end());
      }
  } catch (const ir::Error &) {
    // A clause the front end reads and the prover cannot take: no set with it is tried (the
    // search says why it found none), and the diagnosis goes on.
    return std::nullopt;
  }
  std::set<std::string> before; // the goals proved before, not asked
  for (const auto &r : results)
    if (wanted(r.goal) && proved_before(r.goal)) before.insert(*key(r.goal));
  std::erase_if(results, [&](const vcgen::GoalResult &r) { return !only(r.goal); });
  if (const char *t = std::getenv("TRIAGE_SUGGEST_TRACE"); t && std::string(t) == "goals")
    trace_goals("  goal", results, [&](const ir::GoalRef &g) {
      const auto c = candidate_of(in, g);
      return c ? cands[*c].text : std::string();
    });
  std::map<std::string, bool> all_proved; // of each key asked
  for (const auto &r : results)
    if (const auto k = key(r.goal)) {
      bool &proved = all_proved.try_emplace(*k, true).first->second;
      proved = proved && r.status == vcgen::Status::Proved;
    }
  for (const auto &[k, proved] : all_proved)
    if (proved) known.add(k, cands);
  Attempt a;
  for (const auto &r : results) {
    if (const auto k = key(r.goal); k && r.recipe) {
      const auto [it, fresh] = a.recipes.try_emplace(*k, r.recipe);
      if (!fresh && it->second != r.recipe) it->second.reset();
    }
    const auto c = candidate_of(in, r.goal);
    if (!c) continue;
    if (r.status == vcgen::Status::Proved) {
      if (settled_inits && r.goal.kind == ir::GoalKind::LoopInvariantInit)
        cands[*c].established = true;
      continue;
    }
    a.not_inductive.push_back(*c);
    if (r.answer == vcgen::GoalAnswer::Sat) a.refuted.push_back(*c);
  }
  a.targets = proved_targets(results, moved_targets);
  for (size_t i = 0; i < moved_targets.size(); ++i)
    if (const auto k = key(moved_targets[i]); k && before.count(*k)) a.targets[i] = true;
  a.known = before.size();
  return a;
}

/// With TRIAGE_SUGGEST_TRACE set, each Houdini round on standard error: the candidates tried,
/// those it drops, the targets proved, its time (what a slow search spends its time on).
void trace_round(const std::vector<Candidate> &cands, const Attempt &a, bool with_targets,
                 Clock::duration took, const std::string &failing = "inductive") {
  if (!std::getenv("TRIAGE_SUGGEST_TRACE")) return;
  std::cerr << "houdini: " << active_count(cands) << " candidates, " << a.not_inductive.size()
            << " not " << failing << ", "
            << (with_targets ? std::to_string(count_true(a.targets)) + " targets proved, " : "")
            << (a.known ? std::to_string(a.known) + " goals known, " : "")
            << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms\n";
  for (size_t c = 0; c < cands.size(); ++c)
    if (cands[c].active)
      std::cerr << (std::count(a.refuted.begin(), a.refuted.end(), c)               ? "  x "
                    : std::count(a.not_inductive.begin(), a.not_inductive.end(), c) ? "  - "
                                                                                    : "    ")
                << cands[c].text << "\n";
}

/// With TRIAGE_SUGGEST_TRACE set, the candidates the front end read, those a run broke marked.
void trace_runs(const std::vector<Candidate> &before, const std::vector<Candidate> &after) {
  if (!std::getenv("TRIAGE_SUGGEST_TRACE")) return;
  std::cerr << "runs: " << active_count(before) << " candidates, " << active_count(after)
            << " kept\n";
  for (size_t c = 0; c < before.size(); ++c)
    if (before[c].active)
      std::cerr << (after[c].active ? "    " : "  - ") << before[c].text << "\n";
}

/// With TRIAGE_SUGGEST_TRACE set, how long a phase of the search took (since `t0`).
void trace_phase(const std::string &phase, Clock::time_point t0) {
  if (!std::getenv("TRIAGE_SUGGEST_TRACE")) return;
  std::cerr << phase << ": "
            << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count()
            << " ms\n";
}

/// Houdini: drops the candidates whose invariant goals are not proved until all that are left
/// are, which makes them inductive together (Flanagan and Leino 2001).
/// `reached`: how each target was proved with every candidate assumed (within_reach), the one
/// attempt the last round asks it with.
std::optional<Attempt> houdini(const FixContext &ctx, const std::vector<Site> &sites,
                               std::vector<Candidate> &cands, const std::string &fn,
                               const std::vector<ir::GoalRef> &targets, double work_s,
                               Clock::time_point until, const Recipes &reached,
                               ProvedUnder &known) {
  // The rounds ask the candidates' goals only; once a round drops none, the targets of that
  // same set (its candidates' goals are proved: asking them again cost a third of the rounds).
  // Where no candidate's establishment assumes another's, the establishments first, alone: a
  // candidate not established is dropped whether or not it is preserved, and the preservation
  // of one that is not inductive mostly runs out of its work as well (shuffle.c: 11 of the 16
  // candidates its whole-work Houdini drops fail both goals). Once: candidates are only ever
  // dropped, and those left are established.
  const bool inits_first =
      inits_independent(sites) && std::any_of(cands.begin(), cands.end(), [](const Candidate &c) {
        return c.active && !c.established;
      });
  Asked asked = inits_first ? Asked::Inits : Asked::Candidates;
  Recipes inductive; // how the last round proved the candidates' goals
  for (int round = 0; round < 12;) {
    if (Clock::now() > until) return std::nullopt;
    const auto t0 = Clock::now();
    auto a = attempt(ctx, sites, cands, fn, targets, work_s, asked,
                     asked == Asked::Targets ? &reached : nullptr, known);
    if (!a) return std::nullopt;
    trace_round(cands, *a, asked == Asked::Targets, Clock::now() - t0,
                asked == Asked::Inits ? "established" : "inductive");
    if (asked == Asked::Targets) {
      add_missing(a->recipes, inductive);
      return a;
    }
    if (asked == Asked::Candidates && a->not_inductive.empty()) {
      asked = Asked::Targets; // the same set again: not a round of pruning
      inductive = std::move(a->recipes);
      continue;
    }
    if (asked == Asked::Candidates) ++round; // the establishments alone are not one either
    for (size_t c : a->not_inductive) {
      cands[c].active = false;
      if (asked == Asked::Inits) cands[c].unestablished = true;
    }
    asked = Asked::Candidates;
  }
  return std::nullopt;
}

/// Drops, without a proof, what another active candidate of the same loop implies by its form:
/// `c == \\at(c, LoopEntry) || (P)` when P is there, a chain when each of its links is, a bound
/// `x <= y` or `x >= y` beside `x == y` (swap's `*b <= \\old(*a)` and `*b >= \\old(*a)`, both
/// true on every run, were kept in place of the equality the minimisation removed first).
void drop_implied(std::vector<Candidate> &cands) {
  auto active_text = [&](size_t site, const std::string &t) {
    return std::any_of(cands.begin(), cands.end(), [&](const Candidate &c) {
      return c.active && c.site == site && c.text == t;
    });
  };
  for (auto &c : cands) {
    if (!c.active) continue;
    if (const auto inner = second_visit_inner(c.text); inner && active_text(c.site, *inner))
      c.active = false;
  }
  for (auto &c : cands) {
    if (!c.active) continue;
    const auto links = chain_links(c.text);
    if (links.size() > 1 && std::all_of(links.begin(), links.end(), [&](const std::string &l) {
          return active_text(c.site, l);
        }))
      c.active = false;
  }
  for (const auto &eq : cands) {
    const auto sides = split_top_level(eq.text, " == ");
    if (!eq.active || sides.size() != 2) continue;
    const std::set<std::string> bounds{sides[0] + " <= " + sides[1], sides[0] + " >= " + sides[1],
                                       sides[1] + " <= " + sides[0], sides[1] + " >= " + sides[0]};
    for (auto &c : cands)
      if (c.active && c.site == eq.site && c.keyword == eq.keyword && bounds.count(c.text))
        c.active = false;
  }
}

/// Drops, without a proof, a cell fact another active one of its loop implies by its form (once
/// Houdini has kept both: the weaker was there in case the stronger was not inductive).
/// equal_range's `a[k] <= v` and `a[k] != v` beside `a[k] < v`: seven of its 22 clauses.
void drop_weaker_cells(std::vector<Candidate> &cands) {
  std::vector<std::optional<CellFact>> facts;
  std::transform(cands.begin(), cands.end(), std::back_inserter(facts),
                 [](const Candidate &c) { return c.active ? cell_fact(c.text) : std::nullopt; });
  for (size_t weak = 0; weak < cands.size(); ++weak) {
    if (!facts[weak]) continue;
    for (size_t strong = 0; strong < cands.size(); ++strong)
      if (strong != weak && facts[strong] && cands[strong].active &&
          cands[strong].site == cands[weak].site && implies(*facts[strong], *facts[weak])) {
        cands[weak].active = false;
        break;
      }
  }
}

/// Drops, without a proof, a constant bound of a variable that another active one of its loop
/// makes weaker: `0 <= i` beside `1 <= i`, `i <= 9` beside `i <= 8` (the runs give every bound
/// that holds; shuffle.c's minimisation kept both lower bounds of its counter).
void drop_weaker_bounds(std::vector<Candidate> &cands) {
  static const std::regex lower(R"(^(-?\d+) <= (\w+)$)"), upper(R"(^(\w+) <= (-?\d+)$)");
  struct Bound {
    std::string var;
    long long value;
    bool is_lower;
  };
  auto bound = [&](const Candidate &c) -> std::optional<Bound> {
    std::smatch m;
    if (!c.active || !c.keyword.empty()) return std::nullopt;
    if (std::regex_match(c.text, m, lower))
      if (const auto v = parse_int(m[1])) return Bound{m[2], *v, true};
    if (std::regex_match(c.text, m, upper))
      if (const auto v = parse_int(m[2])) return Bound{m[1], *v, false};
    return std::nullopt;
  };
  std::vector<std::optional<Bound>> bounds;
  std::transform(cands.begin(), cands.end(), std::back_inserter(bounds), bound);
  for (size_t weak = 0; weak < cands.size(); ++weak) {
    const auto &w = bounds[weak];
    if (!w) continue;
    for (size_t strong = 0; strong < cands.size(); ++strong) {
      const auto &s = bounds[strong];
      if (strong != weak && s && cands[strong].active && cands[strong].site == cands[weak].site &&
          s->var == w->var && s->is_lower == w->is_lower &&
          (w->is_lower ? s->value > w->value : s->value < w->value)) {
        cands[weak].active = false;
        break;
      }
    }
  }
}

/// How many removals the minimisation tries: a count, not a time, so that the clauses suggested
/// are the same under any load (each removal is one proof with counted solver work).
constexpr int kMinimiseAttempts = 20;

/// Removes candidates, larger groups first, while the rest stay inductive and prove as many
/// targets, for kMinimiseAttempts proofs (`until` is a backstop only). Each goal is asked with
/// the attempts that proved it with the candidates still there (`recipes`, kept up to date): a
/// removal undone then costs one attempt of the goal that fails, not all of them in turn
/// (remove_copy3.c: 3 to 5 s each for six of them). A goal that another attempt would have
/// proved keeps a clause more; the final check proves what is suggested with every attempt.
Recipes minimise(const FixContext &ctx, const std::vector<Site> &sites,
                 std::vector<Candidate> &cands, const std::string &fn,
                 const std::vector<ir::GoalRef> &targets, double work_s, size_t needed,
                 Clock::time_point until, Recipes recipes, ProvedUnder &known) {
  drop_implied(cands);
  drop_weaker_cells(cands);
  drop_weaker_bounds(cands);
  int attempts_left = kMinimiseAttempts;
  auto spent = [&] { return attempts_left <= 0 || Clock::now() > until; };
  // First the likeliest large removals: everything the runs suggested (the goals' own
  // predicates are the usual missing invariants), then the weakened forms of the goals'.
  // Removes a group for good when the rest stay inductive and prove as many targets, with
  // `work` for each goal.
  auto remove = [&](const std::vector<size_t> &group, double work) {
    --attempts_left;
    for (size_t c : group)
      cands[c].active = false;
    const auto t0 = Clock::now();
    const auto a =
        attempt(ctx, sites, cands, fn, targets, work, Asked::AllOrNothing, &recipes, known);
    const bool kept = a && a->not_inductive.empty() && count_true(a->targets) >= needed;
    if (kept)
      for (const auto &[key, recipe] : a->recipes)
        recipes[key] = recipe;
    trace_phase("removal of " + std::to_string(group.size()) +
                    (work < work_s ? " (a fifth of the work)" : "") + (kept ? "" : ", undone") +
                    (a && a->known ? ", " + std::to_string(a->known) + " goals known" : ""),
                t0);
    if (!kept)
      for (size_t c : group)
        cands[c].active = true;
  };
  auto try_without = [&](const std::function<bool(const Candidate &)> &which) {
    std::vector<size_t> group;
    for (size_t i = 0; i < cands.size(); ++i)
      if (cands[i].active && which(cands[i])) group.push_back(i);
    if (group.empty() || group.size() == active_count(cands) || spent()) return;
    // With a fifth of the work: these large removals are mostly undone (the runs give the
    // counters' bounds), and an undone one costs a failed goal's whole work (adjacent_difference.c:
    // 4.2 s of a 10 s minimisation). What a fifth proves is proved; what it does not, the removals
    // one at a time still try with the whole work.
    remove(group, work_s / 5);
  };
  try_without([](const Candidate &c) { return c.origin != Origin::Goal; });
  try_without([](const Candidate &c) { return second_visit_inner(c.text).has_value(); });
  std::vector<size_t> active;
  for (size_t i = 0; i < cands.size(); ++i)
    if (cands[i].active) active.push_back(i);
  // The longest first: what is left reads best (a plain predicate rather than its weakened
  // forms, a bound rather than a relation to the loop's entry).
  std::stable_sort(active.begin(), active.end(),
                   [&](size_t a, size_t b) { return cands[a].text.size() > cands[b].text.size(); });
  // One at a time when the attempts left allow it, else halves first. A removal undone costs a
  // failed goal's whole work, four to five times a removal kept (equal_range2.c: 2.2 s against
  // 0.45 s), and halving undoes one removal per needed clause at each size: one at a time took
  // 14 s where halving took 25 s for the same four clauses of fifteen.
  const size_t first_chunk = active.size() <= size_t(std::max(attempts_left, 0))
                                 ? 1
                                 : std::max<size_t>(active.size() / 2, 1);
  for (size_t chunk = first_chunk; chunk >= 1; chunk /= 2) {
    for (size_t from = 0; from < active.size(); from += chunk) {
      if (spent()) return recipes;
      std::vector<size_t> group;
      for (size_t i = from; i < std::min(from + chunk, active.size()); ++i)
        if (cands[active[i]].active) group.push_back(active[i]);
      if (!group.empty()) remove(group, work_s);
    }
    if (chunk == 1) break;
  }
  return recipes;
}

std::vector<ir::GoalRef> targets_of(const Report &r, const std::string &fn) {
  std::vector<ir::GoalRef> out;
  for (const auto &d : r.goals) {
    if (d.result.status == vcgen::Status::Proved || d.result.goal.function != fn) continue;
    const bool loop_blamed =
        d.verdict == Verdict::SubcontractWeakness &&
        std::any_of(d.subcontracts.begin(), d.subcontracts.end(), ir::is_loop_name);
    const bool open = d.verdict == Verdict::Unknown || d.verdict == Verdict::ProverIncapacity ||
                      d.verdict == Verdict::LikelyProverIncapacity;
    if (loop_blamed || open) out.push_back(d.result.goal);
  }
  return out;
}

/// The predicates of the targets that have one, in terms a loop invariant may use.
std::vector<std::string> goal_texts(const std::vector<ir::GoalRef> &targets,
                                    const std::optional<std::string> &returned,
                                    const std::vector<std::string> &written,
                                    const std::set<std::string> &changed_params,
                                    const std::string &file, const FixContext &ctx) {
  std::vector<std::string> texts;
  std::map<std::string, std::string> others; // headers, read once
  for (const auto &t : targets) {
    if (ir::is_rte(t.kind) || t.kind == ir::GoalKind::CallPrecondition) continue;
    if (t.at.file != file && !others.count(t.at.file))
      others[t.at.file] = ctx.read ? ctx.read(t.at.file) : "";
    const std::string &source = t.at.file == file ? ctx.source : others[t.at.file];
    std::string clause = clause_after_keyword(source, t.at.line, t.at.col);
    auto at_call = [&](const std::string &text) {
      std::set<std::string> entry_values = changed_params;
      std::erase_if(entry_values, [&](const std::string &n) { return binds(text, n); });
      return old_as_at_pre(params_as_old(text, entry_values));
    };
    if (t.kind == ir::GoalKind::Postcondition) {
      // What the behavior assumes of the call may hold of the part the loop has done
      // (`assumes !HasEqualNeighbors(a, n)`, up to the counter's value).
      // Or its negation: with complete behaviors, what another behavior assumes.
      for (const auto &assumed : behavior_assumes(source, t.at.line, t.at.col))
        if (const std::string text = at_call(assumed); !text.empty()) {
          texts.push_back(text);
          texts.push_back(negation(text));
        }
    }
    const std::string text =
        t.kind == ir::GoalKind::Postcondition ? at_call(clause) : old_as_at_pre(clause);
    if (text.empty()) continue;
    if (text.find("\\result") == std::string::npos) {
      texts.push_back(text);
      continue;
    }
    // The result is what the function returns, or a variable the loop computes it in.
    std::vector<std::string> results = written;
    if (returned) {
      // `(r)` reads as `r`.
      const std::string inner = returned->substr(1, returned->size() - 2);
      results.insert(results.begin(), plain_identifier(inner) ? inner : *returned);
    }
    std::sort(results.begin(), results.end());
    results.erase(std::unique(results.begin(), results.end()), results.end());
    for (const auto &r : results) {
      if (binds(text, r)) continue; // `\\forall integer i` would capture it
      std::string with = text;
      for (size_t at; (at = with.find("\\result")) != std::string::npos;)
        with.replace(at, 7, r);
      texts.push_back(with);
    }
  }
  return texts;
}

std::vector<Insertion> fix_insertions(const std::string &source,
                                      const std::vector<FunctionFix> &fixes);

// ---- a callee's postcondition ----

/// 0, 1, ..., n-1.
std::vector<size_t> all_indices(size_t n) {
  std::vector<size_t> out(n);
  std::iota(out.begin(), out.end(), size_t(0));
  return out;
}

/// The caller's failed goals as postconditions of the callee `g` (classify/callee_goals.hpp):
/// each predicate, and each of its conjuncts, carried through every call of `g` in `f`. A
/// postcondition's `\result` is first the variable `f` returns, when it returns one.
std::vector<std::string> callee_goal_texts(const ir::Program &p, const ir::Function &f,
                                           const ir::Function &g,
                                           const std::vector<ir::GoalRef> &targets,
                                           const FixContext &ctx) {
  if (!f.body) return {};
  std::vector<CallShape> calls;
  std::set<std::string> caller_vars;
  std::vector<const ir::Stmt *> returns;
  // The caller's scalars whose address it takes: the front end makes each a block of one cell.
  std::set<std::string> addressed;
  for (const auto &b : f.params)
    caller_vars.insert(b.name);
  auto variable = [](const ir::ExprPtr &e) {
    return e && e->kind == ir::ExprKind::Var ? std::optional(e->name) : std::nullopt;
  };
  walk(*f.body, [&](const ir::Stmt &s) {
    if (s.kind == ir::StmtKind::VarDecl) caller_vars.insert(s.name);
    if (s.kind == ir::StmtKind::VarDecl && s.array_len &&
        s.array_len->kind == ir::ExprKind::IntLit && s.array_len->value == 1)
      addressed.insert(s.name);
    if (s.kind == ir::StmtKind::Return && s.rhs) returns.push_back(&s);
    if (s.kind != ir::StmtKind::Call || s.callee != g.name) return;
    CallShape call{variable(s.lhs), {}};
    for (size_t i = 0; i < s.args.size(); ++i) {
      call.args.push_back(variable(s.args[i]));
      call.by_address.push_back(call.args.back() && addressed.count(*call.args.back()) &&
                                i < g.params.size() && g.params[i].type.is_ptr());
    }
    calls.push_back(std::move(call));
  });
  std::vector<std::string> params;
  for (const auto &b : g.params)
    params.push_back(b.name);
  // What the caller returns: its variable (a call's result lowered to one), else the source text.
  std::optional<std::string> returned;
  if (returns.size() == 1) returned = variable(returns[0]->rhs);
  if (!returned) returned = returned_text(p, f, ctx.source);
  std::vector<std::string> out;
  for (const auto &t : targets) {
    if (ir::is_rte(t.kind) || t.kind == ir::GoalKind::CallPrecondition || t.at.file != ctx.file)
      continue;
    std::string text = without_names(clause_after_keyword(ctx.source, t.at.line, t.at.col));
    if (text.empty()) continue;
    if (t.kind == ir::GoalKind::Postcondition && returned)
      for (size_t at; (at = text.find("\\result")) != std::string::npos;)
        text.replace(at, 7, *returned);
    std::vector<std::string> parts = conjuncts(text);
    if (parts.size() > 1) parts.insert(parts.begin(), text);
    for (const auto &part : parts)
      for (const auto &call : calls)
        if (auto carried = carried_to_callee(part, call, params, caller_vars))
          out.push_back(std::move(*carried));
  }
  return out;
}

/// The site of a callee's contract: new clauses go after its last clause, on that line.
std::optional<Site> contract_site(const ir::Program &p, const ir::Function &g,
                                  const std::string &file, const std::string &source) {
  std::optional<ir::SrcLoc> last;
  for (const auto &a : g.contract) {
    const ir::SrcLoc at = ir::where(p, a.pos, a.src);
    if (!last || at.line > last->line || (at.line == last->line && at.col > last->col)) last = at;
  }
  // A contract in a header is not in the text at hand.
  if (!last || last->file != file) return std::nullopt;
  const auto end = after_clause(source, last->line, last->col);
  if (!end) return std::nullopt;
  Site site;
  site.loop = g.name;
  site.callee = g.name;
  site.keyword = "ensures";
  site.prefix = " ";
  site.at = ir::SrcLoc{last->file, end->first, end->second};
  site.column = end->second;
  return site;
}

/// Leading blanks of a line.
std::string indent_of(const std::string &line) {
  return line.substr(0, line.find_first_not_of(" \t") == std::string::npos
                            ? line.size()
                            : line.find_first_not_of(" \t"));
}

/// The goals of `fn` the diagnosis proved that no clause at the loop sites can change: those
/// checked before the first site's annotation in the program's order (no jump goes back: the
/// IR has no goto). Not the function's postconditions and frame, written earlier and checked at
/// its end, nor an earlier loop's goals but its establishment: an enclosing loop's preservation
/// has the site's invariants on its path. None when a site is a callee's contract.
std::vector<ir::GoalRef> before_the_sites(const Report &r, const std::string &fn,
                                          const std::vector<Site> &sites, const FixContext &ctx) {
  std::vector<ir::GoalRef> out;
  // (The sites are in the file searched: search_function keeps only those.)
  if (sites.empty() ||
      std::any_of(sites.begin(), sites.end(), [](const Site &s) { return !s.callee.empty(); }))
    return out;
  const int first = std::min_element(sites.begin(), sites.end(), [](const Site &a, const Site &b) {
                      return a.at.line < b.at.line;
                    })->at.line;
  for (const auto &d : r.goals) {
    const ir::GoalRef &g = d.result.goal;
    const bool in_order = ir::is_rte(g.kind) || g.kind == ir::GoalKind::Assertion ||
                          g.kind == ir::GoalKind::CallPrecondition ||
                          g.kind == ir::GoalKind::LoopInvariantInit;
    if (d.result.status == vcgen::Status::Proved && g.function == fn && in_order &&
        g.at.file == ctx.file && g.at.line < first)
      out.push_back(g);
  }
  return out;
}

/// The attempts that proved each goal in the diagnosis, for the same goals once `insertions` are
/// in (ProveOptions::recipe). A clause added only adds hypotheses to such a goal: the final check
/// asks it with that attempt first (merge.c's assertion at line 67: 4.8 s of an 8 s check went to
/// the attempt without lemmas, which had failed it in the diagnosis).
std::function<std::optional<vcgen::ProofRecipe>(const ir::GoalRef &)>
diagnosis_recipes(const Report &r, const std::vector<Insertion> &insertions,
                  const std::string &file) {
  std::vector<ir::GoalRef> goals;
  std::vector<vcgen::ProofRecipe> recipes;
  for (const auto &d : r.goals)
    if (d.result.status == vcgen::Status::Proved && d.result.recipe) {
      goals.push_back(d.result.goal);
      recipes.push_back(*d.result.recipe);
    }
  return [goals = moved(insertions, file, goals),
          recipes](const ir::GoalRef &g) -> std::optional<vcgen::ProofRecipe> {
    const auto it = std::find_if(goals.begin(), goals.end(),
                                 [&](const ir::GoalRef &p) { return same_place(p, g); });
    if (it == goals.end()) return std::nullopt;
    return recipes[size_t(it - goals.begin())];
  };
}

/// How the search last proved the goals of the set it found (minimise's recipes), and its
/// candidates (those active are the clauses suggested).
struct SearchProofs {
  const Recipes &recipes;
  const std::vector<Candidate> &cands;
};

/// The attempts that proved each goal in the search, for the same goals in `fixed` (the source
/// with the clauses as --fix writes them): a target by its place, a clause by its text (the
/// first of that text, should two loops get the same). The diagnosis has no recipe for these:
/// it failed the targets and had no such clause. Without one, the final check asks each goal
/// every attempt in turn, and those the search saw fail cost it most of its time (bubble_sort.c's
/// outer loop: 2.5 s, 0.7 s with them; insertion_sort.c's `Increasing(a, i)`, proved with the
/// lemmas over one state: 1.5 s, 0.4 s with them). A recipe is a first try only: a goal it
/// leaves failing is asked every attempt again.
std::function<std::optional<vcgen::ProofRecipe>(const ir::GoalRef &)>
search_recipes(const SearchProofs &search, const std::vector<ir::GoalRef> &targets,
               const std::vector<Insertion> &insertions, const std::string &fixed,
               const std::string &file) {
  auto from = [&search](const std::string &key) -> std::optional<vcgen::ProofRecipe> {
    const auto it = search.recipes.find(key);
    return it == search.recipes.end() ? std::nullopt : it->second;
  };
  return [=, moved_targets = moved(insertions, file, targets)](
             const ir::GoalRef &g) -> std::optional<vcgen::ProofRecipe> {
    for (size_t i = 0; i < targets.size(); ++i)
      if (same_place(g, moved_targets[i])) return from(target_key(targets[i], g.kind));
    if (g.at.file != file) return std::nullopt;
    const std::string text = clause_after_keyword(fixed, g.at.line, g.at.col);
    for (size_t c = 0; c < search.cands.size(); ++c)
      if (search.cands[c].active && search.cands[c].text == text)
        return from(candidate_key(c, g.kind));
    return std::nullopt;
  };
}

/// The check: the functions proved again with the clauses as --fix writes them and the
/// diagnosis's proof budget. Every goal must be proved but those that failed before; the
/// targets proved go to `proves`, the others (and those in `left_failing`, not asked) to
/// `still_failing`. The goals in `unchanged` (before_the_sites) are not asked either: their
/// proofs stand. Each goal is first asked with the attempt that proved it in the diagnosis,
/// else in the search. Empty when it passes, else why.
std::string final_check(const Report &r, FunctionFix &fix,
                        const std::vector<std::string> &functions,
                        const std::vector<ir::GoalRef> &targets,
                        const std::vector<ir::GoalRef> &left_failing,
                        const std::vector<ir::GoalRef> &unchanged, const FixContext &ctx,
                        const SearchProofs &search) {
  try {
    const auto insertions = fix_insertions(ctx.source, {fix});
    const std::string fixed_text = insert_text(ctx.source, insertions);
    const ir::Program fixed = ctx.compile(fixed_text);
    // The targets the search's proofs left failed are not asked again: with the diagnosis's
    // work, they cost most of a check (partial_sum.c: 26 s of 27, for three goals still failed).
    // Nor those before the sites (partial_sum.c: an assertion before the loop, 6 s of 8).
    auto unasked = moved(insertions, ctx.file, left_failing);
    unasked.insert(unasked.end(), unchanged.begin(), unchanged.end());
    // Nor the lemmas: no clause added is among their hypotheses, and the diagnosis proved them
    // (remove.c: its headers' 35 lemmas were 100 s of a 108 s check).
    auto asked_in = [&](const std::string &fn) {
      return [&unasked, fn](const ir::GoalRef &g) {
        return g.function == fn &&
               std::none_of(unasked.begin(), unasked.end(),
                            [&](const ir::GoalRef &t) { return same_place(g, t); });
      };
    };
    const auto diagnosed = diagnosis_recipes(r, insertions, ctx.file);
    const auto searched = search_recipes(search, targets, insertions, fixed_text, ctx.file);
    auto recipe = [&](const ir::GoalRef &g) {
      const auto d = diagnosed(g);
      return d ? d : searched(g);
    };
    std::vector<vcgen::GoalResult> results;
    for (const auto &fn : functions) {
      const auto asked = asked_in(fn);
      auto more = prove_function(fixed, fn, ctx, ctx.prove.work_s, false, asked, false, recipe);
      std::erase_if(more, [&](const vcgen::GoalResult &g) { return !asked(g.goal); });
      // What the diagnosis's attempt no longer proves gets every attempt.
      std::vector<ir::GoalRef> again;
      for (const auto &g : more)
        if (g.status != vcgen::Status::Proved && recipe(g.goal)) again.push_back(g.goal);
      if (!again.empty()) {
        auto in_again = [&](const ir::GoalRef &g) {
          return std::any_of(again.begin(), again.end(),
                             [&](const ir::GoalRef &a) { return same_place(a, g); });
        };
        const auto t0 = Clock::now();
        auto retried = prove_function(fixed, fn, ctx, ctx.prove.work_s, false, in_again);
        trace_phase("final check, " + std::to_string(again.size()) +
                        " goals their first attempt left failing asked every attempt",
                    t0);
        for (auto &g : more)
          for (auto &t : retried)
            if (in_again(g.goal) && same_place(g.goal, t.goal)) g = t;
      }
      results.insert(results.end(), more.begin(), more.end());
    }
    trace_goals("final check", results);
    std::vector<ir::GoalRef> failed_before;
    for (const auto &d : r.goals)
      if (d.result.status != vcgen::Status::Proved) failed_before.push_back(d.result.goal);
    failed_before = moved(insertions, ctx.file, failed_before);
    for (const auto &res : results)
      if (res.status != vcgen::Status::Proved &&
          std::none_of(failed_before.begin(), failed_before.end(),
                       [&](const ir::GoalRef &g) { return same_place(g, res.goal); }))
        return "a clause found is not proved with the full proof (" +
               std::string(ir::goal_kind_name(res.goal.kind)) + " at line " +
               std::to_string(res.goal.at.line) + " once written out)";
    const auto proved = proved_targets(results, moved(insertions, ctx.file, targets));
    for (size_t i = 0; i < targets.size(); ++i)
      (proved[i] ? fix.proves : fix.still_failing).push_back(targets[i]);
  } catch (const ir::Error &e) {
    return std::string("the clauses found do not read back once written out: ") + e.what();
  }
  if (fix.proves.empty()) return "the clauses found prove no failed goal with the full proof";
  return "";
}

/// The solver work of the search's proofs: a candidate that is not inductive mostly leaves its
/// goal unknown (quantifiers) rather than refuted, and costs all of it, so it is kept short; the
/// final check has the diagnosis's own.
double search_work(const FixContext &ctx) {
  return std::min(ctx.prove.work_s > 0 ? ctx.prove.work_s : 0.5, 0.5);
}

/// When a function's Houdini stops whatever it found: a backstop only, at ten times the budget.
/// Its rounds are counted (12 at most) and each proof's solver work too, so that the answer
/// does not depend on the load: with a limit of 3 times the budget in seconds, a second job on
/// the machine cut upper_bound.c's search, which finds its invariants alone. The diagnosis's
/// deadline is the diagnosis's: a search after it still gets its own time.
Clock::time_point give_up(const FixContext &ctx, Clock::time_point start) {
  return start + 10 * ctx.time_budget;
}

/// Whether every candidate active in `inner` is active in `outer` (two states of one list).
bool includes(const std::vector<Candidate> &outer, const std::vector<Candidate> &inner) {
  for (size_t c = 0; c < inner.size(); ++c)
    if (inner[c].active && !outer[c].active) return false;
  return true;
}

/// The targets at `indices`.
std::vector<ir::GoalRef> pick(const std::vector<ir::GoalRef> &targets,
                              const std::vector<size_t> &indices) {
  std::vector<ir::GoalRef> out;
  std::transform(indices.begin(), indices.end(), std::back_inserter(out),
                 [&](size_t i) { return targets[i]; });
  return out;
}

/// An attempt asked of the targets at `indices`, its targets spread over all `n` of them (the
/// others not proved).
std::optional<Attempt> spread(std::optional<Attempt> a, const std::vector<size_t> &indices,
                              size_t n) {
  if (!a) return a;
  std::vector<bool> all(n, false);
  for (size_t k = 0; k < indices.size(); ++k)
    all[indices[k]] = a->targets[k];
  a->targets = std::move(all);
  return a;
}

/// The targets in reach of a set of candidates, and how they were proved there.
struct Reach {
  std::vector<size_t> targets;
  Recipes recipes; ///< of the targets proved with every candidate assumed
};

/// The targets some subset of `candidates` could prove with `work`: those already `proved`, and
/// those proved with every candidate as a hypothesis, inductive or not (one proof of the
/// targets alone). More hypotheses make no goal false; a target they leave failing, no inductive
/// subset of them is expected to prove, and Houdini need not ask it again with the whole work
/// (remove_copy3.c: 8 s of its last round for two such targets). nullopt when the variant with
/// every candidate cannot be compiled: no target is ruled out.
std::optional<Reach> within_reach(const FixContext &ctx, const std::vector<Site> &sites,
                                  std::vector<Candidate> candidates, const std::string &fn,
                                  const std::vector<ir::GoalRef> &targets, double work,
                                  const std::vector<bool> &proved, ProvedUnder &known) {
  std::vector<size_t> open;
  for (size_t i = 0; i < targets.size(); ++i)
    if (!proved[i]) open.push_back(i);
  auto a = attempt(ctx, sites, candidates, fn, pick(targets, open), work, Asked::Targets, nullptr,
                   known);
  if (!a) return std::nullopt;
  Reach out;
  for (size_t i = 0; i < targets.size(); ++i)
    if (proved[i]) out.targets.push_back(i);
  for (size_t k = 0; k < open.size(); ++k)
    if (a->targets[k]) out.targets.push_back(open[k]);
  std::sort(out.targets.begin(), out.targets.end());
  out.recipes = std::move(a->recipes);
  return out;
}

/// Carries into `to` what a Houdini on `from` (two states of one list) learnt of the
/// candidates' establishments: one established is not asked again, one not is dropped.
void carry_establishments(const std::vector<Candidate> &from, std::vector<Candidate> &to) {
  for (size_t c = 0; c < to.size(); ++c) {
    to[c].established = to[c].established || from[c].established;
    to[c].unestablished = to[c].unestablished || from[c].unestablished;
    to[c].active = to[c].active && !to[c].unestablished;
  }
}

/// Leaves out of `to` the cell facts of the runs (`\\forall integer k; 0 <= k < i ==> a[k] != n`)
/// that a Houdini on `from` (two states of one list) dropped with a fifth of the work. The
/// whole-work Houdini would ask them again, and such a fact is mostly one of the runs' values,
/// not of the loop: each ran out of the whole work as well (find_if_not.c's `a[k] != n`, 4.5 s of
/// its 17 s; insertion_sort.c's, selection_sort.c's, merge.c's). A fact more work would have
/// kept is lost, with the goals that only it proves.
void leave_out_dropped_cells(const std::vector<Candidate> &from, std::vector<Candidate> &to) {
  for (size_t c = 0; c < to.size(); ++c)
    if (to[c].active && !from[c].active && to[c].origin == Origin::Range && cell_fact(to[c].text))
      to[c].active = false;
}

/// A search's answer for one function: its clauses, or none and why, and its time.
struct Answer {
  Answer(std::string function, std::vector<ir::GoalRef> targets) : targets(std::move(targets)) {
    fix.function = std::move(function);
  }
  FunctionFix none(std::string note) {
    fix.note = std::move(note);
    fix.still_failing = targets;
    fix.loops.clear();
    return found();
  }
  FunctionFix found() {
    fix.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    return fix;
  }
  FunctionFix fix;
  std::vector<ir::GoalRef> targets;
  Clock::time_point start = Clock::now();
};

/// From the candidates the runs kept: Houdini, the smallest set found, the clauses of each site
/// and the final check. `what` names the candidates in the notes.
FunctionFix settle(const FixContext &ctx, const Report &r, const std::vector<Site> &sites,
                   std::vector<Candidate> &cands, const std::string &fn,
                   const std::vector<ir::GoalRef> &targets, Answer &answer,
                   const std::string &what) {
  FunctionFix &fix = answer.fix;
  fix.after_runs = active_count(cands);
  // Quick proofs while searching; the final check uses the diagnosis's own work. First with a
  // fifth of it: nearly all of a search's time goes to the candidates that are not inductive,
  // whose goals run out of their work (quantifiers), while those kept prove in milliseconds.
  // When that leaves a failed goal, the set found with the whole work, then Houdini with it.
  const double work = search_work(ctx), quick = work / 5;
  const std::vector<Candidate> kept_by_runs = cands;
  // Many candidates from the runs' cells (`\\forall integer k; ... a[k] != n`) are hypotheses
  // that can make a needed candidate's proof run out of work: it is dropped as not inductive
  // (search.c's `!HasSubRange(a, i+p-1, b, p)` among 17 of them). When some failed goal is left,
  // Houdini again without them, and the better of the two.
  std::vector<Candidate> fewer = kept_by_runs;
  for (auto &c : fewer)
    if (c.origin == Origin::Range) c.active = false;
  const bool has_fewer = active_count(fewer) < active_count(kept_by_runs);
  // Where each Houdini starts. Each carries what the ones before learnt of the establishments
  // (asked alone where no other candidate is among their hypotheses): an establishment a fifth
  // of the work did not prove is not asked again with the whole work. Establishments are the
  // loop's entry, mostly decided in milliseconds; one that is not, is mostly false and left
  // unknown under the lemmas (shuffle.c's twelve cell bounds `a[k] <= n` at `i == 1`: 32 s of
  // whole work, for the same twelve not established). One that more work would have proved is
  // lost with its goals.
  std::vector<Candidate> start = kept_by_runs;
  bool fewer_helped = false;
  std::optional<Attempt> found;
  double found_work = quick;
  // The targets the proofs ask: with the whole work, those within its reach (within_reach), each
  // with the one attempt that proved it there. The sets Houdini keeps assume fewer hypotheses, and
  // a target they leave failing ran each of its attempts out of work (lemmas over one state, then
  // over several: merge.c's six such targets, 25 s of its last round). The attempt that proved
  // it with every candidate assumed is the one likeliest to with fewer; a target another attempt
  // would have proved is left failing, and the final check does not ask it.
  std::vector<size_t> asked = all_indices(targets.size());
  ProvedUnder known; // what every proof of the search showed
  Recipes reached;   // empty before the reach check: every attempt is asked
  auto all_proved = [&] {
    return found && std::all_of(asked.begin(), asked.end(),
                                [&](size_t i) { return bool(found->targets[i]); });
  };
  // Keeps `again` (from `set` with work `w`) when it proves more targets than what was found.
  auto keep_better = [&](std::optional<Attempt> again, std::vector<Candidate> &set, double w) {
    if (again && (!found || count_true(again->targets) > count_true(found->targets))) {
      found = std::move(again);
      cands = set;
      found_work = w;
    }
  };
  bool none_in_reach = false; // every candidate assumed proves no target with the whole work
  for (const double w : {quick, work}) {
    if (w == work) {
      if (all_proved()) break;
      const auto t0 = Clock::now();
      const auto reach =
          within_reach(ctx, sites, kept_by_runs, fn, targets, w,
                       found ? found->targets : std::vector<bool>(targets.size()), known);
      trace_phase("reach (" + (reach ? std::to_string(reach->targets.size()) : std::string("all")) +
                      " of " + std::to_string(targets.size()) + " targets)",
                  t0);
      if (reach) {
        asked = reach->targets;
        reached = std::move(reach->recipes);
      }
      none_in_reach = reach && reach->targets.empty();
      // Nothing beyond what was found: the whole work's proofs would only make each candidate
      // that is not inductive run out of it (find_end.c: 21 s of a 26 s search, for no goal).
      if (all_proved() || none_in_reach) break;
    }
    const std::vector<ir::GoalRef> asked_targets = pick(targets, asked);
    // The set a fifth of the work found, and whether each whole-work Houdini kept all of it.
    const std::optional<std::vector<Candidate>> quick_set =
        w == work && found ? std::optional(cands) : std::nullopt;
    const Recipes quick_recipes = quick_set ? found->recipes : Recipes{};
    bool quick_set_kept = false;
    for (const bool without_range : {false, true}) {
      if (all_proved() || (without_range && (!found || !has_fewer))) continue;
      // With the whole work, only when leaving them out helped with a fifth of it (remove.c:
      // 40 s of a 130 s search for no goal more).
      if (without_range && w == work && !fewer_helped) continue;
      std::vector<Candidate> set = without_range ? fewer : start;
      const size_t before = found ? count_true(found->targets) : 0;
      auto a = houdini(ctx, sites, set, fn, asked_targets, w, give_up(ctx, answer.start), reached,
                       known);
      if (w == quick && !without_range) leave_out_dropped_cells(set, start);
      carry_establishments(set, start);
      carry_establishments(set, fewer);
      if (a && quick_set) quick_set_kept = quick_set_kept || includes(set, *quick_set);
      keep_better(spread(std::move(a), asked, targets.size()), set, w);
      if (without_range && w == quick && found && count_true(found->targets) > before)
        fewer_helped = true;
    }
    if (quick_set && !quick_set_kept && !all_proved()) {
      // The set a fifth of the work found, its targets with the whole work, when no Houdini
      // kept it (equal_range2.c's last postcondition needed it once). Asked before the
      // Houdinis, its targets cost a failed goal's whole work twice where a Houdini kept it
      // (remove.c: 3 s, merge.c: 9 s, for no goal).
      std::vector<Candidate> same = *quick_set;
      const auto t0 = Clock::now();
      auto a = attempt(ctx, sites, same, fn, asked_targets, w, Asked::Targets, &reached, known);
      trace_phase("the set found, its targets with the whole work", t0);
      if (a) add_missing(a->recipes, quick_recipes);
      keep_better(spread(std::move(a), asked, targets.size()), same, w);
    }
  }
  fix.inductive = active_count(cands);
  if (!found && Clock::now() > give_up(ctx, answer.start))
    return answer.none(
        "the search stopped at its time backstop, before an inductive set was found");
  if (none_in_reach)
    return answer.none("no failed goal is proved even with all the " + what + " true on every " +
                       "generated run assumed (" + std::to_string(fix.after_runs) + " of " +
                       std::to_string(fix.candidates) + " tried)");
  if (!found || fix.inductive == 0)
    return answer.none("no " + what + " is inductive (" + std::to_string(fix.candidates) +
                       " tried, " + std::to_string(fix.after_runs) +
                       " true on every generated run)");
  const size_t needed = count_true(found->targets);
  if (needed == 0)
    return answer.none("no inductive set of " + what + " makes a failed goal provable (" +
                       std::to_string(fix.inductive) + " inductive of " +
                       std::to_string(fix.candidates) + " tried)");
  // The work that found the set: with half of it, remove.c's seven targets proved at the
  // whole work failed after every removal (14 clauses left where 6 do).
  // Its own backstop, whatever Houdini took: a set of 19 clauses where 6 do is no suggestion
  // to read. As far off as Houdini's: its attempts are counted, and they end it first. At three
  // times the budget, the load of a second job cut remove_copy2.c's, which kept two bounds
  // that made an assertion run out of work in the final check.
  // Only the targets the set proves are asked again: a removal must keep each of them. The
  // others are not asked by the final check either.
  std::vector<ir::GoalRef> proved, left_failing;
  for (size_t i = 0; i < targets.size(); ++i)
    (found->targets[i] ? proved : left_failing).push_back(targets[i]);
  const auto minimise_start = Clock::now();
  const Recipes searched = minimise(ctx, sites, cands, fn, proved, found_work, needed,
                                    give_up(ctx, Clock::now()), found->recipes, known);
  trace_phase("minimise", minimise_start);
  std::vector<std::string> functions{fn};
  for (size_t si = 0; si < sites.size(); ++si) {
    // A loop's invariants, then what it assigns (an entry of its own, with its keyword).
    std::map<std::string, LoopInvariants> by_keyword;
    std::vector<LoopInvariants> replacing; // a clause of the loop's narrowed in its place
    for (const auto &c : cands) {
      if (!c.active || c.site != si) continue;
      const std::string &keyword = c.keyword.empty() ? sites[si].keyword : c.keyword;
      if (c.replaces) {
        const Replaced &at = *c.replaces;
        replacing.push_back(
            LoopInvariants{sites[si].loop, at.line, at.column, {c.text}, keyword, at.text});
        continue;
      }
      auto &li = by_keyword
                     .try_emplace(
                         keyword,
                         LoopInvariants{
                             sites[si].loop, sites[si].at.line, sites[si].at.col, {}, keyword, {}})
                     .first->second;
      li.clauses.push_back(c.text);
    }
    for (const char *keyword : {"loop invariant", "ensures", "loop assigns", "assigns"})
      if (by_keyword.count(keyword)) fix.loops.push_back(std::move(by_keyword.at(keyword)));
    std::move(replacing.begin(), replacing.end(), std::back_inserter(fix.loops));
    if (!sites[si].callee.empty()) functions.push_back(sites[si].callee);
  }
  const auto check_start = Clock::now();
  std::string why =
      final_check(r, fix, functions, targets, left_failing, before_the_sites(r, fn, sites, ctx),
                  ctx, SearchProofs{searched, cands});
  trace_phase("final check", check_start);
  if (!why.empty()) return answer.none(why);
  return answer.found();
}

FunctionFix search_function(const ir::Program &p, const Report &r, const ir::Function &f,
                            const std::vector<ir::GoalRef> &targets, const FixContext &ctx) {
  Answer answer(f.name, targets);
  FunctionFix &fix = answer.fix;
  auto done = [&](std::string note) { return answer.none(std::move(note)); };
  std::vector<Site> sites = loops_of(p, f, ctx.source);
  std::erase_if(sites, [&](const Site &s) { return s.at.file != ctx.file; });
  if (sites.empty()) return done("no loop of " + f.name + " in this file to annotate");
  const Runs runs = observe(p, f.name, sites, ctx);
  trace_phase("runs (" + std::to_string(runs.inputs.size()) + " inputs)", answer.start);
  const auto returned = returned_text(p, f, ctx.source);
  const auto changed = changed_params(f);
  std::vector<Candidate> cands;
  for (size_t si = 0; si < sites.size(); ++si) {
    from_goals(si, sites[si],
               goal_texts(targets, returned, sites[si].counters, changed, sites[si].at.file, ctx),
               cands);
    from_runs(si, sites[si], runs.heads[si], cands);
    if (auto assigns = missing_loop_assigns(p, f, sites[si], ctx))
      cands.push_back({si, std::move(*assigns), Origin::Goal, true, "loop assigns"});
    if (auto narrowed = narrowed_loop_assigns(p, f, si, sites[si], ctx))
      cands.push_back(std::move(*narrowed));
  }
  dedupe(cands);
  fix.candidates = cands.size();
  if (cands.empty())
    return done(runs.inputs.empty() ? "no candidate: no run of " + f.name + " was generated"
                                    : "no candidate: the goals give none, and the runs none");
  auto compiled = compile_candidates(ctx, sites, cands);
  if (!compiled) return done("no candidate the front end reads");
  const auto before_runs = cands;
  const auto filter_start = Clock::now();
  filter_by_runs(compiled->first, compiled->second, f.name, runs, cands);
  trace_phase("filter by runs", filter_start);
  trace_runs(before_runs, cands);
  drop_implied(cands);
  return settle(ctx, r, sites, cands, f.name, targets, answer, "candidates");
}

FunctionFix search_callees(const ir::Program &p, const Report &r, const ir::Function &f,
                           const std::vector<const ir::Function *> &callees,
                           const std::vector<ir::GoalRef> &targets, const FixContext &ctx) {
  Answer answer(f.name, targets);
  FunctionFix &fix = answer.fix;
  auto done = [&](std::string note) { return answer.none(std::move(note)); };
  std::vector<Site> sites;
  std::vector<Runs> runs;
  std::vector<Candidate> cands;
  std::string names;
  for (const ir::Function *g : callees) {
    names += (names.empty() ? "" : ", ") + g->name;
    const auto site = contract_site(p, *g, ctx.file, ctx.source);
    if (!site)
      return done(g->name + " has no contract in " + ctx.file + " to add a postcondition to");
    std::vector<Candidate> mine;
    runs.emplace_back();
    for (auto &text :
         postconditions_of_runs(p, *g, callee_runs(p, *g, ctx.run_budget, runs.back().inputs)))
      mine.push_back({0, std::move(text), Origin::Bound});
    for (auto &text : callee_goal_texts(p, f, *g, targets, ctx))
      mine.push_back({0, std::move(text), Origin::Goal});
    if (auto assigns = missing_assigns(p, *g))
      mine.push_back({0, std::move(*assigns), Origin::Goal, true, "assigns"});
    for (auto &c : mine) {
      c.site = sites.size();
      cands.push_back(std::move(c));
    }
    sites.push_back(*site);
  }
  dedupe(cands);
  fix.candidates = cands.size();
  if (cands.empty())
    return done("no candidate postcondition of " + names + " from their runs or the goals");
  auto compiled = compile_candidates(ctx, sites, cands);
  if (!compiled) return done("no candidate the front end reads");
  for (size_t i = 0; i < callees.size(); ++i)
    filter_by_runs(compiled->first, compiled->second, callees[i]->name, runs[i], cands);
  return settle(ctx, r, sites, cands, f.name, targets, answer, "postconditions of " + names);
}

/// The callees the weaknesses of `fn` blame, each set of them (one for a single weakness,
/// several for a global one) with the goals it is blamed for.
std::map<std::vector<std::string>, std::vector<ir::GoalRef>> blamed_callees(const Report &r,
                                                                            const std::string &fn) {
  std::map<std::vector<std::string>, std::vector<ir::GoalRef>> out;
  for (const auto &d : r.goals) {
    if (d.result.status == vcgen::Status::Proved || d.result.goal.function != fn ||
        d.verdict != Verdict::SubcontractWeakness || d.subcontracts.empty() ||
        std::any_of(d.subcontracts.begin(), d.subcontracts.end(), ir::is_loop_name))
      continue;
    std::vector<std::string> names = d.subcontracts;
    std::sort(names.begin(), names.end());
    out[names].push_back(d.result.goal);
  }
  return out;
}

} // namespace
} // namespace invariant_search

std::vector<FunctionFix> suggest_invariants(const ir::Program &p, const Report &r,
                                            const FixContext &ctx) {
  using namespace invariant_search;
  std::vector<FunctionFix> fixes;
  for (const auto &decl : p.decls) {
    const auto *f = std::get_if<std::shared_ptr<ir::Function>>(&decl);
    if (!f || !(*f)->body) continue;
    if (const auto targets = targets_of(r, (*f)->name); !targets.empty())
      fixes.push_back(search_function(p, r, **f, targets, ctx));
    // A weakness of callees: postconditions for them, from their runs.
    for (const auto &[names, targets] : blamed_callees(r, (*f)->name)) {
      std::vector<const ir::Function *> callees;
      for (const auto &name : names)
        if (const ir::Function *g = p.function(name); g && g->body) callees.push_back(g);
      if (callees.size() == names.size())
        fixes.push_back(search_callees(p, r, **f, callees, targets, ctx));
    }
  }
  return fixes;
}

std::string with_fixes(const std::string &source, const std::vector<FunctionFix> &fixes) {
  return insert_text(source, invariant_search::fix_insertions(source, fixes));
}

namespace invariant_search {
namespace {

std::vector<Insertion> fix_insertions(const std::string &source,
                                      const std::vector<FunctionFix> &fixes) {
  const auto lines = source_lines(source);
  std::vector<Insertion> insertions;
  // A loop's clauses, whatever entry they come in (its invariants, its `loop assigns`), go
  // into one annotation, and a callee's into its contract: `keyword clause` each, in the
  // entries' order, once (two callers' searches may suggest the same clause for one callee).
  using Place = std::pair<int, int>;
  std::map<Place, std::vector<std::string>> loop_clauses, contract_clauses;
  std::vector<Place> loop_order, contract_order;
  for (const auto &fix : fixes)
    for (const auto &li : fix.loops) {
      if (li.clauses.empty() || li.line < 1 || li.line > int(lines.size())) continue;
      if (!li.replaces.empty()) {
        insertions.push_back(
            in_place_of({li.line, li.column, li.replaces}, li.keyword, li.clauses.front()));
        continue;
      }
      const bool loop = li.keyword.rfind("loop ", 0) == 0;
      auto &clauses = (loop ? loop_clauses : contract_clauses)[{li.line, li.column}];
      if (clauses.empty()) (loop ? loop_order : contract_order).push_back({li.line, li.column});
      for (const auto &c : li.clauses)
        if (const std::string clause = li.keyword + " " + c + ";";
            std::find(clauses.begin(), clauses.end(), clause) == clauses.end())
          clauses.push_back(clause);
    }
  for (const auto &at : contract_order) {
    // After the contract's last clause, a line each, aligned with the clauses.
    const std::string &line = lines[size_t(at.first - 1)];
    const std::string indent = indent_of(line);
    const std::string align = line.compare(indent.size(), 3, "/*@") == 0 ? indent + "    " : indent;
    std::string text;
    for (const auto &c : contract_clauses.at(at))
      text += "\n" + align + c;
    insertions.push_back({at.first, at.second, text});
  }
  for (const auto &at : loop_order) {
    const auto &clauses = loop_clauses.at(at);
    const std::string &line = lines[size_t(at.first - 1)];
    const std::string indent = indent_of(line);
    const size_t col = size_t(at.second - 1);
    const bool first_on_line = line.find_first_not_of(" \t") == col;
    std::string text;
    if (line.compare(col, 3, "/*@") == 0) {
      // Into the annotation: a line per clause, aligned on its clauses.
      const bool alone = line.find_first_not_of(" \t", col + 3) == std::string::npos;
      for (size_t i = 0; i < clauses.size(); ++i)
        text += alone ? "\n" + indent + "    " + clauses[i]
                      : (i ? "\n" + indent + "    " : " ") + clauses[i];
      if (!alone) text += "\n" + indent + "   ";
      insertions.push_back({at.first, at.second + 3, text});
    } else if (line.compare(col, 3, "//@") == 0 && first_on_line) {
      for (const auto &c : clauses)
        text += indent + "//@ " + c + "\n";
      insertions.push_back({at.first, 1, text});
    } else if (first_on_line) {
      for (size_t i = 0; i < clauses.size(); ++i)
        text += indent + (i ? "    " : "/*@ ") + clauses[i] +
                (i + 1 == clauses.size() ? " */\n" : "\n");
      insertions.push_back({at.first, 1, text});
    } else {
      text = "/*@";
      for (const auto &c : clauses)
        text += " " + c;
      insertions.push_back({at.first, at.second, text + " */ "});
    }
  }
  return insertions;
}

} // namespace
} // namespace invariant_search

} // namespace triage::classify
