// Logic definitions as the ACSL corpora write them: overloads by number of parameters, and
// definitions over several memory states (`predicate Unchanged{K,L}(...)`), whose applications
// name the IR states their labels stand for.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

const LogicSig *Lowerer::logic_sig(const std::string &name, size_t arity) const {
  auto it = logics_.find(name);
  if (it == logics_.end()) return nullptr;
  for (const LogicSig &s : it->second)
    if (s.params.size() == arity) return &s;
  return nullptr;
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

std::string Lowerer::state_label(const std::string &written, Loc at) {
  // at_state decides what a label means where it is written (and rejects those that mean
  // nothing there); the state it names is the one it reads a value in: none (the current
  // state), the entry state (`old`), or an IR label (`at`).
  const ir::ExprPtr probe = ir::make_expr(ir::ExprKind::BoolLit, {}, pos(at));
  const Val read = at_state(written, at, [&] { return Val{probe, CType::boolean()}; });
  if (read.e == probe) return "Here";
  return read.e->kind == ir::ExprKind::Old ? "Old" : read.e->name;
}

} // namespace triage::frontend_c
