#include "frontend-c/standard_headers.hpp"

#include <map>

namespace triage::frontend_c {
namespace {

const std::map<std::string, StandardHeader> &headers() {
  const CType u64 = CType::int_type(4, false), i64 = CType::int_type(4, true);
  static const std::map<std::string, StandardHeader> h = {
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
         {"LONG_MIN", "(-9223372036854775807L - 1)"},
         {"LONG_MAX", "9223372036854775807L"},
         {"ULONG_MAX", "18446744073709551615UL"},
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
         {"INT64_MIN", "(-9223372036854775807L - 1)"},
         {"INT64_MAX", "9223372036854775807L"},
         {"UINT64_MAX", "18446744073709551615UL"},
         {"SIZE_MAX", "18446744073709551615UL"}},
        {{"int8_t", CType::int_type(1, true)},
         {"uint8_t", CType::int_type(1, false)},
         {"int16_t", CType::int_type(2, true)},
         {"uint16_t", CType::int_type(2, false)},
         {"int32_t", CType::int_type(3, true)},
         {"uint32_t", CType::int_type(3, false)},
         {"int64_t", i64},
         {"uint64_t", u64},
         {"intptr_t", i64},
         {"uintptr_t", u64},
         {"size_t", u64}}}},
      {"stddef.h", {{{"NULL", "\\null"}}, {{"size_t", u64}, {"ptrdiff_t", i64}}}},
      {"stdbool.h",
       {{{"true", "1"}, {"false", "0"}, {"__bool_true_false_are_defined", "1"}},
        {{"bool", CType::bool_type()}}}},
      {"stdlib.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"stdio.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"string.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"assert.h", {{}, {}}},
  };
  return h;
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
