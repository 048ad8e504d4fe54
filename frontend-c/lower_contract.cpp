// Function contracts and loop annotations. Behaviors become guarded clauses: a behavior's
// `requires R` is `A -> R` and its `ensures E` is `old(A) -> E` (A: its assumes). Assigns: the
// default behavior's when present, else the union of every behavior's. `complete behaviors` and
// `disjoint behaviors` become assertions at function entry, located at their clause.
#include "frontend-c/lower_impl.hpp"

namespace triage::frontend_c {

using ir::AnnotKind;
using ir::BinOp;

ir::Annotation Lowerer::annotation(AnnotKind k, const Clause &c, AnnotCtx ctx) {
  ctx_ = ctx;
  ir::Annotation a;
  a.kind = k;
  a.name = c.name;
  a.pos = pos(c.loc);
  a.src = src(c.loc);
  if (k == AnnotKind::Variant) {
    const Val v = term(*c.pred);
    a.expr = logic_arg(v, CType::integer(), c.pred->loc);
  } else {
    a.expr = pred(*c.pred);
  }
  return a;
}

std::vector<ir::Location> Lowerer::locations(const std::vector<Clause> &clauses, Clause::Kind kind,
                                             AnnotCtx ctx, const Clause **first) {
  std::vector<ir::Location> locs;
  for (const Clause &c : clauses) {
    if (c.kind != kind) continue;
    if (!*first) *first = &c;
    ctx_ = ctx;
    for (const CExprPtr &l : c.locs)
      for (ir::Location &loc : location(*l))
        locs.push_back(std::move(loc));
  }
  return locs;
}

namespace {
ir::ExprPtr conj(const std::vector<ir::ExprPtr> &es, ir::Pos p) {
  ir::ExprPtr out;
  for (const auto &e : es)
    out = out ? ir::make_binary(BinOp::And, out, e, p) : e;
  return out ? out : ir::make_bool(true, p);
}
} // namespace

void Lowerer::contract(const Contract &c, ir::Function &f, ir::Block &entry) {
  std::map<std::string, ir::ExprPtr> assumes; // per behavior, in the pre-state
  for (const Clause &cl : c.clauses) {
    switch (cl.kind) {
    case Clause::Kind::Requires:
      f.contract.push_back(annotation(AnnotKind::Requires, cl, AnnotCtx::Requires));
      break;
    case Clause::Kind::Typically:
      f.contract.push_back(annotation(AnnotKind::Typically, cl, AnnotCtx::Requires));
      break;
    case Clause::Kind::Ensures:
      f.contract.push_back(annotation(AnnotKind::Ensures, cl, AnnotCtx::Ensures));
      break;
    default:
      break;
    }
  }
  for (const Behavior &b : c.behaviors) {
    if (assumes.count(b.name)) fail(b.loc, "duplicate behavior '" + b.name + "'");
    std::vector<ir::ExprPtr> as;
    for (const Clause &cl : b.clauses)
      if (cl.kind == Clause::Kind::Assumes) {
        ctx_ = AnnotCtx::Requires;
        as.push_back(pred(*cl.pred));
      }
    const ir::ExprPtr a = conj(as, pos(b.loc));
    assumes[b.name] = a;
    for (const Clause &cl : b.clauses) {
      const ir::Pos p = pos(cl.loc);
      if (cl.kind == Clause::Kind::Requires || cl.kind == Clause::Kind::Typically) {
        ir::Annotation an = annotation(cl.kind == Clause::Kind::Requires ? AnnotKind::Requires
                                                                         : AnnotKind::Typically,
                                       cl, AnnotCtx::Requires);
        an.expr = ir::make_binary(BinOp::Implies, clone(a), an.expr, p);
        f.contract.push_back(std::move(an));
      } else if (cl.kind == Clause::Kind::Ensures) {
        ir::Annotation an = annotation(AnnotKind::Ensures, cl, AnnotCtx::Ensures);
        an.expr = ir::make_binary(BinOp::Implies, ir::make_expr(ir::ExprKind::Old, {clone(a)}, p),
                                  an.expr, p);
        f.contract.push_back(std::move(an));
      }
    }
  }
  // The frame.
  const Clause *first = nullptr;
  std::vector<ir::Location> writes =
      locations(c.clauses, Clause::Kind::Assigns, AnnotCtx::Ensures, &first);
  if (!first && !c.behaviors.empty()) {
    bool all = true;
    for (const Behavior &b : c.behaviors) {
      const Clause *bf = nullptr;
      for (ir::Location &l : locations(b.clauses, Clause::Kind::Assigns, AnnotCtx::Ensures, &bf))
        writes.push_back(std::move(l));
      all = all && bf;
      if (!first) first = bf;
    }
    if (!all) {
      first = nullptr; // a behavior without assigns may write anything
      writes.clear();
    }
  }
  // The globals that carry structures out of functions are registers, read right after the
  // call that sets them: every function may write them, whatever it calls.
  if (first)
    for (const auto &[name, sig] : funcs_)
      for (const std::string &n : sig.result_parts) {
        ir::Location l;
        l.pos = pos(first->loc);
        l.var = n;
        writes.push_back(std::move(l));
      }
  if (first) {
    ir::Annotation w;
    w.kind = AnnotKind::Writes;
    w.pos = pos(first->loc);
    w.src = src(first->loc);
    w.locs = std::move(writes);
    f.contract.push_back(std::move(w));
  }
  // complete / disjoint behaviors: checked where the function starts.
  for (const Clause &cl : c.clauses) {
    if (cl.kind != Clause::Kind::Complete && cl.kind != Clause::Kind::Disjoint) continue;
    const ir::Pos p = pos(cl.loc);
    std::vector<std::string> names = cl.behaviors;
    if (names.empty())
      for (const Behavior &b : c.behaviors)
        names.push_back(b.name);
    for (const std::string &n : names)
      if (!assumes.count(n)) fail(cl.loc, "unknown behavior '" + n + "'");
    ir::ExprPtr check;
    if (cl.kind == Clause::Kind::Complete) {
      for (const std::string &n : names)
        check = check ? ir::make_binary(BinOp::Or, check, clone(assumes[n]), p) : clone(assumes[n]);
      if (!check) check = ir::make_bool(false, p);
    } else {
      std::vector<ir::ExprPtr> pairs;
      for (size_t i = 0; i < names.size(); ++i)
        for (size_t j = i + 1; j < names.size(); ++j)
          pairs.push_back(ir::make_unary(
              ir::UnOp::Not,
              ir::make_binary(BinOp::And, clone(assumes[names[i]]), clone(assumes[names[j]]), p),
              p));
      check = conj(pairs, p);
    }
    ir::Annotation a;
    a.kind = AnnotKind::Assert;
    a.name = cl.kind == Clause::Kind::Complete ? "complete behaviors" : "disjoint behaviors";
    a.pos = p;
    a.src = src(cl.loc);
    a.expr = check;
    auto s = std::make_shared<ir::Stmt>();
    s->kind = ir::StmtKind::Assert;
    s->pos = p;
    s->src = src(cl.loc);
    s->annots.push_back(std::move(a));
    entry.push_back(s);
  }
}

std::vector<ir::Annotation> Lowerer::loop_annotations(const std::vector<Clause> &clauses) {
  std::vector<ir::Annotation> out;
  bool writes_done = false;
  for (const Clause &c : clauses) {
    if (c.kind == Clause::Kind::Invariant) {
      out.push_back(annotation(AnnotKind::Invariant, c, AnnotCtx::Loop));
    } else if (c.kind == Clause::Kind::Variant) {
      out.push_back(annotation(AnnotKind::Variant, c, AnnotCtx::Loop));
    } else if (c.kind == Clause::Kind::LoopAssigns && !writes_done) {
      writes_done = true; // every loop assigns clause adds to one frame
      const Clause *first = nullptr;
      ir::Annotation w;
      w.kind = AnnotKind::LoopWrites;
      w.locs = locations(clauses, Clause::Kind::LoopAssigns, AnnotCtx::Loop, &first);
      w.pos = pos(c.loc);
      w.src = src(c.loc);
      out.push_back(std::move(w));
    }
  }
  return out;
}

} // namespace triage::frontend_c
