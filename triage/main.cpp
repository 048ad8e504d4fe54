// `triage`: the command-line front. It only dispatches to the registered subcommands and turns
// errors into messages and exit codes (0 all proved / ok, 1 something failed, 2 bad input).
#include "triage/command.hpp"
#include "triage/options.hpp"

#include "ir/error.hpp"
#include "vcgen/portfolio.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>

#ifndef TRIAGE_VERSION
#define TRIAGE_VERSION "0.0.0"
#endif

namespace triage::cli {

namespace {
std::vector<Command> &registry() {
  static std::vector<Command> all;
  return all;
}

void print_help() {
  std::cout << "triage " TRIAGE_VERSION " - proves C (E-ACSL) and .ivl programs and explains "
               "failed proofs\n\n"
               "usage: triage COMMAND [OPTIONS] FILE\n\ncommands:\n";
  for (const auto &c : commands())
    std::cout << "  " << c.name << std::string(c.name.size() < 10 ? 10 - c.name.size() : 1, ' ')
              << c.summary << "\n";
  std::cout << "\n  --help       this help; `triage COMMAND --help` for a command's options\n"
               "  --version    the version\n\n"
               "every command, on a C file: -I DIR (where #include \"...\" and <...> look, as\n"
               "for cc), -D NAME[=VALUE] (a macro) and --data-model LP64|ILP32 (64- or 32-bit\n"
               "long and pointers); on any file: --total-logic (annotations read as\n"
               "Frama-C WP reads them: a read outside a block has some value)\n\n"
               "exit codes: 0 everything proved (or ok), 1 a goal failed, 2 bad input or usage\n";
}
} // namespace

const std::vector<Command> &commands() {
  auto &all = registry();
  std::sort(all.begin(), all.end(),
            [](const Command &a, const Command &b) { return a.name < b.name; });
  return all;
}

Registrar::Registrar(Command c) {
  registry().push_back(std::move(c));
}

} // namespace triage::cli

int main(int argc, char **argv) {
  using namespace triage::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "triage " TRIAGE_VERSION "\n";
    return 0;
  }
  const auto &all = commands();
  auto it =
      std::find_if(all.begin(), all.end(), [&](const Command &c) { return c.name == args[0]; });
  if (it == all.end()) {
    std::cerr << "triage: unknown command '" << args[0] << "' (see triage --help)\n";
    return 2;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  const int code = [&] {
    try {
      return it->run(rest);
    } catch (const HelpShown &) {
      return 0;
    } catch (const triage::ir::Error &e) {
      std::cerr << e.what() << "\n";
      return 2;
    } catch (const UsageError &e) {
      std::cerr << "triage " << it->name << ": " << e.what() << " (see triage " << it->name
                << " --help)\n";
      return 2;
    } catch (const std::exception &e) {
      std::cerr << "triage: internal error: " << e.what() << "\n";
      return 3;
    }
  }();
  // A solver check left running must not see the library's static state torn down under it.
  if (triage::vcgen::solver_abandoned()) {
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
  }
  return code;
}
