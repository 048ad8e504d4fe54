// The portfolio race: both solvers at once, cvc5 in a child process. What a user relies on: the
// same answers as either solver alone, a model that comes back from the child, the loser
// stopped (no solver process outlives its race), and no race longer than its time limit.
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "vcgen/child_process.hpp"
#include "vcgen/logic.hpp"
#include "vcgen/portfolio.hpp"
#include "vcgen/vc.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>

using namespace triage;
using namespace triage::vcgen;

namespace {

const std::vector<Prover> kBoth{Prover::Cvc5, Prover::Z3};

// f's postcondition fails (t[0] = 7 and x = 42: 49); g's holds.
const char *kProgram = R"(
fun f(x: int32, t: ptr int32, n: int32): int32
  requires { 0 <= x <= 100 && 1 <= n <= 4 && valid(t + (0 .. n - 1)) }
  ensures { result <> 49 }
{
  var r: int32;
  r := 0;
  if t[0] = 7 {
    r := x + t[0];
  }
  return r;
}
fun g(x: int32): int32
  requires { 0 <= x <= 100 }
  ensures { result >= x }
{
  return x + 1;
}
)";

struct Goals {
  ir::Program prog;
  std::vector<GoalVC> vcs;
  explicit Goals(const char *text) : prog(ir::parse_text(text, "race.ivl")) {
    ir::typecheck(prog);
    vcs = generate_vcs(prog, VcOptions{});
  }
  const GoalVC &post(const std::string &fun) const {
    for (const auto &vc : vcs)
      if (vc.ref.kind == ir::GoalKind::Postcondition && vc.ref.function == fun) return vc;
    throw std::runtime_error("no postcondition goal of " + fun);
  }
};

std::vector<Term> negated(const GoalVC &vc) {
  std::vector<Term> q = vc.hyps;
  q.push_back(mk_not(vc.obligation));
  return q;
}

/// x^3 + y^3 = z^3 in positive integers: no solver settles it.
std::vector<Term> fermat3() {
  Term x = mk_const("x", Sort::Int), y = mk_const("y", Sort::Int), z = mk_const("z", Sort::Int);
  auto cube = [](const Term &t) { return mk_mul(t, mk_mul(t, t)); };
  return {mk_lt(mk_int(0), x), mk_lt(mk_int(0), y), mk_lt(mk_int(0), z),
          mk_eq(mk_add(cube(x), cube(y)), cube(z))};
}

/// No child process is left over: every race reaps the solver it started.
bool no_children_left() {
  return ::waitpid(-1, nullptr, WNOHANG) < 0 && errno == ECHILD;
}

TEST(Portfolio, RaceProvesWhatBothProve) {
  Goals g(kProgram);
  const GoalVC &vc = g.post("g");
  for (double quick : {0.0, 0.2}) {
    Outcome o = race(negated(vc), kBoth, 5, 0, vc, quick);
    EXPECT_EQ(o.answer, Answer::Unsat) << "quick " << quick;
    EXPECT_TRUE(o.undecided.empty());
  }
  EXPECT_TRUE(no_children_left());
}

TEST(Portfolio, ModelOfTheWinnerComesBackFromEitherSide) {
  Goals g(kProgram);
  const GoalVC &vc = g.post("f");
  // quick 0: the race starts at once, and its winner may be the child (cvc5) or Z3 here.
  for (unsigned seed : {0u, 1u, 2u}) {
    Outcome o = race(negated(vc), kBoth, 5, seed, vc, 0.0);
    ASSERT_EQ(o.answer, Answer::Sat) << prover_name(o.prover);
    auto cx = o.model.read(vc);
    ASSERT_TRUE(cx) << prover_name(o.prover);
    EXPECT_EQ(cx->function, "f");
    ASSERT_TRUE(cx->input("x"));
    EXPECT_EQ(cx->input("x")->integer(), BigInt(42)) << prover_name(o.prover);
    const ir::Json *t = cx->input("t");
    ASSERT_TRUE(t && t->is_array() && !t->as_array().empty());
    EXPECT_EQ(t->as_array()[0].integer(), BigInt(7));
  }
  EXPECT_TRUE(no_children_left());
}

TEST(Portfolio, UndecidedRaceEndsWithinItsTimeLimit) {
  // x^3 + y^3 = z^3 in positive integers: neither solver settles it.
  Goals g(kProgram);
  const std::vector<Term> q = fermat3();
  const auto t0 = std::chrono::steady_clock::now();
  Outcome o = race(q, kBoth, 0.5, 0, g.post("f"), 0.1);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_NE(o.answer, Answer::Unsat);
  EXPECT_NE(o.answer, Answer::Sat);
  EXPECT_EQ(o.undecided, (std::set<Prover>{Prover::Z3, Prover::Cvc5}));
  // The time limit, the quick slice, a child's grace to report: far below a hang.
  EXPECT_LT(secs, 5.0);
  EXPECT_TRUE(no_children_left());
}

// Bounded by work, a race ends by its work, long before its backstop, and says so: the answer
// is Z3's (the race's order), which its resource limit ended.
TEST(Portfolio, UndecidedRaceEndsByItsWork) {
  Goals g(kProgram);
  const std::vector<Term> q = fermat3();
  const auto t0 = std::chrono::steady_clock::now();
  Outcome o = race(q, kBoth, Budget{60, 0.1}, 0, g.post("f"), Budget{60, 0.02});
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(o.answer, Answer::ResourceOut) << answer_name(o.answer);
  EXPECT_EQ(o.prover, Prover::Z3);
  EXPECT_EQ(o.undecided, (std::set<Prover>{Prover::Z3, Prover::Cvc5}));
  EXPECT_LT(secs, 30.0);
  EXPECT_TRUE(no_children_left());
}

