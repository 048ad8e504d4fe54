// Type checking: names resolve, every expression gets its type (machine arithmetic in code,
// mathematical in logic), and annotations without an id get stable ones.
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

namespace triage::ir {
namespace {

Program checked(const std::string &text) {
  Program p = parse_text(text, "t.ivl");
  typecheck(p);
  return p;
}

TEST(Typecheck, CodeArithmeticKeepsTheMachineTypeLogicIsMathematical) {
  const Program p = checked("global g: int32\n"
                            "fun f(x: int32): int32 ensures { result = x + 1 } {\n"
                            "  var y: int32 = x + 1;\n  return y;\n}\n");
  const Function *f = p.function("f");
  const Expr &post = *f->contract.at(0).expr;
  EXPECT_EQ(post.args[1]->type, Type::integer()); // x + 1 in logic
  EXPECT_EQ(post.args[0]->type, Type::machine(32, true));
  const Stmt &decl = *f->body->at(0);
  EXPECT_EQ(decl.rhs->type, Type::machine(32, true));          // x + 1 in code
  EXPECT_EQ(decl.rhs->args[1]->type, Type::machine(32, true)); // the literal takes x's type
}

TEST(Typecheck, ResolvesWhatEachNameDenotes) {
  const Program p =
      checked("global g: int32\n"
              "predicate pos(v: int) = v > 0\n"
              "fun f(x: int32) requires { forall i: int. pos(i) -> i + x + g > 0 } {\n"
              "  var y: int32 = x;\n  g := y;\n}\n");
  const Function *f = p.function("f");
  const Expr &body = *f->contract.at(0).expr->args.at(0); // pos(i) -> ...
  EXPECT_EQ(body.args[0]->args[0]->ref, VarRef::Bound);
  const Expr &sum = *body.args[1]->args[0]; // i + x + g
  EXPECT_EQ(sum.args[1]->ref, VarRef::Global);
  EXPECT_EQ(sum.args[0]->args[1]->ref, VarRef::Param);
  EXPECT_EQ(f->body->at(1)->rhs->ref, VarRef::Local);
  const LogicDef *pos = p.logic("pos");
  EXPECT_EQ(pos->body->args[0]->ref, VarRef::LogicParam);
}

TEST(Typecheck, AssignsStableIdsPerFunctionAndKind) {
  const Program p = checked("lemma { true }\n"
                            "fun f(x: int32) requires { x > 0 } requires #mine { x < 9 }\n"
                            "  ensures { true } {\n"
                            "  while x > 0 invariant { x >= 0 } writes { x } variant { x } {\n"
                            "    x := x - 1;\n  }\n"
                            "  assert { x = 0 }\n}\n");
  const Function *f = p.function("f");
  EXPECT_EQ(f->contract[0].id, "f.requires1");
  EXPECT_EQ(f->contract[1].id, "mine");
  EXPECT_EQ(f->contract[2].id, "f.ensures1");
  const Stmt &loop = *f->body->at(0);
  EXPECT_EQ(loop.annots[0].id, "f.invariant1");
  EXPECT_EQ(loop.annots[1].id, "f.loop_writes1");
  EXPECT_EQ(loop.annots[2].id, "f.variant1");
  EXPECT_EQ(f->body->at(1)->annots[0].id, "f.assert1");
  const auto &lemma = std::get<std::shared_ptr<Annotation>>(p.decls[0]);
  EXPECT_EQ(lemma->id, "lemma1");
}

TEST(Typecheck, ErrorsPointAtTheOffendingNode) {
  try {
    checked("fun f(x: int32): int32 {\n  return x + true;\n}\n");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(e.at().line, 2);
    EXPECT_NE(e.message().find("bool"), std::string::npos) << e.what();
  }
}

TEST(Typecheck, SameObjectTakesPointersOnly) {
  EXPECT_NO_THROW(checked(
      "fun f(a: ptr int32, b: ptr bool) {\n  assume { same_object(a, b + (0 .. 3)) };\n}\n"));
  try {
    checked("fun f(a: ptr int32, n: int32) {\n  assume { same_object(a,\n n) };\n}\n");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(e.at().line, 3);
    EXPECT_NE(e.message().find("a pointer is expected, not int32"), std::string::npos) << e.what();
  }
  try {
    checked("fun f(a: ptr int32, n: int32) {\n  assume { same_object(a, a + (1 .. n)) };\n}\n");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(e.message().find("p + (0 .. N) with a literal N"), std::string::npos) << e.what();
  }
}

TEST(Typecheck, VariableLengthArraysAreCheckedOutsideTheirOwnScope) {
  const Program p = checked("fun f(n: int32) {\n  var a : int32[n + 1];\n  a[n] := n;\n}\n");
  const Stmt &decl = *p.function("f")->body->at(0);
  ASSERT_TRUE(decl.array_len);
  EXPECT_EQ(decl.array_len->type, Type::machine(32, true));
  EXPECT_EQ(print(*decl.array_len), "n + 1");
  // The length is read before the array exists: it cannot name it.
  EXPECT_THROW(checked("fun f() {\n  var a : int32[a];\n}\n"), Error);
  EXPECT_THROW(checked("fun f(b: bool) {\n  var a : int32[b];\n}\n"), Error);
}

TEST(Typecheck, LoopNamesComeFromTheSourceLine) {
  const Program p = checked("fun f(x: int32) {\n  @\"f.c\":13:7 while x > 0 { x := x - 1; }\n"
                            "  while x < 0 { x := x + 1; }\n}\n");
  const Function *f = p.function("f");
  EXPECT_EQ(loop_name(p, *f->body->at(0)), "loop@13");
  EXPECT_EQ(loop_name(p, *f->body->at(1)), "loop@3");
  // A name is read back by the same prefix: a loop's line, a callee's none.
  EXPECT_EQ(loop_line(loop_name(p, *f->body->at(0))), 13);
  EXPECT_TRUE(is_loop_name("loop@3"));
  EXPECT_FALSE(is_loop_name("swap"));
  EXPECT_EQ(loop_line("swap"), std::nullopt);
  EXPECT_EQ(loop_line("loop@"), std::nullopt);
  EXPECT_EQ(loop_line("loop@12x"), std::nullopt);
}

} // namespace
} // namespace triage::ir
