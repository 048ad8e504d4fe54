#include "classify/render.hpp"

#include "classify/suggestion.hpp"

#include <map>

namespace triage::classify {

ir::NamedValues Report::inputs_in_source(const ir::Counterexample &c) const {
  auto it = source_inputs.find(c.function);
  return it == source_inputs.end() ? c.inputs : ir::in_source_terms(it->second, c.inputs);
}

namespace {

bool failed(const GoalDiagnosis &d) {
  return d.result.status == vcgen::Status::Failed;
}

std::string heading(const GoalDiagnosis &d) {
  return location(d) + ": " + verdict_name(d.verdict) + ": " + goal_title(d) + blamed(d);
}

void counterexample_lines(const Report &r, const GoalDiagnosis &d, std::string &out) {
  if (!d.counterexample) return;
  out += "  inputs: " + format_values(r.inputs_in_source(*d.counterexample)) + "\n";
  for (const auto &o : d.counterexample->outputs) {
    out += "  " + o.subcontract;
    if (o.visit > 1) out += " (visit " + std::to_string(o.visit) + ")";
    out += " outputs: " + format_values(o.values) + "\n";
  }
  if (!d.failure_reason.empty()) out += "  failure: " + d.failure_reason + "\n";
  if (!d.failure_state.empty()) out += "  at the failure: " + d.failure_state + "\n";
}

/// " (bound; bound)": what stopped a bounded search, for people.
std::string bounds_text(const std::vector<std::string> &bounds) {
  if (bounds.empty()) return "";
  std::string out = " (";
  for (size_t i = 0; i < bounds.size(); ++i)
    out += (i ? "; " : "") + bounds[i];
  return out + ")";
}

bool same_goal_place(const ir::GoalRef &a, const ir::GoalRef &b) {
  return a.kind == b.kind && a.function == b.function && a.at.line == b.at.line &&
         a.at.col == b.at.col;
}

/// The suggestion whose proof shows this goal, if any.
const FunctionFix *fix_for(const Report &r, const GoalDiagnosis &d) {
  for (const auto &f : r.fixes)
    for (const auto &g : f.proves)
      if (same_goal_place(g, d.result.goal)) return &f;
  return nullptr;
}

/// The search made for this goal's function that found nothing for it.
const FunctionFix *fix_tried(const Report &r, const GoalDiagnosis &d) {
  for (const auto &f : r.fixes)
    for (const auto &g : f.still_failing)
      if (same_goal_place(g, d.result.goal)) return &f;
  return nullptr;
}

/// `loop invariant A; loop invariant B;` (or `ensures A;` for a callee)
std::string clauses_text(const LoopInvariants &li) {
  std::string s;
  for (const auto &c : li.clauses)
    s += (s.empty() ? "" : " ") + li.keyword + " " + c + ";";
  return s;
}

ir::Json goal_ref_json(const ir::GoalRef &g) {
  ir::Json j = ir::Json::object();
  j["kind"] = goal_kind_name(g.kind);
  j["id"] = g.annot_id;
  j["function"] = g.function;
  j["line"] = g.at.line;
  j["column"] = g.at.col;
  return j;
}

ir::Json fix_json(const FunctionFix &f) {
  ir::Json j = ir::Json::object();
  j["function"] = f.function;
  ir::Json loops = ir::Json::array();
  for (const auto &li : f.loops) {
    ir::Json l = ir::Json::object();
    l["loop"] = li.loop;
    l["keyword"] = li.keyword;
    l["line"] = li.line;
    if (!li.replaces.empty()) {
      l["column"] = li.column;
      l["replaces"] = li.replaces;
    }
    ir::Json clauses = ir::Json::array();
    for (const auto &c : li.clauses)
      clauses.push_back(c);
    l["clauses"] = std::move(clauses);
    loops.push_back(std::move(l));
  }
  j["loops"] = std::move(loops);
  ir::Json proves = ir::Json::array(), still = ir::Json::array();
  for (const auto &g : f.proves)
    proves.push_back(goal_ref_json(g));
  for (const auto &g : f.still_failing)
    still.push_back(goal_ref_json(g));
  j["proves"] = std::move(proves);
  j["still_failing"] = std::move(still);
  j["checked"] = !f.proves.empty();
  j["candidates"] = f.candidates;
  j["after_runs"] = f.after_runs;
  j["inductive"] = f.inductive;
  j["time_ms"] = f.time_ms;
  j["note"] = f.note;
  return j;
}

void goal_block(const Report &r, const GoalDiagnosis &d, std::string &out) {
  out += heading(d) + "\n";
  out += "  " + std::string(verdict_sentence(d.verdict)) + "\n";
  counterexample_lines(r, d, out);
  // Whether "weak contract" also means "no bug in the code": only a search of real runs says.
  if (d.verdict == Verdict::SubcontractWeakness && d.nc_search != NcSearch::NotRun)
    out += std::string("  search for a bug in the code: ") +
           (d.nc_search == NcSearch::Complete ? "none found, every path explored"
            : d.nc_search == NcSearch::Stopped
                ? "none replayed for this goal, the search stopped early"
                : "none found within the search bounds" + bounds_text(d.nc_search_bounds)) +
           "\n";
  // A likely prover incapacity says which inputs were searched: no more is shown.
  if (d.search_scope)
    out += std::string("  searched: ") +
           (d.search_scope->kind == ScopeKind::Automatic ? "a small scope of inputs only: " : "") +
           d.search_scope->text + "\n";
  if (!d.shown_statically.empty()) out += "  shown statically: " + d.shown_statically + "\n";
  if (!d.replayed)
    out += "  not replayed: the real run is longer than the runtime checker's limit; the proof "
           "shows it fails\n";
  if (!is_definite(d.verdict))
    for (const auto &n : d.notes)
      out += "  note: " + n + "\n";
  out += "  suggestion: " + suggestion(d) + "\n";
  if (const FunctionFix *fix = fix_for(r, d)) {
    for (const auto &li : fix->loops)
      out += li.replaces.empty()
                 ? "  suggestion: add to " + li.loop + ": " + clauses_text(li) + "\n"
                 : "  suggestion: in " + li.loop + ", replace " + li.replaces + " with " +
                       clauses_text(li) + "\n";
    out += "  checked: with " + std::string(fix->loops.size() > 1 ? "these" : "this") +
           ", the proof shows this goal" +
           (fix->proves.size() > 1
                ? " and " + std::to_string(fix->proves.size() - 1) + " other failed goal(s)"
                : "") +
           " (--fix writes it into a copy of the file)\n";
  } else if (const FunctionFix *none = fix_tried(r, d)) {
    out += "  no checked invariant: " +
           (none->note.empty() ? std::string("the invariants found for ") + none->function +
                                     " do not make this goal provable"
                               : none->note) +
           "\n";
  }
  if (std::string cmd = replay_command(r, d); !cmd.empty()) out += "  replay: " + cmd + "\n";
}

ir::Json strings(const std::vector<std::string> &xs) {
  ir::Json a = ir::Json::array();
  for (const auto &x : xs)
    a.push_back(x);
  return a;
}

} // namespace

std::string location(const GoalDiagnosis &d) {
  return ir::where(d.result.goal.at);
}

std::string goal_title(const GoalDiagnosis &d) {
  const ir::GoalRef &g = d.result.goal;
  std::string t = goal_kind_name(g.kind);
  if (!g.annot_id.empty()) t += " (" + g.annot_id + ")";
  if (g.function != "-" && !g.function.empty()) t += " in " + g.function;
  return t;
}

std::string blamed(const GoalDiagnosis &d) {
  if (d.verdict != Verdict::SubcontractWeakness) return "";
  std::string s = d.scope == Scope::Global ? " [all of: " : " [";
  for (size_t i = 0; i < d.subcontracts.size(); ++i)
    s += (i ? ", " : "") + d.subcontracts[i];
  return s + "]";
}

ir::Json goal_json(const GoalDiagnosis &d, const Report &r) {
  const ir::GoalRef &g = d.result.goal;
  ir::Json j = ir::Json::object();
  j["id"] = g.annot_id;
  j["function"] = g.function;
  j["kind"] = goal_kind_name(g.kind);
  j["title"] = goal_title(d) + blamed(d);
  j["file"] = g.at.file;
  j["line"] = g.at.line;
  j["column"] = g.at.col;
  j["status"] = failed(d) ? "failed" : "proved";
  j["answer"] = vcgen::goal_answer_name(d.result.answer);
  j["prover"] = d.result.prover ? vcgen::prover_name(*d.result.prover) : "";
  j["prove_time_ms"] = d.result.time_ms;
  if (!d.result.induction.empty()) j["induction"] = d.result.induction;
  j["verdict"] = verdict_name(d.verdict);
  j["subcontracts"] = strings(d.subcontracts);
  j["scope"] =
      d.verdict == Verdict::SubcontractWeakness ? ir::Json(scope_name(d.scope)) : ir::Json();
  j["counterexample"] = d.counterexample ? d.counterexample->to_json() : ir::Json();
  if (d.counterexample) { // the inputs as the program names them (a structure: one value)
    ir::Json source = ir::Json::object();
    for (auto &[name, value] : r.inputs_in_source(*d.counterexample))
      source[name] = std::move(value);
    j["source_inputs"] = std::move(source);
  }
  if (!d.failure_reason.empty()) j["failure"] = d.failure_reason;
  j["strategy"] = d.strategy;
  // A non-compliance the proof alone showed (the static strategy); whether its run was replayed.
  if (!d.shown_statically.empty()) {
    j["shown"] = "statically";
    j["replayed"] = d.replayed;
  }
  j["time_ms"] = d.time_ms;
  j["models_tried"] = d.models_tried;
  j["nc_search"] = nc_search_name(d.nc_search);
  j["nc_search_bounds"] = strings(d.nc_search_bounds);
  j["search_scope"] = ir::Json();
  if (d.search_scope) {
    j["search_scope"] = ir::Json::object();
    j["search_scope"]["kind"] = scope_kind_name(d.search_scope->kind);
    j["search_scope"]["text"] = d.search_scope->text;
    if (d.search_scope->kind == ScopeKind::Automatic) {
      j["search_scope"]["cells"] = ir::Json(long(d.search_scope->cells));
      ir::Json intervals = ir::Json::array();
      for (const auto &[lo, hi] : d.search_scope->intervals) {
        ir::Json pair = ir::Json::array();
        pair.push_back(ir::Json(lo));
        pair.push_back(ir::Json(hi));
        intervals.push_back(std::move(pair));
      }
      j["search_scope"]["intervals"] = std::move(intervals);
    }
  }
  j["explanation"] = verdict_sentence(d.verdict);
  j["suggestion"] = suggestion(d);
  if (std::string cmd = replay_command(r, d); !cmd.empty()) j["replay"] = cmd;
  j["notes"] = strings(d.notes);
  return j;
}

std::string summary_line(const Report &r) {
  size_t proved = 0;
  std::map<Verdict, size_t> by_verdict;
  for (const auto &d : r.goals)
    failed(d) ? ++by_verdict[d.verdict] : ++proved;
  const size_t failures = r.goals.size() - proved;
  std::string s = std::to_string(r.goals.size()) + " goals: " + std::to_string(proved) +
                  " proved, " + std::to_string(failures) + " failed";
  if (failures == 0) return s;
  s += " (";
  bool first = true;
  for (Verdict v : {Verdict::NonCompliance, Verdict::SubcontractWeakness, Verdict::ProverIncapacity,
                    Verdict::LikelyProverIncapacity, Verdict::Unknown}) {
    if (by_verdict[v] == 0 && v != Verdict::NonCompliance && v != Verdict::SubcontractWeakness &&
        v != Verdict::Unknown)
      continue;
    s += (first ? "" : ", ") + std::to_string(by_verdict[v]) + " " + verdict_name(v);
    first = false;
  }
  return s + ")";
}

std::string render_text(const Report &r) {
  std::string out;
  for (const auto &d : r.goals)
    if (failed(d)) goal_block(r, d, out);
  return out + summary_line(r) + "\n";
}

ir::Json render_json(const Report &r) {
  ir::Json j = ir::Json::object();
  j["file"] = r.file;
  j["strategy"] = r.strategy;
  ir::Json goals = ir::Json::array();
  size_t proved = 0;
  for (const auto &d : r.goals) {
    goals.push_back(goal_json(d, r));
    proved += !failed(d);
  }
  j["goals"] = std::move(goals);
  if (!r.fixes.empty()) {
    ir::Json fixes = ir::Json::array();
    for (const auto &f : r.fixes)
      fixes.push_back(fix_json(f));
    j["fixes"] = std::move(fixes);
  }
  ir::Json summary = ir::Json::object();
  summary["goals"] = r.goals.size();
  summary["proved"] = proved;
  summary["failed"] = r.goals.size() - proved;
  j["summary"] = std::move(summary);
  return j;
}

int exit_code(const Report &r) {
  for (const auto &d : r.goals)
    if (failed(d)) return 1;
  return 0;
}

} // namespace triage::classify
