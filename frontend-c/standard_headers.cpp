#include "frontend-c/standard_headers.hpp"

#include <map>

namespace triage::frontend_c {
namespace {

/// The headers as the data model has them: `long`, `size_t`, pointers' integers and their
/// limits are 64 bits in LP64, 32 in ILP32 (where int64_t is a long long).
std::map<std::string, StandardHeader> make_headers(DataModel model) {
  const bool lp64 = model == DataModel::LP64;
  const CType ulong = CType::int_type(4, false), slong = CType::int_type(4, true);
  const CType u64 = lp64 ? ulong : CType::int_type(5, false);
  const CType i64 = lp64 ? slong : CType::int_type(5, true);
  const char *long_min = lp64 ? "(-9223372036854775807L - 1)" : "(-2147483647L - 1)";
  const char *long_max = lp64 ? "9223372036854775807L" : "2147483647L";
  const char *ulong_max = lp64 ? "18446744073709551615UL" : "4294967295UL";
  return {
      {"limits.h",
       {{{"CHAR_BIT", "8"},
         {"SCHAR_MIN", "(-128)"},
         {"SCHAR_MAX", "127"},
         {"UCHAR_MAX", "255"},
         {"CHAR_MIN", "(-128)"},
         {"CHAR_MAX", "127"},
         {"SHRT_MIN", "(-32768)"},
         {"SHRT_MAX", "32767"},
         {"USHRT_MAX", "65535"},
         {"INT_MIN", "(-2147483647 - 1)"},
         {"INT_MAX", "2147483647"},
         {"UINT_MAX", "4294967295U"},
         {"LONG_MIN", long_min},
         {"LONG_MAX", long_max},
         {"ULONG_MAX", ulong_max},
         {"LLONG_MIN", "(-9223372036854775807LL - 1)"},
         {"LLONG_MAX", "9223372036854775807LL"},
         {"ULLONG_MAX", "18446744073709551615ULL"}},
        {}}},
      {"stdint.h",
       {{{"INT8_MIN", "(-128)"},
         {"INT8_MAX", "127"},
         {"UINT8_MAX", "255"},
         {"INT16_MIN", "(-32768)"},
         {"INT16_MAX", "32767"},
         {"UINT16_MAX", "65535"},
         {"INT32_MIN", "(-2147483647 - 1)"},
         {"INT32_MAX", "2147483647"},
         {"UINT32_MAX", "4294967295U"},
         {"INT64_MIN", "(-9223372036854775807LL - 1)"},
         {"INT64_MAX", "9223372036854775807LL"},
         {"UINT64_MAX", "18446744073709551615ULL"},
         {"SIZE_MAX", ulong_max}},
        {{"int8_t", CType::int_type(1, true)},
         {"uint8_t", CType::int_type(1, false)},
         {"int16_t", CType::int_type(2, true)},
         {"uint16_t", CType::int_type(2, false)},
         {"int32_t", CType::int_type(3, true)},
         {"uint32_t", CType::int_type(3, false)},
         {"int64_t", i64},
         {"uint64_t", u64},
         {"intptr_t", slong},
         {"uintptr_t", ulong},
         {"size_t", ulong}}}},
      {"stddef.h", {{{"NULL", "\\null"}}, {{"size_t", ulong}, {"ptrdiff_t", slong}}}},
      {"stdbool.h",
       {{{"true", "1"}, {"false", "0"}, {"__bool_true_false_are_defined", "1"}},
        {{"bool", CType::bool_type()}}}},
      {"stdlib.h", {{{"NULL", "\\null"}}, {{"size_t", ulong}}}},
      {"stdio.h", {{{"NULL", "\\null"}}, {{"size_t", ulong}}}},
      {"string.h", {{{"NULL", "\\null"}}, {{"size_t", ulong}}}},
      {"assert.h", {{}, {}}},
  };
}

const std::map<std::string, StandardHeader> &headers() {
  static const std::map<std::string, StandardHeader> lp64 = [] {
    const DataModelScope model(DataModel::LP64);
    return make_headers(DataModel::LP64);
  }();
  static const std::map<std::string, StandardHeader> ilp32 = [] {
    const DataModelScope model(DataModel::ILP32); // the types made for it are ILP32's
    return make_headers(DataModel::ILP32);
  }();
  return data_model() == DataModel::LP64 ? lp64 : ilp32;
}

} // namespace

const StandardHeader *standard_header(const std::string &name) {
  auto h = headers().find(name);
  return h == headers().end() ? nullptr : &h->second;
}

std::string standard_header_names() {
  std::string names;
  for (const auto &[name, header] : headers())
    names += (names.empty() ? "" : ", ") + name;
  return names;
}

} // namespace triage::frontend_c
