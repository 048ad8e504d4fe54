// No crash, hang or stray exception on any program of the corpus (the shared C examples, the
// front end's good corpus, the .ivl examples of every test area): every function is run
// small-step and with every subcontract giant-stepped, on inputs built from its parameters'
// types (small values, zero/null, the largest values). In process, so that the sanitizer build
// checks the interpreter without paying a process start per run.
#include "rac_test_util.hpp"

#include "ir/error.hpp"
#include "triage/load.hpp"

#include <filesystem>
#include <iostream>

namespace triage::rac::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpus() {
  std::vector<std::string> files;
  auto add = [&](const fs::path &dir, const std::string &ext) {
    if (!fs::is_directory(dir)) return;
    for (const auto &e : fs::directory_iterator(dir))
      if (e.path().extension() == ext) files.push_back(e.path().string());
  };
  if (fs::is_directory(TRIAGE_SHARED_DIR "/examples"))
    for (const auto &d : fs::directory_iterator(TRIAGE_SHARED_DIR "/examples"))
      add(d.path(), ".c");
  add(TRIAGE_SOURCE_DIR "/examples/ivl", ".ivl");
  add(TRIAGE_SOURCE_DIR "/tests/frontend-c/good", ".c");
  for (const auto &d : fs::directory_iterator(TRIAGE_SOURCE_DIR "/tests"))
    add(d.path() / "ivl", ".ivl");
  std::sort(files.begin(), files.end());
  return files;
}

/// A value of type t: which = 0 small, 1 zero or null, 2 the largest.
ir::Json value(const ir::Type &t, int which) {
  if (t.is_bool()) return ir::Json(which != 1);
  if (t.is_ptr()) {
    if (which == 1) return ir::Json();
    ir::Json a = ir::Json::array();
    for (int i = 0; i < (which == 0 ? 3 : 40); ++i)
      a.push_back(t.pointee().is_ptr() ? ir::Json() : value(t.pointee(), i % 2 ? 0 : 2));
    return a;
  }
  if (which == 1) return ir::Json(0);
  if (which == 0) return ir::Json(3);
  return ir::Json(t.is_machine() ? t.max_value() : ir::BigInt(1) << 100);
}

TEST(Corpus, EveryFunctionRunsToAnOutcome) {
  const std::vector<std::string> files = corpus();
  ASSERT_GT(files.size(), 10u);
  int runs = 0;
  for (const auto &file : files) {
    ir::Program p;
    try {
      p = cli::load_program(file);
    } catch (const ir::Error &) {
      continue; // not loadable: the front end's tests cover it
    }
    for (const ir::Function *f : p.functions()) {
      if (!f->body) continue;
      for (int which = 0; which < 3; ++which)
        for (bool giant : {false, true}) {
          Config cfg;
          cfg.function = f->name;
          cfg.policy.all_giant = giant;
          cfg.step_limit = 50000;
          cfg.time_limit = std::chrono::milliseconds(10000);
          for (const auto &b : f->params)
            cfg.input.inputs.emplace_back(b.name, value(b.type, which));
          SCOPED_TRACE(file + " " + f->name + " inputs " + std::to_string(which) +
                       (giant ? " giant" : " small"));
          try {
            const Outcome o = run(p, cfg);
            EXPECT_FALSE(format_text(o).empty());
            ++runs;
          } catch (const ir::Error &) {
            // an input outside its type is a configuration error: fine
          }
        }
    }
  }
  EXPECT_GT(runs, 100);
  std::cout << runs << " runs on " << files.size() << " files\n";
}

/// Drops the annotations of every loop of `b`: such loops have a compiled form.
void strip_loop_annotations(ir::Block &b) {
  for (auto &s : b) {
    if (s->kind == ir::StmtKind::While) s->annots.clear();
    strip_loop_annotations(s->body);
    strip_loop_annotations(s->else_body);
  }
}

// Compiled loops (rac/compiled_loop.hpp) against the interpreter on real code: the loops of the
// corpus (their annotations dropped, else they are interpreted) and the verification tasks'.
TEST(Corpus, CompiledLoopsRunAsInterpreted) {
  std::vector<std::string> files = corpus();
  for (const char *dir : {"/tests/verify/tasks", "/examples/sv", "/bench/loops"})
    for (const auto &e : fs::directory_iterator(std::string(TRIAGE_SOURCE_DIR) + dir))
      if (e.path().extension() == ".c") files.push_back(e.path().string());
  int runs = 0, compiled = 0;
  for (const auto &file : files) {
    ir::Program p;
    try {
      p = cli::load_program(file);
    } catch (const ir::Error &) {
      continue;
    }
    for (auto &d : p.decls)
      if (auto *f = std::get_if<std::shared_ptr<ir::Function>>(&d); f && (*f)->body)
        strip_loop_annotations(*(*f)->body);
    for (const ir::Function *f : p.functions()) {
      if (!f->body) continue;
      for (int which : {0, 2}) {
        Config cfg;
        cfg.function = f->name;
        cfg.step_limit = 20000;
        cfg.time_limit = std::chrono::milliseconds(60000); // steps decide, not the machine
        for (const auto &b : f->params)
          cfg.input.inputs.emplace_back(b.name, value(b.type, which));
        SCOPED_TRACE(file + " " + f->name + " inputs " + std::to_string(which));
        try {
          cfg.compile = true;
          const Outcome fast = run(p, cfg);
          cfg.compile = false;
          const Outcome slow = run(p, cfg);
          EXPECT_EQ(to_json(fast).dump(), to_json(slow).dump());
          EXPECT_EQ(format_text(fast), format_text(slow));
          ++runs;
          if (fast.compiled_steps > 0) ++compiled;
        } catch (const ir::Error &) {
        }
      }
    }
  }
  std::cout << runs << " runs, " << compiled << " with compiled loops\n";
  EXPECT_GT(compiled, 100);
}

} // namespace
} // namespace triage::rac::test
