#include "triage/load.hpp"

#include "frontend-c/compile.hpp"
#include "ir/error.hpp"
#include "triage/command.hpp"

#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include <fstream>
#include <iostream>
#include <sstream>

namespace triage::cli {

namespace {
bool is_c_file(const std::string &path) {
  return path.size() > 2 && path.ends_with(".c");
}

frontend_c::PreprocessOptions preprocess_options(const SourceOptions &source) {
  frontend_c::PreprocessOptions o;
  o.include_dirs = source.include_dirs;
  o.data_model =
      source.data_model == "ILP32" ? frontend_c::DataModel::ILP32 : frontend_c::DataModel::LP64;
  for (const std::string &d : source.defines) {
    const size_t eq = d.find('=');
    if (d.empty() || eq == 0) throw UsageError("-D expects NAME or NAME=VALUE");
    // As for cc, -D NAME defines NAME as 1.
    o.defines.emplace_back(d.substr(0, eq), eq == std::string::npos ? "1" : d.substr(eq + 1));
  }
  return o;
}
} // namespace

ir::Program load_program(const std::string &path, const SourceOptions &source) {
  ir::Program p = is_c_file(path) ? frontend_c::compile_file(path, preprocess_options(source))
                                  : ir::parse_file(path);
  // What the front end accepted without its full meaning, as compilers warn: on stderr.
  for (const ir::Warning &w : p.warnings)
    std::cerr << ir::where(w.at) << ": warning: " << w.message << "\n";
  ir::typecheck(p);
  p.total_logic = source.total_logic;
  return p;
}

ir::Program load_c_text(const std::string &text, const std::string &path,
                        const SourceOptions &source) {
  ir::Program p = frontend_c::compile_text(text, path, preprocess_options(source));
  ir::typecheck(p);
  p.total_logic = source.total_logic;
  return p;
}

bool is_c_source(const std::string &path) {
  return is_c_file(path);
}

std::string read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ir::Error(ir::SrcLoc{path, 1, 1}, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace triage::cli
