#include "triage/load.hpp"

#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

namespace triage::cli {

ir::Program load_program(const std::string &path) {
  if (path.size() > 2 && path.ends_with(".c"))
    throw ir::Error(ir::SrcLoc{path, 1, 1}, "C input is not supported yet: give an .ivl file");
  ir::Program p = ir::parse_file(path);
  ir::typecheck(p);
  return p;
}

} // namespace triage::cli
