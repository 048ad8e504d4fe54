// Unit tests of vcgen: C arithmetic in terms, both solver back ends (answers, models, time
// limits), and the Session API that classify uses (results, counterexamples, further models).
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "solver/solver.hpp"
#include "term/term.hpp"
#include "vcgen/prove.hpp"

#include <gtest/gtest.h>

#include <chrono>

using namespace triage;
using namespace triage::vcgen;
using namespace triage::term;
using namespace triage::solver;

namespace {

std::vector<std::unique_ptr<Backend>> both() {
  std::vector<std::unique_ptr<Backend>> v;
  v.push_back(make_z3_backend());
  v.push_back(make_cvc5_backend());
  return v;
}

ir::Program load(const std::string &text) {
  ir::Program p = ir::parse_text(text, "test.ivl");
  ir::typecheck(p);
  return p;
}

/// x^3 + y^3 = z^3 in positive integers: no solver settles it.
std::vector<Term> fermat3() {
  Term x = mk_const("x", Sort::Int), y = mk_const("y", Sort::Int), z = mk_const("z", Sort::Int);
  auto cube = [](const Term &t) { return mk_mul(t, mk_mul(t, t)); };
  return {mk_lt(mk_int(0), x), mk_lt(mk_int(0), y), mk_lt(mk_int(0), z),
          mk_eq(mk_add(cube(x), cube(y)), cube(z))};
}

TEST(Terms, CDivisionTruncatesTowardZero) {
  // (a, b, a / b, a % b) as in C.
  const int cases[][4] = {{7, 2, 3, 1},    {-7, 2, -3, -1}, {7, -2, -3, 1},
                          {-7, -2, 3, -1}, {0, 5, 0, 0},    {-1, 3, 0, -1}};
  for (auto &c : cases) {
    Term a = mk_const("a", Sort::Int), b = mk_const("b", Sort::Int);
    std::vector<Term> q{
        mk_eq(a, mk_int(c[0])), mk_eq(b, mk_int(c[1])),
        mk_not(mk_and(mk_eq(mk_tdiv(a, b), mk_int(c[2])), mk_eq(mk_tmod(a, b), mk_int(c[3]))))};
    for (auto &s : both())
      EXPECT_EQ(s->check(q, 5, 0), Answer::Unsat) << s->name() << " " << c[0] << "/" << c[1];
    // Folding of constants agrees.
    EXPECT_EQ(*int_value(mk_tdiv(mk_int(c[0]), mk_int(c[1]))), c[2]);
    EXPECT_EQ(*int_value(mk_tmod(mk_int(c[0]), mk_int(c[1]))), c[3]);
  }
}

/// The concolic shadow's tight forms (term::mk_wrap_tight, mk_tdiv_tight) equal the plain ones
/// wherever the inputs lie in their types' ranges: Z3 finds no input telling them apart (on 8
/// bits: on 32, Z3 4.8 runs out of ten seconds on `x == x mod 2^32` itself for x within the
/// range, what the forms spare the test generator; cvc5, in logic ALL, answers unknown on
/// either), and the forms are the cheaper ones where the intervals allow.
TEST(Terms, TightWrapAgreesWithWrap) {
  for (const auto &[bits, is_signed] :
       {std::pair{32, false}, std::pair{8, false}, std::pair{8, true}}) {
    const ir::Type t = ir::Type::machine(bits, is_signed);
    Term x = mk_const("x", Sort::Int), y = mk_const("y", Sort::Int);
    const RangeOf ranges = [&](const std::string &) {
      return std::optional(Interval{t.min_value(), t.max_value()});
    };
    const Term two = mk_int(2);
    const std::vector<Term> values{
        x,
        mk_sub(x, y),
        mk_add(x, y),
        mk_add(mk_tdiv_tight(mk_wrap_tight(t, mk_sub(x, y), ranges), two, ranges), mk_int(1)),
        mk_mul(x, y), // no interval: the plain wrap
        mk_add(mk_wrap_tight(t, mk_sub(x, y), ranges), mk_wrap_tight(t, mk_sub(y, x), ranges))};
    for (const Term &v : values) {
      const Term tight = mk_wrap_tight(t, v, ranges), plain = mk_wrap(t, v);
      std::vector<Term> q{mk_in_range(t, x), mk_in_range(t, y), mk_not(mk_eq(tight, plain))};
      std::vector<std::unique_ptr<Backend>> solvers;
      if (bits == 8) solvers.push_back(make_z3_backend()); // see above
      for (auto &s : solvers)
        EXPECT_EQ(s->check(q, 10, 0), Answer::Unsat) << s->name() << " " << to_string(v);
      const Term div = mk_tdiv_tight(tight, two, ranges), mod = mk_tmod_tight(tight, two, ranges);
      q.back() = mk_not(mk_and(mk_eq(div, mk_tdiv(plain, two)), mk_eq(mod, mk_tmod(plain, two))));
      for (auto &s : solvers)
        EXPECT_EQ(s->check(q, 10, 0), Answer::Unsat) << s->name() << " " << to_string(v);
    }
    // What the forms buy: no remainder for a value within the range or one modulus from it.
    EXPECT_EQ(mk_wrap_tight(t, x, ranges), x);
    EXPECT_NE(mk_wrap_tight(t, mk_sub(x, y), ranges)->op, Op::EMod);
    EXPECT_EQ(mk_wrap_tight(t, mk_mul(x, y), ranges)->op, mk_wrap(t, mk_mul(x, y))->op);
  }
  const auto i = interval_of(mk_ediv(mk_emod(mk_const("n", Sort::Int), mk_int(10)), mk_int(3)));
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->lo, BigInt(0));
  EXPECT_EQ(i->hi, BigInt(3));
  EXPECT_FALSE(interval_of(mk_const("n", Sort::Int)).has_value()); // no range given
}

