// The HTML report (`triage diagnose --format html`, `triage report`): one self-contained page
// with the summary, the source beside each failed goal's runs, for people to read in a browser.
// A pure function of diagnosis reports in their JSON form (docs/diagnose.md), so that a saved
// JSON report renders the same page as the diagnosis that made it.
#pragma once

#include "ir/json.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

struct HtmlInput {
  std::string command;           ///< the command line that made the reports
  std::vector<ir::Json> reports; ///< `--format json` reports, goals with "runs" where known
  std::map<std::string, std::string> sources; ///< file as the reports name it -> its text
  std::optional<double> seconds; ///< wall-clock time of the whole diagnosis, when measured
};

/// The page: no external reference (inline style sheet and script, no font, image or network).
std::string render_html(const HtmlInput &in);

/// `s` with `&`, `<`, `>`, `"` and `'` escaped, for HTML text and attribute values.
std::string html_escape(const std::string &s);

} // namespace triage::classify
