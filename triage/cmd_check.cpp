// `triage check FILE`: parse and type-check; `--print` shows the IR as triage understands it.
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"

#include "ir/printer.hpp"

#include <iostream>

namespace triage::cli {
namespace {

int run_check(const std::vector<std::string> &args) {
  const Options opts(args, {"print"}, {});
  const ir::Program p = load_program(opts.file(), opts);
  if (opts.flag("print"))
    std::cout << ir::print(p);
  else
    std::cerr << opts.file() << ": ok\n";
  return 0;
}

const Registrar reg{{"check", "parse and type-check a program",
                     "usage: triage check FILE [--print]\n\n"
                     "Parses and type-checks FILE (.ivl, or .c through the C front end).\n"
                     "  --print    print the type-checked IR on stdout\n"
                     "Exit code 0 when the program is well-formed, 2 with a located error "
                     "otherwise.\n",
                     run_check}};

} // namespace
} // namespace triage::cli
