#include "ir/ast.hpp"

#include <charconv>
#include <string_view>

namespace triage::ir {

BigInt object_cells(const Location &part) {
  return part.hi ? part.hi->value + 1 : BigInt(1);
}

const char *keyword(AnnotKind k) {
  switch (k) {
  case AnnotKind::Requires:
    return "requires";
  case AnnotKind::Ensures:
    return "ensures";
  case AnnotKind::Writes:
  case AnnotKind::LoopWrites:
    return "writes";
  case AnnotKind::Typically:
    return "typically";
  case AnnotKind::Invariant:
    return "invariant";
  case AnnotKind::Variant:
    return "variant";
  case AnnotKind::Assert:
    return "assert";
  case AnnotKind::Assume:
    return "assume";
  case AnnotKind::Lemma:
    return "lemma";
  case AnnotKind::Axiom:
    return "axiom";
  }
  return "?";
}

namespace {
template <typename T> const T *find_decl(const Program &p, const std::string &name) {
  for (const auto &d : p.decls)
    if (auto *ptr = std::get_if<std::shared_ptr<T>>(&d); ptr && (*ptr)->name == name)
      return ptr->get();
  return nullptr;
}
} // namespace

const Global *Program::global(const std::string &name) const {
  return find_decl<Global>(*this, name);
}
const LogicDef *Program::logic(const std::string &name) const {
  return find_decl<LogicDef>(*this, name);
}
const Function *Program::function(const std::string &name) const {
  return find_decl<Function>(*this, name);
}

std::vector<const Function *> Program::functions() const {
  std::vector<const Function *> out;
  for (const auto &d : decls)
    if (auto *f = std::get_if<std::shared_ptr<Function>>(&d)) out.push_back(f->get());
  return out;
}

SrcLoc where(const Program &p, Pos pos, const std::optional<SrcLoc> &src) {
  if (src) return *src;
  return SrcLoc{p.file, pos.line, pos.col};
}

namespace {
constexpr std::string_view kLoopPrefix = "loop@";
}

std::string loop_name(const Program &p, const Stmt &loop) {
  return std::string(kLoopPrefix) + std::to_string(where(p, loop.pos, loop.src).line);
}

bool is_loop_name(const std::string &subcontract) {
  return subcontract.starts_with(kLoopPrefix);
}

std::optional<int> loop_line(const std::string &subcontract) {
  if (!is_loop_name(subcontract)) return std::nullopt;
  const std::string digits = subcontract.substr(kLoopPrefix.size());
  int line = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), line);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return line;
}

ExprPtr make_expr(ExprKind kind, std::vector<ExprPtr> args, Pos pos) {
  auto e = std::make_shared<Expr>();
  e->kind = kind;
  e->args = std::move(args);
  e->pos = pos;
  return e;
}

ExprPtr make_int(BigInt v, Pos pos) {
  auto e = make_expr(ExprKind::IntLit, {}, pos);
  e->value = std::move(v);
  return e;
}

ExprPtr make_bool(bool b, Pos pos) {
  auto e = make_expr(ExprKind::BoolLit, {}, pos);
  e->bval = b;
  return e;
}

ExprPtr make_var(std::string name, Pos pos) {
  auto e = make_expr(ExprKind::Var, {}, pos);
  e->name = std::move(name);
  return e;
}

ExprPtr make_unary(UnOp op, ExprPtr a, Pos pos) {
  auto e = make_expr(ExprKind::Unary, {std::move(a)}, pos);
  e->unop = op;
  return e;
}

ExprPtr make_binary(BinOp op, ExprPtr a, ExprPtr b, Pos pos) {
  auto e = make_expr(ExprKind::Binary, {std::move(a), std::move(b)}, pos);
  e->binop = op;
  return e;
}

} // namespace triage::ir
