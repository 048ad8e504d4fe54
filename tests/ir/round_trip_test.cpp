// Printing then parsing gives back the same program, for every `.ivl` file of the repository
// (bad-input corpora excepted): the second print must equal the first.
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace triage::ir {
namespace {

std::vector<fs::path> repository_ivl_files() {
  std::vector<fs::path> out;
  const fs::path root = TRIAGE_SOURCE_DIR;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name == "bad" || name == "build" || name.starts_with("."))) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".ivl") out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(RoundTrip, EveryRepositoryIvlFile) {
  const auto files = repository_ivl_files();
  ASSERT_GE(files.size(), 6u) << "the examples/ivl programs are missing";
  for (const auto &f : files) {
    SCOPED_TRACE(f.string());
    try {
      Program p = parse_file(f.string());
      typecheck(p);
      const std::string once = print(p);
      Program q = parse_text(once, f.string() + " (printed)");
      typecheck(q);
      EXPECT_EQ(print(q), once);
    } catch (const Error &e) {
      ADD_FAILURE() << e.what();
    }
  }
}

TEST(RoundTrip, ExamplesKeepTheirSourceLocations) {
  Program p = parse_file(std::string(TRIAGE_SOURCE_DIR) + "/examples/ivl/isqrt_S7.ivl");
  typecheck(p);
  const Function *f = p.function("isqrt");
  ASSERT_NE(f, nullptr);
  const Annotation &ensures = f->contract.at(1);
  ASSERT_TRUE(ensures.src.has_value());
  EXPECT_EQ(*ensures.src, (SrcLoc{"isqrt/S7.c", 5, 13}));
  Program q = parse_text(print(p), "printed.ivl");
  EXPECT_EQ(*q.function("isqrt")->contract.at(1).src, *ensures.src);
}

} // namespace
} // namespace triage::ir
