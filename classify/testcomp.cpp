#include "classify/testcomp.hpp"

#include "ir/error.hpp"
#include "rac/interpreter.hpp"

#include <algorithm>

namespace triage::classify {

std::vector<ir::Json> nondet_values(const ir::Counterexample &cx) {
  std::vector<ir::Json> out;
  for (const ir::SubcontractOutput &o : cx.outputs)
    if (rac::is_havoc(o.subcontract))
      for (const auto &[name, v] : o.values)
        out.push_back(v);
  return out;
}

std::string testcomp_value(const ir::Json &v) {
  if (v.is_bool()) return v.as_bool() ? "1" : "0";
  if (v.is_null()) return "0"; // a null pointer (`__VERIFIER_nondet_pointer()`)
  if (const std::optional<ir::BigInt> n = v.integer()) return n->str();
  return v.dump();
}

std::string testcomp_testcase(const std::vector<ir::Json> &values) {
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                  "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase "
                  "1.1//EN\" \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n"
                  "<testcase>\n";
  for (const ir::Json &v : values)
    s += "  <input>" + testcomp_value(v) + "</input>\n";
  return s + "</testcase>\n";
}

std::string testcomp_metadata(const std::string &program_file, const std::string &entry,
                              const std::string &spec, const std::string &data_model) {
  auto escaped = [](const std::string &t) {
    std::string o;
    for (char c : t)
      o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return o;
  };
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
         "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata "
         "1.1//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n"
         "<test-metadata>\n"
         "  <sourcecodelang>C</sourcecodelang>\n"
         "  <producer>triage</producer>\n"
         "  <specification>" +
         escaped(spec) +
         "</specification>\n"
         "  <programfile>" +
         escaped(program_file) +
         "</programfile>\n"
         "  <entryfunction>" +
         escaped(entry) +
         "</entryfunction>\n"
         "  <architecture>" +
         std::string(data_model == "LP64" ? "64bit" : "32bit") +
         "</architecture>\n"
         "</test-metadata>\n";
}

std::vector<ir::Json> read_testcomp_testcase(const std::string &text, const std::string &file) {
  std::vector<ir::Json> out;
  if (text.find("<testcase") == std::string::npos)
    throw ir::Error(ir::SrcLoc{file, 1, 1}, "not a Test-Comp test case (no <testcase>)");
  size_t at = 0;
  while ((at = text.find("<input", at)) != std::string::npos) {
    const size_t open_end = text.find('>', at);
    const size_t close = text.find("</input>", at);
    if (open_end == std::string::npos || close == std::string::npos || close < open_end) {
      const int line = 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
      throw ir::Error(ir::SrcLoc{file, line, 1}, "an <input> without its </input>");
    }
    std::string v = text.substr(open_end + 1, close - open_end - 1);
    const auto b = v.find_first_not_of(" \t\r\n");
    const auto e = v.find_last_not_of(" \t\r\n");
    v = b == std::string::npos ? "" : v.substr(b, e - b + 1);
    const int line = 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
    try { // a C literal: its suffix says nothing here
      out.push_back(ir::Json(ir::BigInt(v.substr(0, v.find_first_of("uUlL")))));
    } catch (const std::exception &) {
      throw ir::Error(ir::SrcLoc{file, line, 1}, "an input that is not an integer: '" + v + "'");
    }
    at = close + 8;
  }
  return out;
}

} // namespace triage::classify
