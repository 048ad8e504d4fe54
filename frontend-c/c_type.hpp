// Types of C programs and of their ACSL annotations, and how they map to IR types.
#pragma once

#include "ir/type.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triage::frontend_c {

/// The target's data model: how wide `long` and pointers are (`size_t` follows). LP64: 64 bits,
/// as on 64-bit Linux; ILP32: 32 bits, as `gcc -m32` and most verification tasks have it.
enum class DataModel { LP64, ILP32 };

/// The data model the front end is compiling for (LP64 unless a DataModelScope says otherwise).
DataModel data_model();

/// Sets the data model for the compilation of one file (the width of `long` is a property of the
/// whole translation, as `cc -m32` makes it), and restores the previous one after.
class DataModelScope {
public:
  explicit DataModelScope(DataModel m);
  ~DataModelScope();
  DataModelScope(const DataModelScope &) = delete;
  DataModelScope &operator=(const DataModelScope &) = delete;

private:
  DataModel saved_;
};

struct StructDef;

/// A C type (void, integers, _Bool, pointers, arrays, structures) or an ACSL logic type
/// (integer, boolean).
struct CType {
  enum class Kind { Void, Int, Bool, Ptr, Array, Integer, Boolean, Struct };
  Kind kind = Kind::Int;
  int bits = 32;
  bool is_signed = true;
  int rank = 3; ///< char 1, short 2, int 3, long 4, long long 5 (usual arithmetic conversions)
  std::shared_ptr<CType> elem;     ///< pointee or array element
  std::optional<int64_t> len;      ///< array length when known
  std::shared_ptr<StructDef> sdef; ///< Struct: its tag and fields (shared by every use)

  static CType void_type() { return CType{Kind::Void, 0, false, 0, nullptr, {}, nullptr}; }
  static CType int_type(int rank, bool is_signed);
  static CType c_int() { return int_type(3, true); }
  static CType bool_type() { return CType{Kind::Bool, 8, false, 0, nullptr, {}, nullptr}; }
  static CType pointer(CType to);
  static CType array(CType elem, std::optional<int64_t> len);
  static CType integer() { return CType{Kind::Integer, 0, true, 0, nullptr, {}, nullptr}; }
  static CType boolean() { return CType{Kind::Boolean, 0, false, 0, nullptr, {}, nullptr}; }
  static CType structure(std::shared_ptr<StructDef> def);

  bool is_void() const { return kind == Kind::Void; }
  /// A C integer type, _Bool included.
  bool is_c_int() const { return kind == Kind::Int || kind == Kind::Bool; }
  bool is_ptr() const { return kind == Kind::Ptr; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_integer() const { return kind == Kind::Integer; }
  bool is_boolean() const { return kind == Kind::Boolean; }
  bool is_struct() const { return kind == Kind::Struct; }
  /// A pointer to a structure: lowered to one pointer per field (docs/c-frontend.md).
  bool is_struct_ptr() const { return kind == Kind::Ptr && elem->is_struct(); }
  /// A structure or a pointer to one: a value the IR holds as one part per field.
  bool is_aggregate() const { return is_struct() || is_struct_ptr(); }
  /// Any integer, C or mathematical.
  bool is_numeric() const { return is_c_int() || is_integer(); }

  /// Arrays decay to pointers to their first element.
  CType decay() const;
  /// The C spelling, for messages.
  std::string str() const;
};

/// A structure type: its tag and fields, complete once its definition has been read.
struct StructDef {
  std::string tag;
  std::vector<std::pair<std::string, CType>> fields;
  bool complete = false;
  /// The index of field `name`, or -1.
  int field(const std::string &name) const;
};

/// The cells a value of type `t` takes in the IR's memory: an array's cells times its length
/// (`int m[3][4]`: 12), else 1. Arrays of arrays are flattened, row after row.
int64_t cells_of(const CType &t);
/// `t` without its array dimensions: `int` for `int[3][4]`.
const CType &innermost(const CType &t);

/// The IR type of a C or logic type (arrays: pointer to the element type; arrays of arrays and
/// pointers to arrays: pointer to the innermost element, their memory being flattened). Structures
/// and pointers to them have no single IR type: see part_types.
ir::Type to_ir(const CType &t);

/// A field of a structure that is no structure, reached through the structures that hold it:
/// `path` joins the field names with `_` (`b_y` for `s.b.y`), `owner` names the field where
/// it is declared (`B.y`): two leaves with different owners are never one cell.
struct Leaf {
  std::string path;
  CType type; ///< for an array field, the array type: its part points to the first cell
  std::string owner;
  std::vector<std::string> fields; ///< the field names from the outer structure: {"b", "y"}
  /// Cells per object: 1, or the length of an array field.
  int64_t cells() const { return type.is_array() ? *type.len : 1; }
};
/// The leaves of a structure, in the order of its fields (a structure field's leaves in turn).
std::vector<Leaf> leaves(const StructDef &def);
/// How many leaves a value of type `t` has: a structure's, else 1.
size_t leaf_count(const CType &t);
/// The leaves of field `field` of `def`: the index of the first among def's leaves, and how many.
std::pair<size_t, size_t> leaf_range(const StructDef &def, size_t field);

/// The IR types of the parts of a structure (its leaves' types) or of a pointer to a
/// structure (pointers to its leaves' types), with the leaves' paths.
std::vector<std::pair<std::string, ir::Type>> part_types(const CType &t);

/// Integer promotion: types of rank below int (and _Bool) become int.
CType promote(const CType &t);

/// The usual arithmetic conversions: the common type of two promoted integer operands.
CType common_type(const CType &a, const CType &b);

/// The size in bytes of a C type, for sizeof.
int64_t size_of(const CType &t);

} // namespace triage::frontend_c