TEST(Backends, SatModelsAreReadBack) {
  Term x = mk_const("x", Sort::Int);
  Term h = mk_const("h", Sort::Heap);
  Term cell = mk_select(mk_select(h, mk_int(3)), x);
  std::vector<Term> q{mk_lt(mk_int(10), x), mk_lt(x, mk_int(12)), mk_eq(cell, mk_int(-5))};
  for (auto &s : both()) {
    ASSERT_EQ(s->check(q, 5, 0), Answer::Sat) << s->name();
    EXPECT_EQ(s->eval_int(x), BigInt(11)) << s->name();
    // A term built after the check, never seen by the solver before.
    EXPECT_EQ(s->eval_int(mk_select(mk_select(h, mk_int(3)), mk_int(11))), BigInt(-5));
    EXPECT_EQ(s->eval_bool(mk_lt(x, mk_int(0))), false);
  }
}

TEST(Backends, QuantifiedUnsat) {
  Term i = mk_bound("i", Sort::Int);
  Term a = mk_const("arr", Sort::Cells);
  Term all_pos = mk_forall({i}, mk_lt(mk_int(0), mk_select(a, i)));
  std::vector<Term> q{all_pos, mk_le(mk_select(a, mk_int(7)), mk_int(0))};
  for (auto &s : both())
    EXPECT_EQ(s->check(q, 5, 0), Answer::Unsat) << s->name();
}

TEST(Backends, TimeLimitIsEnforced) {
  // x^3 + y^3 = z^3 in positive integers: no solver settles it quickly.
  const std::vector<Term> q = fermat3();
  for (auto &s : both()) {
    auto t0 = std::chrono::steady_clock::now();
    Answer a = s->check(q, 0.3, 0);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_NE(a, Answer::Unsat) << s->name();
    EXPECT_LT(secs, 3.0) << s->name();
  }
}

// A limit of work ends a check as a limit of time does, and says so: the report of a goal tells
// which limit ended its attempt (answer "resource_limit" or "timeout").
TEST(Backends, WorkLimitIsEnforcedAndReported) {
  const std::vector<Term> q = fermat3();
  for (auto &s : both()) {
    s->set_work(0.05);
    auto t0 = std::chrono::steady_clock::now();
    // A backstop far beyond the work: the work ends the check.
    Answer a = s->check(q, 60, 0);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(a, Answer::ResourceOut) << s->name();
    EXPECT_LT(secs, 30.0) << s->name();
  }
  for (auto &s : both()) {
    Answer a = s->check(q, 0.3, 0); // no work limit: the time ends it
    EXPECT_EQ(a, Answer::Timeout) << s->name();
  }
  EXPECT_STREQ(answer_name(Answer::ResourceOut), "resource_limit");
}

