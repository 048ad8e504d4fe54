// Compiled loops (rac/compiled_loop.hpp) against the interpreter, the independent oracle: every
// run gives the same outcome, state, steps and text with and without Config::compile, on loops
// written to fail in every way the compiled form hands back (overflows, memory, division,
// shifts, conversions, assertions, limits) and on random loops over every integer type.
#include "rac_test_util.hpp"

#include "ir/error.hpp"

#include <cctype>
#include <iostream>
#include <map>
#include <random>

namespace triage::rac::test {
namespace {

/// Runs `cfg` compiled and interpreted, expects the same outcome, returns the compiled one.
Outcome both_ways(const ir::Program &p, Config cfg, const std::string &what = "") {
  cfg.compile = true;
  const Outcome fast = run(p, cfg);
  cfg.compile = false;
  const Outcome slow = run(p, cfg);
  EXPECT_EQ(to_json(fast).dump(), to_json(slow).dump()) << what;
  EXPECT_EQ(format_text(fast), format_text(slow)) << what;
  EXPECT_EQ(slow.compiled_steps, 0);
  return fast;
}

/// The value of `name` in the `part` ("variables", "globals") of the outcome's state.
std::string member(const Outcome &o, const std::string &part, const std::string &name) {
  const ir::Json *p = o.state_json.find(part);
  const ir::Json *v = p ? p->find(name) : nullptr;
  return v ? v->dump() : "(absent)";
}

Config config(const std::string &function, ir::NamedValues inputs = {}, long steps = 1000000) {
  Config cfg;
  cfg.function = function;
  cfg.input.inputs = std::move(inputs);
  cfg.step_limit = steps;
  cfg.time_limit = std::chrono::milliseconds(120000); // steps decide, not the machine's load
  return cfg;
}

TEST(Compiled, ALongLoopRunsCompiledToTheSameFailure) {
  const ir::Program p = program(R"(
fun f() : int32 {
  var s : uint32 = 1;
  while s < 300000 { s := s + 3; }
  assert { s <> 300001 }
  return 0;
})");
  const Outcome o = both_ways(p, config("f"));
  EXPECT_EQ(verdict(o), "failure assertion f.assert1");
  EXPECT_EQ(member(o, "variables", "s"), "300001");
  EXPECT_GT(o.compiled_steps, o.steps * 9 / 10);
}

TEST(Compiled, AnOverflowInsideTheLoopIsTheInterpretersRuntimeError) {
  const ir::Program p = program(R"(
fun f(n: int8) : int8 {
  var x : int8 = n;
  var k : int32 = 0;
  while true { k := k + 1; x := x + 1; }
  return x;
})");
  const Outcome o = both_ways(p, config("f", {{"n", ir::Json(-100)}}));
  EXPECT_EQ(verdict(o), "failure rte_overflow");
  EXPECT_EQ(member(o, "variables", "x"), "127");
  EXPECT_EQ(member(o, "variables", "k"), "228");
  EXPECT_GT(o.compiled_steps, 0);
}

TEST(Compiled, UnsignedArithmeticWrapsAsInterpreted) {
  const ir::Program p = program(R"(
fun f(a: uint64, b: uint8) : uint64 {
  var x : uint64 = a;
  var y : uint8 = b;
  var i : int32 = 0;
  while i < 50 { x := x * 3 + x / 7 - 5; y := y * 9 + 200; i := i + 1; }
  assert { x > 100 && y <> 3 }
  return x;
})");
  const Outcome o = both_ways(
      p, config("f", {{"a", ir::Json(ir::BigInt("18446744073709551000"))}, {"b", ir::Json(255)}}));
  EXPECT_GT(o.compiled_steps, 0);
}

TEST(Compiled, MemoryDivisionShiftAndConversionErrorsAreTheInterpreters) {
  const std::string text = R"(
fun mem(t: ptr int32, n: int32) : int32 {
  var i : int32 = 0;
  while i <= n { t[i] := t[i] + i; i := i + 1; }
  return i;
}
fun div(n: int32) : int32 {
  var i : int32 = 10;
  var s : int32 = 0;
  while true { s := s + 100 / (i - n); i := i - 1; }
  return s;
}
fun shl(n: int32) : int32 {
  var x : int32 = 1;
  var i : int32 = 0;
  while i < 40 { x := (x << 1) | 1; i := i + 1; }
  return x;
}
fun conv(n: int64) : int16 {
  var x : int64 = n;
  var y : int16 = 0;
  while true { x := x * 2; y := int16(x); }
  return y;
})";
  const ir::Program p = program(text);
  ir::Json cells = ints({1, 2, 3, 4});
  EXPECT_EQ(verdict(both_ways(p, config("mem", {{"t", cells}, {"n", ir::Json(4)}}))),
            "failure rte_memory");
  EXPECT_EQ(verdict(both_ways(p, config("div", {{"n", ir::Json(3)}}))), "failure rte_division");
  EXPECT_EQ(verdict(both_ways(p, config("shl", {{"n", ir::Json(0)}}))), "failure rte_overflow");
  EXPECT_EQ(verdict(both_ways(p, config("conv", {{"n", ir::Json(5)}}))), "failure rte_overflow");
}

TEST(Compiled, TheStepLimitStopsAtTheSameStepAndState) {
  const ir::Program p = program(R"(
fun f(n: int32) : int32 {
  var s : int32 = 0;
  var i : int32 = 0;
  while i < n {
    var j : int32 = 0;
    while j < i && (j % 3 <> 2 || s > 5) { s := s + (if j < 4 then 1 else 2); j := j + 1; }
    i := i + 1;
  }
  return s;
})");
  for (long steps : {10L, 97L, 1000L, 4321L, 100000L}) {
    const Outcome o =
        both_ways(p, config("f", {{"n", ir::Json(200)}}, steps), "steps " + std::to_string(steps));
    EXPECT_EQ(o.steps, std::min(steps + 1, o.steps)) << steps;
  }
}

TEST(Compiled, AFailedAssertionGonePastKeepsTheLoopGoing) {
  const ir::Program p = program(R"(
fun f(n: int32) : int32 {
  var i : int32 = 0;
  var c : int32 = 0;
  while i < n {
    assert { i % 5 <> 3 }
    i := i + 1;
    if i % 2 = 0 { c := c + 1; continue; }
    if c > 1000 { break; }
    i := i + 1;
  }
  return c;
})");
  Config cfg = config("f", {{"n", ir::Json(40)}});
  cfg.go_past = [](const ir::GoalRef &) { return true; };
  const Outcome o = both_ways(p, cfg);
  EXPECT_FALSE(o.passed_over.empty());
}

TEST(Compiled, CallsAndHavocsInsideTheLoopAreInterpretedBetweenCompiledStatements) {
  const ir::Program p = program(R"(
global g : int32
fun bump(d: int32)
  writes { g }
{ g := g + d; }
fun f(n: int32) : int32 {
  var i : int32 = 0;
  var h : int32 = 0;
  while i < n {
    call bump(i);
    havoc h;
    i := i + 1;
    assert { g < 400 }
  }
  return g;
})");
  const Outcome o = both_ways(p, config("f", {{"n", ir::Json(100)}, {"g", ir::Json(0)}}));
  EXPECT_EQ(verdict(o), "failure assertion f.assert1");
  EXPECT_EQ(member(o, "globals", "g"), "406");
}

TEST(Compiled, ReturnFromInsideANestAndBooleans) {
  const ir::Program p = program(R"(
fun f(n: int32) : int32 {
  var i : int32 = 0;
  var seen : bool = false;
  while true {
    var j : int32 = i;
    while j > 0 {
      if j = 7 && not seen { seen := true; } else { if seen && j = 3 { return i * 100 + j; } }
      j := j - 1;
    }
    i := i + 1;
  }
  return 0;
})");
  const Outcome o = both_ways(p, config("f", {{"n", ir::Json(0)}}));
  EXPECT_EQ(o.kind, OutcomeKind::Ok);
}

// ---- random loops: every operator, every integer type, boundary values ----

class RandomLoop {
public:
  explicit RandomLoop(unsigned seed) : rng_(seed) {}

