// Located errors of every front end and checker: printed `file:line:col: error: message`.
#pragma once

#include "ir/ast.hpp"

#include <stdexcept>
#include <string>

namespace triage::ir {

/// A user-facing error in an input program. Front ends, the parser and the type checker throw it;
/// the command line prints `what()` on stderr and exits with code 2.
class Error : public std::runtime_error {
public:
  Error(SrcLoc at, const std::string &message)
      : std::runtime_error(format(at, message)), at_(std::move(at)), message_(message) {}

  const SrcLoc &at() const { return at_; }
  const std::string &message() const { return message_; }

  static std::string format(const SrcLoc &at, const std::string &message) {
    return where(at) + ": error: " + message;
  }

private:
  SrcLoc at_;
  std::string message_;
};

} // namespace triage::ir
