// cvc5 through its C++ API: the same translation as for Z3, a fresh solver per query, the
// per-query time limit ("tlimit-per"), resource limit ("rlimit-per") and a fixed seed.
#include "solver/solver.hpp"
#include "solver/translation_memo.hpp"

#include <cvc5/cvc5.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>

namespace triage::solver {

using namespace triage::term;
namespace {

/// cvc5's resource units in a second of work of the reference machine (bench/calibrate_rlimit.py
/// and docs/prove.md: the units cvc5 1.0.3 spends per second of CPU on triage's queries).
constexpr double kUnitsPerSecond = 150000;

class Cvc5Backend final : public Backend {
public:
  const char *name() const override { return "cvc5"; }

  void set_work(double work_s) override { work_s_ = work_s; }

  Answer check(const std::vector<Term> &assertions, double timeout_s, unsigned seed) override {
    const auto wall0 = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_seconds();
    const Answer a = solve(assertions, timeout_s, seed);
    if (recording_checks())
      record_check("cvc5", a, units_used(), thread_cpu_seconds() - cpu0,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count());
    return a;
  }

  bool has_model() const override { return has_model_; }

  std::optional<BigInt> eval_int(const Term &t) override {
    if (!has_model_) return std::nullopt;
    try {
      cvc5::Term v = s_.getValue(tr(t));
      if (!v.isIntegerValue()) return std::nullopt;
      return BigInt(v.getIntegerValue());
    } catch (const std::exception &) {
      has_model_ = false;
      return std::nullopt;
    }
  }

  std::optional<bool> eval_bool(const Term &t) override {
    if (!has_model_) return std::nullopt;
    try {
      cvc5::Term v = s_.getValue(tr(t));
      if (v.isBooleanValue()) return v.getBooleanValue();
    } catch (const std::exception &) {
      has_model_ = false;
    }
    return std::nullopt;
  }

private:
  cvc5::Solver s_;
  bool has_model_ = false;
  double work_s_ = 0; ///< set_work: 0 for no resource limit
  TranslationMemo<cvc5::Term> memo_;
  std::map<std::string, cvc5::Term> consts_;
  std::map<std::string, cvc5::Term> funs_;

  Answer solve(const std::vector<Term> &assertions, double timeout_s, unsigned seed) {
    has_model_ = false;
    try {
      s_.setOption("produce-models", "true");
      // No warnings on standard error: a value it cannot give from a model of quantified
      // formulas ("Could not evaluate ... in getValue") is an exception here, handled below.
      s_.setOption("verbosity", "-1");
      s_.setOption("tlimit-per", std::to_string(static_cast<long>(timeout_s * 1000)));
      if (work_s_ > 0)
        s_.setOption("rlimit-per", std::to_string(static_cast<long>(work_s_ * kUnitsPerSecond)));
      s_.setOption("seed", std::to_string(seed));
      s_.setOption("sat-random-seed", std::to_string(seed));
      set_extra_options();
      s_.setLogic("ALL");
      for (auto &a : assertions)
        s_.assertFormula(tr(a));
      cvc5::Result r = s_.checkSat();
      if (r.isUnsat()) return Answer::Unsat;
      if (r.isSat()) {
        has_model_ = true;
        return Answer::Sat;
      }
      // An unknown answer may still carry a candidate model.
      has_model_ = true;
      switch (r.getUnknownExplanation()) {
      case cvc5::UnknownExplanation::TIMEOUT:
        return Answer::Timeout;
      case cvc5::UnknownExplanation::RESOURCEOUT:
        return Answer::ResourceOut;
      default:
        return Answer::Unknown;
      }
    } catch (const std::exception &) {
      return Answer::Unknown;
    }
  }

  /// The resource units the last check spent (an internal statistic of cvc5).
  uint64_t units_used() const {
    try {
      const cvc5::Stat st = s_.getStatistics().get("resource::resourceUnitsUsed");
      return st.isInt() ? uint64_t(st.getInt()) : 0;
    } catch (const std::exception &) {
      return 0;
    }
  }

  /// Debugging aid: TRIAGE_CVC5_OPTIONS="name=value,name=value" sets further cvc5 options, to
  /// try a solver setting on triage's own queries without rebuilding.
  void set_extra_options() {
    const char *env = std::getenv("TRIAGE_CVC5_OPTIONS");
    if (!env) return;
    std::istringstream options(env);
    for (std::string opt; std::getline(options, opt, ',');)
      if (const size_t eq = opt.find('='); eq != std::string::npos)
        s_.setOption(opt.substr(0, eq), opt.substr(eq + 1));
  }