  std::string program() {
    std::string s = "fun f(p0: " + type(0) + ", p1: " + type(1) + ", p2: " + type(2) +
                    ", arr: ptr int32, flag: bool) : int32\n"
                    "  requires { valid(arr + (0 .. 3)) }\n{\n";
    for (int i = 0; i < 3; ++i)
      s += "  var v" + std::to_string(i) + " : " + type(i) + " = p" + std::to_string(i) + ";\n";
    s += "  var b : bool = flag;\n  var i : int32 = 0;\n  while i < " +
         std::to_string(1 + pick(8)) + " {\n    i := i + 1;\n";
    s += statements(2 + pick(4), 2);
    return s + "  }\n  return i;\n}\n";
  }

  ir::NamedValues inputs() {
    ir::NamedValues in;
    for (int i = 0; i < 3; ++i)
      in.emplace_back("p" + std::to_string(i), ir::Json(value(type(i))));
    ir::Json cells = ir::Json::array();
    for (int i = 0; i < 4; ++i)
      cells.push_back(ir::Json(value("int32")));
    in.emplace_back("arr", cells);
    in.emplace_back("flag", ir::Json(pick(2) == 0));
    return in;
  }

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  void choose_types() {
    for (auto &t : types_)
      t = all_types()[size_t(pick(int(all_types().size())))];
  }

private:
  std::mt19937 rng_;
  std::array<std::string, 3> types_{"int32", "uint8", "int64"};
  int fresh_ = 0;

