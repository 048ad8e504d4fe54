// Declarations: globals, logic definitions, lemmas and functions (prototypes and definitions of
// one function merge). Names that are IR keywords get a trailing '_'.
#include "frontend-c/lower_impl.hpp"

#include "frontend-c/address_taken.hpp"

#include "ir/error.hpp"

namespace triage::frontend_c {

namespace {
const std::set<std::string> &ir_reserved() {
  static const std::set<std::string> words = {
      "fun",      "predicate",  "function",  "lemma",     "axiom",     "global",    "var",
      "if",       "then",       "else",      "while",     "invariant", "variant",   "writes",
      "requires", "ensures",    "typically", "return",    "break",     "continue",  "call",
      "assert",   "assume",     "havoc",     "label",     "true",      "false",     "null",
      "result",   "old",        "at",        "forall",    "exists",    "let",       "in",
      "not",      "valid_read", "valid",     "separated", "ptr",       "int",       "bool",
      "unit",     "int8",       "int16",     "int32",     "int64",     "uint8",     "uint16",
      "uint32",   "uint64",     "Pre",       "Here",      "Old",       "LoopEntry", "LoopCurrent"};
  return words;
}

} // namespace

std::string safe_name(const std::string &name) {
  return ir_reserved().count(name) ? name + "_" : name;
}

ir::Program lower(const TranslationUnit &tu, const std::string &file) {
  return Lowerer(file).run(tu);
}

void Lowerer::fail(Loc at, const std::string &msg) const {
  throw ir::Error(src(at), msg);
}

std::string Lowerer::top_name(const std::string &c_name) {
  return safe_name(c_name);
}

std::string Lowerer::fresh(const std::string &c_name) {
  std::string base = safe_name(c_name);
  std::string n = base;
  for (int i = 1; used_.count(n) || top_names_.count(n); ++i)
    n = base + "_" + std::to_string(i);
  used_.insert(n);
  return n;
}

const VarInfo *Lowerer::lookup(const std::string &name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
    if (auto f = it->find(name); f != it->end()) return &f->second;
  if (auto g = globals_.find(name); g != globals_.end()) return &g->second;
  return nullptr;
}

ir::StmtPtr Lowerer::make_stmt(ir::StmtKind k) const {
  auto s = std::make_shared<ir::Stmt>();
  s->kind = k;
  s->src = stmt_src_;
  s->pos = ir::Pos{stmt_src_.line, stmt_src_.col};
  return s;
}

ir::Program Lowerer::run(const TranslationUnit &tu) {
  prog_.file = file_;
  // Pass 1: every name, so that functions may call functions defined later.
  std::map<std::string, FuncDecl> merged;
  std::vector<std::string> order;
  for (const TopDecl &d : tu.decls) {
    if (const auto *f = std::get_if<FuncDecl>(&d)) {
      auto it = merged.find(f->name);
      if (it == merged.end()) {
        merged.emplace(f->name, *f);
        order.push_back(f->name);
        continue;
      }
      FuncDecl &m = it->second;
      if (m.params.size() != f->params.size() || m.ret.str() != f->ret.str())
        fail(f->loc, "conflicting declarations of '" + f->name + "'");
      if (f->body && m.body) fail(f->loc, "'" + f->name + "' is defined twice");
      if (f->body) {
        m.body = f->body;
        m.params = f->params;
      }
      for (const Clause &c : f->contract.clauses)
        m.contract.clauses.push_back(c);
      for (const Behavior &b : f->contract.behaviors)
        m.contract.behaviors.push_back(b);
    }
  }
  std::set<std::string> scalar_globals;
  for (const TopDecl &d : tu.decls)
    if (const auto *g = std::get_if<GlobalVar>(&d);
        g && !g->type.is_array() && !g->type.is_struct_ptr())
      scalar_globals.insert(g->name);
  const std::set<std::string> boxed = box_address_taken_globals(merged, scalar_globals, file_);
  for (auto &[name, f] : merged)
    box_address_taken(f, file_);
  std::set<std::string> declared, logic_names;
  auto unique = [&](const std::string &name, Loc at) {
    if (!declared.insert(name).second) fail(at, "'" + name + "' is already declared");
  };
  for (const TopDecl &d : tu.decls) {
    if (const auto *g = std::get_if<GlobalVar>(&d)) {
      if (globals_.count(g->name)) {
        if (to_ir(globals_.at(g->name).type) != to_ir(g->type))
          fail(g->loc, "conflicting declarations of '" + g->name + "'");
        continue;
      }
      unique(g->name, g->loc);
      if (g->type.is_array() && g->type.elem->is_struct()) { // an array of structures
        if (!g->type.len || *g->type.len <= 0)
          fail(g->loc, "an array of structures needs a positive constant length");
        global_parts(*g, *g->type.len);
        continue;
      }
      if (g->type.is_array() && g->type.elem->is_aggregate())
        fail(g->loc, "global arrays of pointers to structures are not supported");
      if (g->type.is_aggregate()) { // a structure, or a pointer to one: a global per field
        global_parts(*g, boxed.count(g->name) > 0 ? 1 : 0);
        continue;
      }
      const std::string n = top_name(g->name);
      top_names_.insert(n);
      // A global whose address is taken is a one-cell array (address_taken.hpp).
      const CType type = boxed.count(g->name) ? CType::array(g->type, 1) : g->type;
      globals_[g->name] = VarInfo{n, type, VarInfo::Kind::Global};
      auto ig = std::make_shared<ir::Global>();
      ig->name = n;
      // An array (of arrays: flattened, row after row) is a block of its cells.
      ig->type = to_ir(innermost(type));
      if (type.is_array()) ig->array_len = cells_of(type);
      ig->pos = pos(g->loc);
      ig->src = src(g->loc);
      prog_.decls.push_back(ig);
    } else if (const auto *l = std::get_if<LogicDecl>(&d)) {
      // Logic names live apart from C names (lowering renames a clash); a name may be
      // overloaded with another number of parameters, as ACSL allows.
      // overloaded with other parameter types, as ACSL allows.
      std::string key = l->name + "(";
      for (const Param &p : l->params)
        key += p.type.str() + ",";
      if (!logic_names.insert(key).second)
        fail(l->loc, "'" + l->name + "' is already declared with these parameters");
    } else if (const auto *f = std::get_if<FuncDecl>(&d)) {
      if (declared.count(f->name) && funcs_.count(f->name)) continue;
      unique(f->name, f->loc);
      const std::string n = top_name(f->name);
      top_names_.insert(n);
      FuncSig sig{n, f->ret, {}};
      for (const Param &p : merged.at(f->name).params)
        sig.params.push_back(p.type);
      if (sig.ret.is_aggregate()) declare_result_parts(sig, f->loc);
      sig.variadic = merged.at(f->name).variadic.has_value();
      funcs_[f->name] = sig;
    }
  }
  // Pass 2: definitions in source order (logic definitions before their first use). A function
  // stands where it is defined, or declared last: a header's contract may use logic that the
  // .c file includes after the header.
  std::map<std::string, const FuncDecl *> place;
  for (const TopDecl &d : tu.decls)
    if (const auto *f = std::get_if<FuncDecl>(&d);
        f && (!place.count(f->name) || !place.at(f->name)->body))
      place[f->name] = f;
  for (const TopDecl &d : tu.decls) {
    if (const auto *l = std::get_if<LogicDecl>(&d)) {
      logic(*l);
    } else if (const auto *lm = std::get_if<LemmaDecl>(&d)) {
      auto a = std::make_shared<ir::Annotation>();
      a->kind = lm->is_axiom ? ir::AnnotKind::Axiom : ir::AnnotKind::Lemma;
      a->name = lm->name;
      a->pos = pos(lm->loc);
      a->src = src(lm->loc);
      scopes_.assign(1, {});
      used_.clear();
      ctx_ = AnnotCtx::Lemma;
      // Over several memory states (`lemma L{K,L}`), it holds for every tuple of memories: each
      // label other than the first reads its own (an IR `at`).
      if (lm->labels.size() > 1) a->labels = lm->labels;
      state_labels_ = std::set<std::string>(lm->labels.begin(), lm->labels.end());
      here_label_ = lm->labels.empty() ? "" : lm->labels[0];
      a->expr = pred(*lm->pred);
      state_labels_.clear();
      here_label_.clear();
      scopes_.clear();
      prog_.decls.push_back(a);
    } else if (const auto *f = std::get_if<FuncDecl>(&d)) {
      if (f == place.at(f->name) && !is_task_function(f->name))
        function(merged.at(f->name), funcs_.at(f->name));
    }
  }
  return std::move(prog_);
}

void Lowerer::logic(const LogicDecl &d) {
  const bool overload = logics_.count(d.name) > 0;
  std::string n =
      top_name(overload ? d.name + "_" + std::to_string(logics_.at(d.name).size() + 1) : d.name);
  if (top_names_.count(n)) n += "_logic"; // a C function or global of the same name
  top_names_.insert(n);
  // Over several states (`{K, L}`), its labels are the IR definition's; over one (`{L}`), the
  // state its applications read is the current one or an `at` around them.
  const std::vector<std::string> labels =
      d.labels.size() > 1 ? d.labels : std::vector<std::string>{};
  LogicSig sig{n, d.is_predicate ? CType::boolean() : d.ret, {}, labels};
  auto def = std::make_shared<ir::LogicDef>();
  def->name = n;
  def->is_predicate = d.is_predicate;
  def->labels = labels;
  def->ret = to_ir(sig.ret);
  def->pos = pos(d.loc);
  def->src = src(d.loc);
  scopes_.assign(1, {});
  used_.clear();
  for (const Param &p : d.params) {
    if (scopes_.back().count(p.name)) fail(p.loc, "duplicate parameter '" + p.name + "'");
    if (p.type.is_void()) fail(p.loc, "a parameter cannot have type void");
    sig.params.push_back(p.type);
    if (p.type.is_aggregate()) {
      for (ir::Binder &b : declare_parts(p.name, p.type, p.loc, VarInfo::Kind::LogicParam, false))
        def->params.push_back(std::move(b));
      continue;
    }
    const std::string pn = safe_name(p.name);
    declare(p.name, VarInfo{pn, p.type, VarInfo::Kind::LogicParam});
    def->params.push_back(ir::Binder{pn, to_ir(p.type), pos(p.loc)});
  }
  logics_[d.name].push_back(sig); // before the body: recursive definitions
  if (d.body) {
    ctx_ = AnnotCtx::LogicDef;
    here_label_ = d.labels.empty() ? "" : d.labels[0];
    state_labels_ = std::set<std::string>(labels.begin(), labels.end());
    if (d.is_predicate) {
      def->body = pred(*d.body);
    } else {
      def->body = logic_arg(term(*d.body), sig.ret, d.body->loc);
    }
  }
  here_label_.clear();
  state_labels_.clear();
  scopes_.clear();
  prog_.decls.push_back(def);
}

void Lowerer::collect_labels(const std::vector<CStmtPtr> &body) {
  for (size_t i = 0; i < body.size(); ++i) {
    const CStmtPtr &s = body[i];
    if (!s) continue;
    // A label on a label: both name this place.
    for (const CStmt *l = s.get(); l->kind == CStmt::Kind::Label; l = l->body[0].get()) {
      if (labels_.count(l->label)) fail(l->loc, "duplicate label '" + l->label + "'");
      labels_[l->label] = LabelSite{&body, i, l->loc};
    }
    const CStmt *inner = s.get();
    while (inner->kind == CStmt::Kind::Label)
      inner = inner->body[0].get();
    collect_labels(inner->body);
    collect_labels(inner->else_body);
  }
}

void Lowerer::function(const FuncDecl &f, const FuncSig &sig) {
  auto fn = std::make_shared<ir::Function>();
  fn->name = sig.ir;
  fn->ret = f.ret.is_aggregate() ? ir::Type::unit() : to_ir(f.ret);
  fn->pos = pos(f.loc);
  fn->src = src(f.loc);
  fn_ = &sig;
  index_bounds_ = 0;
  scopes_.assign(1, {});
  used_.clear();
  labels_.clear();
  for (const Param &p : f.params) {
    if (scopes_.back().count(p.name)) fail(p.loc, "duplicate parameter '" + p.name + "'");
    if (p.type.is_aggregate()) {
      for (ir::Binder &b : declare_parts(p.name, p.type, p.loc, VarInfo::Kind::Param, true))
        fn->params.push_back(std::move(b));
      continue;
    }
    const std::string n = fresh(p.name);
    declare(p.name, VarInfo{n, p.type, VarInfo::Kind::Param});
    fn->params.push_back(ir::Binder{n, to_ir(p.type), pos(p.loc)});
  }
  for (const Param &p : f.params)
    if (const VarInfo *v = lookup(p.name))
      if (auto s = source_input(p.name, *v)) fn->source_inputs.push_back(std::move(*s));
  for (const auto &[name, g] : globals_)
    if (auto s = source_input(name, g)) fn->source_inputs.push_back(std::move(*s));
  ir::SourceInput registers{"", ir::SourceInput::Shape::Hidden, {}}; // structure results
  for (const auto &[name, other] : funcs_)
    for (const std::string &part : other.result_parts)
      registers.fields.push_back({{}, part, false});
  if (!registers.fields.empty()) fn->source_inputs.push_back(std::move(registers));
  if (f.body) collect_labels(*f.body);
  ir::Block body;
  stmt_src_ = src(f.loc);
  out_ = &body;
  for (const Param &p : f.params)
    value_cells_required(p, *fn);
  contract(f.contract, *fn, body);
  if (f.body) {
    std::vector<std::pair<std::string, Val>> objects; // the structure pointers from outside
    for (const Param &p : f.params)
      if (const VarInfo *v = lookup(p.name); v && v->type.is_struct_ptr())
        objects.emplace_back(p.name, parts_var(*v, p.loc));
    for (const auto &[name, g] : globals_)
      if (g.type.is_struct_ptr()) objects.emplace_back(name, parts_var(g, f.loc));
    assume_objects(objects, f.loc);
    scopes_.emplace_back();
    for (const Param &p : f.params)
      value_cells(p);
    stmts(*f.body);
    // Reaching the end of main returns 0 (C99 5.1.2.2.3); after a return it is never reached.
    if (f.name == "main" && f.ret.is_c_int() && !f.ret.is_aggregate()) {
      auto r = make_stmt(ir::StmtKind::Return);
      r->rhs = ir::make_int(0, pos(f.loc));
      body.push_back(r);
    }
    fn->body = std::move(body);
  }
  out_ = nullptr;
  scopes_.clear();
  fn_ = nullptr;
  prog_.decls.push_back(fn);
}

} // namespace triage::frontend_c
