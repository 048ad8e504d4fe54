// `triage compile FILE.c [-o FILE.ivl]`: the C front end alone, printing the IR it produces.
#include "triage/command.hpp"
#include "triage/options.hpp"

#include "ir/error.hpp"
#include "ir/printer.hpp"

#include <fstream>
#include <iostream>

namespace triage::cli {
namespace {

int run_compile(const std::vector<std::string> &args) {
  CommandLine cl("compile", "FILE.c",
                 "Compiles FILE.c (C with E-ACSL annotations) to the IR, type-checks it and\n"
                 "prints it on stdout, or into FILE.ivl with -o (--output). Every other\n"
                 "command accepts the .c file directly, or the .ivl file written here.\n",
                 "Exit code 0 on success, 2 with a located error (file:line:col) otherwise.");
  std::string output;
  // `-o FILE` as compilers spell it, besides --output FILE.
  cl.text("-o,--output", output, "FILE.ivl", "write the IR there");
  cl.parse(args);
  const ir::Program p = load_program(cl.file(), cl.source());
  const std::string text = ir::print(p);
  if (!cl.given("--output")) {
    std::cout << text;
    return 0;
  }
  std::ofstream out(output, std::ios::binary);
  if (!out || !(out << text)) throw ir::Error(ir::SrcLoc{output, 1, 1}, "cannot write the file");
  return 0;
}

const Registrar reg{{"compile", "compile a C file with E-ACSL annotations to the IR", run_compile}};

} // namespace
} // namespace triage::cli
