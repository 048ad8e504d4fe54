// A command's command line, read by CLI11 with triage's conventions: `--name value` and
// `--name=value`, one-letter options with their value attached or next (-j 2, -j2, -Idir),
// repeatable options, flags and input files; -I DIR and -D NAME[=VALUE] (as for cc) on every
// command. Each option is declared once, bound to the field it sets, so its help shows that
// field's default; bad usage throws UsageError with the message the option's check gives.
#pragma once

#include "triage/command.hpp"
#include "triage/load.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

// CLI11 is header-only (2.1 has no precompiled mode) and costs each file that includes it about
// 10 s of compiling in the sanitizer build: only the files that declare options of their own
// kind include <CLI/CLI.hpp>; the others see these names.
namespace CLI {
class App;
class Option;
class Validator;
} // namespace CLI

namespace triage::cli {

/// Thrown once `--help` printed a command's help: exit code 0.
struct HelpShown {};

class CommandLine {
public:
  /// `synopsis`: the arguments after the command name in the usage line ("FILE", "FILE.c");
  /// `description`: what the command does; `footer`: its exit codes.
  CommandLine(const std::string &command, const std::string &synopsis,
              const std::string &description, const std::string &footer);
  ~CommandLine();
  CommandLine(const CommandLine &) = delete;
  CommandLine &operator=(const CommandLine &) = delete;

  /// Options named as on the command line ("--timeout", "-j", "-o,--output"); `metavar` names
  /// the value in the help.
  CLI::Option *flag(const std::string &name, bool &out, const std::string &help);
  CLI::Option *text(const std::string &name, std::string &out, const std::string &metavar,
                    const std::string &help);
  /// A repeatable option: one value per occurrence, in order.
  CLI::Option *texts(const std::string &name, std::vector<std::string> &out,
                     const std::string &metavar, const std::string &help);
  /// One of `allowed`.
  CLI::Option *choice(const std::string &name, std::string &out,
                      const std::vector<std::string> &allowed, const std::string &help);
  /// A positive number of seconds (fractions allowed), at most a day: a number() of seconds.
  CLI::Option *seconds(const std::string &name, double &out, const std::string &help);
  /// A number in `range` (fractions allowed). The help shows the default where the caller adds
  /// capture_default_str().
  struct Range {
    double min;
    bool min_included;
    double max;
    std::string what; ///< for the message: "a positive factor (at most 1000)"
  };
  CLI::Option *number(const std::string &name, double &out, const Range &range,
                      const std::string &metavar, const std::string &help);
  /// A whole number from `min` to 1000000.
  CLI::Option *whole(const std::string &name, int &out, int min, const std::string &help);

  /// Reads `args` (those after the command name); UsageError or HelpShown.
  void parse(const std::vector<std::string> &args);

  /// For options of other kinds than those above.
  CLI::App &app() { return *app_; }

  bool given(const std::string &name) const;
  /// The input files, in order.
  const std::vector<std::string> &files() const { return files_; }
  /// The single input file; UsageError when there is none or more.
  const std::string &file() const;
  /// -I and -D, for the C preprocessor.
  const SourceOptions &source() const { return source_; }

private:
  std::unique_ptr<CLI::App> app_;
  std::vector<std::string> files_;
  SourceOptions source_;
  std::vector<std::string> flags_; ///< the names of the flags, which take no value
};

/// A check of an option's value: `message` of the value when `ok` is false.
CLI::Validator rule(const std::function<bool(const std::string &)> &ok,
                    const std::function<std::string(const std::string &)> &message);

/// "'--timeout'" for option messages: the name as written on the command line.
std::string quoted_option(const std::string &name);

} // namespace triage::cli