// The same work gives the same answer: a query decided within a work limit is decided however
// long the check took.
TEST(Backends, WorkLimitDecidesTheSameAcrossRuns) {
  Term i = mk_bound("i", Sort::Int);
  Term a = mk_const("arr", Sort::Cells);
  Term all_pos = mk_forall({i}, mk_lt(mk_int(0), mk_select(a, i)));
  std::vector<Term> q{all_pos, mk_le(mk_select(a, mk_int(7)), mk_int(0))};
  for (int run = 0; run < 3; ++run)
    for (auto &s : both()) {
      s->set_work(2);
      EXPECT_EQ(s->check(q, 60, 0), Answer::Unsat) << s->name();
    }
}

// The incremental use of dse: a check its time limit ends, or an interrupt between two calls
// (Z3 4.8 then throws "push canceled" from the next push), must neither throw nor poison the
// scopes that follow.
TEST(Backends, IncrementalSolverOutlivesTimeoutsAndInterrupts) {
  Term x = mk_const("x", Sort::Int), y = mk_const("y", Sort::Int), z = mk_const("z", Sort::Int);
  auto cube = [](const Term &t) { return mk_mul(t, mk_mul(t, t)); };
  auto s = make_z3_backend();
  s->add(mk_lt(mk_int(0), x));
  for (double limit : {0.01, 0.02, 0.05, 0.1}) {
    s->push();
    s->add(mk_lt(mk_int(0), y));
    s->add(mk_lt(mk_int(0), z));
    s->add(mk_eq(mk_add(cube(x), cube(y)), cube(z)));
    EXPECT_NE(s->check_added(limit, 0), Answer::Unsat);
    s->pop();
    s->push();
    s->add(mk_eq(x, mk_int(3)));
    ASSERT_EQ(s->check_added(5, 0), Answer::Sat) << "after a check limited to " << limit << " s";
    EXPECT_EQ(s->eval_int(x), BigInt(3));
    s->pop();
  }
  s->interrupt();
  s->push();
  s->add(mk_eq(x, mk_int(4)));
  EXPECT_NE(s->check_added(5, 0), Answer::Unsat);
  s->pop();
}

const char *kCounter = R"(
fun f(x: int32, t: ptr int32, n: int32): int32
  requires { 0 <= x <= 100 && 1 <= n <= 4 && valid(t + (0 .. n - 1)) }
  ensures { result <> 42 }
{
  if t[0] = 7 {
    return x;
  }
  return 0;
}
)";

// A goal no solver decides reports the limit that ended its attempts: its work by default (the
// backstop far off), its time when the work is not bounded (ProveOptions::work_s = 0).
TEST(Session, UndecidedGoalSaysWhichLimitEndedIt) {
  const ir::Program p = load(R"(
fun fermat(x: int32, y: int32, z: int32): int32
  requires { 0 < x && 0 < y && 0 < z }
  ensures { x * x * x + y * y * y <> z * z * z }
{
  return 0;
}
)");
  auto answer = [&](double work_s, double timeout_s) {
    ProveOptions o;
    o.work_s = work_s;
    o.timeout_s = timeout_s;
    o.rte = false;
    Session s(p, o);
    const std::vector<GoalResult> r = s.prove_all();
    EXPECT_EQ(r.size(), 1u);
    EXPECT_EQ(r.at(0).status, Status::Failed);
    return goal_answer_name(r.at(0).answer);
  };
  EXPECT_STREQ(answer(0.1, 60), "resource_limit");
  EXPECT_STREQ(answer(0, 0.3), "timeout");
}

TEST(Session, GoalsLeftOutByOnlyAreNotRunAndTheOthersAnswerAsBefore) {
  ir::Program p = load(kCounter);
  const auto all = Session(p, ProveOptions{}).prove_all();
  ProveOptions o;
  o.only = [](const ir::GoalRef &g) { return g.kind == ir::GoalKind::Postcondition; };
  const auto some = Session(p, o).prove_all();
  ASSERT_EQ(some.size(), all.size());
  size_t asked = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(some[i].goal, all[i].goal);
    if (some[i].goal.kind == ir::GoalKind::Postcondition) {
      ++asked;
      EXPECT_EQ(some[i].status, all[i].status);
      EXPECT_EQ(some[i].answer, all[i].answer);
    } else {
      EXPECT_EQ(some[i].status, Status::Failed);
      EXPECT_EQ(some[i].answer, GoalAnswer::NotRun);
      EXPECT_FALSE(some[i].model);
    }
  }
  EXPECT_EQ(asked, 1u);
  EXPECT_GT(all.size(), asked); // goals were left out
}

