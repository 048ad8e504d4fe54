// `triage compile FILE.c [-o FILE.ivl]`: the C front end alone, printing the IR it produces.
#include "triage/command.hpp"
#include "triage/load.hpp"
#include "triage/options.hpp"

#include "ir/error.hpp"
#include "ir/printer.hpp"

#include <fstream>
#include <iostream>

namespace triage::cli {
namespace {

int run_compile(const std::vector<std::string> &args) {
  std::vector<std::string> rest;
  std::optional<std::string> output;
  // `-o FILE` as compilers spell it, besides --output FILE.
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-o") {
      if (i + 1 >= args.size()) throw UsageError("-o expects a file name");
      output = args[++i];
    } else {
      rest.push_back(args[i]);
    }
  }
  const Options opts(rest, {}, {"output"});
  if (!output) output = opts.value("output");
  const ir::Program p = load_program(opts.file(), opts);
  const std::string text = ir::print(p);
  if (!output) {
    std::cout << text;
    return 0;
  }
  std::ofstream out(*output, std::ios::binary);
  if (!out || !(out << text)) throw ir::Error(ir::SrcLoc{*output, 1, 1}, "cannot write the file");
  return 0;
}

const Registrar reg{{"compile", "compile a C file with E-ACSL annotations to the IR",
                     "usage: triage compile FILE.c [-o FILE.ivl]\n\n"
                     "Compiles FILE.c (C with E-ACSL annotations) to the IR, type-checks it and\n"
                     "prints it on stdout, or into FILE.ivl with -o (--output). Every other\n"
                     "command accepts the .c file directly, or the .ivl file written here.\n"
                     "Exit code 0 on success, 2 with a located error (file:line:col) otherwise.\n",
                     run_compile}};

} // namespace
} // namespace triage::cli
