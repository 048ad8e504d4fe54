// libFuzzer harness: the whole pipeline on small `.ivl` programs. Parse, type-check, prove,
// diagnose (combined strategy), and render every output format. Bad input may only end in
// ir::Error; a verdict the diagnosis reports must replay (the report checks that itself, and
// this harness stops on one that does not).
#include "classify/diagnose.hpp"
#include "classify/render.hpp"
#include "classify/replay.hpp"
#include "classify/sarif.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

// Inputs past this size mostly spend the solvers' time on text the parser harness covers.
constexpr size_t kMaxInput = 2048;

triage::classify::DiagnoseOptions options() {
  using namespace std::chrono_literals;
  triage::classify::DiagnoseOptions o;
  o.file = "fuzz.ivl";
  o.prove.prover = triage::vcgen::Prover::Z3;
  o.prove.timeout_s = 0.2;
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  o.prove.deadline = deadline;
  auto &s = o.strategy_options;
  s.prover = o.prove.prover;
  s.goal_budget = 1000ms;
  s.run_limit = 200ms;
  s.step_limit = 20000;
  s.exploration_budget = 300ms;
  s.check_budget = 100ms;
  s.max_block = 4;
  s.deadline = deadline;
  return o;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInput) return -1; // not added to the corpus
  const std::string text(reinterpret_cast<const char *>(data), size);
  triage::ir::Program p;
  try {
    p = triage::ir::parse_text(text, "fuzz.ivl");
    triage::ir::typecheck(p);
  } catch (const triage::ir::Error &) {
    return -1;
  }
  try {
    const auto report = triage::classify::diagnose(p, options());
    (void)triage::classify::render_text(report);
    (void)triage::classify::render_json(report).dump();
    (void)triage::classify::render_sarif(report, p).dump();
    // A replay with more room than the diagnosis had must fail the goal again.
    for (auto d : report.goals)
      if (triage::classify::is_definite(d.verdict) &&
          !triage::classify::confirm(p, d, triage::classify::RunLimits{}))
        std::abort();
  } catch (const triage::ir::Error &) {
  }
  return 0;
}
