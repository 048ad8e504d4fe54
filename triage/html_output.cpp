#include "triage/html_output.hpp"

#include "classify/html_report.hpp"
#include "classify/suggestion.hpp"
#include "ir/error.hpp"

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace triage::cli {

void write_output(const std::string &path, const std::string &text) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw ir::Error({path, 0, 0}, "cannot write the report to this file");
}

std::string command_line(const std::string &command, const std::vector<std::string> &args) {
  std::string s = "triage " + command;
  for (const auto &a : args)
    s += " " + classify::shell_quote(a);
  return s;
}

namespace {

void add_source(std::map<std::string, std::string> &sources, const std::string &file) {
  if (file.empty() || sources.count(file)) return;
  std::ifstream in(file, std::ios::binary);
  if (!in) return; // the page says it could not be read
  std::ostringstream text;
  text << in.rdbuf();
  sources[file] = text.str();
}

} // namespace

std::string html_page(const std::vector<ir::Json> &reports, const std::string &command,
                      std::optional<double> seconds) {
  classify::HtmlInput in{command, reports, {}, seconds};
  for (const auto &r : reports) {
    if (const ir::Json *f = r.find("file"); f && f->is_string())
      add_source(in.sources, f->as_string());
    if (const ir::Json *goals = r.find("goals"); goals && goals->is_array())
      for (const auto &g : goals->as_array())
        if (const ir::Json *f = g.find("file"), *status = g.find("status");
            f && f->is_string() && !(status && *status == ir::Json("proved")))
          add_source(in.sources, f->as_string());
  }
  return classify::render_html(in);
}

} // namespace triage::cli
