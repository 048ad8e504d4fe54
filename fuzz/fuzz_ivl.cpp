// libFuzzer harness: the .ivl parser, the type checker and the printer on arbitrary text. Bad
// input may only end in ir::Error (a located message); anything else is a finding.
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  try {
    triage::ir::Program p = triage::ir::parse_text(text, "fuzz.ivl");
    triage::ir::typecheck(p);
    // What prints must read back: the round trip the text format promises.
    const std::string printed = triage::ir::print(p);
    triage::ir::Program back = triage::ir::parse_text(printed, "fuzz.ivl");
    triage::ir::typecheck(back);
    if (triage::ir::print(back) != printed) __builtin_trap();
  } catch (const triage::ir::Error &) {
  }
  return 0;
}
