// Tokens of C and of E-ACSL annotations, with the position where they start in the C file.
#pragma once

#include <string>

namespace triage::frontend_c {

struct Loc {
  int line = 0;
  int col = 0;
  /// The file the token comes from when it is not the main file (an included header), interned
  /// by `intern_file` so that copies stay cheap; null for the main file.
  const std::string *file = nullptr;
};

/// A stable pointer to a copy of `path`, shared by all tokens of that file (thread-safe).
const std::string *intern_file(const std::string &path);

/// The file a location names: its own file, or `main` when it is in the main file.
inline const std::string &file_of(const Loc &l, const std::string &main) {
  return l.file ? *l.file : main;
}

enum class Tok {
  Ident,      ///< identifiers, keywords, and ACSL words such as \result
  Number,     ///< integer constant, text as written (suffix included)
  Char,       ///< character constant, text as written with quotes
  String,     ///< string literal
  Punct,      ///< operators and punctuation (Unicode ACSL symbols normalised to ASCII)
  AnnotBegin, ///< start of an annotation comment `/*@` or `//@`
  AnnotEnd,   ///< its end
  Directive,  ///< a preprocessor line, text from after '#' to the end of the line
  End,
};

struct Token {
  Tok kind = Tok::End;
  std::string text;
  Loc loc;
  bool is(Tok k, const char *t) const { return kind == k && text == t; }
  bool punct(const char *t) const { return is(Tok::Punct, t); }
  bool ident(const char *t) const { return is(Tok::Ident, t); }
};

} // namespace triage::frontend_c
