// Parsing then printing expressions and statements: the printed text shows how the parser grouped
// the input, so a dropped or regrouped subterm is caught here.
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"

#include <gtest/gtest.h>

namespace triage::ir {
namespace {

std::string reprint_ensures(const std::string &expr) {
  const Program p = parse_text("fun f(a: int, b: int, c: int, p: ptr int32): int ensures { " +
                                   expr + " } { return 0; }",
                               "t.ivl");
  return print(*p.function("f")->contract.at(0).expr);
}

struct Case {
  const char *in;
  const char *out;
};

void PrintTo(const Case &c, std::ostream *os) {
  *os << c.in;
}

class ExprPrinting : public ::testing::TestWithParam<Case> {};

TEST_P(ExprPrinting, PrintsWithTheParserGrouping) {
  EXPECT_EQ(reprint_ensures(GetParam().in), GetParam().out);
}

INSTANTIATE_TEST_SUITE_P(
    Precedence, ExprPrinting,
    ::testing::Values(Case{"a + b * c", "a + b * c"}, Case{"(a + b) * c", "(a + b) * c"},
                      Case{"a - (b - c)", "a - (b - c)"}, Case{"a - b - c", "a - b - c"},
                      Case{"a <= b < c", "a <= b && b < c"},
                      Case{"(a = b <-> b = c) && c > 0", "(a = b <-> b = c) && c > 0"},
                      Case{"a = b <-> b = c", "a = b <-> b = c"},
                      Case{"a > 0 -> b > 0 -> c > 0", "a > 0 -> b > 0 -> c > 0"},
                      Case{"(a > 0 -> b > 0) -> c > 0", "(a > 0 -> b > 0) -> c > 0"},
                      Case{"not a > 0 && b > 0", "not a > 0 && b > 0"},
                      Case{"a > 0 || b > 0 && c > 0", "a > 0 || b > 0 && c > 0"},
                      Case{"(a > 0 || b > 0) && c > 0", "(a > 0 || b > 0) && c > 0"},
                      Case{"-(a + b) = -3", "-(a + b) = -3"}, Case{"p[a + 1] = 0", "p[a + 1] = 0"},
                      Case{"*(p + 1) = *p", "p[1] = *p"}, Case{"a % 2 = a / 2", "a % 2 = a / 2"},
                      Case{"(a & b) | c ^ a = 0", "a & b | c ^ a = 0"},
                      Case{"old(a) = at(b, Pre)", "old(a) = at(b, Pre)"},
                      Case{"forall i: int, j: int. i < j -> p[i] <= p[j]",
                           "forall i: int, j: int. i < j -> p[i] <= p[j]"},
                      Case{"exists i: int32. p[i] = 0", "exists i: int32. p[i] = 0"},
                      Case{"let x = a + 1 in x > b", "let x = a + 1 in x > b"},
                      Case{"(if a > 0 then a else -a) >= 0", "(if a > 0 then a else -a) >= 0"},
                      Case{"int32(a + b) = uint8(c)", "int32(a + b) = uint8(c)"},
                      Case{"valid(p + (0 .. a - 1)) && valid_read(p)",
                           "valid(p + (0 .. a - 1)) && valid_read(p)"},
                      Case{"separated(p + (0 .. 3), p + (4 .. 7))",
                           "separated(p + (0 .. 3), p + (4 .. 7))"},
                      Case{"same_object(p, p + (0 .. 3)) || not same_object(p, null, p)",
                           "same_object(p, p + (0 .. 3)) || not same_object(p, null, p)"},
                      Case{"0x1F = 31 && -2147483648 < 0", "31 = 31 && -2147483648 < 0"},
                      Case{"a << 2 >> 1 = a", "a << 2 >> 1 = a"}));

TEST(Statements, PrintBackWithSourceLocationsAndIds) {
  const std::string text = "fun f(t: ptr int32, n: int32): int32\n"
                           "  requires #f.pre \"positive\" @\"f.c\":3:14 { n > 0 }\n"
                           "  writes #f.w { t[0 .. n - 1] }\n"
                           "{\n"
                           "  @\"f.c\":7:3 var i : int32 = 0;\n"
                           "  @\"f.c\":8:7 while i < n\n"
                           "    invariant #f.inv { 0 <= i <= n }\n"
                           "    writes #f.lw { i, t[0 .. n - 1] }\n"
                           "    variant #f.var { n - i }\n"
                           "  {\n"
                           "    *(t + i) := 0;\n"
                           "    i := i + 1;\n"
                           "  }\n"
                           "  return i;\n"
                           "}\n";
  const std::string printed = print(parse_text(text, "f.ivl"));
  EXPECT_NE(printed.find("requires #f.pre \"positive\" @\"f.c\":3:14 { n > 0 }"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("@\"f.c\":8:7 while i < n"), std::string::npos) << printed;
  EXPECT_NE(printed.find("writes #f.lw { i, t[0 .. n - 1] }"), std::string::npos) << printed;
  EXPECT_NE(printed.find("t[i] := 0;"), std::string::npos) << printed;
  EXPECT_EQ(print(parse_text(printed, "g.ivl")), printed);
}

TEST(SyntaxErrors, AreLocatedAndSayWhatWasExpected) {
  try {
    parse_text("fun f() {\n  var x: int32 = ;\n}\n", "e.ivl");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(e.at().line, 2);
    EXPECT_EQ(e.at().col, 18);
    EXPECT_EQ(std::string(e.what()), "e.ivl:2:18: error: expected an expression");
  }
}

TEST(SyntaxErrors, ChainedIffNeedsParentheses) {
  EXPECT_THROW(reprint_ensures("a = b <-> b = c <-> c = a"), Error);
}

} // namespace
} // namespace triage::ir
