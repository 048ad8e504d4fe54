#include "frontend-c/preprocess.hpp"

#include "frontend-c/lexer.hpp"
#include "ir/error.hpp"

#include <set>

namespace triage::frontend_c {
namespace {

struct Header {
  std::vector<std::pair<const char *, const char *>> macros;
  std::vector<std::pair<const char *, CType>> types;
};

const std::map<std::string, Header> &headers() {
  const CType u64 = CType::int_type(4, false), i64 = CType::int_type(4, true);
  static const std::map<std::string, Header> h = {
      {"limits.h",
       {{{"CHAR_BIT", "8"},
         {"SCHAR_MIN", "(-128)"},
         {"SCHAR_MAX", "127"},
         {"UCHAR_MAX", "255"},
         {"CHAR_MIN", "(-128)"},
         {"CHAR_MAX", "127"},
         {"SHRT_MIN", "(-32768)"},
         {"SHRT_MAX", "32767"},
         {"USHRT_MAX", "65535"},
         {"INT_MIN", "(-2147483647 - 1)"},
         {"INT_MAX", "2147483647"},
         {"UINT_MAX", "4294967295U"},
         {"LONG_MIN", "(-9223372036854775807L - 1)"},
         {"LONG_MAX", "9223372036854775807L"},
         {"ULONG_MAX", "18446744073709551615UL"},
         {"LLONG_MIN", "(-9223372036854775807LL - 1)"},
         {"LLONG_MAX", "9223372036854775807LL"},
         {"ULLONG_MAX", "18446744073709551615ULL"}},
        {}}},
      {"stdint.h",
       {{{"INT8_MIN", "(-128)"},
         {"INT8_MAX", "127"},
         {"UINT8_MAX", "255"},
         {"INT16_MIN", "(-32768)"},
         {"INT16_MAX", "32767"},
         {"UINT16_MAX", "65535"},
         {"INT32_MIN", "(-2147483647 - 1)"},
         {"INT32_MAX", "2147483647"},
         {"UINT32_MAX", "4294967295U"},
         {"INT64_MIN", "(-9223372036854775807L - 1)"},
         {"INT64_MAX", "9223372036854775807L"},
         {"UINT64_MAX", "18446744073709551615UL"},
         {"SIZE_MAX", "18446744073709551615UL"}},
        {{"int8_t", CType::int_type(1, true)},
         {"uint8_t", CType::int_type(1, false)},
         {"int16_t", CType::int_type(2, true)},
         {"uint16_t", CType::int_type(2, false)},
         {"int32_t", CType::int_type(3, true)},
         {"uint32_t", CType::int_type(3, false)},
         {"int64_t", i64},
         {"uint64_t", u64},
         {"intptr_t", i64},
         {"uintptr_t", u64},
         {"size_t", u64}}}},
      {"stddef.h", {{{"NULL", "\\null"}}, {{"size_t", u64}, {"ptrdiff_t", i64}}}},
      {"stdbool.h",
       {{{"true", "1"}, {"false", "0"}, {"__bool_true_false_are_defined", "1"}},
        {{"bool", CType::bool_type()}}}},
      {"stdlib.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"stdio.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"string.h", {{{"NULL", "\\null"}}, {{"size_t", u64}}}},
      {"assert.h", {{}, {}}},
  };
  return h;
}

class Preprocessor {
public:
  explicit Preprocessor(std::string file) : file_(std::move(file)) {}

  Preprocessed run(const std::vector<Token> &raw) {
    for (const Token &t : raw) {
      if (t.kind == Tok::Directive)
        directive(t);
      else
        emit(t, t.loc, 0);
    }
    return std::move(out_);
  }

private:
  std::string file_;
  std::map<std::string, std::vector<Token>> macros_;
  std::set<std::string> expanding_;
  size_t expanded_ = 0; ///< tokens produced by expansions, bounded against macro bombs
  Preprocessed out_;

  [[noreturn]] void fail(Loc l, const std::string &msg) const {
    throw ir::Error(ir::SrcLoc{file_, l.line, l.col}, msg);
  }

  /// Emits a token, expanding macros; expanded tokens take the position of the use.
  void emit(const Token &t, Loc at, int depth) {
    if (t.kind == Tok::Ident && macros_.count(t.text) && !expanding_.count(t.text)) {
      if (depth > 64) fail(at, "macro expansion too deep");
      expanding_.insert(t.text);
      for (Token body : macros_.at(t.text))
        emit(body, at, depth + 1);
      expanding_.erase(t.text);
      return;
    }
    if (depth > 0 && ++expanded_ > 200000) fail(at, "macro expansion too large");
    Token copy = t;
    copy.loc = at;
    out_.tokens.push_back(copy);
  }

  std::vector<Token> body_tokens(const std::string &text, Loc at) const {
    std::vector<Token> toks = lex(text, file_, at);
    toks.pop_back(); // End
    for (const Token &t : toks)
      if (t.kind == Tok::Directive || t.kind == Tok::AnnotBegin || t.kind == Tok::AnnotEnd)
        fail(t.loc, "unsupported macro body");
    return toks;
  }

  void directive(const Token &d) {
    const std::string &s = d.text;
    size_t i = 0;
    auto skip_blank = [&] {
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    };
    auto word = [&] {
      const size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
        ++i;
      return s.substr(b, i - b);
    };
    auto here = [&] { return Loc{d.loc.line, d.loc.col + 1 + int(i)}; };
    skip_blank();
    const std::string name = word();
    skip_blank();
    if (name.empty() && i == s.size()) return; // the null directive
    if (name == "include") return include(s.substr(i), here());
    if (name == "define" || name == "undef") {
      const Loc at = here();
      const std::string macro = word();
      if (macro.empty()) fail(at, "#" + name + " expects a macro name");
      if (name == "undef") {
        macros_.erase(macro);
        return;
      }
      if (i < s.size() && s[i] == '(')
        fail(at, "function-like macro '" + macro + "' is not supported");
      skip_blank();
      macros_[macro] = body_tokens(s.substr(i), here());
      return;
    }
    if (name == "pragma") return; // no pragma changes the meaning of the supported subset
    if (name == "if" || name == "ifdef" || name == "ifndef" || name == "elif" || name == "else" ||
        name == "endif")
      fail(d.loc, "conditional compilation (#" + name + ") is not supported");
    fail(d.loc, "preprocessor directive #" + name + " is not supported");
  }

  void include(const std::string &arg, Loc at) {
    const bool angle = arg.size() >= 2 && arg[0] == '<' && arg.find('>') != std::string::npos;
    const bool quoted = arg.size() >= 2 && arg[0] == '"' && arg.find('"', 1) != std::string::npos;
    if (!angle && !quoted) fail(at, "malformed #include");
    const std::string name = arg.substr(1, arg.find(angle ? '>' : '"', 1) - 1);
    auto h = headers().find(name);
    // Frama-C prints standard headers as "stdint.h": accept them either way.
    if (h == headers().end() && quoted)
      fail(at, "#include of a local file is not supported: only standard headers");
    if (h == headers().end())
      fail(at, "#include <" + name +
                   "> is not supported (known: limits.h, stdint.h, stddef.h, "
                   "stdbool.h, stdlib.h, stdio.h, string.h, assert.h)");
    for (const auto &[macro, body] : h->second.macros)
      macros_[macro] = body_tokens(body, at);
    for (const auto &[type, ct] : h->second.types)
      out_.typedefs.emplace(type, ct);
  }
};

} // namespace

Preprocessed preprocess(const std::vector<Token> &raw, const std::string &file) {
  return Preprocessor(file).run(raw);
}

} // namespace triage::frontend_c
