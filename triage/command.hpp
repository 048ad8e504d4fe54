// The subcommands of `triage`. Each lives in its own cmd_<name>.cpp and registers itself with a
// static Registrar, so adding a command touches no other file.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace triage::cli {

struct Command {
  std::string name;    ///< `triage NAME ...`
  std::string summary; ///< one line for `triage --help`
  std::string usage;   ///< the full help of `triage NAME --help`
  /// Runs with the arguments after the command name; returns the exit code.
  std::function<int(const std::vector<std::string> &)> run;
};

/// Every registered command, sorted by name.
const std::vector<Command> &commands();

struct Registrar {
  explicit Registrar(Command c);
};

} // namespace triage::cli
