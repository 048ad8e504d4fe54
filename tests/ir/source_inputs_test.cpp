// Inputs as the source program names them (ir/source_inputs.hpp): a structure's parts become
// one value and back, and only when they make one object.
#include "ir/error.hpp"
#include "ir/source_inputs.hpp"

#include <gtest/gtest.h>

namespace triage::ir {
namespace {

using Shape = SourceInput::Shape;

/// `Box *b` with fields `Point min` (x, y), `int data[2]` and `int id`.
SourceInput box(Shape shape) {
  return SourceInput{"b",
                     shape,
                     {{{"min", "x"}, "b_min_x", false},
                      {{"min", "y"}, "b_min_y", false},
                      {{"data"}, "b_data", true, 2},
                      {{"id"}, "b_id", false}}};
}

NamedValues parts(const std::string &x, const std::string &y, const std::string &data,
                  const std::string &id) {
  return {{"k", Json::parse("3")},
          {"b_min_x", Json::parse(x)},
          {"b_min_y", Json::parse(y)},
          {"b_data", Json::parse(data)},
          {"b_id", Json::parse(id)}};
}

std::string dump(const NamedValues &values) {
  std::string out;
  for (const auto &[name, value] : values)
    out += name + "=" + value.dump() + " ";
  return out;
}

TEST(SourceInputs, APointerToOneObjectIsOneValueAndBack) {
  const std::vector<SourceInput> s{box(Shape::Pointer)};
  const NamedValues ir = parts("[1]", "[2]", "[5,6]", "[7]");
  const NamedValues shown = in_source_terms(s, ir);
  EXPECT_EQ(dump(shown), R"(k=3 b=[{"min":{"x":1,"y":2},"data":[5,6],"id":7}] )");
  EXPECT_EQ(dump(from_source_terms(s, shown)), dump(ir));
}

TEST(SourceInputs, APointerToAnArrayOfObjectsIsTheListOfThemAndBack) {
  const std::vector<SourceInput> s{box(Shape::Pointer)};
  const NamedValues ir = parts("[1,3]", "[2,4]", "[5,6,7,8]", "[9,10]");
  const NamedValues shown = in_source_terms(s, ir);
  EXPECT_EQ(dump(shown), R"(k=3 b=[{"min":{"x":1,"y":2},"data":[5,6],"id":9},)"
                         R"({"min":{"x":3,"y":4},"data":[7,8],"id":10}] )");
  EXPECT_EQ(dump(from_source_terms(s, shown)), dump(ir));
  // Blocks of different numbers of objects are no C array: their parts stay.
  const NamedValues uneven = parts("[1,3]", "[2]", "[5,6,7,8]", "[9,10]");
  EXPECT_EQ(dump(in_source_terms(s, uneven)), dump(uneven));
  // An array of structures (a global `Box b[2]`) is the list of its objects too.
  const std::vector<SourceInput> array{box(Shape::Objects)};
  EXPECT_EQ(dump(in_source_terms(array, ir)), dump(shown));
}

TEST(SourceInputs, APointerIntoAnotherInputsObjectsNamesItAndBack) {
  SourceInput c = box(Shape::Pointer);
  c.name = "c";
  for (auto &f : c.fields)
    f.part = "c" + f.part.substr(1); // c_min_x, ...
  const std::vector<SourceInput> s{box(Shape::Pointer), c};
  NamedValues ir = parts("[1,3]", "[2,4]", "[5,6,7,8]", "[9,10]");
  for (const auto &[part, off] : {std::pair{"min_x", 1}, {"min_y", 1}, {"data", 2}, {"id", 1}})
    ir.emplace_back(std::string("c_") + part,
                    Json::parse(std::string(R"({"block":"b_)") + part + R"(","offset":)" +
                                std::to_string(off) + "}"));
  const NamedValues shown = in_source_terms(s, ir);
  EXPECT_EQ(dump(shown).substr(dump(shown).find(" c=")), R"( c={"block":"b","offset":1} )");
  EXPECT_EQ(dump(from_source_terms(s, shown)), dump(ir));
}

TEST(SourceInputs, NoObjectAndNullArePointersToo) {
  const std::vector<SourceInput> s{box(Shape::Pointer)};
  for (const char *v : {"[]", "null"}) {
    const NamedValues ir = parts(v, v, v, v);
    const NamedValues shown = in_source_terms(s, ir);
    EXPECT_EQ(dump(shown), std::string("k=3 b=") + v + " ");
    EXPECT_EQ(dump(from_source_terms(s, shown)), dump(ir));
  }
}

TEST(SourceInputs, PartsOfNoSingleObjectStayParts) {
  const std::vector<SourceInput> s{box(Shape::Pointer)};
  const NamedValues half = parts("[1]", "[]", "[5,6]", "[7]"); // half an object: no C value
  EXPECT_EQ(dump(in_source_terms(s, half)), dump(half));
}

TEST(SourceInputs, StructureValuesAndHiddenRegisters) {
  const std::vector<SourceInput> s{box(Shape::Value),
                                   SourceInput{"", Shape::Hidden, {{{}, "k", false}}}};
  const NamedValues ir = parts("1", "2", "[5,6]", "7");
  const NamedValues shown = in_source_terms(s, ir);
  EXPECT_EQ(dump(shown), R"(b={"min":{"x":1,"y":2},"data":[5,6],"id":7} )");
  EXPECT_EQ(dump(from_source_terms(s, shown)), dump(parts("1", "2", "[5,6]", "7")).substr(4));
}

TEST(SourceInputs, AnArrayOfArraysIsShownRowByRow) {
  const std::vector<SourceInput> s{SourceInput{"m", Shape::Rows, {{{}, "m", false}}, {2, 3}}};
  const NamedValues ir{{"m", Json::parse("[1,2,3,4,5,6,7,8,9,10,11,12]")}};
  const NamedValues shown = in_source_terms(s, ir);
  EXPECT_EQ(dump(shown), "m=[[[1,2,3],[4,5,6]],[[7,8,9],[10,11,12]]] ");
  EXPECT_EQ(dump(from_source_terms(s, shown)), dump(ir));
  const NamedValues ragged{{"m", Json::parse("[1,2,3,4,5]")}}; // no whole row: kept flat
  EXPECT_EQ(dump(in_source_terms(s, ragged)), dump(ragged));
  EXPECT_THROW(from_source_terms(s, {{"m", Json::parse("[[[1,2],[3,4,5]]]")}}), Error);
}

TEST(SourceInputs, AMalformedValueSaysWhatIsExpected) {
  const std::vector<SourceInput> s{box(Shape::Pointer)};
  try {
    from_source_terms(s, {{"b", Json::parse(R"([{"min":{"x":1},"data":[1,2],"id":0}])")}});
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_NE(e.message().find("the field min.y is missing"), std::string::npos) << e.what();
  }
  EXPECT_THROW(from_source_terms(s, {{"b", Json::parse("[1, 2]")}}), Error);
  // An array field has its length in every object.
  EXPECT_THROW(
      from_source_terms(s, {{"b", Json::parse(R"([{"min":{"x":1,"y":2},"data":[1],"id":0}])")}}),
      Error);
}

} // namespace
} // namespace triage::ir
