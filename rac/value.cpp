#include "rac/value.hpp"

namespace triage::rac {

Value Value::integer(BigInt v) {
  Value x;
  x.kind = Kind::Int;
  x.num = std::move(v);
  return x;
}

Value Value::boolean(bool v) {
  Value x;
  x.kind = Kind::Bool;
  x.b = v;
  return x;
}

Value Value::null() {
  Value x;
  x.kind = Kind::Ptr;
  return x;
}

Value Value::pointer(int block, BigInt offset) {
  Value x;
  x.kind = Kind::Ptr;
  x.block = block;
  x.num = std::move(offset);
  return x;
}

Value Value::with(term::Term t) const {
  Value x = *this;
  x.sym = t && t->op != term::Op::IntLit && t->op != term::Op::BoolLit ? std::move(t) : nullptr;
  return x;
}

bool operator==(const Value &a, const Value &b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
  case Value::Kind::Int:
    return a.num == b.num;
  case Value::Kind::Bool:
    return a.b == b.b;
  case Value::Kind::Ptr:
    return a.block == b.block && (a.block < 0 || a.num == b.num);
  }
  return false;
}

Value default_value(const ir::Type &t) {
  if (t.is_bool()) return Value::boolean(false);
  if (t.is_ptr()) return Value::null();
  return Value::integer(0);
}

BigInt wrap(const BigInt &v, const ir::Type &t) {
  if (!t.is_machine()) return v;
  const BigInt modulus = BigInt(1) << t.bits();
  BigInt r = v % modulus; // truncates toward zero: r has the sign of v
  if (r < 0) r += modulus;
  if (t.is_signed() && r > t.max_value()) r -= modulus;
  return r;
}

} // namespace triage::rac
