#include "ir/type.hpp"

namespace triage::ir {

Type Type::machine(int bits, bool is_signed) {
  Type t(Kind::Machine);
  t.bits_ = bits;
  t.signed_ = is_signed;
  return t;
}

Type Type::pointer(Type pointee) {
  Type t(Kind::Ptr);
  t.pointee_ = std::make_shared<const Type>(std::move(pointee));
  return t;
}

BigInt Type::min_value() const {
  if (!signed_) return 0;
  return -(BigInt(1) << (bits_ - 1));
}

BigInt Type::max_value() const {
  if (!signed_) return (BigInt(1) << bits_) - 1;
  return (BigInt(1) << (bits_ - 1)) - 1;
}

std::string Type::str() const {
  switch (kind_) {
  case Kind::Unit:
    return "unit";
  case Kind::Bool:
    return "bool";
  case Kind::Int:
    return "int";
  case Kind::Machine:
    return (signed_ ? "int" : "uint") + std::to_string(bits_);
  case Kind::Ptr:
    return "ptr " + pointee_->str();
  }
  return "?";
}

bool operator==(const Type &a, const Type &b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
  case Type::Kind::Machine:
    return a.bits_ == b.bits_ && a.signed_ == b.signed_;
  case Type::Kind::Ptr:
    return *a.pointee_ == *b.pointee_;
  default:
    return true;
  }
}

std::optional<Type> scalar_type_named(const std::string &name) {
  if (name == "int") return Type::integer();
  if (name == "bool") return Type::boolean();
  if (name == "unit") return Type::unit();
  for (int bits : {8, 16, 32, 64}) {
    if (name == "int" + std::to_string(bits)) return Type::machine(bits, true);
    if (name == "uint" + std::to_string(bits)) return Type::machine(bits, false);
  }
  return std::nullopt;
}

} // namespace triage::ir
