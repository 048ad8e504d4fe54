#include "classify/compare.hpp"

#include "classify/render.hpp"
#include "classify/suggestion.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

namespace triage::classify {

namespace {

bool open_goal(const GoalDiagnosis &d) {
  return d.result.status == vcgen::Status::Failed;
}

bool has_typically(const ir::Program *p, const std::string &function) {
  const ir::Function *f = p ? p->function(function) : nullptr;
  return f && std::any_of(f->contract.begin(), f->contract.end(), [](const ir::Annotation &a) {
           return a.kind == ir::AnnotKind::Typically;
         });
}

std::string where(const GoalDiagnosis &d) {
  return location(d) + ": " + goal_title(d);
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

/// Per strategy: verdict counts, goals classified (a verdict with a replayed counterexample, or
/// prover incapacity backed by complete searches) and diagnosis time.
struct Totals {
  std::map<Verdict, long> verdicts;
  long classified = 0, time_ms = 0;
};

std::vector<Totals> totals_of(const Comparison &c) {
  std::vector<Totals> t(c.strategies.size());
  for (const auto &f : c.files)
    for (size_t s = 0; s < f.reports.size(); ++s)
      for (const auto &d : f.reports[s].goals) {
        if (!open_goal(d)) continue;
        ++t[s].verdicts[d.verdict];
        t[s].time_ms += d.time_ms;
        if (d.verdict != Verdict::Unknown) ++t[s].classified;
      }
  return t;
}

/// Whether a strategy's verdict takes part in the agreement of a goal: the static strategy only
/// ever shows non-compliances, so its `unknown` is no verdict against the others'.
bool has_say(const std::string &strategy, const GoalDiagnosis &d) {
  return strategy != "static" || d.verdict != Verdict::Unknown;
}

/// Whether every strategy with a say on goal `i` of the file gave the same verdict.
bool agree_on(const Comparison &c, const FileComparison &f, size_t i) {
  std::optional<std::string> key;
  for (size_t s = 0; s < f.reports.size(); ++s) {
    const GoalDiagnosis &d = f.reports[s].goals[i];
    if (!has_say(c.strategies[s], d)) continue;
    if (!key) key = verdict_key(d);
    if (verdict_key(d) != *key) return false;
  }
  return true;
}

/// Goals on which every strategy gave the same verdict, and the others.
std::pair<long, long> agreement(const Comparison &c) {
  long agree = 0, disagree = 0;
  for (const auto &f : c.files) {
    if (f.reports.empty()) continue;
    for (size_t i = 0; i < f.reports[0].goals.size(); ++i) {
      if (!open_goal(f.reports[0].goals[i])) continue;
      ++(agree_on(c, f, i) ? agree : disagree);
    }
  }
  return {agree, disagree};
}

} // namespace

std::string verdict_key(const GoalDiagnosis &d) {
  std::string k = verdict_name(d.verdict);
  if (d.verdict != Verdict::SubcontractWeakness) return k;
  if (d.scope == Scope::Global) return k + " [global]";
  std::vector<std::string> names = d.subcontracts;
  std::sort(names.begin(), names.end());
  k += " [";
  for (size_t i = 0; i < names.size(); ++i)
    k += (i ? ", " : "") + names[i];
  return k + "]";
}

std::string contradiction(const GoalDiagnosis &a, const std::string &a_name, const GoalDiagnosis &b,
                          const std::string &b_name, bool typically) {
  // A complete search under a typically clause speaks only of the inputs it allows: an NC
  // outside them refutes nothing.
  if (typically) return "";
  if (a.verdict == Verdict::NonCompliance && b.verdict != Verdict::NonCompliance &&
      b.nc_search == NcSearch::Complete)
    return a_name + " found a non-compliance, while " + b_name +
           " explored every real path without one";
  if (is_definite(a.verdict) && b.verdict == Verdict::ProverIncapacity)
    return a_name + " found a counterexample (" + verdict_name(a.verdict) + "), while " + b_name +
           " explored every path without one";
  return "";
}

std::vector<std::string> contradictions(const Comparison &c) {
  std::vector<std::string> out;
  for (const auto &f : c.files) {
    if (f.reports.empty()) continue;
    for (size_t i = 0; i < f.reports[0].goals.size(); ++i) {
      const GoalDiagnosis &first = f.reports[0].goals[i];
      if (!open_goal(first)) continue;
      const bool typically = has_typically(f.program, first.result.goal.function);
      for (size_t a = 0; a < f.reports.size(); ++a)
        for (size_t b = 0; b < f.reports.size(); ++b)
          if (a != b)
            if (std::string why = contradiction(f.reports[a].goals[i], c.strategies[a],
                                                f.reports[b].goals[i], c.strategies[b], typically);
                !why.empty())
              out.push_back(where(first) + ": " + why);
    }
  }
  return out;
}

std::string render_comparison_text(const Comparison &c) {
  std::string out;
  size_t width = 0;
  for (const auto &s : c.strategies)
    width = std::max(width, s.size() + 1);
  for (const auto &f : c.files) {
    if (f.reports.empty()) continue;
    for (size_t i = 0; i < f.reports[0].goals.size(); ++i) {
      if (!open_goal(f.reports[0].goals[i])) continue;
      out += where(f.reports[0].goals[i]) + "\n";
      for (size_t s = 0; s < f.reports.size(); ++s) {
        const GoalDiagnosis &d = f.reports[s].goals[i];
        out += "  " + pad(c.strategies[s] + ":", width + 1) + pad(verdict_key(d), 36) +
               pad(std::to_string(d.time_ms) + " ms", 10);
        if (d.strategy != c.strategies[s] && !d.strategy.empty()) out += "(by " + d.strategy + ") ";
        if (d.counterexample)
          out += "inputs: " + format_values(f.reports[s].inputs_in_source(*d.counterexample));
        out += "\n";
      }
    }
  }
  const auto totals = totals_of(c);
  const auto [agree, disagree] = agreement(c);
  out += "\n" + pad("strategy", width + 2) +
         "classified  non_compliance  weakness  incapacity  likely  unknown     time\n";
  for (size_t s = 0; s < c.strategies.size(); ++s) {
    const Totals &t = totals[s];
    auto n = [&](Verdict v) {
      auto it = t.verdicts.find(v);
      return it == t.verdicts.end() ? 0L : it->second;
    };
    char line[160];
    std::snprintf(line, sizeof line, "%10ld  %14ld  %8ld  %10ld  %6ld  %7ld  %5ld ms\n",
                  t.classified, n(Verdict::NonCompliance), n(Verdict::SubcontractWeakness),
                  n(Verdict::ProverIncapacity), n(Verdict::LikelyProverIncapacity),
                  n(Verdict::Unknown), t.time_ms);
    out += pad(c.strategies[s], width + 2) + line;
  }
  out += std::to_string(agree) + " goals with one verdict from every strategy, " +
         std::to_string(disagree) + " with different ones\n";
  const auto bad = contradictions(c);
  for (const auto &b : bad)
    out += "error: contradiction: " + b + "\n";
  return out;
}

ir::Json render_comparison_json(const Comparison &c) {
  ir::Json files = ir::Json::array();
  for (const auto &f : c.files) {
    ir::Json goals = ir::Json::array();
    if (!f.reports.empty())
      for (size_t i = 0; i < f.reports[0].goals.size(); ++i) {
        const GoalDiagnosis &first = f.reports[0].goals[i];
        if (!open_goal(first)) continue;
        ir::Json g = ir::Json::object();
        const ir::GoalRef &ref = first.result.goal;
        g["id"] = ref.annot_id;
        g["function"] = ref.function;
        g["kind"] = ir::goal_kind_name(ref.kind);
        g["line"] = ref.at.line;
        g["column"] = ref.at.col;
        ir::Json by = ir::Json::object();
        for (size_t s = 0; s < f.reports.size(); ++s)
          by[c.strategies[s]] = goal_json(f.reports[s].goals[i], f.reports[s]);
        g["verdicts"] = std::move(by);
        g["agree"] = agree_on(c, f, i);
        goals.push_back(std::move(g));
      }
    ir::Json file = ir::Json::object();
    file["file"] = f.reports.empty() ? std::string() : f.reports[0].file;
    file["goals"] = std::move(goals);
    files.push_back(std::move(file));
  }
  const auto totals = totals_of(c);
  ir::Json summary = ir::Json::object();
  for (size_t s = 0; s < c.strategies.size(); ++s) {
    ir::Json t = ir::Json::object();
    t["classified"] = totals[s].classified;
    for (const auto &[v, n] : totals[s].verdicts)
      t[verdict_name(v)] = n;
    t["time_ms"] = totals[s].time_ms;
    summary[c.strategies[s]] = std::move(t);
  }
  const auto [agree, disagree] = agreement(c);
  ir::Json bad = ir::Json::array();
  for (const auto &b : contradictions(c))
    bad.push_back(b);
  ir::Json j = ir::Json::object();
  j["files"] = std::move(files);
  j["summary"] = std::move(summary);
  j["agreements"] = agree;
  j["disagreements"] = disagree;
  j["contradictions"] = std::move(bad);
  return j;
}

} // namespace triage::classify
