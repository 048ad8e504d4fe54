// libFuzzer harness: the C + E-ACSL front end (preprocessor, parser, lowering) and the type
// checker on arbitrary text. Bad input may only end in ir::Error.
#include "frontend-c/compile.hpp"
#include "ir/error.hpp"
#include "ir/typecheck.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  try {
    triage::ir::Program p = triage::frontend_c::compile_text(text, "fuzz.c");
    triage::ir::typecheck(p);
  } catch (const triage::ir::Error &) {
  }
  return 0;
}
