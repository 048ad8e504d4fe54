// Generational search (Godefroid et al., SAGE): each run's decisions after its bound are negated
// one at a time, each satisfiable negation is a new run whose bound is just past the negated
// decision. A path (its sequence of decisions) is run once.
//
// Which run next: see the Frontier. Depth first, tried before, dove into the longest loop
// unrollings and missed failures a few decisions from the start (n * n overflowing before the
// loop); breadth first over every branch missed failures that need many iterations of one loop.
#include "dse/explore.hpp"

#include "dse/program_constants.hpp"
#include "dse/symbolic_oracle.hpp"
#include "ir/build_speed.hpp"
#include "ir/error.hpp"
#include "solver/solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <queue>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace triage::dse {

namespace {

using Clock = std::chrono::steady_clock;
using namespace term;
using namespace solver;

/// TRIAGE_DSE_STATS=FILE: each search appends "RUNS STEPS CALLS DECISIONS ASSERTIONS CHECKED
/// NODES SOLVER_WORK_S WORK_S CPU_S WALL_S BOUNDED" to FILE, the data the work rates are fitted to
/// (docs/dse.md).
void record_search(const Result &r, long decisions, long assertions, long checked, long nodes,
                   double solver_work_s, double work_s, double cpu_s, double wall_s) {
  const char *path = std::getenv("TRIAGE_DSE_STATS");
  if (!path) return;
  if (FILE *f = std::fopen(path, "a")) {
    std::fprintf(f, "%ld %ld %ld %ld %ld %ld %ld %.4f %.4f %.4f %.4f %d\n", r.paths, r.steps,
                 r.solver_calls, decisions, assertions, checked, nodes, solver_work_s, work_s,
                 cpu_s, wall_s, r.complete ? 0 : 1);
    std::fclose(f);
  }
}

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
  size_t nodes = 0; ///< the distinct term nodes of the path's decisions (the work of a run's terms)
  explicit PathHashes(const std::vector<Decision> &path) {
    std::unordered_map<const Node *, size_t> memo;
    ways.push_back(0);
    for (const auto &d : path) {
      whole = extend_hash(whole, term_hash(d.cond, memo), d.outcome);
      ways.push_back(extend_hash(ways.back(), 0, d.outcome));
    }
    nodes = memo.size();
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

/// Five times the work budget, and at least 2 s: a short search's fixed costs (a solver context,
/// the first runs) must not meet the backstop on a busy machine; more in a slower build.
std::chrono::milliseconds default_backstop(std::chrono::milliseconds budget) {
  const auto at_least = std::max(budget, std::chrono::milliseconds(400));
  return std::chrono::milliseconds(long(double(at_least.count()) * 5 * ir::build_slowdown));
}

/// The intervals of a small scope over the program's constants (describe_scope).
std::vector<std::pair<BigInt, BigInt>> intervals_of(const std::set<BigInt> &constants,
                                                    const SmallScope &s) {
  std::vector<std::pair<BigInt, BigInt>> out{{-BigInt(s.window), BigInt(s.window)}};
  if (s.near > 0)
    for (const BigInt &c : constants)
      if (c > s.window)
        for (const BigInt &centre : {c, BigInt(-c)})
          out.emplace_back(centre - s.near, centre + s.near);
  return out;
}

class Explorer {
public:
  Explorer(const ir::Program &p, const Options &o, const ir::Function &f)
      : Explorer(p, o, f, program_constants(p)) {}

  Result run() {
    const auto start = Clock::now();
    const double cpu = thread_cpu_seconds();
    note_shared_blocks();
    Frontier frontier;
    frontier.push({});
    while (!frontier.empty()) {
      if (out_of_budget()) break;
      if (!visit(frontier.pop(), frontier)) break;
    }
    r_.complete_apart = incomplete_.empty() && frontier.empty();
    r_.complete = r_.complete_apart && r_.apart.empty();
    for (const std::string &pair : r_.apart)
      incomplete_.insert("the pointer inputs " + pair +
                         " point to blocks of their own: runs where they share one are not "
                         "explored");
    r_.incomplete_because.assign(incomplete_.begin(), incomplete_.end());
    r_.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    r_.work_ms = long(work_s_ * 1000);
    record_search(r_, decisions_, assertions_, checked_, nodes_, solver_work_s_, work_s_,
                  thread_cpu_seconds() - cpu, double(r_.ms) / 1000);
    return std::move(r_);
  }

private:
  Explorer(const ir::Program &p, const Options &o, const ir::Function &f,
           const std::set<BigInt> &constants)
      : p_(p), o_(o), f_(f), budget_s_(std::chrono::duration<double>(o.budget).count()),
        deadline_(Clock::now() + o.backstop.value_or(default_backstop(o.budget))),
        block_limit_(o.scope ? o.scope->cells : size_t(o.max_block)),
        block_cap_(o.scope ? o.scope->cells : block_cap(constants, o)),
        small_constants_(small_constants(constants)),
        scope_centres_(o.scope ? intervals_of(constants, *o.scope)
                               : std::vector<std::pair<BigInt, BigInt>>{}) {}

  /// Each pointer input gets a block of its own: runs where two share a block (`f(a, a)`, a
  /// parameter into a global array) are not explored, so a search over two pointer inputs of one
  /// type (of different source inputs: the parts of one structure never share) is not complete.
  void note_shared_blocks() {
    std::map<std::string, std::vector<std::string>> by_type; // pointer type -> source inputs
    auto source_of = [&](const std::string &part) {
      for (const ir::SourceInput &s : f_.source_inputs)
        for (const auto &field : s.fields)
          if (field.part == part) return s.name;
      return part;
    };
    auto add = [&](const std::string &name, const ir::Type &t) {
      auto &names = by_type[t.str()];
      const std::string source = source_of(name);
      if (std::ranges::find(names, source) == names.end()) names.push_back(source);
    };
    // Parameters and pointer globals (a global array whose address escapes may be shared
    // too: vcgen keeps the others apart, dse all of them).
    for (const ir::Binder &b : f_.params)
      if (b.type.is_ptr()) add(b.name, b.type);
    for (const auto &d : p_.decls)
      if (const auto *g = std::get_if<std::shared_ptr<ir::Global>>(&d))
        if (!(*g)->array_len && (*g)->type.is_ptr()) add((*g)->name, (*g)->type);
    for (const auto &[type, names] : by_type)
      if (names.size() >= 2) r_.apart.push_back(names[0] + " and " + names[1]);
  }

  /// What one path left to negate: its decisions from `from` on (a visit negates at most
  /// negations_per_visit of them, and queues the rest as a continuation).
  struct Walk {
    std::vector<Decision> path;
    PathHashes hashes;
    size_t limit = 0; ///< decisions past it are not negated (k-path bound)
    long id = 0;      ///< the path's number (for debugging)
  };

  /// Which queue an item waits in: see the Frontier.
  enum class Kind { Check, Branch, Loop };

  struct Item {
    Assignment a;
    size_t bound = 0;
    Kind kind = Kind::Branch; ///< of the negated decision
    long parent = 0;          ///< the path it comes from (for debugging)
    size_t expected = 0;      ///< the hash of the first `bound` decisions the run must take
    /// Set: no run, but the negations of this path from `bound` on, left by an earlier visit.
    std::shared_ptr<const Walk> resume;
  };

  /// The runs still to do. Three queues take turns, so that none starves the others:
  /// - checks (an annotation or a runtime error negated): attempts at a counterexample,
  ///   shallowest negation first;
  /// - branches of the code (and continuations of long paths): new paths, shallowest first;
  /// - loop exits negated (one more iteration), deepest first: a bug that needs 21 iterations
  ///   is reached in 21 runs, not after every variation of the first 20 (an array's maximum that
  ///   skips every twentieth cell).
  class Frontier {
  public:
    void push(Item item) {
      const bool deep = item.kind == Kind::Loop;
      queue(item.kind).push({std::move(item), seq_++, deep});
    }
    bool empty() const {
      return std::ranges::all_of(queues_, [](const auto &q) { return q.empty(); });
    }
    Item pop() {
      for (size_t turn = 1; turn <= queues_.size(); ++turn) {
        const size_t k = (last_ + turn) % queues_.size();
        if (queues_[k].empty()) continue;
        last_ = k;
        Item item = std::move(const_cast<Entry &>(queues_[k].top()).item);
        queues_[k].pop();
        return item;
      }
      return {};
    }

  private:
    struct Entry {
      Item item;
      long seq;
      bool deepest_first;
      bool operator<(const Entry &o) const { // priority_queue pops the greatest
        if (deepest_first) return std::tie(item.bound, o.seq) < std::tie(o.item.bound, seq);
        return std::tie(item.bound, seq) > std::tie(o.item.bound, o.seq);
      }
    };
    std::priority_queue<Entry> &queue(Kind k) { return queues_[size_t(k)]; }
    std::array<std::priority_queue<Entry>, 3> queues_;
    long seq_ = 0;
    size_t last_ = 2;
  };
  const ir::Program &p_;
  const Options &o_;
  const ir::Function &f_;
  /// The work budget and the work done so far, in seconds of the reference machine: what stops
  /// the search (the same on any machine). The solvers' share is kept apart for calibration.
  double budget_s_;
  double work_s_ = 0;
  double solver_work_s_ = 0;
  long decisions_ = 0;  ///< of every run's path
  long assertions_ = 0; ///< added to the solver
  long live_ = 0;       ///< assertions in the solver's scopes now
  long checked_ = 0;    ///< the assertions in scope of every check, summed
  long nodes_ = 0;      ///< the term nodes of every run's path
  /// The wall-clock backstop (Options::backstop).
  Clock::time_point deadline_;
  std::map<std::string, Symbol> symbols_;
  std::set<size_t> seen_;
  std::set<std::string> incomplete_;
  Result r_;
  /// TRIAGE_DSE_DEBUG set: every path's decisions, and the slow queries, on standard output.
  const bool debug_ = std::getenv("TRIAGE_DSE_DEBUG") != nullptr;
  /// One solver context for the whole search: creating one per query cost most of the time.
  std::unique_ptr<Backend> solver_ = make_z3_backend();
  /// The longest input block a query allows when nothing else bounds its length: --max-block at
  /// first, doubled (up to block_cap_) whenever a path needs a longer one.
  size_t block_limit_;
  /// How far block_limit_ may grow: the largest constant of the program below max_block_cap (a
  /// precondition `\valid(buf + (0 .. 11))` or `n <= 40` bounds a length by it; INT_MAX in an
  /// overflow check bounds none), and at least --max-block. Past it a length is bounded by
  /// nothing the program says: the search stays incomplete.
  size_t block_cap_;
  /// Zero and the program's constants below small_constant, a window apart (Explorer::smaller).
  std::vector<BigInt> small_constants_;
  /// With a small scope: the intervals its integer inputs may take (in_scope).
  std::vector<std::pair<BigInt, BigInt>> scope_centres_;

  /// An input of the small scope: within one of its intervals.
  Term in_scope(const Term &x) const {
    std::vector<Term> alts;
    for (const auto &[lo, hi] : scope_centres_)
      alts.push_back(mk_and(mk_le(mk_int(lo), x), mk_le(x, mk_int(hi))));
    return mk_or(alts);
  }

  /// An input's symbol, not a giant step's output.
  static bool is_input(const std::string &name) { return !rac::is_output_symbol(name); }

  /// What a small scope asks of one symbol's values (nothing without one, or for an output).
  void scope_bounds(const std::string &name, const Symbol &s, std::vector<Term> &d) const {
    if (!o_.scope || !is_input(name)) return;
    if (s.term->sort == Sort::Int && s.type.is_numeric()) d.push_back(in_scope(s.term));
    if (s.term->sort != Sort::Cells) return;
    if (!s.cells)
      d.push_back(mk_le(mk_const(name + "#len", Sort::Int), mk_int(BigInt(o_.scope->cells))));
    if (s.type.is_numeric())
      for (size_t i = 0; i < s.cells.value_or(o_.scope->cells); ++i)
        d.push_back(in_scope(mk_select(s.term, mk_int(BigInt(i)))));
  }

  static size_t block_cap(const std::set<BigInt> &constants, const Options &o) {
    long largest = 0;
    for (const BigInt &c : constants)
      if (c < max_block_cap) largest = c.convert_to<long>();
    return std::max(size_t(o.max_block), size_t(largest + 1));
  }
  /// Beyond this many cells a block is no test input anyone reads (and each cell is a term).
  static constexpr long max_block_cap = 4096;

  /// The bounds a search stops at, the work first: it decides on any machine; the wall-clock
  /// backstop only on one too slow or too busy for the budget (then the search may end
  /// elsewhere from one run to the next, and says so).
  bool out_of_budget() {
    if (work_s_ >= budget_s_)
      incomplete_.insert("the work budget was reached");
    else if (r_.paths >= o_.max_paths)
      incomplete_.insert("the path budget was reached");
    else if (r_.solver_calls >= o_.max_solver_calls)
      incomplete_.insert("the solver-call budget was reached");
    else if (Clock::now() >= deadline_)
      incomplete_.insert("the wall-clock backstop was reached (a machine too slow or too busy "
                         "for the work budget: give a larger --budget-scale; or the deadline)");
    else
      return false;
    return true;
  }

  /// The work left, in seconds of the reference machine.
  double work_left() const { return std::max(0.0, budget_s_ - work_s_); }

  /// Counts a run of `steps` interpreter steps that took `decisions` (their terms are hashed).
  void count_run(long steps, size_t decisions, size_t nodes) {
    r_.steps += steps;
    decisions_ += long(decisions);
    nodes_ += long(nodes);
    // The square up to a thousand decisions, linear beyond: a run ten thousand decisions deep
    // (isqrt from n = 10000) would otherwise count seconds.
    const double d = double(decisions);
    work_s_ += work_rates.per_run + double(steps) * work_rates.per_step +
               d * work_rates.per_decision +
               d * std::min(d, 1000.0) * work_rates.per_decision_squared +
               double(nodes) * work_rates.per_node;
  }

  /// Adds an assertion to the solver (translated, and asserted in its scope: counted).
  void add(const Term &t) {
    ++assertions_;
    ++live_;
    work_s_ += work_rates.per_assertion;
    solver_->add(t);
  }

  /// A solver check bounded by its work (the query's, or what is left of the search's, in
  /// quarters of a second so that the solver's parameters seldom change) and by the backstop;
  /// its work counted.
  Answer check(const Term &assumption) {
    const double work = std::min(o_.solver_work_s, std::ceil(work_left() * 4 + 0.01) / 4);
    solver_->set_work(work);
    const Answer a = solver_->check_added(query_timeout(), 0, assumption);
    const double spent = solver_->last_work_s();
    solver_work_s_ += spent;
    checked_ += live_;
    work_s_ += work_rates.per_call + double(live_) * work_rates.per_checked_assertion +
               spent * work_rates.solver_factor;
    return a;
  }

  /// Runs one assignment and queues the runs its path leads to; false when the search is over.
  bool visit(const Item &item, Frontier &frontier) {
    if (item.resume) return negate(item.resume, item.bound, frontier);
    SymbolicOracle oracle(p_, f_, item.a, symbols_, o_.k);
    rac::Config cfg;
    cfg.function = f_.name;
    cfg.oracle = &oracle;
    cfg.symbolic = true;
    cfg.assume_typically = o_.assume_typically;
    cfg.go_past = o_.go_past;
    cfg.pass_unexecutable_checks = o_.pass_unexecutable_checks;
    cfg.policy = o_.policy;
    // A run is bounded by the work left too (in steps, the same on any machine); time is the
    // backstop's.
    cfg.step_limit = std::clamp(long(work_left() / work_rates.per_step), 1000L, o_.run_steps);
    cfg.time_limit =
        std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()),
                   std::chrono::milliseconds(10), o_.run_backstop);
    Test test;
    try {
      test.outcome = rac::run(p_, cfg);
    } catch (const ir::Error &e) { // an assignment the input types do not allow: not a run
      incomplete_.insert(std::string("an input could not be built: ") + e.what());
      return true;
    }
    ++r_.paths;
    const std::vector<Decision> &path = oracle.path();
    const PathHashes hashes(path);
    count_run(test.outcome.steps, path.size(), hashes.nodes);
    if (debug_) debug_path(item, test, path);
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
                         " holds point to distinct fresh blocks: null and shared blocks are not "
                         "explored");
    for (const auto &name : oracle.nondet_pointers())
      incomplete_.insert("the nondeterministic pointer " + name +
                         " is null on every run: other pointers are not explored");
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
    if (o_.masks && test.outcome.kind == rac::OutcomeKind::Failure && test.outcome.goal &&
        o_.masks(*test.outcome.goal))
      incomplete_.insert("a run fails " + std::string(ir::goal_kind_name(test.outcome.goal->kind)) +
                         " at line " + std::to_string(test.outcome.goal->at.line) +
                         " first, and this goal is not checked past it");
    if (o_.target && test.outcome.kind == rac::OutcomeKind::Failure && test.outcome.goal &&
        o_.target(*test.outcome.goal)) {
      r_.found = r_.tests.size() - 1;
      incomplete_.insert("the search stopped at the first counterexample");
      return false;
    }
    auto walk = std::make_shared<Walk>(Walk{path, hashes, path.size(), r_.paths});
    if (auto kx = oracle.k_exceeded()) {
      walk->limit = std::min(walk->limit, *kx);
      incomplete_.insert("the k-path bound (" + std::to_string(*o_.k) + " iterations) was hit");
    }
    return negate(std::move(walk), item.bound, frontier);
  }

  /// Negates the decisions of a path from `from` on, each with those before it kept, and queues
  /// a run for each satisfiable negation. After negations_per_visit solver calls the rest of the
  /// path waits in the frontier as a continuation: a run a thousand calls deep (a recursion to
  /// its depth limit) would otherwise spend the budget before the shallow inputs of its first
  /// negations are run.
  bool negate(std::shared_ptr<const Walk> walk, size_t from, Frontier &frontier) {
    const std::vector<Decision> &path = walk->path;
    // The path condition grows in the solver (push/pop): each negation is one more check.
    Scope scope(*this);
    for (const Term &t : domain())
      add(t);
    // The max-block bound is an assumption: an unsat answer that needs it means a longer block.
    const Term bounded = mk_const("max-block!bound", Sort::Bool);
    for (const Term &t : block_bounds(block_limit_))
      add(mk_implies(bounded, t));
    // A condition decided earlier on the path (the same term) is decided the same way again.
    std::unordered_set<const Node *> decided;
    for (size_t i = 0; i < from && i < path.size(); ++i) {
      add(taken(path[i]));
      decided.insert(path[i].cond.get());
    }
    long calls = 0;
    for (size_t i = from; i < walk->limit; ++i) {
      // A pinned value is kept, not negated: the run with other inputs would pin it again.
      if (!path[i].pinned && decided.insert(path[i].cond.get()).second) {
        if (calls == negations_per_visit) {
          frontier.push({{}, i, Kind::Branch, walk->id, 0, walk});
          return true;
        }
        if (out_of_budget()) return false;
        ++calls;
        if (auto a = solve_negation(path, i, bounded))
          frontier.push({std::move(*a), i + 1, kind_of(path[i]), walk->id,
                         walk->hashes.negated(path, i), nullptr});
      }
      add(taken(path[i]));
    }
    return true;
  }

  /// Solver calls a visit makes before the rest of its path waits its turn (Explorer::negate).
  static constexpr long negations_per_visit = 64;

  static Kind kind_of(const Decision &d) {
    if (d.check) return Kind::Check;
    return d.loop && !d.outcome ? Kind::Loop : Kind::Branch;
  }

  void debug_path(const Item &item, const Test &test, const std::vector<Decision> &path) const {
    std::printf("path %ld (test %zu, bound %zu, parent %ld): %s\n", r_.paths, r_.tests.size() + 1,
                item.bound, item.parent, test.outcome.reason.c_str());
    for (const auto &d : path)
      std::printf("  %s %s%s\n", d.check ? "check " : "branch", d.outcome ? "" : "NOT ",
                  to_string(d.cond).c_str());
  }

  static void debug_query(Clock::time_point start, Answer answer, const std::string &what) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (ms >= 100)
      std::printf("slow query (%ld ms, answer %d) %s\n", long(ms), int(answer), what.c_str());
  }

  /// Pushes a solver scope, popped when it goes.
  struct Scope {
    explicit Scope(Explorer &e) : e_(e), live_(e.live_) { e_.solver_->push(); }
    ~Scope() {
      e_.solver_->pop();
      e_.live_ = live_;
    }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    Explorer &e_;
    long live_;
  };

  /// Inputs for the path whose first i decisions (already added) are taken and the i-th is not.
  /// When there are none only because of the block bound, longer blocks are tried (grow_blocks).
  std::optional<Assignment> solve_negation(const std::vector<Decision> &path, size_t i,
                                           const Term &bounded) {
    ++r_.solver_calls;
    Scope negation(*this);
    add(mk_not(taken(path[i])));
    const auto start = Clock::now();
    const Answer answer = check(bounded);
    if (debug_)
      debug_query(start, answer,
                  "negating decision " + std::to_string(i) + ": " + to_string(path[i].cond));
    if (answer == Answer::Sat && solver_->has_model())
      return smaller(read_model(*solver_), bounded);
    if (answer != Answer::Unsat) {
      incomplete_.insert("the solver could not decide a path condition");
      return std::nullopt;
    }
    if (!has_input_blocks() || !solver_->assumption_needed()) return std::nullopt;
    return grow_blocks();
  }

  /// The inputs `a` the solver chose, or others for the same path whose scalars are all near
  /// zero or near a small constant of the program, when there are such: a recursion depth or a
  /// loop count of 5 runs before one of 2147483647 (which only meets the run's limits), and a
  /// counterexample with small values is easier to follow.
  std::optional<Assignment> smaller(Assignment a, const Term &bounded) {
    std::vector<Term> near;
    for (const auto &[name, s] : symbols_)
      if (s.term->sort == Sort::Int && !preferred(a.scalar(name)))
        near.push_back(near_small(s.term));
    if (near.empty() || out_of_budget()) return a;
    ++r_.solver_calls;
    Scope scope(*this);
    const Term prefer = mk_const("small-values!prefer", Sort::Bool);
    add(mk_implies(prefer, mk_and(bounded, mk_and(near))));
    const auto start = Clock::now();
    const Answer answer = check(prefer);
    if (debug_) debug_query(start, answer, "asking for smaller values");
    if (answer == Answer::Sat && solver_->has_model()) return read_model(*solver_);
    return a;
  }

  /// Within small_window of zero or of a small constant of the program (either sign).
  bool preferred(const BigInt &v) const {
    return std::ranges::any_of(small_constants_, [&](const BigInt &c) {
      return abs(v - c) <= small_window || abs(v + c) <= small_window;
    });
  }

  Term near_small(const Term &x) const {
    std::vector<Term> alts;
    for (const BigInt &c : small_constants_)
      for (const BigInt &centre : {c, BigInt(-c)})
        alts.push_back(mk_and(mk_le(mk_int(centre - small_window), x),
                              mk_le(x, mk_int(centre + small_window))));
    return mk_or(alts);
  }

  /// How near a preferred value is to zero or to a small constant; which constants are small.
  static constexpr long small_window = 16;
  static constexpr long small_constant = 256;

  static std::vector<BigInt> small_constants(const std::set<BigInt> &constants) {
    std::vector<BigInt> out;
    for (const BigInt &c : constants)
      if (c < small_constant && (out.empty() || c - out.back() > small_window)) out.push_back(c);
    return out;
  }

  /// No query runs past the search's backstop (and so past a diagnosis's --deadline).
  double query_timeout() const {
    const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
    return std::clamp(left, 0.01, o_.solver_timeout_s);
  }

  /// The negation just checked needs an input block longer than block_limit_ (a precondition
  /// `\valid(buf + (0 .. 11))`, a loop reading further than --max-block cells). Asked again with
  /// blocks up to block_cap_; the bound then grows to the next power of two that holds the
  /// lengths that answer chose (the new cells must hold values of their type: one more query),
  /// and stays grown for the rest of the search.
  std::optional<Assignment> grow_blocks() {
    const std::string longer = "a path needs an input block longer than " +
                               std::to_string(block_cap_) +
                               " cells (nothing in the program bounds its length)";
    if (block_limit_ >= block_cap_) {
      incomplete_.insert(longer);
      return std::nullopt;
    }
    size_t needed = 0;
    {
      const Answer answer = check_blocks(block_cap_, block_limit_);
      if (answer == Answer::Unsat && solver_->assumption_needed()) incomplete_.insert(longer);
      if (answer != Answer::Sat || !solver_->has_model()) return std::nullopt;
      for (const auto &[name, s] : symbols_)
        if (s.term->sort == Sort::Cells && !s.cells)
          needed = std::max(
              needed,
              size_t(std::clamp(solver_->eval_int(mk_const(name + "#len", Sort::Int)).value_or(0),
                                BigInt(0), BigInt(block_cap_))));
    }
    size_t wider = block_limit_ * 2;
    while (wider < needed)
      wider *= 2;
    // The new cells' types may rule out the lengths found: then the whole cap, once.
    for (size_t limit = std::min(wider, block_cap_);; limit = block_cap_) {
      const Answer answer = check_blocks(limit, limit);
      if (answer == Answer::Sat && solver_->has_model()) {
        block_limit_ = limit;
        return read_model(*solver_);
      }
      if (limit == block_cap_) break;
    }
    incomplete_.insert("the solver could not decide a path condition");
    return std::nullopt;
  }

  /// Checks the negation just added with input blocks of at most `limit` cells, whose cells up
  /// to `typed` hold values of their type (the model is read only when `typed` is `limit`).
  Answer check_blocks(size_t limit, size_t typed) {
    if (out_of_budget()) return Answer::Unknown;
    ++r_.solver_calls;
    Scope scope(*this);
    const Term bounded = mk_const("max-block!bound" + std::to_string(limit), Sort::Bool);
    for (const Term &t : block_bounds(limit))
      add(mk_implies(bounded, t));
    for (const Term &t : cell_ranges(block_limit_, typed))
      add(t);
    const auto start = Clock::now();
    const Answer answer = check(bounded);
    if (debug_) debug_query(start, answer, "blocks of " + std::to_string(limit) + " cells");
    return answer;
  }

  /// Input block lengths within `limit` cells (those nothing else fixes).
  std::vector<Term> block_bounds(size_t limit) const {
    std::vector<Term> d;
    for (const auto &[name, s] : symbols_)
      if (s.term->sort == Sort::Cells && !s.cells)
        d.push_back(mk_le(mk_const(name + "#len", Sort::Int), mk_int(BigInt(limit))));
    return d;
  }

  /// The cells from `from` to `to` (exclusive) of input blocks of unfixed length hold values of
  /// their type.
  std::vector<Term> cell_ranges(size_t from, size_t to) const {
    std::vector<Term> d;
    for (const auto &[name, s] : symbols_)
      if (s.term->sort == Sort::Cells && !s.cells && s.type.is_machine())
        for (size_t i = from; i < to; ++i)
          d.push_back(mk_in_range(s.type, mk_select(s.term, mk_int(BigInt(i)))));
    return d;
  }

  /// What every symbol's values must satisfy: their types.
  std::vector<Term> domain() const {
    std::vector<Term> d;
    for (const auto &[name, s] : symbols_) {
      scope_bounds(name, s, d);
      const bool machine = s.type.is_machine();
      if (s.term->sort != Sort::Cells) {
        if (machine) d.push_back(mk_in_range(s.type, s.term));
        continue;
      }
      size_t cells = s.cells.value_or(block_limit_);
      if (!s.cells) d.push_back(mk_le(mk_int(0), mk_const(name + "#len", Sort::Int)));
      if (machine)
        for (size_t i = 0; i < std::min<size_t>(cells, max_block_cap); ++i)
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
                         BigInt(block_limit_));
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

// Fitted to TRIAGE_DSE_STATS on the shared examples (weighted least squares of the CPU seconds
// of the 102 searches of `check_expected.py` and 62 of `triage dse --budget 1`, 2026-11-25:
// docs/benchmarks.md, "Step 18"). Counted work / CPU time: median 1.00, half of the searches
// between 0.88 and 1.14, nine in ten above 0.78: a search of S seconds of work does about what
// S seconds of wall-clock time allowed on the reference machine idle, and more under load. Most
// of a search's time is Z3's, but outside the units it counts: translating and asserting the
// path condition again at each visit, which the prices of decisions and assertions stand for.
// Term nodes and assertions in scope at a check were tried and explain nothing more (price 0).
const WorkRates work_rates{5e-5, 1e-7, 9e-6, 3.4e-6, 1.9e-5, 0, 0, 2e-8, 1.22};

ScopeDescription describe_scope(const ir::Program &p, const SmallScope &s) {
  const std::set<BigInt> constants = program_constants(p);
  ScopeDescription d{"arrays <= " + std::to_string(s.cells) + " cells, integers in [-" +
                         std::to_string(s.window) + ", " + std::to_string(s.window) + "]",
                     intervals_of(constants, s)};
  std::string near;
  if (s.near > 0)
    for (const BigInt &c : constants)
      if (c > s.window) near += (near.empty() ? "" : ", ") + ("±" + c.str());
  if (!near.empty()) d.text += " and within " + std::to_string(s.near) + " of " + near;
  return d;
}

Result explore(const ir::Program &p, const Options &opts) {
  const ir::Function *f = p.function(opts.function);
  if (!f || !f->body)
    throw ir::Error(ir::SrcLoc{p.file, 1, 1},
                    "no function with a body named '" + opts.function + "' to explore");
  // Its own solver contexts: what a search finds does not depend on what its thread asked the
  // solvers before (the same report for any -j).
  const solver::ContextScope scope;
  try {
    return Explorer(p, opts, *f).run();
  } catch (const solver::SolverUnavailable &e) {
    Result r; // nothing explored: incomplete, so no verdict rests on it
    r.incomplete_because.push_back(e.what());
    return r;
  }
}

} // namespace triage::dse
