// A small JSON value with exact integers, for oracles, counterexamples and `--format json`.
// Integers print as JSON numbers when they fit in 53 bits and as strings otherwise, so that no
// consumer silently rounds them; reading accepts both forms where an integer is expected.
// The value is ours (nlohmann's cannot hold a BigInt); its text is read and written by
// nlohmann-json (json.cpp).
#pragma once

#include "ir/type.hpp"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace triage::ir {

class Json {
public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>; ///< keeps insertion order

  Json() = default; ///< null
  Json(std::nullptr_t) {}
  Json(bool b) : v_(b) {}
  Json(int i) : v_(BigInt(i)) {}
  Json(long i) : v_(BigInt(i)) {}
  Json(long long i) : v_(BigInt(i)) {}
  Json(unsigned long i) : v_(BigInt(i)) {}
  Json(double d) : v_(d) {}
  Json(BigInt i) : v_(std::move(i)) {}
  Json(const char *s) : v_(std::string(s)) {}
  Json(std::string s) : v_(std::move(s)) {}
  Json(Array a) : v_(std::move(a)) {}
  Json(Object o) : v_(std::move(o)) {}
  static Json object() { return Json(Object{}); }
  static Json array() { return Json(Array{}); }

  bool is_null() const { return std::holds_alternative<std::monostate>(v_); }
  bool is_bool() const { return std::holds_alternative<bool>(v_); }
  bool is_int() const { return std::holds_alternative<BigInt>(v_); }
  bool is_double() const { return std::holds_alternative<double>(v_); }
  bool is_string() const { return std::holds_alternative<std::string>(v_); }
  bool is_array() const { return std::holds_alternative<Array>(v_); }
  bool is_object() const { return std::holds_alternative<Object>(v_); }

  bool as_bool() const { return std::get<bool>(v_); }
  const BigInt &as_int() const { return std::get<BigInt>(v_); }
  double as_double() const { return std::get<double>(v_); }
  const std::string &as_string() const { return std::get<std::string>(v_); }
  const Array &as_array() const { return std::get<Array>(v_); }
  Array &as_array() { return std::get<Array>(v_); }
  const Object &as_object() const { return std::get<Object>(v_); }
  Object &as_object() { return std::get<Object>(v_); }

  /// An integer written as a number or as a string of digits; nullopt otherwise.
  std::optional<BigInt> integer() const;

  /// Object member lookup; nullptr when absent or not an object.
  const Json *find(const std::string &key) const;
  /// Object member, inserted as null when absent (the value must be an object).
  Json &operator[](const std::string &key);
  /// Appends to an array.
  void push_back(Json v) { as_array().push_back(std::move(v)); }

  /// Compact text (`indent` < 0) or pretty-printed with that many spaces per level.
  std::string dump(int indent = -1) const;

  /// Parses JSON text; throws ir::Error located in `filename` on a syntax error.
  static Json parse(const std::string &text, const std::string &filename = "<json>");

  friend bool operator==(const Json &a, const Json &b) { return a.v_ == b.v_; }

private:
  std::variant<std::monostate, bool, BigInt, double, std::string, Array, Object> v_;
};

} // namespace triage::ir
