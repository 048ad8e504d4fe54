// Writing reports where the user asked (`-o FILE`), and the HTML page of diagnosis reports with
// the sources it shows read from disk (classify/html_report.hpp).
#pragma once

#include "ir/json.hpp"

#include <optional>
#include <string>
#include <vector>

namespace triage::cli {

/// Writes `text` to `path`, or to standard output when `path` is empty or "-"; throws ir::Error
/// located at `path` when the file cannot be written.
void write_output(const std::string &path, const std::string &text);

/// `triage COMMAND ARGS...` as a shell would read it back.
std::string command_line(const std::string &command, const std::vector<std::string> &args);

/// The HTML page of `reports` (`--format json` reports, goals with "runs" where known), with the
/// source of each report's file and of the files of failed goals, where they can be read.
std::string html_page(const std::vector<ir::Json> &reports, const std::string &command,
                      std::optional<double> seconds);

} // namespace triage::cli
