#include "frontend-c/gnu_extensions.hpp"

#include <map>
#include <string>

namespace triage::frontend_c {

namespace {

/// GNU's alternate keywords, and the keyword each stands for.
const std::map<std::string, std::string> &alternate_keywords() {
  static const std::map<std::string, std::string> m = {
      {"__inline", "inline"},   {"__inline__", "inline"},   {"__restrict__", "__restrict"},
      {"__const", "const"},     {"__const__", "const"},     {"__signed", "signed"},
      {"__signed__", "signed"}, {"__volatile", "volatile"}, {"__volatile__", "volatile"},
  };
  return m;
}

/// Words followed by a parenthesised operand that is dropped with them.
bool takes_parenthesised_operand(const std::string &w) {
  return w == "__attribute__" || w == "__attribute" || w == "__asm__" || w == "__asm" ||
         w == "__declspec";
}

/// The index just past the parenthesised group opening at `open`, or `open` when the group does
/// not close before the end of the tokens.
size_t past_group(const std::vector<Token> &t, size_t open) {
  int depth = 0;
  for (size_t k = open; k < t.size() && t[k].kind != Tok::End; ++k) {
    if (t[k].punct("(")) ++depth;
    if (t[k].punct(")") && --depth == 0) return k + 1;
  }
  return open;
}

} // namespace

std::vector<Token> without_gnu_extensions(std::vector<Token> tokens) {
  std::vector<Token> out;
  out.reserve(tokens.size());
  for (size_t k = 0; k < tokens.size(); ++k) {
    Token &t = tokens[k];
    if (t.kind != Tok::Ident) {
      out.push_back(std::move(t));
      continue;
    }
    // `_Noreturn` says a function does not return: nothing the lowering uses.
    if (t.text == "__extension__" || t.text == "_Noreturn") continue;
    if (takes_parenthesised_operand(t.text) && k + 1 < tokens.size() && tokens[k + 1].punct("(")) {
      if (const size_t end = past_group(tokens, k + 1); end != k + 1) {
        k = end - 1;
        continue;
      }
    }
    if (auto it = alternate_keywords().find(t.text); it != alternate_keywords().end())
      t.text = it->second;
    out.push_back(std::move(t));
  }
  return out;
}

} // namespace triage::frontend_c
