// Lexing C text with its E-ACSL annotation comments into tokens (PEGTL lexical grammar).
#pragma once

#include "frontend-c/token.hpp"

#include <string>
#include <vector>

namespace triage::frontend_c {

/// Splits `text` into tokens; ordinary comments vanish, annotation comments become
/// AnnotBegin ... AnnotEnd, preprocessor lines become Directive tokens. The last token is End.
/// `start` is the position of the text's first character (macro bodies are lexed where defined).
/// Throws ir::Error on a character that starts no token or an unterminated comment.
std::vector<Token> lex(const std::string &text, const std::string &file, Loc start = {1, 1});

} // namespace triage::frontend_c
