// Z3 through its C++ API: translation of terms (memoised per node, so DAG sharing is kept), seed
// and resource limit ("rlimit") as solver parameters. Contexts and the watchdog of the time limit
// are z3_context.cpp's.
#include "solver/solver.hpp"
#include "solver/translation_memo.hpp"
#include "solver/z3_context.hpp"

#include <z3++.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace triage::solver {

using namespace triage::term;

namespace {

class Z3Backend final : public Backend {
public:
  Z3Backend() = default;
  Z3Backend(const Z3Backend &) = delete;
  Z3Backend &operator=(const Z3Backend &) = delete;
  // What refers to the context goes first; then the context back to the pool, if it is clean.
  ~Z3Backend() override {
    const bool clean = !interrupted_ && !stopped_ && !(reading_ && reading_->fired());
    reading_.reset();
    model_.reset();
    inc_.reset();
    stack_.clear();
    memo_.clear();
    funs_.clear();
    if (clean) ContextPool::give(std::move(owned_));
  }

  const char *name() const override { return "z3"; }

  void set_work(double work_s) override { rlimit_ = rlimit_of(work_s); }
  double last_work_s() const override { return double(last_units_) / kUnitsPerSecond; }

  Answer check(const std::vector<Term> &assertions, double timeout_s, unsigned seed) override {
    new_answer(timeout_s);
    if (stopped_) return Answer::Timeout;
    try {
      z3::solver s(ctx_);
      for (auto &a : assertions)
        s.add(tr(a));
      const Answer a = solve(s, timeout_s, seed);
      seeded_.erase(&s); // the next check's solver may get its address: it is not set up
      return a;
    } catch (const z3::exception &) {
      return Answer::Unknown;
    }
  }

  // Z3 4.8 pushes the scope and then throws ("push canceled") when a cancel flag is pending; the
  // scope is there all the same (its pop is due), but nothing checked in it can be trusted.
  void push() override {
    dropped_.push_back(false);
    stack_.emplace_back();
    try {
      incremental().push();
    } catch (const z3::exception &) {
      dropped_.back() = true;
    }
  }
  void pop() override {
    try {
      incremental().pop();
    } catch (const z3::exception &) {
      // Not seen (Z3 4.8 pops with a cancel flag pending); the bookkeeping stays in step anyway.
    }
    if (stack_.size() > 1) stack_.pop_back();
    if (!dropped_.empty()) dropped_.pop_back();
  }
  // An assertion Z3 refuses is not silently left out: the checks of its scope answer unknown.
  void add(const Term &t) override {
    try {
      const z3::expr e = tr(t);
      incremental().add(e);
      if (simplex_) stack_.back().push_back(e); // kept for the switch only
    } catch (const z3::exception &) {
      if (dropped_.empty()) dropped_.push_back(false);
      dropped_.back() = true;
    }
  }
  Answer check_added(double timeout_s, unsigned seed, const Term &assumption) override {
    new_answer(timeout_s);
    assumption_needed_ = true;
    if (std::find(dropped_.begin(), dropped_.end(), true) != dropped_.end()) return Answer::Unknown;
    try {
      z3::expr_vector assume(ctx_);
      if (assumption) assume.push_back(tr(assumption));
      // The simplex solver gives up on non-linear arithmetic (isqrt.c's y == r * r), unknown or
      // out of its work, where the default one decides: from the first such term translated
      // on, the default one, with what was added.
      if (simplex_ && nonlinear_) {
        simplex_ = false;
        rebuild_incremental();
      }
      const Answer a = solve(incremental(), timeout_s, seed, &assume);
      if (a == Answer::Unsat && assumption) {
        const z3::expr_vector core = incremental().unsat_core();
        assumption_needed_ = false;
        for (unsigned i = 0; i < core.size(); ++i)
          assumption_needed_ = assumption_needed_ || z3::eq(core[i], assume[0]);
      }
      return a;
    } catch (const z3::exception &) {
      return Answer::Unknown;
    }
  }
  bool assumption_needed() const override { return assumption_needed_; }

