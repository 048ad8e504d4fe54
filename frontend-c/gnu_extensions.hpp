// The GNU extensions that preprocessed C files (`gcc -E` output, the `.i` files verification
// tasks are shipped as) carry in their declarations, read as the C they stand for: attributes,
// asm labels and `__extension__` are dropped (they change neither the values a program computes
// nor its types here), the alternate spellings of keywords become the keywords.
#pragma once

#include "frontend-c/token.hpp"

#include <vector>

namespace triage::frontend_c {

/// `tokens` without GNU attributes (`__attribute__((...))`), asm labels (`__asm__("...")`) and
/// `__extension__`, with `__inline`, `__restrict__`, `__const`, `__signed__`, `__volatile__`
/// and their kin spelt as the standard keyword. An unbalanced attribute is left in place, for the
/// parser to report where it stands.
std::vector<Token> without_gnu_extensions(std::vector<Token> tokens);

} // namespace triage::frontend_c
