#include "triage/load.hpp"

#include "frontend-c/compile.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

namespace triage::cli {

namespace {
bool is_c_file(const std::string &path) {
  return path.size() > 2 && path.ends_with(".c");
}
} // namespace

ir::Program load_program(const std::string &path) {
  ir::Program p = is_c_file(path) ? frontend_c::compile_file(path) : ir::parse_file(path);
  ir::typecheck(p);
  return p;
}

} // namespace triage::cli