  Answer solve(z3::solver &s, double timeout_s, unsigned seed,
               const z3::expr_vector *assumptions = nullptr) {
    last_units_ = 0;
    try {
      // Setting parameters costs as much as a small check: only when they change.
      const std::pair<unsigned, unsigned> wanted{seed, rlimit_};
      if (auto it = seeded_.find(&s); it == seeded_.end() || it->second != wanted) {
        z3::params p(ctx_);
        p.set("random_seed", seed);
        p.set("rlimit", rlimit_);
        s.set(p);
        seeded_[&s] = wanted;
      }
      // Z3 4.8's own "timeout" parameter can deadlock its timer thread: a watchdog of ours
      // interrupts the context instead.
      if (const char *dump = std::getenv("TRIAGE_VC_DUMP")) // debugging aid: the query as SMT-LIB
        std::ofstream(dump, std::ios::app) << s.to_smt2() << "\n";
      const Spent spent(s, rlimit_ > 0);
      Watchdog dog(ctx_, timeout_s);
      z3::check_result res =
          assumptions && !assumptions->empty() ? s.check(*assumptions) : s.check();
      const bool fired = dog.stop();
      // A watchdog that fires as the check returns leaves its cancel flag pending, and Z3 4.8
      // cancels the next push with it (the incremental solver of dse); a check clears the flag.
      if (fired && inc_) z3::solver(ctx_).check();
      interrupted_ = interrupted_ || fired;
      timed_out_ = fired || stopped_;
      const Answer a = answer_of(s, res);
      last_units_ = spent.record(s, a);
      return a;
    } catch (const z3::exception &) {
      return Answer::Unknown;
    }
  }

  /// The answer of a check that returned `res`; the model (or candidate) kept.
  Answer answer_of(z3::solver &s, z3::check_result res) {
    switch (res) {
    case z3::unsat:
      return Answer::Unsat;
    case z3::sat:
      model_ = std::make_unique<z3::model>(s.get_model());
      return Answer::Sat;
    case z3::unknown:
      break;
    }
    const std::string why = s.reason_unknown();
    try {
      model_ = std::make_unique<z3::model>(s.get_model());
    } catch (const z3::exception &) {
      model_.reset();
    }
    if (timed_out_) return Answer::Timeout;
    if (why.find("resource limit") != std::string::npos) return Answer::ResourceOut;
    // Nothing but our watchdog and interrupt() cancels a check, and they set timed_out_: a
    // phase of Z3 that sees its resource limit reached reports a cancel too.
    if (why.find("canceled") != std::string::npos)
      return rlimit_ ? Answer::ResourceOut : Answer::Timeout;
    return why.find("timeout") != std::string::npos ? Answer::Timeout : Answer::Unknown;
  }

  void interrupt() override {
    stopped_ = true;
    ctx_.interrupt();
  }

  bool has_model() const override { return model_ != nullptr; }
  bool model_complete() const override { return !(reading_ && reading_->fired()); }

  std::optional<BigInt> eval_int(const Term &t) override {
    if (!model_) return std::nullopt;
    start_reading();
    try {
      z3::expr v = model_->eval(tr(t), true);
      if (!v.is_numeral()) return std::nullopt;
      return BigInt(v.get_decimal_string(0));
    } catch (const std::exception &) {
      return std::nullopt;
    }
  }

  std::optional<bool> eval_bool(const Term &t) override {
    if (!model_) return std::nullopt;
    start_reading();
    try {
      z3::expr v = model_->eval(tr(t), true);
      if (v.is_true()) return true;
      if (v.is_false()) return false;
    } catch (const z3::exception &) {
    }
    return std::nullopt;
  }

private:
  /// A new check: the previous model and the time bound of its reading go.
  void new_answer(double timeout_s) {
    reading_.reset();
    model_.reset();
    read_budget_s_ = std::max(1.0, timeout_s);
  }
  /// Model evaluation with completion can grow a term without bound (seen on one cell of a
  /// heap): all evaluations of one model share one watchdog, which interrupts the context.
  /// Not for the incremental solver (dse): its context goes on to push and add after reading,
  /// which an interrupt left pending would cancel; its models are of plain constants.
  void start_reading() {
    if (inc_) return;
    if (!reading_) reading_ = std::make_unique<Watchdog>(ctx_, read_budget_s_);
  }

