#include "classify/subcontracts.hpp"

#include <algorithm>
#include <iterator>

namespace triage::classify {

namespace {

struct Site {
  std::string name;
  int line = 0;
  std::vector<int> loops;             ///< lines of the loops around it
  std::vector<std::string> annot_ids; ///< a loop's own annotations (invariants, frame, variant)
};

void sites_of(const ir::Program &p, const ir::Block &b, std::vector<int> &around,
              std::vector<Site> &out) {
  for (const auto &s : b) {
    const int line = ir::where(p, s->pos, s->src).line;
    if (s->kind == ir::StmtKind::Call) out.push_back({s->callee, line, around, {}});
    if (s->kind == ir::StmtKind::While) {
      std::vector<std::string> ids;
      std::ranges::transform(s->annots, std::back_inserter(ids), &ir::Annotation::id);
      out.push_back({ir::loop_name(p, *s), line, around, std::move(ids)});
      around.push_back(line);
    }
    sites_of(p, s->body, around, out);
    sites_of(p, s->else_body, around, out);
    if (s->kind == ir::StmtKind::While) around.pop_back();
  }
}

/// Whether a goal's proof may rely on the site: it comes before the goal, or after it inside a
/// loop that also holds the goal (then it runs before the goal on a later iteration).
bool relies_on(const Site &s, const ir::GoalRef &goal, const std::vector<Site> &all) {
  if (goal.kind == ir::GoalKind::Postcondition || goal.kind == ir::GoalKind::Assigns) return true;
  if (s.line <= goal.at.line) return true;
  // A site after the goal runs before it on a later iteration of a loop around both.
  for (int loop : s.loops)
    if (loop <= goal.at.line && std::any_of(all.begin(), all.end(), [&](const Site &o) {
          return o.line >= goal.at.line &&
                 std::find(o.loops.begin(), o.loops.end(), loop) != o.loops.end();
        }))
      return true;
  return false;
}

} // namespace

std::vector<std::string> subcontracts_for(const ir::Program &p, const ir::Function &f,
                                          const ir::GoalRef &goal) {
  std::vector<Site> sites;
  std::vector<int> around;
  if (f.body) sites_of(p, *f.body, around, sites);
  std::vector<std::string> names;
  for (const Site &s : sites)
    if (relies_on(s, goal, sites) && std::find(names.begin(), names.end(), s.name) == names.end())
      names.push_back(s.name);
  return names;
}

std::vector<std::string> broken_loops(const ir::Program &p, const ir::Function &f,
                                      const std::vector<std::string> &names,
                                      const std::function<bool(const std::string &)> &fails_first) {
  std::vector<Site> sites;
  std::vector<int> around;
  if (f.body) sites_of(p, *f.body, around, sites);
  std::vector<std::string> out;
  for (const Site &site : sites)
    if (std::ranges::count(names, site.name) > 0 && std::ranges::count(out, site.name) == 0 &&
        std::ranges::any_of(site.annot_ids, fails_first))
      out.push_back(site.name);
  return out;
}

std::vector<ir::GoalRef> non_compliant_goals(const std::vector<GoalDiagnosis> &goals,
                                             const std::string &function) {
  std::vector<ir::GoalRef> out;
  for (const GoalDiagnosis &d : goals)
    if (d.verdict == Verdict::NonCompliance && d.result.goal.function == function)
      out.push_back(d.result.goal);
  return out;
}

std::vector<std::string> non_compliant_annotations(const std::vector<GoalDiagnosis> &goals,
                                                   const std::string &function) {
  std::vector<std::string> ids;
  for (const ir::GoalRef &g : non_compliant_goals(goals, function))
    if (!g.annot_id.empty()) ids.push_back(g.annot_id);
  return ids;
}

} // namespace triage::classify
