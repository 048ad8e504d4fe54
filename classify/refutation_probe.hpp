// A short search for failing runs, made while proving: a goal the quick proof attempt leaves
// open and a replayed run of the real program already breaks could only fail, so its long
// proof attempts are skipped (vcgen::ProveOptions::refuted) and the run is its non-compliance.
// Most goals a mutant breaks are either decided in milliseconds or broken by its first runs;
// the prover's timeout is then paid only by the goals nothing else decides.
#pragma once

#include "classify/diagnosis.hpp"
#include "classify/strategy.hpp"
#include "ir/ast.hpp"
#include "vcgen/prove.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace triage::classify {

class RefutationProbe {
public:
  /// `goals`: every goal of the program (vcgen::Session::goals): a failing run names its goal by
  /// kind and place only, so a goal that shares them with another one is never refuted.
  RefutationProbe(const ir::Program &p, const StrategyOptions &o, std::vector<ir::GoalRef> goals);
  ~RefutationProbe();
  RefutationProbe(const RefutationProbe &) = delete;
  RefutationProbe &operator=(const RefutationProbe &) = delete;

  /// Whether a replayed run of the real program fails `goal` first, or one that takes a loop or
  /// call by its contract alone (a single weakness, which the prover cannot get past either);
  /// from any proving thread, the searches of one function one at a time.
  bool refutes(const ir::GoalRef &goal) { return check(goal) == vcgen::SkipLongAttempts::Refuted; }

  /// What the searches know of `goal` (vcgen::ProveOptions::skip_long_attempts): refuted as
  /// above, or nothing (its long attempts are made).
  vcgen::SkipLongAttempts check(const ir::GoalRef &goal);

  /// Gives each goal the prover left as "refuted" its verdict and the replayed run.
  void settle(std::vector<GoalDiagnosis> &goals) const;

private:
  struct Search;
  Search &search_of(const std::string &function);
  static bool known(const Search &s, const ir::GoalRef &goal);
  void explore(Search &s, const ir::GoalRef &goal);
  /// Searches through each contract `goal` relies on (those a real run breaks are wrong, not
  /// weak: skipped).
  void weaken(Search &s, const ir::GoalRef &goal, const ir::Function &f);
  std::vector<std::string> broken(const Search &s, const ir::Function &f,
                                  const std::vector<std::string> &names) const;
  bool ambiguous(const ir::GoalRef &g) const;

  const ir::Program &program_;
  StrategyOptions options_;
  std::vector<ir::GoalRef> goals_;
  std::mutex m_;
  std::map<std::string, std::unique_ptr<Search>> searches_;
};

} // namespace triage::classify
