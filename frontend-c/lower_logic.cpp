// Logic definitions as the ACSL corpora write them: overloads by number of parameters, and
// definitions over several memory states (`predicate Unchanged{K,L}(...)`), which the IR's
// one-state logic functions cannot hold: they are lowered where they are used, with their
// labels replaced by the states the use names and their parameters bound by `let`.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

namespace {
constexpr size_t max_inline_depth = 32;

std::string joined(const std::vector<std::string> &labels) {
  std::string s;
  for (const std::string &l : labels)
    s += (s.empty() ? "" : ",") + l;
  return s;
}
} // namespace

const LogicSig *Lowerer::logic_sig(const std::string &name, size_t arity) const {
  auto it = logics_.find(name);
  if (it == logics_.end()) return nullptr;
  for (const LogicSig &s : it->second)
    if (s.params.size() == arity) return &s;
  return nullptr;
}

void Lowerer::logic_template(const LogicDecl &d) {
  LogicSig sig{"", d.is_predicate ? CType::boolean() : d.ret, {}, d.labels, &d};
  for (const Param &p : d.params) {
    if (p.type.is_void()) fail(p.loc, "a parameter cannot have type void");
    sig.params.push_back(p.type);
  }
  if (!d.body)
    fail(d.loc, "'" + d.name +
                    "' reads several memory states and has no definition: such "
                    "abstract logic functions are not supported");
  logics_[d.name].push_back(sig);
}

std::string Lowerer::map_label(const std::string &label) const {
  if (label_maps_.empty()) return label;
  auto it = label_maps_.back().find(label);
  return it == label_maps_.back().end() ? label : it->second;
}

const LogicSig &Lowerer::overload(const CExpr &e, const std::vector<Val> &args) const {
  const std::vector<LogicSig> &all = logics_.at(e.name);
  // As Frama-C: the candidate whose parameter types the arguments match most exactly (a C int
  // argument fits both `int` and `integer`, and means `int`); pointers never fit numbers.
  auto score = [&](const LogicSig &s) {
    if (s.params.size() != args.size()) return -1;
    int exact = 0;
    for (size_t i = 0; i < args.size(); ++i) {
      if ((s.params[i].is_ptr() || s.params[i].is_array()) != args[i].t.is_ptr()) return -1;
      exact += s.params[i].decay().str() == args[i].t.str();
    }
    return exact;
  };
  const LogicSig *best = nullptr;
  int best_score = -1;
  for (const LogicSig &s : all)
    if (const int sc = score(s); sc > best_score) best = &s, best_score = sc;
  if (best) return *best;
  // One candidate of the right number: its own conversion gives the precise message.
  for (const LogicSig &s : all)
    if (s.params.size() == args.size()) return s;
  fail(e.loc, "'" + e.name + "' expects " + std::to_string(all[0].params.size()) +
                  " arguments, not " + std::to_string(args.size()));
}

Val Lowerer::inline_logic(const CExpr &e, const LogicSig &sig, const std::vector<Val> &vals) {
  const LogicDecl &d = *sig.inlined;
  if (e.labels.size() != d.labels.size())
    fail(e.loc, "'" + e.name + "' reads " + std::to_string(d.labels.size()) +
                    " memory states: name them, as in " + e.name + "{" + joined(d.labels) +
                    "}(...)");
  if (label_maps_.size() >= max_inline_depth)
    fail(e.loc, "'" + e.name + "' is recursive over several memory states: not supported");
  std::map<std::string, std::string> labels;
  for (size_t i = 0; i < d.labels.size(); ++i)
    labels[d.labels[i]] = map_label(e.labels[i]);
  // Arguments are read where the definition is used, before its own names are in scope.
  std::vector<std::vector<ir::ExprPtr>> args; // per parameter: its value, or its parts
  for (size_t i = 0; i < e.args.size(); ++i) {
    args.push_back(aggregate_args(vals[i], sig.params[i], e.args[i]->loc));
    if (args.back().empty())
      args.back().push_back(logic_arg(vals[i], sig.params[i], e.args[i]->loc));
  }
  // The body sees its parameters and the globals, never the names of the place of use.
  auto saved_scopes = std::move(scopes_);
  scopes_.assign(1, {});
  std::vector<std::vector<std::string>> names; // per parameter, like args
  for (const Param &p : d.params) {
    const std::string n = safe_name(p.name) + "__" + std::to_string(++inlined_);
    if (p.type.is_aggregate()) {
      names.emplace_back();
      for (const ir::Binder &b : part_binders(n, p.type, p.loc, false))
        names.back().push_back(b.name);
      declare(p.name, VarInfo{"", p.type, VarInfo::Kind::Bound, names.back()});
      continue;
    }
    names.push_back({n});
    declare(p.name, VarInfo{n, p.type, VarInfo::Kind::Bound});
  }
  label_maps_.push_back(std::move(labels));
  ir::ExprPtr body = d.is_predicate ? pred(*d.body) : logic_arg(term(*d.body), sig.ret, d.loc);
  label_maps_.pop_back();
  scopes_ = std::move(saved_scopes);
  for (size_t i = args.size(); i-- > 0;)
    for (size_t k = args[i].size(); k-- > 0;) {
      auto let = ir::make_expr(ir::ExprKind::Let, {args[i][k], body}, pos(e.loc));
      let->name = names[i][k];
      body = let;
    }
  return Val{body, sig.ret};
}

} // namespace triage::frontend_c