  bool timed_out_ = false;
  std::atomic<bool> stopped_{false}; ///< interrupt() was called: checks answer timeout
  bool interrupted_ = false;         ///< a watchdog interrupted the context
  double read_budget_s_ = 1.0;
  unsigned rlimit_ = 0;     ///< set_work: 0 for no resource limit
  uint64_t last_units_ = 0; ///< the units the last check spent (counted when rlimit_ is set)
  std::unique_ptr<z3::context> owned_ = ContextPool::take();
  z3::context &ctx_ = *owned_;
  std::unique_ptr<z3::model> model_;
  std::unique_ptr<Watchdog> reading_; ///< bounds the reading of model_, from its first eval
  TranslationMemo<z3::expr> memo_;
  std::map<std::string, z3::func_decl> funs_;
  std::unique_ptr<z3::solver> inc_; ///< the solver of incremental use, made on first use
  std::map<const z3::solver *, std::pair<unsigned, unsigned>> seeded_; ///< seed, rlimit
  bool assumption_needed_ = true;
  std::vector<bool> dropped_; ///< per pushed scope: an assertion of it could not be added
  /// What the incremental solver holds, per scope (the first: before any push), to be added
  /// again to a solver of the other arithmetic (check_added).
  std::vector<std::vector<z3::expr>> stack_{1};
  bool simplex_ = true;    ///< the incremental solver's arithmetic: simplex, or Z3's default
  bool nonlinear_ = false; ///< a term translated is not linear (note_nonlinear)

  /// A product of two terms, or a quotient or remainder by a term, neither a literal: the
  /// simplex solver would give up on what it is asserted in (check_added).
  void note_nonlinear(const Term &t) {
    const bool by_literal = int_value(t->args[1]) || (t->op == Op::Mul && int_value(t->args[0]));
    if (!by_literal) nonlinear_ = true;
  }

  /// A new incremental solver (of the arithmetic simplex_ says) with what the old one held.
  void rebuild_incremental() {
    if (inc_) seeded_.erase(inc_.get());
    inc_.reset();
    z3::solver &s = incremental();
    for (size_t i = 0; i < stack_.size(); ++i) {
      if (i > 0) s.push();
      for (const auto &e : stack_[i])
        s.add(e);
    }
  }

  z3::solver &incremental() {
    if (!inc_) {
      inc_ = std::make_unique<z3::solver>(ctx_);
      if (!simplex_) return *inc_;
      // Z3 4.8's default arithmetic solver (lra) was seen to run for seconds, its resource
      // units not counted, on a check of the test generator's that the older one (simplex)
      // decides at once: upper_bound.c's unsigned midpoints after a thousand pushes and pops.
      // Replayed, the whole search took 0.8 s with it and never finished without it. Only
      // the incremental solver (dse) takes it, until it gives up on non-linear arithmetic
      // (check_added): proofs keep the default. It must be set before the solver's first
      // push, when its arithmetic is chosen.
      z3::params p(ctx_);
      p.set("arith.solver", 2u);
      inc_->set(p);
    }
    return *inc_;
  }

  z3::sort sort(Sort s) {
    switch (s) {
    case Sort::Bool:
      return ctx_.bool_sort();
    case Sort::Int:
      return ctx_.int_sort();
    case Sort::Cells:
      return ctx_.array_sort(ctx_.int_sort(), ctx_.int_sort());
    case Sort::Heap:
      return ctx_.array_sort(ctx_.int_sort(), ctx_.array_sort(ctx_.int_sort(), ctx_.int_sort()));
    }
    return ctx_.int_sort();
  }

