// JSON values with exact integers, and the counterexample / oracle format built on them.
#include "ir/counterexample.hpp"
#include "ir/error.hpp"
#include "ir/json.hpp"

#include <gtest/gtest.h>

namespace triage::ir {
namespace {

TEST(Json, ParsesAndPrintsCompactly) {
  const Json j = Json::parse(R"( {"a": [1, -2, true, null], "b": {"c": "x\"y"}, "d": 1.5} )");
  EXPECT_EQ(j.dump(), R"({"a":[1,-2,true,null],"b":{"c":"x\"y"},"d":1.5})");
  EXPECT_EQ(j.find("a")->as_array().size(), 4u);
  EXPECT_EQ(j.find("zz"), nullptr);
}

TEST(Json, IntegersBeyond53BitsAreStrings) {
  Json j = Json::object();
  j["small"] = BigInt("9007199254740991");
  j["big"] = BigInt("9007199254740992");
  j["neg"] = BigInt("-18446744073709551616");
  EXPECT_EQ(j.dump(), R"({"small":9007199254740991,"big":"9007199254740992",)"
                      R"("neg":"-18446744073709551616"})");
  const Json back = Json::parse(j.dump());
  EXPECT_EQ(*back.find("big")->integer(), BigInt("9007199254740992"));
  EXPECT_EQ(*back.find("neg")->integer(), BigInt("-18446744073709551616"));
  EXPECT_FALSE(Json("12a").integer().has_value());
}

TEST(Json, SyntaxErrorsAreLocated) {
  try {
    Json::parse("{\n  \"a\": [1, 2,\n}", "o.json");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(e.at().file, "o.json");
    EXPECT_EQ(e.at().line, 3);
  }
  EXPECT_THROW(Json::parse("[1] 2"), Error);
  EXPECT_THROW(Json::parse(std::string(1000, '[')), Error);
}

TEST(Counterexample, RoundTripsThroughJson) {
  Counterexample c;
  c.function = "isqrt";
  c.inputs = {{"n", Json(1)}, {"t", Json(Json::Array{Json(10), Json(-10)})}};
  c.outputs.push_back({"loop@13", 13, 1, {{"r", Json(0)}, {"y", Json(0)}, {"z", Json(1)}}});
  const Json j = c.to_json();
  EXPECT_EQ(j.dump(), R"({"function":"isqrt","inputs":{"n":1,"t":[10,-10]},)"
                      R"("subcontract_outputs":[{"subcontract":"loop@13","line":13,"visit":1,)"
                      R"("values":{"r":0,"y":0,"z":1}}]})");
  const Counterexample back = Counterexample::from_json(Json::parse(j.dump()), "cx.json");
  EXPECT_EQ(back.to_json(), j);
  ASSERT_NE(back.output("loop@13", 13, 1), nullptr);
  EXPECT_EQ(back.output("loop@13", 13, 2), nullptr);
  EXPECT_EQ(*back.output("loop@13", 0, 1)->value("z"), Json(1));
  EXPECT_EQ(*back.input("n"), Json(1));
}

TEST(Counterexample, RejectsWrongShapes) {
  EXPECT_THROW(Counterexample::from_json(Json::parse("[1]"), "c.json"), Error);
  EXPECT_THROW(Counterexample::from_json(Json::parse(R"({"inputs": 3})"), "c.json"), Error);
  EXPECT_THROW(Counterexample::from_json(
                   Json::parse(R"({"subcontract_outputs": [{"values": {}}]})"), "c.json"),
               Error);
}

} // namespace
} // namespace triage::ir