// With stop_at_failure the first failure in program order ends the proof: the goals before it
// are proved, it fails as it would alone, and every goal after it is reported not run, at any
// -j, even the undecided one that would have spent its whole work (stopped while running, or
// never started, as the timing has it).
TEST(Session, TheFirstFailureEndsTheProofTheSameWayAtAnyJobs) {
  const ir::Program p = load(R"(
fun g(x: int32, a: int32, b: int32, c: int32): int32
  requires { 0 <= x <= 100 && 0 < a && 0 < b && 0 < c }
{
  assert { x >= 0 };
  assert { x < 50 };
  assert { a * a * a + b * b * b <> c * c * c };
  assert { x <= 100 };
  return 0;
}
)");
  auto prove = [&](int jobs, bool stop) {
    ProveOptions o;
    o.rte = false;
    o.work_s = 1;
    o.jobs = jobs;
    o.models = false;
    o.stop_at_failure = stop;
    return Session(p, o).prove_all();
  };
  const auto alone = prove(1, false);
  ASSERT_EQ(alone.size(), 4u);
  EXPECT_EQ(alone[1].answer, GoalAnswer::Sat);
  EXPECT_EQ(alone[3].status, Status::Proved);
  EXPECT_EQ(alone[2].answer, GoalAnswer::ResourceLimit); // undecided: it spends all its work
  for (const int jobs : {1, 2}) {
    const auto r = prove(jobs, true);
    ASSERT_EQ(r.size(), 4u);
    EXPECT_EQ(r[0].status, Status::Proved) << jobs;
    EXPECT_EQ(r[1].status, Status::Failed) << jobs;
    EXPECT_EQ(r[1].answer, GoalAnswer::Sat) << jobs;
    for (size_t i : {2u, 3u}) {
      EXPECT_EQ(r[i].goal, alone[i].goal);
      EXPECT_EQ(r[i].status, Status::Failed) << jobs;
      EXPECT_EQ(r[i].answer, GoalAnswer::NotRun) << jobs;
    }
  }
}

TEST(Session, FailedGoalHasReplayableCounterexample) {
  ir::Program p = load(kCounter);
  Session s(p, ProveOptions{});
  auto results = s.prove_all();
  size_t post = results.size();
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].goal.kind == ir::GoalKind::Postcondition) post = i;
  ASSERT_LT(post, results.size());
  const GoalResult &r = results[post];
  EXPECT_EQ(r.status, Status::Failed);
  EXPECT_EQ(r.answer, GoalAnswer::Sat);
  EXPECT_EQ(r.goal.annot_id, "f.ensures1");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->function, "f");
  ASSERT_TRUE(r.model->input("x") && r.model->input("t") && r.model->input("n"));
  EXPECT_EQ(r.model->input("x")->integer(), BigInt(42));
  const ir::Json &t = *r.model->input("t");
  ASSERT_TRUE(t.is_array());
  ASSERT_FALSE(t.as_array().empty());
  EXPECT_EQ(t.as_array()[0].integer(), BigInt(7));
  auto n = r.model->input("n")->integer();
  ASSERT_TRUE(n);
  EXPECT_LE(*n, BigInt(t.as_array().size())); // the block is long enough for the precondition
  for (size_t i = 0; i < results.size(); ++i) {
    if (i != post) {
      EXPECT_EQ(results[i].status, Status::Proved) << ir::goal_kind_name(results[i].goal.kind);
    }
  }

  // Another model with different inputs, then none once it is excluded too.
  auto other = s.another_model(post, Prover::Z3, 1, {*r.model});
  ASSERT_TRUE(other);
  EXPECT_EQ(other->input("x")->integer(), BigInt(42));
  EXPECT_NE(other->to_json().dump(), r.model->to_json().dump());
}

