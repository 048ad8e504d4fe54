// Every corpus program (tests/frontend-c/good, Frama-C-normalised ones included) and every shared
// example compiles, type-checks, and survives printing and parsing back unchanged.
#include "frontend-c/compile.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace triage::frontend_c {
namespace {

std::vector<std::string> c_files(const std::string &dir) {
  std::vector<std::string> out;
  for (const auto &e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().extension() == ".c") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

void expect_round_trip(const std::string &path) {
  SCOPED_TRACE(path);
  ir::Program p = compile_file(path);
  ir::typecheck(p);
  const std::string text = ir::print(p);
  ir::Program back = ir::parse_text(text, path + ".ivl");
  ir::typecheck(back);
  EXPECT_EQ(ir::print(back), text);
}

TEST(RoundTrip, TeamCorpus) {
  const auto files = c_files(std::string(TRIAGE_SOURCE_DIR) + "/tests/frontend-c/good");
  EXPECT_GE(files.size(), 60u);
  for (const auto &f : files)
    EXPECT_NO_THROW(expect_round_trip(f)) << f;
}

TEST(RoundTrip, SharedExamples) {
  const auto files = c_files(std::string(TRIAGE_SHARED_DIR) + "/examples");
  EXPECT_GE(files.size(), 33u);
  for (const auto &f : files)
    EXPECT_NO_THROW(expect_round_trip(f)) << f;
}

} // namespace
} // namespace triage::frontend_c
