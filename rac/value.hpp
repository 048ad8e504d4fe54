// Runtime values of the interpreter: integers (mathematical or machine, always exact and, for
// machine types, in range), booleans and pointers (null, or a block and an offset).
#pragma once

#include "ir/json.hpp"
#include "ir/type.hpp"
#include "term/term.hpp"

#include <string>

namespace triage::rac {

using ir::BigInt;

struct Value {
  enum class Kind { Int, Bool, Ptr };
  Kind kind = Kind::Int;
  BigInt num;     ///< Int: the integer; Ptr: the offset in its block
  bool b = false; ///< Bool
  int block = -1; ///< Ptr: index of the block in Memory, -1 for null
  /// The symbolic shadow (Config::symbolic): the value as a term over the symbolic inputs (for a
  /// pointer, its offset; blocks are concrete). Null when the value does not depend on them.
  term::Term sym;

  static Value integer(BigInt v);
  static Value boolean(bool v);
  static Value null();
  static Value pointer(int block, BigInt offset);

  bool is_null() const { return kind == Kind::Ptr && block < 0; }
  /// The concrete value with the shadow `t` (kept only when it is not a literal).
  Value with(term::Term t) const;
  friend bool operator==(const Value &a, const Value &b);
};

/// The value an unset location of type `t` holds: 0, false or null.
Value default_value(const ir::Type &t);

/// Wraps an integer into the range of a machine type (modulo 2^bits); identity for `int`.
BigInt wrap(const BigInt &v, const ir::Type &t);

} // namespace triage::rac