TEST(Session, SubcontractOutputsNameTheWrittenLocations) {
  ir::Program p = load(R"(
global g: int32
fun h(q: ptr int32): int32
  requires { valid(q) }
  writes { *q, g }
  ensures { result >= 0 }

fun f(q: ptr int32): int32
  requires { valid(q) }
  writes { *q, g }
  ensures { result < 1000 }
{
  var r: int32;
  r := call h(q);
  return r;
}
)");
  ProveOptions o;
  o.function = "f";
  Session s(p, o);
  auto results = s.prove_all();
  const GoalResult *post = nullptr;
  for (auto &r : results)
    if (r.goal.kind == ir::GoalKind::Postcondition) post = &r;
  ASSERT_TRUE(post && post->model);
  ASSERT_EQ(post->model->outputs.size(), 1u);
  const ir::SubcontractOutput &out = post->model->outputs[0];
  EXPECT_EQ(out.subcontract, "h");
  EXPECT_EQ(out.line, 14);
  ASSERT_TRUE(out.value("result") && out.value("g") && out.value("q"));
  EXPECT_GE(*out.value("result")->integer(), BigInt(1000));
  EXPECT_TRUE(out.value("q")->is_array());
}

TEST(Session, LemmasAreGoalsAndHypotheses) {
  ir::Program p = load(R"(
function sq(x: int): int = x * x
lemma #sq_pos { forall x: int. sq(x) >= 0 }
lemma #bad { forall x: int. sq(x) > x }
fun f(x: int32): int32
  requires { -10 <= x <= 10 }
  ensures { result >= 0 }
{
  return x * x;
}
)");
  Session s(p, ProveOptions{});
  auto results = s.prove_all();
  ASSERT_GE(results.size(), 3u);
  EXPECT_EQ(results[0].goal.kind, ir::GoalKind::Lemma);
  EXPECT_EQ(results[0].goal.annot_id, "sq_pos");
  EXPECT_EQ(results[0].status, Status::Proved);
  EXPECT_EQ(results[1].goal.annot_id, "bad");
  EXPECT_EQ(results[1].status, Status::Failed);
  EXPECT_EQ(results[1].goal.function, "-");
}

/// A one-state lemma the definition alone proves only by induction, and a postcondition that
/// needs it: the attempt without lemmas fails, the one with them proves it.
const char *sum_nonneg = R"(
function sum(n: int): int = if n <= 0 then 0 else n + sum(n - 1)
lemma #sum_nonneg { forall n: int. sum(n) >= 0 }
)";
const char *post_needs_sum_nonneg = R"(
fun h(n: int32): int32
  ensures { sum(n) >= 0 }
{
  return 0;
}
)";

/// The postcondition's result of a proof of `p` (a default result when it has none).
GoalResult post_of(const ir::Program &p, const ProveOptions &o) {
  const auto results = Session(p, o).prove_all();
  const auto it = std::find_if(results.begin(), results.end(), [](const GoalResult &r) {
    return r.goal.kind == ir::GoalKind::Postcondition;
  });
  return it == results.end() ? GoalResult{} : *it;
}

/// Expects `r` proved, by the attempt `with`.
void expect_proved_with(const GoalResult &r, Lemmas with) {
  ASSERT_EQ(r.status, Status::Proved);
  ASSERT_TRUE(r.recipe);
  EXPECT_EQ(r.recipe->property, with);
}

TEST(Session, ProvedGoalSaysWhichAttemptProvedItAndARecipeMakesThatOneAlone) {
  // The postcondition needs the lemma (the definition alone needs induction): the attempt
  // without lemmas fails, the one with them proves it, and the result says so.
  ir::Program p = load(std::string(sum_nonneg) + post_needs_sum_nonneg);
  ProveOptions o;
  o.work_s = 0.3;
  expect_proved_with(post_of(p, o), Lemmas::SingleState);

  // The recipe of the same goal is followed: the attempt it names, and no other.
  o.recipe = [](const ir::GoalRef &) { return ProofRecipe{Lemmas::SingleState, std::nullopt}; };
  EXPECT_EQ(post_of(p, o).status, Status::Proved);
  o.recipe = [](const ir::GoalRef &) { return ProofRecipe{Lemmas::None, std::nullopt}; };
  const GoalResult without = post_of(p, o);
  EXPECT_EQ(without.status, Status::Failed);
  EXPECT_FALSE(without.recipe);
  // No recipe for a goal: every attempt, as without the option.
  o.recipe = [](const ir::GoalRef &) { return std::optional<ProofRecipe>{}; };
  EXPECT_EQ(post_of(p, o).status, Status::Proved);
}

