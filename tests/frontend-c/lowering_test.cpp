// How C and E-ACSL constructs are lowered: the IR text a small program compiles to, and the
// located errors of unsupported input.
#include "frontend-c/compile.hpp"
#include "ir/error.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

namespace triage::frontend_c {
namespace {

std::string lower(const std::string &c) {
  ir::Program p = compile_text(c, "t.c");
  ir::typecheck(p);
  return ir::print(p);
}

std::string error_of(const std::string &c) {
  try {
    lower(c);
  } catch (const ir::Error &e) {
    return e.what();
  }
  return "no error";
}

TEST(Lowering, TheDataModelSetsTheWidthOfLongAndPointers) {
  const std::string c = "#include <limits.h>\n#include <stddef.h>\n"
                        "long f(unsigned long u, long long w, int *p, int *q) {\n"
                        "  size_t n = sizeof(long) + sizeof(int *);\n"
                        "  long d = p - q;\n"
                        "  return LONG_MAX;\n}\n";
  auto lowered = [&](DataModel m) {
    PreprocessOptions o;
    o.data_model = m;
    ir::Program p = compile_text(c, "t.c", o);
    ir::typecheck(p);
    return ir::print(p);
  };
  const std::string ilp32 = lowered(DataModel::ILP32), lp64 = lowered(DataModel::LP64);
  EXPECT_NE(ilp32.find("f(u: uint32, w: int64, p: ptr int32, q: ptr int32) : int32"),
            std::string::npos)
      << ilp32;
  EXPECT_NE(ilp32.find("var n : uint32 = uint32(4) + 4;"), std::string::npos) << ilp32;
  EXPECT_NE(ilp32.find("var d : int32 = int32(p - q);"), std::string::npos) << ilp32;
  EXPECT_NE(ilp32.find("return 2147483647;"), std::string::npos) << ilp32;
  EXPECT_NE(lp64.find("f(u: uint64, w: int64, p: ptr int32, q: ptr int32) : int64"),
            std::string::npos)
      << lp64;
  EXPECT_NE(lp64.find("var n : uint64 = uint64(8) + 8;"), std::string::npos) << lp64;
  EXPECT_NE(lp64.find("var d : int64 = p - q;"), std::string::npos) << lp64;
  EXPECT_NE(lp64.find("return 9223372036854775807;"), std::string::npos) << lp64;
  // The model of one compilation does not leak into the next.
  EXPECT_EQ(lowered(DataModel::LP64), lp64);
}

TEST(Lowering, ZeroBesideAPointerInAnnotationsIsNull) {
  const std::string ir = lower("/*@ requires a != 0 && 0 != b; */ void f(int *a, int *b) {}");
  EXPECT_NE(ir.find("{ a <> null && null <> b }"), std::string::npos) << ir;
}

TEST(Lowering, TheEndOfMainReturnsZero) {
  EXPECT_NE(lower("int main(void) { int x = 1; }").find("return 0;"), std::string::npos);
  EXPECT_EQ(lower("int g(void) { int x = 1; }").find("return"), std::string::npos);
}

TEST(Lowering, AGlobalStructureIsAGlobalPerField) {
  const std::string c = "typedef struct { int id; int value; } Node;\nNode g;\nNode *gp;\n"
                        "/*@ assigns g.value, gp->id; ensures g.value == v; */\n"
                        "void set(int v) { g.value = v; gp->id = g.id; }\n";
  const std::string ir = lower(c);
  for (const char *part : {"global @\"t.c\":2:6 g_id : int32", "global @\"t.c\":2:6 g_value",
                           "global @\"t.c\":3:7 gp_id : ptr int32", "{ g_value, *gp_id }",
                           "g_value := v;", "*gp_id := g_id;"})
    EXPECT_NE(ir.find(part), std::string::npos) << part << "\n" << ir;
  // `assigns g` of a structure: each of its fields.
  EXPECT_NE(lower("typedef struct { int a; int b; } S;\nS g;\n/*@ assigns g; */ void f(void) {}")
                .find(" { g_a, g_b }"),
            std::string::npos);
}

TEST(Lowering, IntegerPromotionsAreExplicit) {
  const std::string ir = lower("int f(unsigned char a, short b) { return a + b; }");
  EXPECT_NE(ir.find("return int32(a) + int32(b);"), std::string::npos) << ir;
}

TEST(Lowering, UsualArithmeticConversionsToUnsigned) {
  const std::string ir = lower("unsigned f(int x, unsigned y) { return x + y; }");
  EXPECT_NE(ir.find("return uint32(x) + y;"), std::string::npos) << ir;
}

TEST(Lowering, NegativeConstantConvertedToUnsignedWraps) {
  const std::string ir = lower("unsigned f(void) { unsigned u = -1; return u; }");
  EXPECT_NE(ir.find("var u : uint32 = uint32(-1);"), std::string::npos) << ir;
}

TEST(Lowering, RelationChainsAsACSLReadsThem) {
  // `==` is a relational operator of the chain, as `<` is: n == 1 && 1 < 2, not n == (1 < 2).
  EXPECT_NE(
      lower("/*@ requires n == 1 < 2; */ int f(int n) { return n; }").find("{ n = 1 && 1 < 2 }"),
      std::string::npos);
  EXPECT_NE(lower("/*@ requires n > 0 == 1 >= 0; */ int f(int n) { return n; }")
                .find("{ n > 0 && 0 = 1 && 1 >= 0 }"),
            std::string::npos);
  // In code, C's precedence stands.
  EXPECT_NE(lower("int f(int n) { return n == 1 < 2; }").find("n = int32(if 1 < 2"),
            std::string::npos);
  // A chain that turns around, or chains !=, is not ACSL (Frama-C: "inconsistent relation
  // chain"): `0 <= i > n` is a typo, rejected where it turns.
  EXPECT_EQ(error_of("/*@ requires 0 <= n > -1; */ int f(int n) { return n; }"),
            "t.c:1:21: error: inconsistent relation chain: '<=' and '>' go opposite ways (a chain "
            "is all of <, <=, == or all of >, >=, ==; write the comparisons apart, joined by &&)");
  EXPECT_EQ(error_of("/*@ requires 0 < n != 5; */ int f(int n) { return n; }"),
            "t.c:1:20: error: inconsistent relation chain: '!=' cannot be chained with another "
            "comparison (write them apart, joined by &&)");
  EXPECT_EQ(error_of("/*@ requires (0 < n) != (n > 5); */ int f(int n) { return n; }"), "no error");
}

TEST(Lowering, AssignmentBackToNarrowType) {
  const std::string ir = lower("char f(char c) { c += 1; return c; }");
  EXPECT_NE(ir.find("c := int8(int32(c) + 1);"), std::string::npos) << ir;
}

TEST(Lowering, ConstantArithmeticHasItsCType) {
  const std::string ir = lower("long f(void) { long z = 2147483647 + 1; return z; }");
  EXPECT_NE(ir.find("var z : int64 = int64(int32(2147483647) + 1);"), std::string::npos) << ir;
}

TEST(Lowering, AnnotationArithmeticStaysMathematical) {
  const std::string ir = lower("/*@ ensures \\result == x + 1; */ int f(int x) { return x; }");
  EXPECT_NE(ir.find("result = x + 1"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("int32(x + 1)"), std::string::npos) << ir;
}

TEST(Lowering, ChainedComparisonIsAConjunction) {
  const std::string ir = lower("/*@ requires 0 <= n < 10; */ void f(int n) { }");
  EXPECT_NE(ir.find("0 <= n && n < 10"), std::string::npos) << ir;
}

TEST(Lowering, CComparisonsAreNotChained) {
  const std::string ir = lower("int f(int a, int b, int c) { return a < b < c; }");
  EXPECT_NE(ir.find("int32(if a < b then 1 else 0) < c"), std::string::npos) << ir;
}

TEST(Lowering, BehaviorsBecomeGuardedClauses) {
  const std::string ir =
      lower("/*@ behavior pos: assumes x > 0; requires x < 100; ensures \\result == x;\n"
            "    complete behaviors; */ int f(int x) { return x; }");
  EXPECT_NE(ir.find("requires #f.requires1 @\"t.c\":1:34 { x > 0 -> x < 100 }"), std::string::npos)
      << ir;
  EXPECT_NE(ir.find("old(x > 0) -> result = x"), std::string::npos) << ir;
  EXPECT_NE(ir.find("assert #f.assert1 \"complete behaviors\" @\"t.c\":2:5 { x > 0 }"),
            std::string::npos)
      << ir;
}

TEST(Lowering, GotoReturnLabelBecomesReturn) {
  const std::string ir =
      lower("int f(int x) {\n int __retres;\n if (x) { __retres = 1; goto return_label; }\n"
            " __retres = 0;\n return_label: return __retres;\n}");
  EXPECT_NE(ir.find("@\"t.c\":3:25 return __retres;"), std::string::npos) << ir;
}

TEST(Lowering, FramaCContinueGotoRunsTheLoopTail) {
  const std::string ir = lower("void f(int n) {\n int i = 0;\n while (i < n) {\n"
                               "  if (i == 3) goto __Cont;\n  i += 2;\n  __Cont: i ++;\n }\n}");
  EXPECT_NE(ir.find("if i = 3 {\n      @\"t.c\":4:15 {\n        @\"t.c\":6:11 i := i + 1;\n"
                    "        @\"t.c\":4:15 continue;"),
            std::string::npos)
      << ir;
  EXPECT_EQ(ir.find("label __Cont;"), ir.rfind("label __Cont;")) << ir;
}

TEST(Lowering, FramaCReturnLabelOnEmptyStatement) {
  const std::string ir =
      lower("int f(int x) {\n int __retres;\n if (x) { __retres = 1; goto return_label; }\n"
            " __retres = 0;\n return_label: ;\n return __retres;\n}");
  EXPECT_NE(ir.find("@\"t.c\":3:25 return __retres;"), std::string::npos) << ir;
}

TEST(Lowering, FramaCStateLabelsAndNullCasts) {
  const std::string ir =
      lower("#include \"stddef.h\"\n/*@ predicate pos{L}(int *p) = \\at(*p, L) > 0; */\n"
            "/*@ requires p != (int *)0 ==> pos{Here}(p);\n    ensures pos{Pre}(p); */\n"
            "void f(int *p) { }");
  EXPECT_NE(ir.find("predicate @\"t.c\":2:5 pos(p: ptr int32) =\n  *p > 0"), std::string::npos)
      << ir;
  EXPECT_NE(ir.find("{ p <> null -> pos(p) }"), std::string::npos) << ir;
  EXPECT_NE(ir.find("{ old(pos(p)) }"), std::string::npos) << ir;
}

TEST(Lowering, AtLabelsMapToOldAtAndNothing) {
  const std::string ir =
      lower("/*@ ensures \\result == \\at(x, Pre) && x == \\at(x, Here); */\n"
            "int f(int x) { L: x = x + 0; /*@ assert \\at(x, L) == x; */\n"
            "/*@ loop invariant \\at(x, LoopEntry) == x; */ while (x) { } return x; }");
  EXPECT_NE(ir.find("result = old(x) && x = x"), std::string::npos) << ir;
  EXPECT_NE(ir.find("label L;"), std::string::npos) << ir;
  EXPECT_NE(ir.find("at(x, L) = x"), std::string::npos) << ir;
  EXPECT_NE(ir.find("at(x, LoopEntry) = x"), std::string::npos) << ir;
}

TEST(Lowering, CallsInConditionsKeepShortCircuit) {
  const std::string ir = lower("int g(int x) { return x; }\n"
                               "int f(int x) { if (x > 0 && g(x)) return 1; return 0; }");
  // g is called only inside `if __cond`, after the left operand.
  const size_t guard = ir.find("var __cond : bool = x > 0;");
  const size_t call = ir.find("call g(x)");
  ASSERT_NE(guard, std::string::npos) << ir;
  ASSERT_NE(call, std::string::npos) << ir;
  EXPECT_LT(guard, call);
  EXPECT_NE(ir.find("if __cond {"), std::string::npos) << ir;
}

TEST(Lowering, ForContinueRunsTheStep) {
  const std::string ir =
      lower("void f(int n) { for (int i = 0; i < n; i++) { if (i == 2) continue; } }");
  EXPECT_NE(ir.find("@\"t.c\":1:59 i := i + 1;\n        @\"t.c\":1:59 continue;"),
            std::string::npos)
      << ir;
}

TEST(Lowering, LoopIsLocatedAtItsAnnotation) {
  const std::string ir = lower("void f(int n) {\n  int i = 0;\n  /*@ loop invariant i >= 0;\n"
                               "      loop variant n - i; */\n  while (i < n) i++;\n}");
  EXPECT_NE(ir.find("@\"t.c\":3:3 while i < n"), std::string::npos) << ir;
}

TEST(Lowering, ShadowedLocalsAreRenamed) {
  const std::string ir = lower("int f(void) { int x = 1; { int x = 2; x++; } return x; }");
  EXPECT_NE(ir.find("var x_1 : int32 = 2;"), std::string::npos) << ir;
  EXPECT_NE(ir.find("return x;"), std::string::npos) << ir;
}

TEST(Lowering, IrKeywordsAreRenamed) {
  const std::string ir = lower("int f(int result, int old) { int in = result + old; return in; }");
  EXPECT_NE(ir.find("var in_ : int32 = result_ + old_;"), std::string::npos) << ir;
}

TEST(Errors, UnsupportedConstructsAreLocated) {
  EXPECT_EQ(error_of("int f(int x) {\n  switch (x) { case 1: if (x) break; }\n  return 0;\n}"),
            "t.c:2:31: error: a 'break' inside a nested statement of a switch is not supported: "
            "only one that ends a case, at the top level of the switch body");
  EXPECT_EQ(
      error_of("int f(int x) {\n  L: x = 0;\n  goto L;\n}"),
      "t.c:3:3: error: goto is only supported forward to a return (Frama-C's 'goto return_label') "
      "or to the tail of the enclosing loop body (Frama-C's 'goto __Cont')");
  EXPECT_EQ(error_of("#if 1\n#else\n#else\n#endif\n"), "t.c:3:1: error: #else after #else");
  EXPECT_EQ(error_of("#line 3\n"), "t.c:1:1: error: preprocessor directive #line is not supported");
  EXPECT_EQ(error_of("/*@ ensures \\foo; */ void f(void) { }"),
            "t.c:1:13: error: unsupported ACSL construct '\\foo'");
}

TEST(Errors, HostileInputDoesNotCrash) {
  EXPECT_NE(error_of(std::string(5000, '(')), "no error");
  EXPECT_NE(error_of("int f(void) { return " + std::string(3000, '-') + "1; }"), "no error");
  std::string chain = "1";
  for (int i = 0; i < 5000; ++i)
    chain += " + 1";
  EXPECT_NE(error_of("int f(void) { return " + chain + "; }"), "no error");
  std::string implications = "\\true";
  for (int i = 0; i < 5000; ++i)
    implications += " ==> \\true";
  EXPECT_NE(error_of("/*@ ensures " + implications + "; */ void f(void) { }"), "no error");
  std::string bomb = "#define M0 1\n";
  for (int i = 1; i < 40; ++i)
    bomb += "#define M" + std::to_string(i) + " M" + std::to_string(i - 1) + " M" +
            std::to_string(i - 1) + "\n";
  EXPECT_EQ(error_of(bomb + "int x = M39;\n"), "t.c:41:9: error: macro expansion too large");
  EXPECT_NE(error_of("/*@"), "no error");
  EXPECT_NE(error_of("int f("), "no error");
  EXPECT_NE(error_of("\x01"), "no error");
}

// ---- the conventions of verification tasks (frontend-c/lower_task.cpp) and the GNU extensions
// of preprocessed files (frontend-c/gnu_extensions.cpp) ----

constexpr const char *kPrelude =
    "extern void abort(void);\n"
    "extern void __assert_fail(const char *, const char *, unsigned int, const char *)\n"
    "    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));\n"
    "void reach_error() { __assert_fail(\"0\", \"t.c\", 3, \"reach_error\"); }\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
    "void assume_abort_if_not(int cond) { if (!cond) { abort(); } }\n"
    "void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }\n";

TEST(TaskConventions, EachNondetCallIsAHavocOfItsOwn) {
  const std::string ir = lower(std::string(kPrelude) +
                               "int main(void) { int s = 0;\n"
                               "  for (int i = 0; i < 3; i++) s += __VERIFIER_nondet_int();\n"
                               "  unsigned char c = __VERIFIER_nondet_uchar(); return s + c; }");
  // Inside the loop: a fresh temporary, havocked, on every iteration.
  EXPECT_NE(ir.find("havoc __tmp"), std::string::npos) << ir;
  EXPECT_NE(ir.find(": uint8;"), std::string::npos) << ir; // the uchar call's temporary
  EXPECT_EQ(ir.find("call __VERIFIER_nondet"), std::string::npos) << ir;
}

TEST(TaskConventions, ANondetPointerIsAFreshPointerOfTheTypeItIsConvertedTo) {
  const std::string ir = lower("extern void *__VERIFIER_nondet_pointer(void);\n"
                               "int main(void) { int *p = __VERIFIER_nondet_pointer();\n"
                               "  void *q = __VERIFIER_nondet_pointer(); return p == 0 && q; }");
  // One temporary and one havoc per call, of the target's type (a void * is a char *).
  EXPECT_NE(ir.find("__tmp : ptr int32;"), std::string::npos) << ir;
  EXPECT_NE(ir.find(": ptr uint8;"), std::string::npos) << ir;
  size_t havocs = 0;
  for (size_t at = ir.find("havoc "); at != std::string::npos; at = ir.find("havoc ", at + 1))
    ++havocs;
  EXPECT_EQ(havocs, 2u) << ir;
}

TEST(TaskConventions, AssumptionsAssertionsAndTheEndOfARun) {
  const std::string ir =
      lower(std::string(kPrelude) + "extern void exit(int);\n"
                                    "int main(void) { int x = __VERIFIER_nondet_int();\n"
                                    "  assume_abort_if_not(x > 0);\n"
                                    "  if (x == 5) exit(0);\n"
                                    "  __VERIFIER_assert(x != 7);\n"
                                    "  if (x == 9) reach_error();\n"
                                    "  return 0; }");
  EXPECT_NE(ir.find("{ x > 0 }"), std::string::npos) << ir;       // assume
  EXPECT_NE(ir.find("\"reach_error\""), std::string::npos) << ir; // the property's assertions
  EXPECT_NE(ir.find("{ x <> 7 }"), std::string::npos) << ir;
  EXPECT_NE(ir.find("assume"), std::string::npos) << ir;
  EXPECT_NE(ir.find("{ false }"), std::string::npos) << ir; // exit and reach_error
  // The conventions' own definitions are not lowered: they would be verified for any argument.
  EXPECT_EQ(ir.find(" reach_error("), std::string::npos) << ir;
  EXPECT_EQ(ir.find(" __VERIFIER_assert("), std::string::npos) << ir;
  EXPECT_EQ(ir.find(" assume_abort_if_not("), std::string::npos) << ir;
  EXPECT_EQ(ir.find("call "), std::string::npos) << ir;
}

TEST(TaskConventions, GnuDeclarationsAreRead) {
  const std::string ir =
      lower("extern int printf(const char *__restrict __format, ...) __attribute__((__format__ "
            "(__printf__, 1, 2)));\n"
            "__extension__ typedef long long int64_t_;\n"
            "extern int atoi(const char *__nptr) __attribute__((__pure__)) "
            "__asm__(\"\" \"atoi\");\n"
            "static __inline int twice(int x) { return 2 * x; }\n"
            "int main(void) { int64_t_ v = 3; return twice((int)v); }");
  EXPECT_NE(ir.find(" main() : int32"), std::string::npos) << ir;
  EXPECT_NE(ir.find(" twice(x: int32) : int32"), std::string::npos) << ir;
  EXPECT_NE(ir.find(" atoi(__nptr: ptr int8) : int32"), std::string::npos) << ir;
}

TEST(TaskConventions, UnsupportedNondetTypeIsALocatedError) {
  EXPECT_NE(error_of("extern double __VERIFIER_nondet_double(void);\n"
                     "int main(void) { double d = __VERIFIER_nondet_double(); return 0; }"),
            "no error");
  const std::string e = error_of("extern float __VERIFIER_nondet_float(void);\n"
                                 "int main(void) { __VERIFIER_nondet_float(); return 0; }");
  EXPECT_NE(e.find("t.c:"), std::string::npos) << e;
}

TEST(TaskConventions, AnUnbalancedAttributeIsReportedWhereItStands) {
  const std::string e = error_of("int f(void) __attribute__((pure;\nint main(void) { return 0; }");
  EXPECT_NE(e.find("t.c:1:"), std::string::npos) << e;
}

} // namespace
} // namespace triage::frontend_c
