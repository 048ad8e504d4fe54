// The integer constants a program mentions: where the search looks first for inputs (values near
// them and near zero before extreme ones) and how long an input block may grow when a path needs
// one longer than --max-block (a precondition `\valid(buf + (0 .. 11))` mentions 11).
#pragma once

#include "ir/ast.hpp"

#include <set>

namespace triage::dse {

/// Every integer literal of the program's code, contracts and definitions, as written (negative
/// literals are negations of positive ones, so the set holds magnitudes and zero).
std::set<ir::BigInt> program_constants(const ir::Program &p);

} // namespace triage::dse
