// `triage check FILE`: parse and type-check; `--print` shows the IR as triage understands it.
#include "triage/command.hpp"
#include "triage/options.hpp"

#include "ir/printer.hpp"

#include <iostream>

namespace triage::cli {
namespace {

int run_check(const std::vector<std::string> &args) {
  CommandLine cl("check", "FILE",
                 "Parses and type-checks FILE (.ivl, or .c through the C front end).\n",
                 "Exit code 0 when the program is well-formed, 2 with a located error otherwise.");
  bool print = false;
  cl.flag("--print", print, "print the type-checked IR on stdout");
  cl.parse(args);
  const ir::Program p = load_program(cl.file(), cl.source());
  if (print)
    std::cout << ir::print(p);
  else
    std::cerr << cl.file() << ": ok\n";
  return 0;
}

const Registrar reg{{"check", "parse and type-check a program", run_check}};

} // namespace
} // namespace triage::cli