TEST(Session, WithoutTheOneStateAttemptALemmaGoalIsProvedWithAllLemmas) {
  // The postcondition needs the one-state lemma; a lemma over two states makes a third attempt.
  // An invariant search leaves out the middle one: the goal is then proved with every lemma,
  // and its recipe says so. A recipe naming the one-state attempt is still followed.
  ir::Program p = load(std::string(sum_nonneg) + R"(
function first(t: ptr int32): int = t[0]
lemma{K, L} #first_same { forall t: ptr int32. t[0] = at(t[0], L) -> first(t) = at(first(t), L) }
)" + post_needs_sum_nonneg);
  ProveOptions o;
  o.work_s = 0.3;
  expect_proved_with(post_of(p, o), Lemmas::SingleState);

  o.one_state_attempt = false;
  expect_proved_with(post_of(p, o), Lemmas::All);

  o.recipe = [](const ir::GoalRef &) { return ProofRecipe{Lemmas::SingleState, std::nullopt}; };
  expect_proved_with(post_of(p, o), Lemmas::SingleState);
}

TEST(Session, PointerInputsDoNotPointIntoGlobalArraysWhoseAddressNeverEscapes) {
  // As under Frama-C WP: t is only indexed, so p cannot point into it and *p keeps its 1.
  // (tests/vcgen/soundness/alias_escaping_global_bad.ivl: once t escapes, this fails.)
  ir::Program p = load(R"(
global t: int32[4]
fun f(p: ptr int32)
  requires { valid(p) }
  writes { *p, t[0] }
  ensures { *p = 1 && t[0] = 2 }
{
  *p := 1;
  t[0] := 2;
}
)");
  Session s(p, ProveOptions{});
  for (const auto &r : s.prove_all())
    EXPECT_EQ(r.status, Status::Proved) << ir::goal_kind_name(r.goal.kind);
}

} // namespace

namespace {

/// After the loop, i = n when n > 10, and only n <= i <= n + 5 otherwise: the assertion fails
/// for every state the invariant allows from n > 10, not from n <= 10.
const char *pinned_above_ten = R"(
fun f(n: int32): int32
  requires { 0 <= n && n <= 100 }
{
  var i: int32 = 0;
  while i < n
    invariant { 0 <= i && i <= n + 5 && (n > 10 -> i <= n) }
    writes { i }
  {
    i := i + 1;
  }
  assert { i <> n }
  return i;
}
)";

/// The result of goal `kind` and its index in the session's order.
size_t goal_index(const std::vector<GoalResult> &results, ir::GoalKind kind) {
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].goal.kind == kind) return i;
  return results.size();
}

ir::Counterexample input_n(int n) {
  ir::Counterexample cx;
  cx.function = "f";
  cx.inputs.emplace_back("n", ir::Json(long(n)));
  return cx;
}

} // namespace

TEST(Session, EveryOutputFailsFromSomeInputsOnlyAndTheQuantifiedQueryFindsThem) {
  const ir::Program p = load(pinned_above_ten);
  Session s(p, ProveOptions{});
  const auto results = s.prove_all();
  const size_t a = goal_index(results, ir::GoalKind::Assertion);
  ASSERT_LT(a, results.size());
  ASSERT_EQ(results[a].status, Status::Failed);
  // Formula (2) from given inputs: valid from n = 50, not from n = 3 (i = 4 satisfies it).
  EXPECT_EQ(s.fails_for_every_output(a, input_n(50)), std::optional<bool>(true));
  EXPECT_EQ(s.fails_for_every_output(a, input_n(3)), std::optional<bool>(false));
  // Exists inputs, for all outputs: the query proposes some n > 10, which the check confirms.
  const std::optional<ir::Counterexample> found = s.inputs_failing_for_every_output(a);
  ASSERT_TRUE(found);
  const ir::Json *n = found->input("n");
  ASSERT_TRUE(n && n->integer());
  EXPECT_GT(*n->integer(), BigInt(10));
  EXPECT_LE(*n->integer(), BigInt(100));
  EXPECT_EQ(s.fails_for_every_output(a, *found), std::optional<bool>(true));
}
