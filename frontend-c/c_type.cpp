#include "frontend-c/c_type.hpp"

#include "ir/error.hpp"

#include <algorithm>

namespace triage::frontend_c {

namespace {
thread_local DataModel current_model = DataModel::LP64;
} // namespace

DataModel data_model() {
  return current_model;
}

DataModelScope::DataModelScope(DataModel m) : saved_(current_model) {
  current_model = m;
}

DataModelScope::~DataModelScope() {
  current_model = saved_;
}

CType CType::int_type(int rank, bool is_signed) {
  static const int bits[] = {0, 8, 16, 32, 64, 64};
  const int b = rank == 4 && current_model == DataModel::ILP32 ? 32 : bits[rank];
  return CType{Kind::Int, b, is_signed, rank, nullptr, {}, nullptr};
}

CType CType::pointer(CType to) {
  CType t{Kind::Ptr, 64, false, 0, std::make_shared<CType>(std::move(to)), {}, nullptr};
  return t;
}

CType CType::array(CType elem, std::optional<int64_t> len) {
  return CType{Kind::Array, 0, false, 0, std::make_shared<CType>(std::move(elem)), len, nullptr};
}

CType CType::structure(std::shared_ptr<StructDef> def) {
  CType t{Kind::Struct, 0, false, 0, nullptr, {}, nullptr};
  t.sdef = std::move(def);
  return t;
}

int StructDef::field(const std::string &name) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].first == name) return int(i);
  return -1;
}

std::vector<Leaf> leaves(const StructDef &def) {
  std::vector<Leaf> out;
  for (const auto &[name, type] : def.fields) {
    if (!type.is_struct()) {
      out.push_back(Leaf{name, type, def.tag + "." + name, {name}});
      continue;
    }
    for (Leaf inner : leaves(*type.sdef)) {
      inner.path = name + "_" + inner.path;
      inner.fields.insert(inner.fields.begin(), name);
      out.push_back(std::move(inner));
    }
  }
  return out;
}

std::pair<size_t, size_t> leaf_range(const StructDef &def, size_t field) {
  size_t start = 0;
  for (size_t i = 0; i < field; ++i)
    start += leaf_count(def.fields[i].second);
  return {start, leaf_count(def.fields[field].second)};
}

size_t leaf_count(const CType &t) {
  return t.is_struct() ? leaves(*t.sdef).size() : 1;
}

std::vector<std::pair<std::string, ir::Type>> part_types(const CType &t) {
  const bool ptr = t.is_struct_ptr();
  std::vector<std::pair<std::string, ir::Type>> parts;
  // An array field's part points to its first cell, in a structure as through a pointer.
  for (const Leaf &l : leaves(*(ptr ? *t.elem : t).sdef))
    parts.emplace_back(l.path, ptr && !l.type.is_array() ? ir::Type::pointer(to_ir(l.type))
                                                         : to_ir(l.type));
  return parts;
}

CType CType::decay() const {
  return is_array() ? pointer(*elem) : *this;
}

std::string CType::str() const {
  switch (kind) {
  case Kind::Void:
    return "void";
  case Kind::Bool:
    return "_Bool";
  case Kind::Int: {
    static const char *names[] = {"", "char", "short", "int", "long", "long long"};
    return std::string(is_signed ? "" : "unsigned ") + names[rank];
  }
  case Kind::Ptr:
    return elem->str() + " *";
  case Kind::Array:
    return elem->str() + "[" + (len ? std::to_string(*len) : "") + "]";
  case Kind::Integer:
    return "integer";
  case Kind::Boolean:
    return "boolean";
  case Kind::Struct:
    return "struct " + sdef->tag;
  }
  return "?";
}

int64_t cells_of(const CType &t) {
  return t.is_array() ? t.len.value_or(0) * cells_of(*t.elem) : 1;
}

const CType &innermost(const CType &t) {
  return t.is_array() ? innermost(*t.elem) : t;
}

ir::Type to_ir(const CType &t) {
  switch (t.kind) {
  case CType::Kind::Void:
    return ir::Type::unit();
  case CType::Kind::Int:
  case CType::Kind::Bool:
    return ir::Type::machine(t.bits, t.is_signed);
  case CType::Kind::Ptr:
  case CType::Kind::Array:
    // A `void *` has the representation of a `char *` (C11 6.2.5p28): the IR has no pointer
    // to nothing, and the front end never reads through one.
    if (t.elem->is_void()) return ir::Type::pointer(ir::Type::machine(8, false));
    return ir::Type::pointer(to_ir(innermost(*t.elem)));
  case CType::Kind::Integer:
    return ir::Type::integer();
  case CType::Kind::Boolean:
    return ir::Type::boolean();
  case CType::Kind::Struct:
    // Callers split structures into their parts first (part_types); a structure that reaches
    // here stands where the lowering does not support one.
    throw ir::Error({}, "a structure cannot be used here (" + t.str() + ")");
  }
  return ir::Type::unit();
}

CType promote(const CType &t) {
  if (t.kind == CType::Kind::Bool || (t.kind == CType::Kind::Int && t.rank < 3))
    return CType::c_int();
  return t;
}

CType common_type(const CType &a0, const CType &b0) {
  const CType a = promote(a0), b = promote(b0);
  if (a.is_signed == b.is_signed) return a.rank >= b.rank ? a : b;
  const CType &u = a.is_signed ? b : a;
  const CType &s = a.is_signed ? a : b;
  if (u.rank >= s.rank) return u;
  if (s.bits > u.bits) return s;
  return CType::int_type(s.rank, false);
}

int64_t size_of(const CType &t) {
  switch (t.kind) {
  case CType::Kind::Int:
  case CType::Kind::Bool:
    return t.bits / 8;
  case CType::Kind::Ptr:
    return current_model == DataModel::ILP32 ? 4 : 8;
  case CType::Kind::Array:
    return size_of(*t.elem) * t.len.value_or(0);
  case CType::Kind::Struct: {
    // The usual layout: each field at a multiple of its alignment (its size, for scalars).
    int64_t size = 0, align = 1;
    for (const auto &f : t.sdef->fields) {
      const int64_t fs = size_of(f.second), fa = f.second.is_array() ? size_of(*f.second.elem) : fs;
      size = (size + fa - 1) / fa * fa + fs;
      align = std::max(align, fa);
    }
    return (size + align - 1) / align * align;
  }
  default:
    return 1;
  }
}

} // namespace triage::frontend_c