  static const std::vector<std::string> &all_types() {
    static const std::vector<std::string> t = {"int8",   "uint8", "int16",  "uint16", "int32",
                                               "uint32", "int64", "uint64", "int"};
    return t;
  }
  const std::string &type(int i) const { return types_[size_t(i)]; }

  static ir::BigInt max_of(const std::string &t) {
    if (t == "int") return ir::BigInt(1) << 70;
    const bool u = t[0] == 'u';
    const int bits = std::stoi(t.substr(u ? 4 : 3));
    return (ir::BigInt(1) << (u ? bits : bits - 1)) - 1;
  }
  static bool is_signed(const std::string &t) { return t[0] != 'u'; }

  ir::BigInt value(const std::string &t) {
    const ir::BigInt max = max_of(t), min = is_signed(t) ? ir::BigInt(-max - 1) : ir::BigInt(0);
    switch (pick(6)) {
    case 0:
      return max;
    case 1:
      return min;
    case 2:
      return max - pick(3);
    default:
      return is_signed(t) ? ir::BigInt(pick(21) - 10) : ir::BigInt(pick(21));
    }
  }

  std::string literal(const std::string &t) {
    const ir::BigInt max = max_of(t);
    switch (pick(8)) {
    case 0:
      return max.str();
    case 1:
      if (!is_signed(t)) return "0";
      return t == "int" ? "(-" + max.str() + " - 1)" : t + "(-" + max.str() + " - 1)";
    case 2:
      return is_signed(t) ? "-1" : "1";
    default:
      return std::to_string(std::min(pick(12), 100));
    }
  }

  std::string var_of(const std::string &t) {
    std::vector<std::string> vs;
    for (int i = 0; i < 3; ++i)
      if (type(i) == t) vs.push_back("v" + std::to_string(i));
    if (t == "int32") vs.push_back("i");
    return vs.empty() ? literal(t) : vs[size_t(pick(int(vs.size())))];
  }

  std::string expr(const std::string &t, int depth) {
    if (depth <= 0 || pick(4) == 0) return pick(3) == 0 ? literal(t) : var_of(t);
    const std::string a = expr(t, depth - 1);
    switch (pick(8)) {
    case 0: {
      static const char *arith[] = {" + ", " - ", " * ", " / ", " % "};
      return "(" + a + arith[pick(5)] + expr(t, depth - 1) + ")";
    }
    case 1: {
      static const char *bits[] = {" & ", " | ", " ^ "};
      return "(" + a + bits[pick(3)] + expr(t, depth - 1) + ")";
    }
    case 2:
      return "(" + a + (pick(2) ? " << " : " >> ") + (pick(2) ? literal(t) : var_of(t)) + ")";
    case 3:
      // The negation of a literal is a literal, which an unsigned type refuses when negative.
      return std::string(pick(2) && !std::isdigit(a[0]) ? "(-" : "(~") + a + ")";
    case 4: {
      const std::string from = all_types()[size_t(pick(int(all_types().size())))];
      return t == "int" ? a : t + "(" + expr(from, depth - 1) + ")";
    }
    case 5:
      return "(if " + cond(depth - 1) + " then " + a + " else " + expr(t, depth - 1) + ")";
    case 6:
      return t == "int32" ? "arr[" + std::string(pick(5) ? "i % 4" : "i + 1") + "]" : a;
    default:
      return a;
    }
  }

