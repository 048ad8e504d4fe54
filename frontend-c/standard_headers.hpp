// The standard headers an annotated C program may include, reduced to what the supported subset
// uses from them: the constants they define (as macro bodies) and the type names.
#pragma once

#include "frontend-c/c_type.hpp"

#include <string>
#include <utility>
#include <vector>

namespace triage::frontend_c {

struct StandardHeader {
  std::vector<std::pair<const char *, const char *>> macros;
  std::vector<std::pair<const char *, CType>> types;
};

/// The header called `name` (such as "limits.h"), or null when it is not one of them.
const StandardHeader *standard_header(const std::string &name);

/// Their names, for messages.
std::string standard_header_names();

} // namespace triage::frontend_c
