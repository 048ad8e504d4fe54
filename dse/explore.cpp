// Generational search (Godefroid et al., SAGE): each run's decisions after its bound are negated
// one at a time, each satisfiable negation is a new run whose bound is just past the negated
// decision. A path (its sequence of decisions) is run once.
//
// Which run next (the Frontier): runs that negate a check (an annotation or a runtime error) are
// attempts at a counterexample, runs that negate a branch of the code reach new paths; the two
// kinds alternate so that neither starves the other, and within each the shallowest negation
// goes first. Depth first instead dove into the longest loop unrollings and, within a time
// budget, missed failures a few decisions from the start (n * n overflowing before the loop).
#include "dse/explore.hpp"

#include "dse/symbolic_oracle.hpp"
#include "ir/error.hpp"
#include "vcgen/solver.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace triage::dse {

namespace {

using Clock = std::chrono::steady_clock;
using namespace vcgen;

/// A structural hash of a term (the DAG is walked once): paths are compared by it.
size_t term_hash(const Term &t, std::unordered_map<const Node *, size_t> &memo) {
  if (auto it = memo.find(t.get()); it != memo.end()) return it->second;
  size_t h = std::hash<int>()(int(t->op)) * 31 + std::hash<std::string>()(t->name);
  h = h * 31 + std::hash<std::string>()(t->value.str()) + (t->bval ? 7 : 0);
  for (const auto &a : t->args)
    h = h * 1000003 + term_hash(a, memo);
  memo.emplace(t.get(), h);
  return h;
}

size_t extend_hash(size_t h, size_t cond_hash, bool outcome) {
  return h * 1000003 + cond_hash * 2 + (outcome ? 1 : 0);
}

/// A path's hash (its identity: no path is run twice), and the hashes of the outcomes of each
/// of its prefixes (ways[k]: of the first k decisions). A run whose inputs were computed for a
/// prefix must take it; comparing outcomes rather than terms keeps this check blind to terms that
/// are equal but written differently (a store chain one cell longer), and still sees a run that
/// went another way.
struct PathHashes {
  size_t whole = 0;
  std::vector<size_t> ways;
  explicit PathHashes(const std::vector<Decision> &path) {
    std::unordered_map<const Node *, size_t> memo;
    ways.push_back(0);
    for (const auto &d : path) {
      whole = extend_hash(whole, term_hash(d.cond, memo), d.outcome);
      ways.push_back(extend_hash(ways.back(), 0, d.outcome));
    }
    whole = whole * 31 + path.size();
  }
  /// The prefix a run that negates decision i must take: the first i, then i the other way.
  size_t negated(const std::vector<Decision> &path, size_t i) const {
    return extend_hash(ways[i], 0, !path[i].outcome);
  }
};

Term taken(const Decision &d) {
  return d.outcome ? d.cond : mk_not(d.cond);
}

class Explorer {
public:
  Explorer(const ir::Program &p, const Options &o, const ir::Function &f)
      : p_(p), o_(o), f_(f), deadline_(Clock::now() + o.budget) {}

  Result run() {
    const auto start = Clock::now();
    Frontier frontier;
    frontier.push({Assignment{}, 0, false});
    while (!frontier.empty()) {
      if (out_of_budget()) break;
      if (!visit(frontier.pop(), frontier)) break;
    }
    r_.complete = incomplete_.empty() && frontier.empty();
    r_.incomplete_because.assign(incomplete_.begin(), incomplete_.end());
    r_.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    return std::move(r_);
  }

private:
  struct Item {
    Assignment a;
    size_t bound = 0;
    bool check = false;  ///< the negated decision was a check
    long parent = 0;     ///< the path it comes from (for debugging)
    size_t expected = 0; ///< the hash of the first `bound` decisions the run must take
  };

  /// The runs still to do: see the file comment for the order.
  class Frontier {
  public:
    void push(Item item) { (item.check ? checks_ : branches_).push({std::move(item), seq_++}); }
    bool empty() const { return checks_.empty() && branches_.empty(); }
    Item pop() {
      const bool take_check = !checks_.empty() && (branches_.empty() || !last_was_check_);
      auto &q = take_check ? checks_ : branches_;
      last_was_check_ = take_check;
      Item item = std::move(const_cast<Entry &>(q.top()).item);
      q.pop();
      return item;
    }

  private:
    struct Entry {
      Item item;
      long seq;
      bool operator<(const Entry &o) const { // priority_queue pops the greatest
        return std::tie(item.bound, seq) > std::tie(o.item.bound, o.seq);
      }
    };
    std::priority_queue<Entry> checks_, branches_;
    long seq_ = 0;
    bool last_was_check_ = false;
  };
  const ir::Program &p_;
  const Options &o_;
  const ir::Function &f_;
  Clock::time_point deadline_;
  std::map<std::string, Symbol> symbols_;
  std::set<size_t> seen_;
  std::set<std::string> incomplete_;
  Result r_;
  /// TRIAGE_DSE_DEBUG set: every path's decisions, and the slow queries, on standard output.
  const bool debug_ = std::getenv("TRIAGE_DSE_DEBUG") != nullptr;
  /// One solver context for the whole search: creating one per query cost most of the time.
  std::unique_ptr<Backend> solver_ = make_z3_backend();

