// Types of C programs and of their ACSL annotations, and how they map to IR types.
#pragma once

#include "ir/type.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace triage::frontend_c {

/// A C type (void, integers, _Bool, pointers, arrays) or an ACSL logic type (integer, boolean).
struct CType {
  enum class Kind { Void, Int, Bool, Ptr, Array, Integer, Boolean };
  Kind kind = Kind::Int;
  int bits = 32;
  bool is_signed = true;
  int rank = 3; ///< char 1, short 2, int 3, long 4, long long 5 (usual arithmetic conversions)
  std::shared_ptr<CType> elem; ///< pointee or array element
  std::optional<int64_t> len;  ///< array length when known

  static CType void_type() { return CType{Kind::Void, 0, false, 0, nullptr, {}}; }
  static CType int_type(int rank, bool is_signed);
  static CType c_int() { return int_type(3, true); }
  static CType bool_type() { return CType{Kind::Bool, 8, false, 0, nullptr, {}}; }
  static CType pointer(CType to);
  static CType array(CType elem, std::optional<int64_t> len);
  static CType integer() { return CType{Kind::Integer, 0, true, 0, nullptr, {}}; }
  static CType boolean() { return CType{Kind::Boolean, 0, false, 0, nullptr, {}}; }

  bool is_void() const { return kind == Kind::Void; }
  /// A C integer type, _Bool included.
  bool is_c_int() const { return kind == Kind::Int || kind == Kind::Bool; }
  bool is_ptr() const { return kind == Kind::Ptr; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_integer() const { return kind == Kind::Integer; }
  bool is_boolean() const { return kind == Kind::Boolean; }
  /// Any integer, C or mathematical.
  bool is_numeric() const { return is_c_int() || is_integer(); }

  /// Arrays decay to pointers to their first element.
  CType decay() const;
  /// The C spelling, for messages.
  std::string str() const;
};

/// The IR type of a C or logic type (arrays: pointer to the element type).
ir::Type to_ir(const CType &t);

/// Integer promotion: types of rank below int (and _Bool) become int.
CType promote(const CType &t);

/// The usual arithmetic conversions: the common type of two promoted integer operands.
CType common_type(const CType &a, const CType &b);

/// The size in bytes of a C type, for sizeof.
int64_t size_of(const CType &t);

} // namespace triage::frontend_c
