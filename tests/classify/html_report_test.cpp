// The HTML report as a browser receives it: escaped text, one entry per failed goal, the runs
// as data for the script, and nothing fetched from elsewhere (the browser test, tests/html/,
// checks what the page then shows).
#include "classify/html_report.hpp"

#include <gtest/gtest.h>

using namespace triage;
using namespace triage::classify;

namespace {

// A report as `triage diagnose --format json` writes it, one weakness with its two runs (cut
// to a few steps) and one proved goal.
const char *const report_json = R"json({
  "file": "w.c", "strategy": "combined",
  "goals": [
    {"id": "f.ensures1", "function": "f", "kind": "postcondition", "file": "w.c", "line": 2,
     "column": 5, "status": "failed", "verdict": "subcontract_weakness",
     "title": "postcondition (f.ensures1) in f [loop@4] <b>",
     "subcontracts": ["loop@4"], "scope": "single",
     "counterexample": {"function": "f", "inputs": {"n": 4}, "subcontract_outputs": [
       {"subcontract": "loop@4", "line": 4, "visit": 1, "values": {"r": 1}}]},
     "explanation": "a real run satisfies this goal", "suggestion": "strengthen loop@4",
     "replay": "triage run w.c --function f --giant-step loop@4 --oracle <(echo '{}')",
     "prove_time_ms": 3, "time_ms": 10, "nc_search": "bounded", "nc_search_bounds": [],
     "notes": [],
     "runs": [
       {"title": "real run", "outcome": "ok", "giant_steps": [], "steps_total": 2,
        "end": {"file": "w.c", "line": 0, "column": 0, "reason": "", "state": ""},
        "steps": [{"file": "w.c", "line": 3, "function": "f", "what": "var r = n",
                   "values": [["n", "4"], ["r", "4"]]},
                  {"file": "w.c", "line": 6, "function": "f", "what": "return r",
                   "values": [["n", "4"], ["r", "2"]]}]},
       {"title": "run through the contracts", "outcome": "failure", "giant_steps": ["loop@4"],
        "steps_total": 1,
        "end": {"file": "w.c", "line": 2, "column": 5, "reason": "", "state": "r = 1"},
        "steps": [{"file": "w.c", "line": 4, "function": "f", "what": "giant step over loop@4",
                   "values": [["n", "4"], ["r", "</script>1"]]}]}]},
    {"id": "", "function": "f", "kind": "rte_overflow", "file": "w.c", "line": 5, "column": 3,
     "status": "proved", "verdict": "proved", "prove_time_ms": 1, "time_ms": 0}
  ],
  "summary": {"goals": 2, "proved": 1, "failed": 1}
})json";

const char *const source = "int f(int n)\n/*@ ensures \\result == 2; */\n{ int r = n;\n"
                           "  while (r > 2) // </script><script>alert(1)</script>\n"
                           "    r--;\n  return r; }\n";

std::string page(std::map<std::string, std::string> sources = {{"w.c", source}}) {
  return render_html({"triage diagnose w.c --format html",
                      {ir::Json::parse(report_json)},
                      std::move(sources),
                      1.5});
}

size_t count(const std::string &haystack, const std::string &needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + 1))
    ++n;
  return n;
}

/// The text of the page's data element (the runs the script shows).
ir::Json embedded_data(const std::string &html) {
  const std::string open = "<script type=\"application/json\" id=\"triage-data\">";
  const size_t from = html.find(open) + open.size();
  return ir::Json::parse(html.substr(from, html.find("</script>", from) - from));
}

} // namespace

TEST(HtmlReport, SourceAndMessagesAreEscaped) {
  const std::string html = page();
  EXPECT_EQ(count(html, "<script"), 2u) << "the source's </script><script> stays text";
  EXPECT_NE(html.find("// &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
            std::string::npos);
  EXPECT_NE(html.find("[loop@4] &lt;b&gt;"), std::string::npos);
  EXPECT_EQ(html.find("<b>\n"), std::string::npos);
}

TEST(HtmlReport, EachFailedGoalIsListedAndMarkedAtItsLine) {
  const std::string html = page();
  EXPECT_EQ(count(html, "class=\"goal v-subcontract_weakness\""), 1u);
  EXPECT_NE(
      html.find("<tr id=\"f0-L2\" data-line=\"2\" class=\"has-goal v-subcontract_weakness\">"),
      std::string::npos);
  EXPECT_NE(html.find("title=\"proved here\""), std::string::npos) << "line 5's proved goal";
  EXPECT_NE(html.find("<dt>loop@4 outputs (visit 1)</dt><dd>r = 1</dd>"), std::string::npos);
  EXPECT_NE(html.find("<pre id=\"replay-0\" class=\"replay-command\">triage run w.c"),
            std::string::npos);
  EXPECT_NE(html.find("<td class=\"count-subcontract_weakness\">1</td>"), std::string::npos);
}

TEST(HtmlReport, RunsAreDataForTheScript) {
  const ir::Json data = embedded_data(page());
  const auto &runs = data.find("goals")->as_array().at(0).find("runs")->as_array();
  ASSERT_EQ(runs.size(), 2u);
  const ir::Json &giant = runs[1].find("steps")->as_array().at(0);
  EXPECT_EQ(*giant.find("l"), ir::Json(4));
  EXPECT_EQ(*giant.find("w"), ir::Json("giant step over loop@4"));
  EXPECT_EQ(giant.find("v")->as_array().at(1).as_array().at(1), ir::Json("</script>1"));
  EXPECT_EQ(*runs[1].find("end")->find("l"), ir::Json(2));
}

TEST(HtmlReport, NothingComesFromElsewhere) {
  const std::string html = page();
  for (const char *external : {"<link", " src=", "url(", "http:", "https:", "@import", "//fonts"})
    EXPECT_EQ(html.find(external), std::string::npos) << external;
}

TEST(HtmlReport, AnUnreadableSourceIsSaid) {
  const std::string html = page({});
  EXPECT_NE(html.find("the source of this file could not be read"), std::string::npos);
  EXPECT_EQ(count(html, "class=\"goal v-subcontract_weakness\""), 1u);
}
