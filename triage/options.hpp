// A small command-line option reader shared by the subcommands: `--name value`, `--name=value`,
// repeated options, flags and positional arguments. Bad usage throws UsageError (exit code 2).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace triage::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Options {
public:
  /// `flags` take no value; `valued` take one (and may repeat).
  /// -I DIR and -D NAME[=VALUE] (as for cc) are always accepted.
  Options(const std::vector<std::string> &args, const std::set<std::string> &flags,
          std::set<std::string> valued);

  bool flag(const std::string &name) const { return flags_.count(name) > 0; }
  std::optional<std::string> value(const std::string &name) const;
  std::vector<std::string> values(const std::string &name) const;
  std::string value_or(const std::string &name, const std::string &fallback) const;
  /// A value among `allowed`, or `fallback` when absent.
  std::string choice(const std::string &name, const std::vector<std::string> &allowed,
                     const std::string &fallback) const;
  /// A positive number of seconds (fractions allowed).
  double seconds(const std::string &name, double fallback) const;
  /// A whole number from `min` to 1000000.
  std::optional<int> whole(const std::string &name, int min) const;
  const std::vector<std::string> &positional() const { return positional_; }
  /// The single positional argument (the input file); UsageError otherwise.
  const std::string &file() const;

private:
  std::set<std::string> flags_;
  std::map<std::string, std::vector<std::string>> values_;
  std::vector<std::string> positional_;
};

} // namespace triage::cli
