// The shared examples through the C front end: every file compiles and type-checks, and every
// goal row of expected.tsv names a line where the IR holds an annotation (or statement) of that
// goal's kind, in that function; every `loop@LINE` subcontract names a loop of the IR.
#include "frontend-c/compile.hpp"
#include "ir/error.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace triage::frontend_c {
namespace {

const std::string examples = std::string(TRIAGE_SHARED_DIR) + "/examples/";

struct Found {
  std::set<std::pair<std::string, int>> kinds; ///< (goal kind, line)
  std::set<std::string> loops;                 ///< loop@LINE names
};

void collect(const ir::Program &p, const ir::Block &b, Found &f) {
  for (const auto &s : b) {
    const int line = s->src ? s->src->line : 0;
    for (const auto &a : s->annots) {
      const int al = a.src ? a.src->line : 0;
      switch (a.kind) {
      case ir::AnnotKind::Invariant:
        f.kinds.insert({"loop_invariant_init", al});
        f.kinds.insert({"loop_invariant_preserved", al});
        break;
      case ir::AnnotKind::Variant:
        f.kinds.insert({"loop_variant_nonneg", al});
        f.kinds.insert({"loop_variant_decrease", al});
        break;
      case ir::AnnotKind::LoopWrites:
        f.kinds.insert({"loop_assigns", al});
        break;
      case ir::AnnotKind::Assert:
        f.kinds.insert({"assertion", al});
        break;
      default:
        break;
      }
    }
    if (s->kind == ir::StmtKind::While) f.loops.insert(ir::loop_name(p, *s));
    if (s->kind == ir::StmtKind::Call) f.kinds.insert({"call_precondition", line});
    // Any statement may hold an operation that fails at run time.
    for (const char *rte : {"rte_overflow", "rte_memory", "rte_division"})
      f.kinds.insert({rte, line});
    collect(p, s->body, f);
    collect(p, s->else_body, f);
  }
}

Found found_in(const ir::Program &p, const std::string &function) {
  Found f;
  for (const auto &d : p.decls) {
    if (auto *a = std::get_if<std::shared_ptr<ir::Annotation>>(&d); a && function == "-")
      f.kinds.insert({"lemma", (*a)->src ? (*a)->src->line : 0});
    auto *fn = std::get_if<std::shared_ptr<ir::Function>>(&d);
    if (!fn || (*fn)->name != function) continue;
    for (const auto &c : (*fn)->contract) {
      const int line = c.src ? c.src->line : 0;
      if (c.kind == ir::AnnotKind::Ensures) f.kinds.insert({"postcondition", line});
      if (c.kind == ir::AnnotKind::Writes) f.kinds.insert({"assigns", line});
    }
    if ((*fn)->body) collect(p, *(*fn)->body, f);
  }
  return f;
}

ir::Program compile_checked(const std::string &path) {
  ir::Program p = compile_file(path);
  ir::typecheck(p);
  return p;
}

TEST(Examples, EveryExampleCompilesAndTypeChecks) {
  int count = 0;
  for (const auto &e : std::filesystem::recursive_directory_iterator(examples)) {
    if (e.path().extension() != ".c") continue;
    ++count;
    EXPECT_NO_THROW(compile_checked(e.path().string())) << e.path();
  }
  EXPECT_GE(count, 33);
}

TEST(Examples, GoalLinesOfExpectedTsvExistInTheIr) {
  std::ifstream in(examples + "expected.tsv");
  ASSERT_TRUE(in);
  std::string row;
  int rows = 0;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::istringstream cols(row);
    std::string file, function, line, kind, expected;
    std::getline(cols, file, '\t');
    std::getline(cols, function, '\t');
    std::getline(cols, line, '\t');
    std::getline(cols, kind, '\t');
    std::getline(cols, expected, '\t');
    if (line == "-") continue;
    ++rows;
    const ir::Program p = compile_checked(examples + file);
    const Found f = found_in(p, function);
    EXPECT_TRUE(f.kinds.count({kind, std::stoi(line)}))
        << file << " " << function << ": no " << kind << " at line " << line;
    // subcontract_weakness:loop@13,g -> each loop@N must be a loop of the function.
    const std::string prefix = "subcontract_weakness:";
    if (expected.starts_with(prefix)) {
      std::istringstream names(expected.substr(prefix.size()));
      std::string name;
      while (std::getline(names, name, ',')) {
        if (name.back() == '?') name.pop_back();
        if (name.starts_with("loop@")) {
          EXPECT_TRUE(f.loops.count(name)) << file << ": no loop named " << name;
        }
      }
    }
  }
  EXPECT_GT(rows, 40);
}

TEST(Examples, LoopsAreNamedByTheirAnnotationLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {{"isqrt/S7.c", "loop@13"},
                                                                  {"binary_search/B4.c", "loop@14"},
                                                                  {"rgf/R2.c", "loop@44"},
                                                                  {"rgf/R2.c", "loop@23"},
                                                                  {"loops/sqrt_weak.c", "loop@11"}};
  for (const auto &[file, loop] : cases) {
    const ir::Program p = compile_checked(examples + file);
    std::set<std::string> loops;
    for (const ir::Function *fn : p.functions()) {
      Found f = found_in(p, fn->name);
      loops.insert(f.loops.begin(), f.loops.end());
    }
    EXPECT_TRUE(loops.count(loop)) << file << " has no " << loop;
  }
}

} // namespace
} // namespace triage::frontend_c