TEST(Portfolio, OneSolverRunsAlone) {
  Goals g(kProgram);
  const GoalVC &vc = g.post("f");
  for (Prover p : {Prover::Z3, Prover::Cvc5}) {
    Outcome o = race(negated(vc), {p}, 5, 0, vc);
    EXPECT_EQ(o.answer, Answer::Sat);
    EXPECT_EQ(o.prover, p);
    EXPECT_FALSE(o.model.empty());
  }
}

using Clock = std::chrono::steady_clock;

/// Seconds since `t0`.
double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// A cvc5 child proving the postcondition of `vc` with `seconds`, stopped (SIGSTOP) at once, as
/// a loaded machine would starve it.
std::unique_ptr<ChildCheck> stopped_child(const GoalVC &vc, double seconds) {
  auto child = std::make_unique<ChildCheck>(Prover::Cvc5, negated(vc), Budget{seconds, 0}, 0, vc);
  if (child->pid() > 0) ::kill(child->pid(), SIGSTOP);
  return child;
}

// A child's seconds are its processor time: one that waited for the processor still answers,
// where a limit in time passed would have ended it undecided. Not past kStretch times its
// seconds, though.
TEST(Portfolio, ChildThatWaitedForTheProcessorStillAnswers) {
  Goals g(kProgram);
  const auto t0 = Clock::now();
  const auto child = stopped_child(g.post("g"), 1.0);
  ASSERT_GT(child->pid(), 0);
  std::thread resume([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    ::kill(child->pid(), SIGCONT);
  });
  child->wait_answer(t0 + std::chrono::milliseconds(1000));
  resume.join();
  EXPECT_EQ(child->answer(), std::optional<Answer>(Answer::Unsat));
  EXPECT_LT(since(t0), ChildCheck::kStretch + 0.5);
}

// A child stopped for good is given up at the hard stop.
TEST(Portfolio, ChildNeverRunningIsGivenUpAtTheHardStop) {
  Goals g(kProgram);
  const auto t0 = Clock::now();
  {
    const auto child = stopped_child(g.post("g"), 0.5);
    ASSERT_GT(child->pid(), 0);
    child->wait_answer(t0 + std::chrono::milliseconds(500));
    EXPECT_FALSE(child->answer().has_value());
    EXPECT_GE(since(t0), 0.5 * ChildCheck::kStretch - 0.1);
    EXPECT_LT(since(t0), 0.5 * ChildCheck::kStretch + 1.0);
    ::kill(child->pid(), SIGCONT);
  }
  EXPECT_TRUE(no_children_left());
}

// The definedness of an exists to prove may rely on where a run stops (its first witness):
// under run_order() it does, which every query of the goal assumes; without it, every
// instance's reads must be valid, a stronger goal that the prover falls back on.
const char *kRunOrder = R"(
fun first_witness(t: ptr int32)
  requires { valid(t + (0 .. 2)) && t[0] = 7 }
{
  assert { exists i: int. 0 <= i <= 3 && t[i] = 7 }
}
fun every_read(t: ptr int32)
  requires { valid(t + (0 .. 3)) && t[0] = 7 }
{
  assert { exists i: int. 0 <= i <= 3 && t[i] = 7 }
}
fun no_exists(t: ptr int32)
  requires { valid(t + (0 .. 3)) }
{
  assert { forall i: int. 0 <= i <= 3 -> t[i] = t[i] }
}
)";

const GoalVC &assertion_of(const Goals &g, const std::string &fun) {
  for (const auto &vc : g.vcs)
    if (vc.ref.kind == ir::GoalKind::Assertion && vc.ref.function == fun) return vc;
  throw std::runtime_error("no assertion goal of " + fun);
}

/// The goal's definedness, with the switch on (as every query has it) or off.
Answer definedness(const GoalVC &vc, bool run_order_on) {
  std::vector<Term> q = vc.hyps;
  std::erase(q, run_order());
  q.push_back(run_order_on ? run_order() : mk_not(run_order()));
  q.push_back(mk_not(vc.definedness));
  return race(q, kBoth, 5, 0, vc, 0.2).answer;
}

TEST(RunOrder, EveryQueryAssumesItAndWithoutItEveryInstanceMustBeDefined) {
  Goals g(kRunOrder);
  const GoalVC &witness = assertion_of(g, "first_witness");
  ASSERT_TRUE(witness.run_ordered);
  EXPECT_NE(std::ranges::find(witness.hyps, run_order()), witness.hyps.end());
  // Defined as a run reads it (it stops at t[0]), and proved so by the goal's own query.
  EXPECT_EQ(race(negated(witness), kBoth, 5, 0, witness, 0.2).answer, Answer::Unsat);
  EXPECT_EQ(definedness(witness, true), Answer::Unsat);
  // Not every instance: t[3] is past the block. The fallback cannot prove it.
  EXPECT_EQ(definedness(witness, false), Answer::Sat);
  // Where every read is valid, the stronger goal is proved too.
  const GoalVC &every = assertion_of(g, "every_read");
  ASSERT_TRUE(every.run_ordered);
  EXPECT_EQ(definedness(every, false), Answer::Unsat);
  // A forall to prove is read for every instance: no switch.
  EXPECT_FALSE(assertion_of(g, "no_exists").run_ordered);
  EXPECT_TRUE(no_children_left());
}

} // namespace
