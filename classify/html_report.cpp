// The HTML report: the page's structure is written here, so that it reads without the script
// (and prints); the script (report.js) fills the run columns of the selected goal from the data
// embedded in the page, and steps through them.
#include "classify/html_report.hpp"

#include "classify/html_assets.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>

namespace triage::classify {

std::string html_escape(const std::string &s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  return out;
}

// Helpers in a namespace of their own: unity builds put this file beside others (TRIAGE_UNITY).
namespace page_parts {
namespace {

/// The verdicts in the order a summary lists them.
constexpr std::array<const char *, 5> verdict_order{"non_compliance", "subcontract_weakness",
                                                    "prover_incapacity", "likely_prover_incapacity",
                                                    "unknown"};

std::string str(const ir::Json &j, const std::string &key) {
  const ir::Json *v = j.find(key);
  return v && v->is_string() ? v->as_string() : std::string();
}

long num(const ir::Json &j, const std::string &key) {
  const ir::Json *v = j.find(key);
  const auto i = v ? v->integer() : std::nullopt;
  return i ? i->convert_to<long>() : 0;
}

const ir::Json::Array &items(const ir::Json &j, const std::string &key) {
  static const ir::Json::Array none;
  const ir::Json *v = j.find(key);
  return v && v->is_array() ? v->as_array() : none;
}

bool failed(const ir::Json &goal) {
  return str(goal, "status") != "proved";
}

/// A value of a counterexample as the text report prints it (arrays in brackets).
std::string value_text(const ir::Json &v) {
  if (v.is_array()) {
    std::string s = "[";
    for (const auto &e : v.as_array())
      s += (s.size() > 1 ? ", " : "") + value_text(e);
    return s + "]";
  }
  if (v.is_string()) return v.as_string();
  if (v.is_null()) return "null";
  return v.dump();
}

std::string named_values(const ir::Json &object) {
  std::string s;
  if (object.is_object())
    for (const auto &[name, v] : object.as_object())
      s += (s.empty() ? "" : ", ") + name + " = " + value_text(v);
  return s;
}

/// A failed goal, numbered in the page's order.
struct Failed {
  const ir::Json *goal;
  int file; ///< index in the page's files, -1 when its file is not shown
  const ir::Json *report;
};

struct Page {
  std::vector<std::string> files;
  std::vector<Failed> failed;
  int file_index(const std::string &f) const {
    const auto it = std::find(files.begin(), files.end(), f);
    return it == files.end() ? -1 : int(it - files.begin());
  }
};

Page collect(const HtmlInput &in) {
  Page page;
  auto add_file = [&](const std::string &f) {
    if (!f.empty() && page.file_index(f) < 0) page.files.push_back(f);
  };
  for (const auto &r : in.reports) {
    add_file(str(r, "file"));
    for (const auto &g : items(r, "goals"))
      if (in.sources.count(str(g, "file"))) add_file(str(g, "file"));
  }
  for (const auto &r : in.reports)
    for (const auto &g : items(r, "goals"))
      if (failed(g)) page.failed.push_back({&g, page.file_index(str(g, "file")), &r});
  return page;
}

void summary(std::ostream &o, const HtmlInput &in) {
  o << "<section id=\"summary\"><table><thead><tr><th scope=\"col\">file</th><th "
       "scope=\"col\">goals</th><th scope=\"col\">proved</th><th scope=\"col\">failed</th>";
  for (const char *v : verdict_order)
    o << "<th scope=\"col\"><span class=\"badge v-" << v << "\">" << v << "</span></th>";
  o << "<th scope=\"col\">time</th></tr></thead><tbody>";
  for (const auto &r : in.reports) {
    const auto &goals = items(r, "goals");
    long proved = 0, ms = 0;
    std::map<std::string, long> by_verdict;
    for (const auto &g : goals) {
      failed(g) ? ++by_verdict[str(g, "verdict")] : ++proved;
      ms += num(g, "prove_time_ms") + num(g, "time_ms");
    }
    o << "<tr><th scope=\"row\">" << html_escape(str(r, "file")) << "</th><td>" << goals.size()
      << "</td><td>" << proved << "</td><td>" << long(goals.size()) - proved << "</td>";
    for (const char *v : verdict_order)
      o << "<td class=\"count-" << v << "\">" << by_verdict[v] << "</td>";
    char t[32];
    std::snprintf(t, sizeof t, "%.1f s", ms / 1000.0);
    o << "<td title=\"proof and diagnosis time of its goals\">" << t << "</td></tr>";
  }
  o << "</tbody></table>";
  if (in.seconds) {
    char t[64];
    std::snprintf(t, sizeof t, "%.1f s", *in.seconds);
    o << "<p>made in " << t << " (wall clock)</p>";
  }
  o << "</section>";
}

void goal_list(std::ostream &o, const Page &page) {
  o << "<nav id=\"goals\" aria-label=\"failed goals\"><h2>Failed goals (" << page.failed.size()
    << ")</h2><p class=\"keys\">j / k: next / previous goal; \u2190 / \u2192: step the run; "
       "shift+\u2190 / \u2192: previous / next visit of its line</p>";
  if (page.failed.empty()) o << "<p class=\"empty\">every goal is proved</p>";
  o << "<ol>";
  for (size_t i = 0; i < page.failed.size(); ++i) {
    const ir::Json &g = *page.failed[i].goal;
    const std::string v = str(g, "verdict");
    o << "<li><a href=\"#goal-" << i << "\" data-goal=\"" << i << "\" class=\"goal v-"
      << html_escape(v) << "\"><span class=\"badge\">" << html_escape(v)
      << "</span> <span class=\"loc\">" << html_escape(str(g, "file")) << ":" << num(g, "line")
      << ":" << num(g, "column") << "</span><br><span class=\"title\">"
      << html_escape(str(g, "title").empty() ? str(g, "kind") : str(g, "title"))
      << "</span></a></li>";
  }
  o << "</ol></nav>";
}

void row(std::ostream &o, const std::string &name, const std::string &value) {
  if (!value.empty())
    o << "<dt>" << html_escape(name) << "</dt><dd>" << html_escape(value) << "</dd>";
}

void run_controls(std::ostream &o, const ir::Json &g) {
  const auto &runs = items(g, "runs");
  if (runs.empty()) return;
  o << "<div class=\"runs\">";
  for (size_t k = 0; k < runs.size() && k < 2; ++k) {
    const ir::Json &run = runs[k];
    const size_t steps = items(run, "steps").size();
    o << "<div class=\"run-control\" data-run=\"" << k << "\"><b>" << html_escape(str(run, "title"))
      << "</b>: " << html_escape(str(run, "outcome"));
    if (!items(run, "giant_steps").empty()) {
      std::string names;
      for (const auto &n : items(run, "giant_steps"))
        names += (names.empty() ? "" : ", ") + (n.is_string() ? n.as_string() : n.dump());
      o << " (giant steps over " << html_escape(names) << ")";
    }
    if (steps > 0)
      o << "<br><input type=\"range\" min=\"0\" max=\"" << steps - 1 << "\" value=\"" << steps - 1
        << "\" aria-label=\"step of the " << html_escape(str(run, "title")) << "\">"
        << "<button data-step=\"prev\" title=\"previous statement\">\u25c0 step</button> "
           "<button data-step=\"next\" title=\"next statement\">step \u25b6</button> "
           "<button data-step=\"prev-visit\" title=\"previous visit of this line\">\u25c0 "
           "visit</button> <button data-step=\"next-visit\" title=\"next visit of this "
           "line\">visit \u25b6</button>";
    o << "<div class=\"what\"></div></div>";
  }
  o << "</div>";
}

bool same_goal(const ir::Json &a, const ir::Json &b) {
  return str(a, "kind") == str(b, "kind") && str(a, "function") == str(b, "function") &&
         num(a, "line") == num(b, "line") && num(a, "column") == num(b, "column");
}

/// The suggested invariants (`--suggest`) that prove the goal, or why there are none.
void fix_rows(std::ostream &o, const ir::Json &g, const ir::Json &report) {
  for (const auto &fix : items(report, "fixes")) {
    const auto &proves = items(fix, "proves");
    if (std::any_of(proves.begin(), proves.end(),
                    [&](const ir::Json &p) { return same_goal(p, g); })) {
      for (const auto &loop : items(fix, "loops")) {
        std::string clauses;
        for (const auto &c : items(loop, "clauses"))
          if (c.is_string())
            clauses +=
                (clauses.empty() ? "" : " ") + (str(loop, "keyword") + " " + c.as_string() + ";");
        const std::string replaced = str(loop, "replaces");
        row(o, "checked clauses",
            replaced.empty()
                ? "add to " + str(loop, "loop") + ": " + clauses
                : "in " + str(loop, "loop") + ", replace " + replaced + " with " + clauses);
      }
      return;
    }
    const auto &still = items(fix, "still_failing");
    if (std::any_of(still.begin(), still.end(), [&](const ir::Json &p) { return same_goal(p, g); }))
      row(o, "no checked invariant",
          str(fix, "note").empty() ? "the invariants found do not prove it" : str(fix, "note"));
  }
}

void goal_detail(std::ostream &o, const ir::Json &g, const ir::Json &report, size_t i) {
  const std::string v = str(g, "verdict");
  o << "<article class=\"goal-detail v-" << html_escape(v) << "\" id=\"goal-" << i << "\""
    << (i ? " hidden" : "") << "><h3><span class=\"badge\">" << html_escape(v) << "</span> "
    << html_escape(str(g, "file")) << ":" << num(g, "line") << ":" << num(g, "column") << ": "
    << html_escape(str(g, "title").empty() ? str(g, "kind") : str(g, "title")) << "</h3><p>"
    << html_escape(str(g, "explanation")) << "</p><dl>";
  row(o, "failure", str(g, "failure"));
  if (const ir::Json *c = g.find("counterexample"); c && c->is_object()) {
    if (const ir::Json *inputs = c->find("inputs")) row(o, "inputs", named_values(*inputs));
    for (const auto &out : items(*c, "subcontract_outputs"))
      if (const ir::Json *values = out.find("values"))
        row(o,
            str(out, "subcontract") + " outputs (visit " + std::to_string(num(out, "visit")) + ")",
            named_values(*values));
  }
  row(o, "suggestion", str(g, "suggestion"));
  fix_rows(o, g, report);
  std::string bounds;
  for (const auto &b : items(g, "nc_search_bounds"))
    bounds += (bounds.empty() ? "" : "; ") + (b.is_string() ? b.as_string() : b.dump());
  row(o, "search for a bug", str(g, "nc_search") + (bounds.empty() ? "" : ": " + bounds));
  if (const ir::Json *scope = g.find("search_scope"); scope && scope->is_object())
    row(o, "searched", str(*scope, "kind") + ": " + str(*scope, "text"));
  for (const auto &n : items(g, "notes"))
    if (n.is_string()) row(o, "note", n.as_string());
  o << "</dl>";
  if (const std::string replay = str(g, "replay"); !replay.empty())
    o << "<div class=\"replay\"><pre id=\"replay-" << i << "\" class=\"replay-command\">"
      << html_escape(replay) << "</pre><button class=\"copy\" data-copy=\"replay-" << i
      << "\" title=\"copy the replay command\">Copy</button></div>";
  run_controls(o, g);
  o << "</article>";
}

/// The goals of a file by line: failed ones link to their detail, proved ones are ticked.
void marks(std::ostream &o, const Page &page, const HtmlInput &in, const std::string &file,
           long line) {
  for (size_t i = 0; i < page.failed.size(); ++i) {
    const ir::Json &g = *page.failed[i].goal;
    if (str(g, "file") == file && num(g, "line") == line)
      o << "<a href=\"#goal-" << i << "\" data-goal=\"" << i << "\" class=\"v-"
        << html_escape(str(g, "verdict")) << "\" title=\""
        << html_escape(str(g, "verdict") + ": " + str(g, "title")) << "\">\u25cf</a>";
  }
  bool ticked = false;
  for (const auto &r : in.reports)
    for (const auto &g : items(r, "goals"))
      if (!ticked && !failed(g) && str(g, "file") == file && num(g, "line") == line) {
        o << "<span class=\"proved-mark\" title=\"proved here\">\u2713</span>";
        ticked = true;
      }
}

void source(std::ostream &o, const Page &page, const HtmlInput &in, size_t f) {
  const std::string &file = page.files[f];
  o << "<section class=\"file\"><h2>" << html_escape(file) << "</h2>";
  const auto it = in.sources.find(file);
  if (it == in.sources.end()) {
    o << "<p class=\"empty\">the source of this file could not be read</p></section>";
    return;
  }
  o << "<table class=\"code runs-0\" data-file=\"" << f
    << "\"><thead><tr><th>line</th><th></th><th>source</th>"
       "<th class=\"run-col-0\" data-run=\"0\"></th><th class=\"run-col-1\" "
       "data-run=\"1\"></th></tr></thead><tbody>";
  std::istringstream lines(it->second);
  std::string text;
  for (long line = 1; std::getline(lines, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    std::string classes;
    for (const Failed &fg : page.failed)
      if (fg.file == int(f) && num(*fg.goal, "line") == line && classes.empty())
        classes = "has-goal v-" + html_escape(str(*fg.goal, "verdict"));
    o << "<tr id=\"f" << f << "-L" << line << "\" data-line=\"" << line << "\""
      << (classes.empty() ? "" : " class=\"" + classes + "\"") << "><td class=\"no\">" << line
      << "</td><td class=\"marks\">";
    marks(o, page, in, file, line);
    o << "</td><td class=\"src\">" << html_escape(text)
      << "</td><td class=\"val run-col-0\"></td><td class=\"val run-col-1\"></td></tr>";
  }
  o << "</tbody></table></section>";
}

/// One run as the script reads it: steps {f: file index, l: line, w: statement, v: values}.
ir::Json run_data(const ir::Json &run, const Page &page) {
  ir::Json out = ir::Json::object();
  out["title"] = str(run, "title");
  out["outcome"] = str(run, "outcome");
  out["total"] = num(run, "steps_total");
  ir::Json end = ir::Json::object();
  if (const ir::Json *e = run.find("end"); e && e->is_object()) {
    end["f"] = page.file_index(str(*e, "file"));
    end["l"] = num(*e, "line");
    end["reason"] = str(*e, "reason");
    end["state"] = str(*e, "state");
  }
  out["end"] = std::move(end);
  ir::Json steps = ir::Json::array();
  for (const auto &s : items(run, "steps")) {
    ir::Json step = ir::Json::object();
    step["f"] = page.file_index(str(s, "file"));
    step["l"] = num(s, "line");
    step["w"] = str(s, "what");
    step["fn"] = str(s, "function");
    if (const ir::Json *v = s.find("values")) step["v"] = *v;
    steps.push_back(std::move(step));
  }
  out["steps"] = std::move(steps);
  return out;
}

std::string page_data(const Page &page) {
  ir::Json goals = ir::Json::array();
  for (const Failed &f : page.failed) {
    ir::Json g = ir::Json::object();
    g["file"] = f.file;
    g["line"] = num(*f.goal, "line");
    g["verdict"] = str(*f.goal, "verdict");
    g["kind"] = str(*f.goal, "kind");
    ir::Json runs = ir::Json::array();
    for (const auto &r : items(*f.goal, "runs"))
      runs.push_back(run_data(r, page));
    g["runs"] = std::move(runs);
    goals.push_back(std::move(g));
  }
  ir::Json data = ir::Json::object();
  data["goals"] = std::move(goals);
  // In a script element, only `</script` or `<!--` could end or confuse it: `<` appears in
  // JSON only inside strings, where `\u003c` means the same.
  std::string text = data.dump();
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    c == '<' ? out += "\\u003c" : out += c;
  return out;
}

} // namespace
} // namespace page_parts

std::string render_html(const HtmlInput &in) {
  using namespace page_parts;
  const Page page = collect(in);
  std::ostringstream o;
  std::string title = "triage diagnosis";
  if (!page.files.empty()) title += ": " + page.files.front();
  if (page.files.size() > 1) title += " and " + std::to_string(page.files.size() - 1) + " more";
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
       "<meta name=\"generator\" content=\"triage\"><title>"
    << html_escape(title) << "</title><style>" << report_css << "</style></head><body>"
    << "<header><h1>" << html_escape(title) << "</h1><p class=\"cmd\">made by <code>"
    << html_escape(in.command) << "</code></p></header>";
  summary(o, in);
  o << "<div class=\"layout\">";
  goal_list(o, page);
  o << "<main><section id=\"detail\">";
  for (size_t i = 0; i < page.failed.size(); ++i)
    goal_detail(o, *page.failed[i].goal, *page.failed[i].report, i);
  o << "</section>";
  for (size_t f = 0; f < page.files.size(); ++f)
    source(o, page, in, f);
  o << "</main></div><script type=\"application/json\" id=\"triage-data\">" << page_data(page)
    << "</script><script>" << report_js << "</script></body></html>\n";
  return o.str();
}

} // namespace triage::classify
