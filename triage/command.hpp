// The subcommands of `triage`. Each lives in its own cmd_<name>.cpp and registers itself with a
// static Registrar, so adding a command touches no other file.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace triage::cli {

/// Bad usage of a command: printed with a pointer to its help, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Command {
  std::string name;    ///< `triage NAME ...`
  std::string summary; ///< one line for `triage --help`
  /// Runs with the arguments after the command name; returns the exit code. Its `--help` is
  /// generated from the options it declares (CommandLine).
  std::function<int(const std::vector<std::string> &)> run;
};

/// Every registered command, sorted by name.
const std::vector<Command> &commands();

struct Registrar {
  explicit Registrar(Command c);
};

} // namespace triage::cli