  cvc5::Sort sort(Sort s) {
    switch (s) {
    case Sort::Bool:
      return s_.getBooleanSort();
    case Sort::Int:
      return s_.getIntegerSort();
    case Sort::Cells:
      return s_.mkArraySort(s_.getIntegerSort(), s_.getIntegerSort());
    case Sort::Heap:
      return s_.mkArraySort(s_.getIntegerSort(),
                            s_.mkArraySort(s_.getIntegerSort(), s_.getIntegerSort()));
    }
    return s_.getIntegerSort();
  }

  cvc5::Term tr(const Term &t) {
    if (const cvc5::Term *made = memo_.find(t)) return *made;
    cvc5::Term e = build(t);
    memo_.add(t, e);
    return e;
  }

  std::vector<cvc5::Term> trs(const std::vector<Term> &ts) {
    std::vector<cvc5::Term> v;
    for (auto &a : ts)
      v.push_back(tr(a));
    return v;
  }

  cvc5::Term named(std::map<std::string, cvc5::Term> &table, const Term &t, bool bound) {
    auto it = table.find(t->name);
    if (it != table.end()) return it->second;
    cvc5::Term c = bound ? s_.mkVar(sort(t->sort), t->name) : s_.mkConst(sort(t->sort), t->name);
    table.emplace(t->name, c);
    return c;
  }

  cvc5::Term build(const Term &t) {
    using K = cvc5::Kind;
    auto k = [&](K kind) { return s_.mkTerm(kind, trs(t->args)); };
    switch (t->op) {
    case Op::Const:
      return named(consts_, t, false);
    case Op::Bound:
      return named(bound_, t, true);
    case Op::IntLit:
      return s_.mkInteger(t->value.str());
    case Op::BoolLit:
      return s_.mkBoolean(t->bval);
    case Op::Not:
      return k(K::NOT);
    case Op::And:
      return k(K::AND);
    case Op::Or:
      return k(K::OR);
    case Op::Implies:
      return k(K::IMPLIES);
    case Op::Eq:
      return k(K::EQUAL);
    case Op::Ite:
      return k(K::ITE);
    case Op::Add:
      return k(K::ADD);
    case Op::Sub:
      return k(K::SUB);
    case Op::Mul:
      return k(K::MULT);
    case Op::Neg:
      return k(K::NEG);
    case Op::EDiv:
      return k(K::INTS_DIVISION);
    case Op::EMod:
      return k(K::INTS_MODULUS);
    case Op::Lt:
      return k(K::LT);
    case Op::Le:
      return k(K::LEQ);
    case Op::Select:
      return k(K::SELECT);
    case Op::Store:
      return k(K::STORE);
    case Op::Forall:
    case Op::Exists: {
      std::vector<cvc5::Term> children{s_.mkTerm(K::VARIABLE_LIST, trs(t->bound)), tr(t->args[0])};
      if (!t->patterns.empty()) {
        std::vector<cvc5::Term> pats;
        for (auto &p : t->patterns)
          pats.push_back(s_.mkTerm(K::INST_PATTERN, trs(p)));
        children.push_back(s_.mkTerm(K::INST_PATTERN_LIST, pats));
      }
      return s_.mkTerm(t->op == Op::Forall ? K::FORALL : K::EXISTS, children);
    }
    case Op::App: {
      auto it = funs_.find(t->name);
      if (it == funs_.end()) {
        std::vector<cvc5::Sort> dom;
        for (auto &x : t->args)
          dom.push_back(sort(x->sort));
        cvc5::Term f = dom.empty() ? s_.mkConst(sort(t->sort), t->name)
                                   : s_.mkConst(s_.mkFunctionSort(dom, sort(t->sort)), t->name);
        it = funs_.emplace(t->name, f).first;
      }
      if (t->args.empty()) return it->second;
      std::vector<cvc5::Term> args{it->second};
      for (auto &a : t->args)
        args.push_back(tr(a));
      return s_.mkTerm(K::APPLY_UF, args);
    }
    }
    return s_.mkBoolean(true);
  }

  std::map<std::string, cvc5::Term> bound_;
};

} // namespace

std::unique_ptr<Backend> make_cvc5_backend() {
  return std::make_unique<Cvc5Backend>();
}

} // namespace triage::solver