  bool out_of_budget() {
    if (Clock::now() >= deadline_)
      incomplete_.insert("the time budget was reached");
    else if (r_.paths >= o_.max_paths)
      incomplete_.insert("the path budget was reached");
    else if (r_.solver_calls >= o_.max_solver_calls)
      incomplete_.insert("the solver-call budget was reached");
    else
      return false;
    return true;
  }

  /// Runs one assignment and queues the runs its path leads to; false when the search is over.
  bool visit(const Item &item, Frontier &frontier) {
    SymbolicOracle oracle(p_, f_, item.a, symbols_, o_.k);
    rac::Config cfg;
    cfg.function = f_.name;
    cfg.oracle = &oracle;
    cfg.symbolic = true;
    cfg.assume_typically = o_.assume_typically;
    cfg.go_past = o_.go_past;
    cfg.policy = o_.policy;
    cfg.step_limit = o_.run_steps;
    cfg.time_limit =
        std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()),
                   std::chrono::milliseconds(10), std::chrono::milliseconds(5000));
    Test test;
    try {
      test.outcome = rac::run(p_, cfg);
    } catch (const ir::Error &e) { // an assignment the input types do not allow: not a run
      incomplete_.insert(std::string("an input could not be built: ") + e.what());
      return true;
    }
    ++r_.paths;
    const std::vector<Decision> &path = oracle.path();
    if (debug_) debug_path(item, test, path);
    const PathHashes hashes(path);
    // Inputs that satisfy a prefix take it again, unless the shadow lost track of a value: then
    // paths may be missed, and the exploration cannot be called complete.
    if (item.bound > 0 && (path.size() < item.bound || hashes.ways[item.bound] != item.expected)) {
      incomplete_.insert("a run left the path its inputs were computed for");
      if (debug_) std::printf("  (left the path of its parent)\n");
    }
    if (!seen_.insert(hashes.whole).second) return true;
    test.input = oracle.used();
    test.decisions = path.size();
    for (const auto &why : test.outcome.concretized)
      incomplete_.insert("symbolic values were replaced by concrete ones at " + why);
    for (const auto &name : oracle.fixed_inputs())
      incomplete_.insert("the pointers the input " + name +
                         " holds are fixed (one cell, pointing to a fresh block), not explored");
    if (test.outcome.kind == rac::OutcomeKind::LimitReached ||
        test.outcome.kind == rac::OutcomeKind::NotExecutable)
      incomplete_.insert("a run could not be completed (" + test.outcome.reason + ")");
    r_.tests.push_back(test);
    if (o_.on_test) o_.on_test(r_.tests.back(), r_.paths);
    if (o_.enough && o_.enough(r_.tests.back())) {
      r_.stopped = true;
      incomplete_.insert("the search stopped once it had what it was asked for");
      return false;
    }
    if (o_.target && test.outcome.kind == rac::OutcomeKind::Failure && test.outcome.goal &&
        o_.target(*test.outcome.goal)) {
      r_.found = r_.tests.size() - 1;
      incomplete_.insert("the search stopped at the first counterexample");
      return false;
    }
    size_t limit = path.size();
    if (auto kx = oracle.k_exceeded()) {
      limit = std::min(limit, *kx);
      incomplete_.insert("the k-path bound (" + std::to_string(*o_.k) + " iterations) was hit");
    }
    // The path condition grows in the solver (push/pop): each negation is one more check.
    Scope scope(*solver_);
    for (const Term &t : domain())
      solver_->add(t);
    // The max-block bound is an assumption: an unsat answer that needs it means a longer block.
    const Term bounded = mk_const("max-block!bound", Sort::Bool);
    for (const Term &t : block_bounds())
      solver_->add(mk_implies(bounded, t));
    // A condition decided earlier on the path (the same term) is decided the same way again.
    std::unordered_set<const Node *> decided;
    for (size_t i = 0; i < item.bound && i < path.size(); ++i) {
      solver_->add(taken(path[i]));
      decided.insert(path[i].cond.get());
    }
    for (size_t i = item.bound; i < limit; ++i) {
      if (decided.insert(path[i].cond.get()).second) {
        if (out_of_budget()) return false;
        if (auto a = solve_negation(path, i, bounded))
          frontier.push({std::move(*a), i + 1, path[i].check, r_.paths, hashes.negated(path, i)});
      }
      solver_->add(taken(path[i]));
    }
    return true;
  }

  void debug_path(const Item &item, const Test &test, const std::vector<Decision> &path) const {
    std::printf("path %ld (test %zu, bound %zu, parent %ld): %s\n", r_.paths, r_.tests.size() + 1,
                item.bound, item.parent, test.outcome.reason.c_str());
    for (const auto &d : path)
      std::printf("  %s %s%s\n", d.check ? "check " : "branch", d.outcome ? "" : "NOT ",
                  to_string(d.cond).c_str());
  }

  static void debug_query(Clock::time_point start, Answer answer, size_t i, const Decision &d) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (ms >= 100)
      std::printf("slow query (%ld ms, answer %d) negating decision %zu: %s\n", long(ms),
                  int(answer), i, to_string(d.cond).c_str());
  }

  /// Pushes a solver scope, popped when it goes.
  struct Scope {
    explicit Scope(Backend &b) : b_(b) { b_.push(); }
    ~Scope() { b_.pop(); }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    Backend &b_;
  };

  /// Inputs for the path whose first i decisions (already added) are taken and the i-th is not.
  /// When there are none only because of max_block (the path needs a longer input block), the
  /// exploration is incomplete.
  std::optional<Assignment> solve_negation(const std::vector<Decision> &path, size_t i,
                                           const Term &bounded) {
    ++r_.solver_calls;
    {
      Scope negation(*solver_);
      solver_->add(mk_not(taken(path[i])));
      const auto start = Clock::now();
      // No query runs past the search's budget (and so past a diagnosis's --deadline).
      const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
      const Answer answer =
          solver_->check_added(std::clamp(left, 0.01, o_.solver_timeout_s), 0, bounded);
      if (debug_) debug_query(start, answer, i, path[i]);
      if (answer == Answer::Sat && solver_->has_model()) return read_model(*solver_);
      if (answer != Answer::Unsat) {
        incomplete_.insert("the solver could not decide a path condition");
        return std::nullopt;
      }
    }
    if (has_input_blocks() && solver_->assumption_needed())
      incomplete_.insert("a path needs an input block longer than --max-block " +
                         std::to_string(o_.max_block));
    return std::nullopt;
  }

  /// Input block lengths within max_block.
  std::vector<Term> block_bounds() const {
    std::vector<Term> d;
    for (const auto &[name, s] : symbols_)
      if (s.term->sort == Sort::Cells && !s.cells)
        d.push_back(mk_le(mk_const(name + "#len", Sort::Int), mk_int(o_.max_block)));
    return d;
  }

  /// What every symbol's values must satisfy: their types.
  std::vector<Term> domain() const {
    std::vector<Term> d;
    for (const auto &[name, s] : symbols_) {
      const bool machine = s.type.is_machine();
      if (s.term->sort != Sort::Cells) {
        if (machine) d.push_back(mk_in_range(s.type, s.term));
        continue;
      }
      size_t cells = s.cells.value_or(size_t(o_.max_block));
      if (!s.cells) d.push_back(mk_le(mk_int(0), mk_const(name + "#len", Sort::Int)));
      if (machine)
        for (size_t i = 0; i < std::min<size_t>(cells, 4096); ++i)
          d.push_back(mk_in_range(s.type, mk_select(s.term, mk_int(BigInt(i)))));
    }
    return d;
  }

  bool has_input_blocks() const {
    return std::any_of(symbols_.begin(), symbols_.end(), [](const auto &s) {
      return s.second.term->sort == Sort::Cells && !s.second.cells;
    });
  }

  Assignment read_model(Backend &b) {
    Assignment a;
    for (const auto &[name, s] : symbols_) {
      if (s.term->sort == Sort::Bool) {
        a.scalars[name] = b.eval_bool(s.term).value_or(false) ? 1 : 0;
        continue;
      }
      if (s.term->sort != Sort::Cells) {
        a.scalars[name] = b.eval_int(s.term).value_or(0);
        continue;
      }
      BigInt len = s.cells ? BigInt(*s.cells) : BigInt(0);
      if (!s.cells) {
        len = std::clamp(b.eval_int(mk_const(name + "#len", Sort::Int)).value_or(0), BigInt(0),
                         BigInt(o_.max_block));
        a.scalars[name + "#len"] = len;
      }
      auto &cells = a.cells[name];
      for (BigInt i = 0; i < len; ++i)
        cells[i] = b.eval_int(mk_select(s.term, mk_int(i))).value_or(0);
    }
    return a;
  }
};

} // namespace

Result explore(const ir::Program &p, const Options &opts) {
  const ir::Function *f = p.function(opts.function);
  if (!f || !f->body)
    throw ir::Error(ir::SrcLoc{p.file, 1, 1},
                    "no function with a body named '" + opts.function + "' to explore");
  try {
    return Explorer(p, opts, *f).run();
  } catch (const vcgen::SolverUnavailable &e) {
    Result r; // nothing explored: incomplete, so no verdict rests on it
    r.incomplete_because.push_back(e.what());
    return r;
  }
}

} // namespace triage::dse