  z3::expr tr(const Term &t) {
    if (const z3::expr *made = memo_.find(t)) return *made;
    z3::expr e = build(t);
    memo_.add(t, e);
    return e;
  }

  z3::expr_vector trs(const std::vector<Term> &ts) {
    z3::expr_vector v(ctx_);
    for (auto &a : ts)
      v.push_back(tr(a));
    return v;
  }

  z3::expr quant(const Term &t) {
    z3::expr_vector vars = trs(t->bound);
    z3::expr body = tr(t->args[0]);
    std::vector<Z3_app> vs(vars.size());
    for (unsigned i = 0; i < vars.size(); ++i)
      vs[i] = Z3_to_app(ctx_, vars[i]);
    std::vector<Z3_pattern> pats;
    for (auto &p : t->patterns) {
      z3::expr_vector pe = trs(p);
      std::vector<Z3_ast> ps(pe.size());
      for (unsigned i = 0; i < pe.size(); ++i)
        ps[i] = pe[i];
      pats.push_back(Z3_mk_pattern(ctx_, ps.size(), ps.data()));
    }
    Z3_ast r =
        t->op == Op::Forall
            ? Z3_mk_forall_const(ctx_, 0, vs.size(), vs.data(), pats.size(), pats.data(), body)
            : Z3_mk_exists_const(ctx_, 0, vs.size(), vs.data(), 0, nullptr, body);
    ctx_.check_error();
    return z3::expr(ctx_, r);
  }

  z3::expr build(const Term &t) {
    auto a = [&](size_t i) { return tr(t->args[i]); };
    switch (t->op) {
    case Op::Const:
    case Op::Bound:
      return ctx_.constant(t->name.c_str(), sort(t->sort));
    case Op::IntLit:
      return ctx_.int_val(t->value.str().c_str());
    case Op::BoolLit:
      return ctx_.bool_val(t->bval);
    case Op::Not:
      return !a(0);
    case Op::And:
      return z3::mk_and(trs(t->args));
    case Op::Or:
      return z3::mk_or(trs(t->args));
    case Op::Implies:
      return z3::implies(a(0), a(1));
    case Op::Eq:
      return a(0) == a(1);
    case Op::Ite:
      return z3::ite(a(0), a(1), a(2));
    case Op::Add:
      return a(0) + a(1);
    case Op::Sub:
      return a(0) - a(1);
    case Op::Mul:
      note_nonlinear(t);
      return a(0) * a(1);
    case Op::Neg:
      return -a(0);
    case Op::EDiv:
      note_nonlinear(t);
      return a(0) / a(1);
    case Op::EMod:
      note_nonlinear(t);
      return z3::mod(a(0), a(1));
    case Op::Lt:
      return a(0) < a(1);
    case Op::Le:
      return a(0) <= a(1);
    case Op::Select:
      return z3::select(a(0), a(1));
    case Op::Store:
      return z3::store(a(0), a(1), a(2));
    case Op::Forall:
    case Op::Exists:
      return quant(t);
    case Op::App: {
      auto it = funs_.find(t->name);
      if (it == funs_.end()) {
        z3::sort_vector dom(ctx_);
        for (auto &x : t->args)
          dom.push_back(sort(x->sort));
        it = funs_.emplace(t->name, ctx_.function(t->name.c_str(), dom, sort(t->sort))).first;
      }
      return it->second(trs(t->args));
    }
    }
    return ctx_.bool_val(true);
  }
};

} // namespace

std::unique_ptr<Backend> make_z3_backend() {
  // Some phases of Z3 4.8 neither see an interrupt nor stop growing (a query of ACSL by
  // Example's merge.c, docs/history.md, 2026-11-24): past this much memory, Z3 gives up (an
  // exception: the answer is unknown).
  static const bool capped = [] {
    z3::set_param("memory_max_size", std::to_string(kMemoryCapMb).c_str());
    return true;
  }();
  (void)capped;
  return std::make_unique<Z3Backend>();
}

} // namespace triage::solver
