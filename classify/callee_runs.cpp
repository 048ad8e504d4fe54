#include "classify/callee_runs.hpp"

#include "classify/ir_walk.hpp"
#include "classify/run_state.hpp"
#include "classify/source_edit.hpp"
#include "dse/explore.hpp"
#include "ir/error.hpp"
#include "rac/interpreter.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <set>

namespace triage::classify {

// Helpers in a namespace of their own: unity builds put this file beside others (TRIAGE_UNITY).
namespace callee_run_helpers {
namespace {

/// The cells `p[i]` the callee writes, `p` a pointer parameter and `i` an integer one (a swap's
/// `t[i]` and `t[j]`): each an output of its runs, its value on entry an input.
std::vector<std::pair<std::string, std::string>> written_cells(const ir::Function &g) {
  auto param = [&](const ir::Expr *e, bool pointer) -> std::string {
    while (e && e->kind == ir::ExprKind::Cast && !e->args.empty())
      e = e->args[0].get();
    if (!e || e->kind != ir::ExprKind::Var) return "";
    const auto b = std::find_if(g.params.begin(), g.params.end(),
                                [&](const ir::Binder &x) { return x.name == e->name; });
    if (b == g.params.end() || !plain_identifier(b->name) ||
        (pointer ? !b->type.is_ptr() || !b->type.pointee().is_numeric() : !b->type.is_numeric()))
      return "";
    return b->name;
  };
  std::vector<std::pair<std::string, std::string>> cells;
  if (g.body)
    walk(*g.body, [&](const ir::Stmt &s) {
      if (s.kind != ir::StmtKind::Assign || !s.lhs || s.lhs->kind != ir::ExprKind::Deref ||
          s.lhs->args.empty() || !s.lhs->args[0])
        return;
      const ir::Expr &at = *s.lhs->args[0];
      if (at.kind != ir::ExprKind::Binary || at.binop != ir::BinOp::Add || at.args.size() != 2)
        return;
      const std::pair cell{param(at.args[0].get(), true), param(at.args[1].get(), false)};
      if (!cell.first.empty() && !cell.second.empty() &&
          std::find(cells.begin(), cells.end(), cell) == cells.end())
        cells.push_back(cell);
    });
  return cells;
}

/// The largest magnitude of an input a run's values keep: the fits multiply and add them as
/// `long long`.
const ir::BigInt kLargestKept(1000000000000LL);

std::string cell_text(const std::pair<std::string, std::string> &cell) {
  return cell.first + "[" + cell.second + "]";
}

/// The integer an input holds: itself, or the first cell of the block a pointer input points
/// to (`*p`, where a callee reads and writes through its parameter).
ir::Json *held(ir::Json &v) {
  if (v.is_array()) return v.as_array().empty() ? nullptr : &v.as_array().front();
  return &v;
}

/// The inputs to run: the search's, and each of the first ones with every integer input moved
/// a little. The search makes one run per path, and a relation between inputs and outputs needs
/// runs that differ in each input.
std::vector<ir::Counterexample> with_moved_inputs(const std::vector<ir::Counterexample> &found) {
  std::vector<ir::Counterexample> tries;
  for (const auto &input : found) {
    tries.push_back(input);
    if (tries.size() > 8) continue;
    for (size_t i = 0; i < input.inputs.size(); ++i) {
      ir::Counterexample moved = input;
      ir::Json *cell = held(moved.inputs[i].second);
      const auto v = cell ? cell->integer() : std::nullopt;
      if (!v) continue;
      // The solver's first answers often sit near the ends of the type (swap's inputs near
      // INT_MIN: none was moved, and one run fitted nothing): those move toward zero only.
      const bool large = abs(*v) >= ir::BigInt(1000000000);
      for (int delta : {1, -1, 2, 5}) {
        const int step = !large ? delta : (*v < 0 ? 1 : -1) * (delta < 0 ? 3 : delta);
        *cell = ir::Json(*v + step);
        tries.push_back(moved);
      }
    }
  }
  return tries;
}

} // namespace
} // namespace callee_run_helpers

std::vector<CallRun> callee_runs(const ir::Program &p, const ir::Function &g,
                                 std::chrono::milliseconds budget,
                                 std::vector<ir::Counterexample> &inputs) {
  using namespace callee_run_helpers;
  std::vector<ir::Counterexample> found;
  for (const auto &t : dse::explore(p, observing_search(g.name, budget)).tests)
    found.push_back(t.input);
  const std::vector<ir::Counterexample> tries = with_moved_inputs(found);
  std::vector<CallRun> runs;
  for (auto input : tries) {
    CallRun run;
    for (auto &[name, v] : input.inputs) {
      const ir::Json *cell = held(v);
      if (const auto i = cell ? cell->integer() : std::nullopt; i && abs(*i) < kLargestKept)
        run.before[v.is_array() ? "*" + name : name] = i->convert_to<long long>();
    }
    std::optional<IntState> last;
    rac::Config cfg = observing_run(g.name, input);
    cfg.trace_step = [&](const rac::TraceStep &step) {
      if (step.function == g.name) last = int_state(step.state());
    };
    try {
      if (rac::run(p, cfg).kind == rac::OutcomeKind::OutsidePrecondition) continue;
    } catch (const ir::Error &) {
      continue;
    }
    if (!last) continue;
    run.after = last->ints;
    for (const auto &[name, cells] : last->arrays)
      if (!cells.empty() && run.before.count("*" + name)) run.after["*" + name] = cells.front();
    for (const auto &cell : written_cells(g)) {
      const auto index = run.before.find(cell.second);
      const auto before = std::find_if(input.inputs.begin(), input.inputs.end(),
                                       [&](const auto &in) { return in.first == cell.first; });
      const auto after = last->arrays.find(cell.first);
      if (index == run.before.end() || before == input.inputs.end() || !before->second.is_array() ||
          after == last->arrays.end() || index->second < 0 ||
          size_t(index->second) >= before->second.as_array().size() ||
          size_t(index->second) >= after->second.size())
        continue;
      const auto old = before->second.as_array()[size_t(index->second)].integer();
      if (!old || abs(*old) >= kLargestKept) continue;
      run.before[cell_text(cell)] = old->convert_to<long long>();
      run.after[cell_text(cell)] = after->second[size_t(index->second)];
    }
    inputs.push_back(input);
    runs.push_back(std::move(run));
  }
  return runs;
}

namespace callee_run_helpers {
namespace {

/// Whether `g`'s body writes `*ptr` (its parameter's first cell: `*p = ...`).
bool writes_through(const ir::Function &g, const std::string &ptr) {
  bool found = false;
  if (g.body)
    walk(*g.body, [&](const ir::Stmt &s) {
      found =
          found || (s.kind == ir::StmtKind::Assign && s.lhs && s.lhs->kind == ir::ExprKind::Deref &&
                    !s.lhs->args.empty() && s.lhs->args[0] &&
                    s.lhs->args[0]->kind == ir::ExprKind::Var && s.lhs->args[0]->name == ptr);
    });
  return found;
}

/// An integer of a run's state, if it has one.
std::optional<long long> value_in(const std::map<std::string, long long> &m, const std::string &n) {
  const auto it = m.find(n);
  return it == m.end() ? std::optional<long long>() : it->second;
}

/// An output equal on each run to one of the inputs, not always the same one: the disjunction
/// of those it is (what a maximum or a selection promises: `\result == a || \result == b`).
/// When the inputs do not cover every run, their negations too, each only for runs no input
/// covers (an absolute value's `\result == x || \result == -x`). Two to four terms.
void one_of_inputs(const std::pair<std::string, std::string> &output,
                   const std::vector<std::pair<std::string, std::string>> &inputs,
                   const std::vector<CallRun> &runs, std::vector<std::string> &out) {
  auto is = [&](const CallRun &r, const std::string &input, long long sign) {
    const auto x = value_in(r.before, input), y = value_in(r.after, output.first);
    return x && y && *y == sign * *x;
  };
  auto plain = [&](const CallRun &r) {
    return std::any_of(inputs.begin(), inputs.end(),
                       [&](const auto &in) { return is(r, in.first, 1); });
  };
  std::vector<std::string> terms;
  for (const auto &in : inputs)
    if (std::any_of(runs.begin(), runs.end(), [&](const CallRun &r) { return is(r, in.first, 1); }))
      terms.push_back(in.second);
  if (!std::all_of(runs.begin(), runs.end(), plain)) {
    for (const auto &in : inputs)
      if (std::any_of(runs.begin(), runs.end(),
                      [&](const CallRun &r) { return !plain(r) && is(r, in.first, -1); }))
        terms.push_back("-" + in.second);
    const bool covered = std::all_of(runs.begin(), runs.end(), [&](const CallRun &r) {
      return plain(r) || std::any_of(inputs.begin(), inputs.end(),
                                     [&](const auto &in) { return is(r, in.first, -1); });
    });
    if (!covered) return;
  }
  if (terms.size() < 2 || terms.size() > 4) return;
  std::string text;
  for (const auto &t : terms)
    text += (text.empty() ? "" : " || ") + output.second + " == " + t;
  out.push_back(text);
}

/// The outputs that have a value on entry too (`t[i]`, `*p`), when on each run they hold their
/// own values on entry in some order, and not always in the same one: the disjunction of the
/// orders the runs show, each the conjunction of its equalities (a conditional swap's
/// `(t[i] == \old(t[i]) && t[j] == \old(t[j])) || (t[i] == \old(t[j]) && t[j] == \old(t[i]))`).
/// Two or three outputs: at most six orders.
void permuted_outputs(const std::vector<std::pair<std::string, std::string>> &outputs,
                      const std::vector<std::pair<std::string, std::string>> &inputs,
                      const std::vector<CallRun> &runs, std::vector<std::string> &out) {
  std::vector<std::pair<std::string, std::string>> moved, old; // names in runs, in ACSL
  for (const auto &o : outputs) {
    const auto in = std::find_if(inputs.begin(), inputs.end(),
                                 [&](const auto &i) { return i.first == o.first; });
    if (in != inputs.end() && std::all_of(runs.begin(), runs.end(), [&](const CallRun &r) {
          return r.before.count(o.first) && r.after.count(o.first);
        })) {
      moved.push_back(o);
      old.push_back(*in);
    }
  }
  if (moved.size() < 2 || moved.size() > 3) return;
  std::vector<std::vector<size_t>> orders; // output k holds the value input order[k] had
  std::vector<size_t> order(moved.size());
  std::iota(order.begin(), order.end(), size_t(0));
  do
    orders.push_back(order);
  while (std::next_permutation(order.begin(), order.end()));
  auto holds = [&](const std::vector<size_t> &order, const CallRun &r) {
    for (size_t k = 0; k < order.size(); ++k)
      if (r.after.at(moved[k].first) != r.before.at(old[order[k]].first)) return false;
    return true;
  };
  // Each run's first order (the unchanged one first, when it holds): the orders the runs need.
  std::set<size_t> seen;
  for (const CallRun &r : runs) {
    const auto first =
        std::find_if(orders.begin(), orders.end(), [&](const auto &o) { return holds(o, r); });
    if (first == orders.end()) return;
    seen.insert(size_t(first - orders.begin()));
  }
  if (seen.size() < 2) return; // one order: equalities the linear fits give
  std::string text;
  for (const size_t i : seen) {
    std::string conj;
    for (size_t k = 0; k < moved.size(); ++k)
      conj += (conj.empty() ? "" : " && ") + moved[k].second + " == " + old[orders[i][k]].second;
    text += (text.empty() ? "(" : " || (") + conj + ")";
  }
  out.push_back(text);
}

} // namespace
} // namespace callee_run_helpers

/// `ensures` candidates every run of the callee satisfies: each output (a global it writes, its
/// result, `*p` it writes through a parameter) as a linear function `k * a + b` of an input (a
/// parameter, a global's old value, `\old(*p)`), or bounded by one or by a constant.
std::vector<std::string> postconditions_of_runs(const ir::Program &p, const ir::Function &g,
                                                const std::vector<CallRun> &runs) {
  using namespace callee_run_helpers;
  std::vector<std::string> out;
  if (runs.empty()) return out;
  std::vector<std::pair<std::string, std::string>> outputs, inputs; // name in runs, in ACSL
  std::set<std::string> written;
  if (g.body)
    walk(*g.body, [&](const ir::Stmt &s) {
      if ((s.kind == ir::StmtKind::Assign || s.kind == ir::StmtKind::Call) && s.lhs &&
          s.lhs->kind == ir::ExprKind::Var && p.global(s.lhs->name))
        written.insert(s.lhs->name);
    });
  for (const auto &w : written)
    outputs.emplace_back(w, w);
  if (!g.ret.is_unit()) outputs.emplace_back("result", "\\result");
  for (const auto &b : g.params)
    if (plain_identifier(b.name)) inputs.emplace_back(b.name, b.name);
  // Through a pointer parameter: `*p` on return an output when the body writes it, `\old(*p)`
  // an input.
  for (const auto &b : g.params)
    if (b.type.is_ptr() && b.type.pointee().is_numeric() && plain_identifier(b.name)) {
      inputs.emplace_back("*" + b.name, "\\old(*" + b.name + ")");
      if (writes_through(g, b.name)) outputs.emplace_back("*" + b.name, "*" + b.name);
    }
  for (const auto &cell : written_cells(g)) {
    outputs.emplace_back(cell_text(cell), cell_text(cell));
    inputs.emplace_back(cell_text(cell), "\\old(" + cell_text(cell) + ")");
  }
  for (const auto &[name, v] : runs.front().before)
    if (p.global(name) && plain_identifier(name)) inputs.emplace_back(name, "\\old(" + name + ")");
  // Constants an output may be bounded by: 0 and the literals of the callee's code.
  std::set<long long> constants{0};
  if (g.body)
    walk(*g.body, [&](const ir::Stmt &s) {
      for (const ir::ExprPtr &e : {s.rhs, s.cond})
        if (e) literals(*e, constants);
      for (const auto &a : s.args)
        if (a) literals(*a, constants);
    });
  // Whether each run gives output `o` a value.
  auto on_all_runs = [&](const std::string &o) {
    return std::all_of(runs.begin(), runs.end(),
                       [&](const CallRun &r) { return value_in(r.after, o); });
  };
  for (const auto &output : outputs) {
    const std::string &o = output.first, &o_text = output.second;
    if (!on_all_runs(o)) continue;
    // The tightest constant bound on each side (`\result >= 0`, what a caller's index needs).
    const auto [lo, hi] =
        std::minmax_element(runs.begin(), runs.end(), [&](const CallRun &a, const CallRun &b) {
          return *value_in(a.after, o) < *value_in(b.after, o);
        });
    const long long min = *value_in(lo->after, o), max = *value_in(hi->after, o);
    if (const auto below = constants.upper_bound(min); below != constants.begin())
      out.push_back(o_text + " >= " + std::to_string(*std::prev(below)));
    if (const auto above = constants.lower_bound(max); above != constants.end())
      out.push_back(o_text + " <= " + std::to_string(*above));
    one_of_inputs(output, inputs, runs, out);
    for (const auto &input : inputs) {
      const std::string &a = input.first, &a_text = input.second;
      if (!std::all_of(runs.begin(), runs.end(),
                       [&](const CallRun &r) { return value_in(r.before, a); }))
        continue;
      auto all = [&](const std::function<bool(long long, long long)> &holds) {
        return std::all_of(runs.begin(), runs.end(), [&](const CallRun &r) {
          return holds(*value_in(r.after, o), *value_in(r.before, a));
        });
      };
      // A linear fit from two runs with different inputs, checked on all.
      const auto other = std::find_if(runs.begin(), runs.end(), [&](const CallRun &r) {
        return *value_in(r.before, a) != *value_in(runs.front().before, a);
      });
      if (other != runs.end()) {
        const long long dy = *value_in(other->after, o) - *value_in(runs.front().after, o);
        const long long dx = *value_in(other->before, a) - *value_in(runs.front().before, a);
        if (dy % dx == 0) {
          const long long k = dy / dx, b = *value_in(runs.front().after, o) -
                                           k * *value_in(runs.front().before, a);
          if (std::abs(k) < 1000 && std::abs(b) < 1000000 &&
              all([&](long long y, long long x) { return y == k * x + b; })) {
            std::string rhs = k == 0 ? "" : k == 1 ? a_text : std::to_string(k) + " * " + a_text;
            rhs = rhs.empty() ? std::to_string(b)
                  : b == 0    ? rhs
                              : rhs + (b > 0 ? " + " : " - ") + std::to_string(std::abs(b));
            out.push_back(o_text + " == " + rhs);
          }
        }
      }
      if (all([](long long y, long long x) { return y >= x; }))
        out.push_back(o_text + " >= " + a_text);
      if (all([](long long y, long long x) { return y <= x; }))
        out.push_back(o_text + " <= " + a_text);
    }
  }
  // An order between two outputs (a conditional swap's `t[i] <= t[j]`), when not always equal.
  // Named copies, not structured bindings: clang 14 cannot capture those in the lambdas.
  for (const auto &first : outputs)
    for (const auto &second : outputs) {
      const std::string &o = first.first, &o2 = second.first;
      if (o != o2 && on_all_runs(o) && on_all_runs(o2) &&
          std::all_of(
              runs.begin(), runs.end(),
              [&](const CallRun &r) { return *value_in(r.after, o) <= *value_in(r.after, o2); }) &&
          std::any_of(runs.begin(), runs.end(), [&](const CallRun &r) {
            return *value_in(r.after, o) != *value_in(r.after, o2);
          }))
        out.push_back(first.second + " <= " + second.second);
    }
  permuted_outputs(outputs, inputs, runs, out);
  return out;
}

} // namespace triage::classify