  std::string cond(int depth) {
    static const char *rel[] = {" < ", " <= ", " = ", " <> ", " > ", " >= "};
    switch (depth <= 0 ? 0 : pick(5)) {
    case 1:
      return "(" + cond(depth - 1) + (pick(2) ? " && " : " || ") + cond(depth - 1) + ")";
    case 2:
      return "(not " + cond(depth - 1) + ")";
    case 3:
      return "b";
    default: { // the left operand has the type (a literal alone would be an int)
      const std::string t = pick(4) == 0 ? "int32" : type(pick(3));
      const std::string left = pick(2)      ? var_of(t)
                               : t == "int" ? expr(t, depth)
                                            : t + "(" + expr(t, depth) + ")";
      return "(" + left + rel[pick(6)] + expr(t, depth) + ")";
    }
    }
  }

  /// An annotation: exact arithmetic over variables of any types, conversions that wrap.
  std::string logic() {
    static const char *rel[] = {" < ", " <= ", " = ", " <> ", " > ", " >= "};
    static const char *op[] = {" + ", " - ", " * "};
    auto term = [&] {
      const std::string v = "v" + std::to_string(pick(3));
      switch (pick(4)) {
      case 0:
        return "(" + v + op[pick(3)] + "v" + std::to_string(pick(3)) + ")";
      case 1:
        return "int8(" + v + ")";
      case 2:
        return std::to_string(pick(50));
      default:
        return v;
      }
    };
    return term() + rel[pick(6)] + term();
  }

  std::string statements(int n, int depth) {
    std::string s;
    for (int k = 0; k < n; ++k)
      s += statement(depth);
    return s;
  }

  std::string statement(int depth) {
    const int v = pick(3);
    const std::string name = "v" + std::to_string(v);
    switch (pick(depth > 0 ? 10 : 6)) {
    case 0:
    case 1:
    case 2:
      return name + " := " + expr(type(v), 2) + ";\n";
    case 3:
      return "arr[i % 4] := " + expr("int32", 2) + ";\n";
    case 4:
      return "assert { " + logic() + " }\n";
    case 5:
      return "b := " + cond(1) + ";\n";
    case 6:
      return "if " + cond(1) + " {\n" + statements(1 + pick(2), depth - 1) + "} else {\n" +
             statements(pick(2), depth - 1) + "}\n";
    case 7:
      return "if " + cond(1) + " { " + (pick(2) ? "break" : "continue") + "; }\n";
    case 8: {
      const std::string j = "j" + std::to_string(fresh_++);
      return "var " + j + " : int32 = 0;\nwhile " + j + " < " + std::to_string(1 + pick(4)) +
             " {\n" + j + " := " + j + " + 1;\n" + statements(1 + pick(2), depth - 1) + "}\n";
    }
    default: {
      const std::string w = "w" + std::to_string(fresh_++);
      return "var " + w + " : " + type(v) + " = " + expr(type(v), 1) + ";\n" + name + " := " + w +
             ";\n";
    }
    }
  }
};

TEST(Compiled, RandomLoopsAgreeWithTheInterpreter) {
  int runs = 0, compiled_runs = 0;
  long steps = 0, compiled_steps = 0;
  std::map<std::string, int> kinds;
  for (unsigned seed = 1; seed <= 3000; ++seed) {
    RandomLoop g(seed);
    g.choose_types();
    const std::string text = g.program();
    ir::Program p;
    try {
      p = program(text);
    } catch (const ir::Error &e) {
      ADD_FAILURE() << "the generator wrote a program that does not type-check: " << e.what()
                    << "\n"
                    << text;
      continue;
    }
    for (int k = 0; k < 3; ++k) {
      Config cfg = config("f", g.inputs(), g.pick(3) == 0 ? 20 + g.pick(400) : 100000);
      if (g.pick(2)) cfg.go_past = [](const ir::GoalRef &) { return true; };
      const Outcome o = both_ways(p, cfg, "seed " + std::to_string(seed) + "\n" + text);
      ++runs;
      if (o.compiled_steps > 0) ++compiled_runs;
      ++kinds[verdict(o)];
      compiled_steps += o.compiled_steps;
      steps += o.steps;
    }
  }
  std::cout << runs << " runs, " << compiled_steps << " of " << steps << " steps compiled;";
  for (auto &[k, n] : kinds)
    std::cout << " " << k << ": " << n;
  std::cout << "\n";
  // Runs that end in each way the compiled form hands back.
  for (const char *k : {"ok", "failure rte_overflow", "failure rte_division", "failure rte_memory",
                        "limit_reached", "not_executable"})
    EXPECT_GT(kinds[k], 10) << k;
  // The comparison means something only when the compiled form ran.
  EXPECT_GT(compiled_runs, runs / 2) << compiled_runs << " of " << runs;
}

} // namespace
} // namespace triage::rac::test
