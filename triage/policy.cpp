#include "triage/policy.hpp"

#include "triage/command.hpp"

#include <set>

namespace triage::cli {
namespace {

/// Every subcontract name of the program: loop@LINE of every loop and every function name.
void subcontract_names(const ir::Program &p, const ir::Block &b, std::set<std::string> &out) {
  for (const auto &s : b) {
    if (s->kind == ir::StmtKind::While) out.insert(ir::loop_name(p, *s));
    subcontract_names(p, s->body, out);
    subcontract_names(p, s->else_body, out);
  }
}

} // namespace

rac::Policy policy_of(const ir::Program &p, const std::vector<std::string> &names) {
  rac::Policy policy;
  std::set<std::string> known;
  for (const ir::Function *f : p.functions()) {
    known.insert(f->name);
    if (f->body) subcontract_names(p, *f->body, known);
  }
  for (const auto &n : names) {
    if (n == "all") {
      policy.all_giant = true;
      continue;
    }
    if (!known.count(n)) {
      std::string list;
      for (const auto &k : known)
        list += " " + k;
      throw UsageError("--giant-step " + n + ": no such subcontract (known:" + list + ")");
    }
    policy.giant.insert(n);
  }
  return policy;
}

} // namespace triage::cli
