// Variants of a generated input for the invariant search: same shapes, other integers, the same
// for the same seed, and no variant equal to the input.
#include "classify/input_variants.hpp"

#include <gtest/gtest.h>

using namespace triage;
using namespace triage::classify;

namespace {

ir::Counterexample example() {
  ir::Counterexample in;
  in.function = "f";
  in.inputs = {
      {"n", ir::Json(3)},
      {"a", ir::Json(ir::Json::Array{ir::Json(-1), ir::Json(-1), ir::Json(-1)})},
      {"flag", ir::Json(true)},
      {"p", ir::Json()},
      {"q", ir::Json(ir::Json::Object{{"block", ir::Json("a")}, {"offset", ir::Json(1)}})}};
  return in;
}

void all_integers(const ir::Json &v, std::vector<ir::BigInt> &out) {
  if (v.is_int()) out.push_back(v.as_int());
  if (v.is_array())
    for (const auto &c : v.as_array())
      all_integers(c, out);
}

} // namespace

TEST(InputVariants, KeepTheShapesAndChangeOnlyIntegers) {
  const auto in = example();
  const auto variants = input_variants(in, 8, 1);
  ASSERT_FALSE(variants.empty());
  for (const auto &v : variants) {
    EXPECT_EQ(v.function, "f");
    ASSERT_EQ(v.inputs.size(), in.inputs.size());
    EXPECT_NE(v.inputs, in.inputs) << "a variant equal to its input is no new run";
    for (size_t i = 0; i < in.inputs.size(); ++i) {
      EXPECT_EQ(v.inputs[i].first, in.inputs[i].first);
      const auto &was = in.inputs[i].second, &now = v.inputs[i].second;
      if (was.is_array()) {
        ASSERT_TRUE(now.is_array());
        EXPECT_EQ(now.as_array().size(), was.as_array().size());
      } else if (!was.is_int()) {
        EXPECT_EQ(now, was) << in.inputs[i].first;
      }
    }
  }
}

TEST(InputVariants, CellsThatWereAllEqualDifferInSomeVariant) {
  // The concolic search's inputs often have every cell alike (all -1 here): a relation such as
  // "every cell is negative" then holds on all runs, and the variants are there to break it.
  const auto variants = input_variants(example(), 8, 1);
  const bool some_cell_nonnegative = std::any_of(variants.begin(), variants.end(), [](auto &v) {
    const auto &cells = v.inputs[1].second.as_array();
    return std::any_of(cells.begin(), cells.end(), [](auto &c) { return c.as_int() >= 0; });
  });
  EXPECT_TRUE(some_cell_nonnegative);
}

TEST(InputVariants, AreTheSameForTheSameSeed) {
  const auto a = input_variants(example(), 6, 7), b = input_variants(example(), 6, 7);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a[i].inputs, b[i].inputs);
}

TEST(InputVariants, ANonNegativeInputStaysNonNegative) {
  // An unsigned input must stay one: a variant out of its type's range is no input at all.
  ir::Counterexample in;
  in.function = "g";
  in.inputs = {{"n", ir::Json(0)}, {"a", ir::Json(ir::Json::Array{ir::Json(0), ir::Json(5)})}};
  for (const auto &v : input_variants(in, 20, 3)) {
    std::vector<ir::BigInt> values;
    for (const auto &[name, value] : v.inputs)
      all_integers(value, values);
    for (const auto &x : values)
      EXPECT_GE(x, 0);
  }
}

TEST(InputVariants, AnInputWithoutIntegersHasNone) {
  ir::Counterexample in;
  in.function = "h";
  in.inputs = {{"b", ir::Json(false)}, {"p", ir::Json()}};
  EXPECT_TRUE(input_variants(in, 4, 1).empty());
}
