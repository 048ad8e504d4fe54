// IR values as terms: what the VC generator builds, what the logic of annotations reads and what
// models are read back through. Below vc.hpp so that logic.hpp sees it without the VCs.
#pragma once

#include "ir/type.hpp"
#include "term/term.hpp"

#include <string>

namespace triage::vcgen {

// The prover is written in the term language.
using namespace triage::term;

/// An IR value as terms: an integer or boolean (t), or a pointer (t = block, off = offset).
struct Val {
  Term t;
  Term off; ///< null unless a pointer
};

struct NamedVal {
  std::string name;
  ir::Type type = ir::Type::integer();
  Val v;
};

} // namespace triage::vcgen
