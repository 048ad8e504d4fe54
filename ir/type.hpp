// Types of the IR: mathematical integers, booleans, machine integers and pointers.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <memory>
#include <optional>
#include <string>

namespace triage::ir {

using BigInt = boost::multiprecision::cpp_int;

/// A type of the IR. Pointers point into typed memory blocks; arrays exist only as declarations
/// of globals and locals (a declared array is a constant pointer to a fresh block).
class Type {
public:
  enum class Kind { Unit, Bool, Int, Machine, Ptr };

  static Type unit() { return Type(Kind::Unit); }
  static Type boolean() { return Type(Kind::Bool); }
  static Type integer() { return Type(Kind::Int); }
  static Type machine(int bits, bool is_signed);
  static Type pointer(Type pointee);

  Kind kind() const { return kind_; }
  bool is_unit() const { return kind_ == Kind::Unit; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_machine() const { return kind_ == Kind::Machine; }
  bool is_ptr() const { return kind_ == Kind::Ptr; }
  /// int or a machine integer.
  bool is_numeric() const { return is_int() || is_machine(); }

  int bits() const { return bits_; }
  bool is_signed() const { return signed_; }
  const Type &pointee() const { return *pointee_; }

  /// Bounds of a machine integer type.
  BigInt min_value() const;
  BigInt max_value() const;
  bool fits(const BigInt &v) const {
    return !is_machine() || (v >= min_value() && v <= max_value());
  }

  /// The text of the type, as written in `.ivl`: int32, uint8, ptr int32, ...
  std::string str() const;

  friend bool operator==(const Type &a, const Type &b);

private:
  explicit Type(Kind k) : kind_(k) {}
  Kind kind_ = Kind::Unit;
  int bits_ = 0;
  bool signed_ = false;
  std::shared_ptr<const Type> pointee_;
};

/// Parses a scalar type name (int, bool, unit, int8 .. uint64); nullopt for other words.
std::optional<Type> scalar_type_named(const std::string &name);

} // namespace triage::ir
