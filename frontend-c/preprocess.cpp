#include "frontend-c/preprocess.hpp"

#include "frontend-c/lexer.hpp"
#include "frontend-c/pp_condition.hpp"
#include "frontend-c/standard_headers.hpp"
#include "ir/error.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

namespace triage::frontend_c {

const std::string *intern_file(const std::string &path) {
  static std::mutex lock;
  static std::set<std::string> files; // nodes never move: pointers stay valid
  const std::lock_guard<std::mutex> guard(lock);
  return &*files.insert(path).first;
}

namespace {

namespace fs = std::filesystem;

struct Macro {
  bool function_like = false;
  std::vector<std::string> params;
  std::vector<Token> body;
};

/// One open #if group: whether its lines are kept, whether a branch was taken already.
struct Group {
  Loc at;
  bool parent_active = true;
  bool active = false;
  bool taken = false;
  bool seen_else = false;
};

constexpr int max_include_depth = 64;
constexpr size_t max_expanded_tokens = 2000000; // against macro bombs

class Preprocessor {
public:
  Preprocessor(std::string file, const PreprocessOptions &options)
      : main_(std::move(file)), options_(options) {}

  Preprocessed run(const std::vector<Token> &raw) {
    for (const auto &[name, value] : options_.defines)
      macros_[name] =
          Macro{false, {}, body_tokens(value, Loc{1, 1, intern_file("<command line>")})};
    process(raw, main_, 0);
    out_.tokens.push_back(raw.back()); // End
    return std::move(out_);
  }

private:
  std::string main_;
  const PreprocessOptions &options_;
  std::map<std::string, Macro> macros_;
  std::set<std::string> once_; ///< files with #pragma once, canonical paths
  std::vector<Token> pending_; ///< code tokens not yet expanded (macros change only at directives)
  size_t expanded_ = 0;
  Preprocessed out_;

  [[noreturn]] void fail(Loc l, const std::string &msg) const {
    throw ir::Error(ir::SrcLoc{file_of(l, main_), l.line, l.col}, msg);
  }

  /// The tokens of one file (its End token last), directives obeyed.
  void process(const std::vector<Token> &toks, const std::string &path, int depth) {
    std::vector<Group> groups;
    for (size_t i = 0; i + 1 < toks.size(); ++i) {
      const Token &t = toks[i];
      const bool active = groups.empty() || groups.back().active;
      if (t.kind != Tok::Directive) {
        if (active) pending_.push_back(t);
        continue;
      }
      flush();
      directive(t, groups, path, depth);
    }
    flush();
    if (!groups.empty()) fail(groups.back().at, "#if without #endif");
  }

  void flush() {
    std::set<std::string> hidden;
    expand(pending_, out_.tokens, hidden, 0, nullptr);
    pending_.clear();
  }

  /// Expands macros in `in` into `out`. Tokens an expansion produces take the position of the
  /// macro's use (`at`), so that messages point at the line the user wrote.
  void expand(const std::vector<Token> &in, std::vector<Token> &out, std::set<std::string> &hidden,
              int depth, const Loc *at) {
    for (size_t i = 0; i < in.size(); ++i) {
      const Token &t = in[i];
      const Loc where = at ? *at : t.loc;
      auto m = t.kind == Tok::Ident ? macros_.find(t.text) : macros_.end();
      if (m != macros_.end() && !hidden.count(t.text)) {
        if (depth > 64) fail(where, "macro expansion too deep");
        const Macro &macro = m->second;
        if (!macro.function_like) {
          hidden.insert(t.text);
          expand(macro.body, out, hidden, depth + 1, &where);
          hidden.erase(t.text);
          continue;
        }
        if (i + 1 < in.size() && in[i + 1].punct("(")) {
          std::vector<Token> body = substitute(macro, t, arguments(in, i), hidden, depth);
          hidden.insert(t.text);
          expand(body, out, hidden, depth + 1, &where);
          hidden.erase(t.text);
          continue;
        }
      }
      if (depth > 0 && ++expanded_ > max_expanded_tokens) fail(where, "macro expansion too large");
      Token copy = t;
      copy.loc = where;
      out.push_back(copy);
    }
  }

  /// The arguments of a call of a function-like macro whose name is at `i`; `i` ends on ')'.
  std::vector<std::vector<Token>> arguments(const std::vector<Token> &in, size_t &i) const {
    const Token &name = in[i];
    std::vector<std::vector<Token>> args(1);
    int nesting = 0;
    for (i += 2; i < in.size(); ++i) {
      const Token &t = in[i];
      if (t.punct("(") || t.punct("[") || t.punct("{")) ++nesting;
      if (nesting == 0 && t.punct(")")) return args;
      if (t.punct(")") || t.punct("]") || t.punct("}")) --nesting;
      if (nesting == 0 && t.punct(","))
        args.emplace_back();
      else
        args.back().push_back(t);
    }
    fail(name.loc, "unterminated call of macro '" + name.text + "'");
  }

  std::vector<Token> substitute(const Macro &macro, const Token &name,
                                std::vector<std::vector<Token>> args, std::set<std::string> &hidden,
                                int depth) {
    if (macro.params.empty() && args.size() == 1 && args[0].empty()) args.clear();
    if (args.size() != macro.params.size())
      fail(name.loc, "macro '" + name.text + "' takes " + std::to_string(macro.params.size()) +
                         " argument(s), not " + std::to_string(args.size()));
    // Arguments are expanded before they are put in place, as C does outside # and ##.
    std::vector<std::vector<Token>> expanded(args.size());
    for (size_t a = 0; a < args.size(); ++a)
      expand(args[a], expanded[a], hidden, depth + 1, nullptr);
    std::vector<Token> body;
    for (const Token &t : macro.body) {
      auto p = std::find(macro.params.begin(), macro.params.end(), t.text);
      if (t.kind == Tok::Ident && p != macro.params.end())
        body.insert(body.end(), expanded[size_t(p - macro.params.begin())].begin(),
                    expanded[size_t(p - macro.params.begin())].end());
      else
        body.push_back(t);
    }
    return body;
  }

  std::vector<Token> body_tokens(const std::string &text, Loc at) const {
    std::vector<Token> toks = lex(text, file_of(at, main_), at);
    toks.pop_back(); // End
    for (Token &t : toks) {
      t.loc.file = at.file;
      if (t.kind == Tok::Directive || t.kind == Tok::AnnotBegin || t.kind == Tok::AnnotEnd)
        fail(t.loc, "unsupported macro body");
      if (t.punct("#") || t.punct("##")) fail(t.loc, "'#' and '##' in macros are not supported");
    }
    return toks;
  }

  void directive(const Token &d, std::vector<Group> &groups, const std::string &path, int depth) {
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
    auto here = [&] { return Loc{d.loc.line, d.loc.col + 1 + int(i), d.loc.file}; };
    skip_blank();
    const std::string name = word();
    skip_blank();
    if (conditional(name, s.substr(i), here(), d.loc, groups)) return;
    if (!groups.empty() && !groups.back().active) return; // a line in a group left out
    if (name.empty() && i == s.size()) return;            // the null directive
    if (name == "include") return include(s.substr(i), here(), path, depth);
    if (name == "define" || name == "undef") {
      const Loc at = here();
      const std::string macro = word();
      if (macro.empty()) fail(at, "#" + name + " expects a macro name");
      if (name == "undef") {
        macros_.erase(macro);
        return;
      }
      return define(macro, s, i, d.loc);
    }
    if (name == "pragma") {
      if (word() == "once") once_.insert(canonical(path));
      return; // no other pragma changes the meaning of the supported subset
    }
    if (name == "error") fail(d.loc, "#error " + s.substr(i));
    if (name == "warning") return;
    fail(d.loc, "preprocessor directive #" + name + " is not supported");
  }

  /// `#define name...` where `s[i]` follows the name; `d` is the position of the '#'.
  void define(const std::string &name, const std::string &s, size_t i, Loc d) {
    auto at = [&](size_t k) { return Loc{d.line, d.col + 1 + int(k), d.file}; };
    Macro m;
    if (i < s.size() && s[i] == '(') { // no blank before '(': a function-like macro
      m.function_like = true;
      const size_t close = s.find(')', i);
      if (close == std::string::npos) fail(at(i), "unterminated macro parameter list");
      for (const Token &p : body_tokens(s.substr(i + 1, close - i - 1), at(i + 1))) {
        if (p.punct(",")) continue;
        if (p.kind != Tok::Ident) fail(p.loc, "bad macro parameter '" + p.text + "'");
        m.params.push_back(p.text);
      }
      i = close + 1;
    }
    m.body = body_tokens(s.substr(i), at(i));
    macros_[name] = std::move(m);
  }

  /// Handles #if, #ifdef, #ifndef, #elif, #else and #endif; false for any other directive.
  bool conditional(const std::string &name, const std::string &rest, Loc at, Loc d,
                   std::vector<Group> &groups) {
    const bool active = groups.empty() || groups.back().active;
    if (name == "if" || name == "ifdef" || name == "ifndef") {
      Group g{d, active, false, false, false};
      g.active = active && condition(name, rest, at);
      g.taken = g.active;
      groups.push_back(g);
      return true;
    }
    if (name != "elif" && name != "else" && name != "endif") return false;
    if (groups.empty()) fail(d, "#" + name + " without #if");
    Group &g = groups.back();
    if (name == "endif") {
      groups.pop_back();
      return true;
    }
    if (g.seen_else) fail(d, "#" + name + " after #else");
    if (name == "else") {
      g.seen_else = true;
      g.active = g.parent_active && !g.taken;
    } else {
      g.active = g.parent_active && !g.taken && condition("if", rest, at);
    }
    g.taken = g.taken || g.active;
    return true;
  }

  bool condition(const std::string &kind, const std::string &rest, Loc at) {
    std::vector<Token> toks = body_tokens(rest, at);
    if (kind != "if") {
      if (toks.empty() || toks[0].kind != Tok::Ident)
        fail(at, "#" + kind + " expects a macro name");
      return macros_.count(toks[0].text) == (kind == "ifdef" ? 1u : 0u);
    }
    // `defined X` and `defined(X)` are decided before macros are expanded.
    std::vector<Token> replaced;
    for (size_t k = 0; k < toks.size(); ++k) {
      if (!toks[k].ident("defined")) {
        replaced.push_back(toks[k]);
        continue;
      }
      const bool paren = k + 1 < toks.size() && toks[k + 1].punct("(");
      const size_t n = k + (paren ? 2 : 1);
      if (n >= toks.size() || toks[n].kind != Tok::Ident)
        fail(toks[k].loc, "'defined' expects a macro name");
      if (paren && (n + 1 >= toks.size() || !toks[n + 1].punct(")")))
        fail(toks[k].loc, "expected ')' after 'defined('");
      replaced.push_back(Token{Tok::Number, macros_.count(toks[n].text) ? "1" : "0", toks[k].loc});
      k = n + (paren ? 1 : 0);
    }
    std::vector<Token> expanded;
    std::set<std::string> hidden;
    expand(replaced, expanded, hidden, 0, nullptr);
    return evaluate_condition(expanded, at, [this](Loc l, const std::string &m) { fail(l, m); });
  }

  static std::string canonical(const std::string &path) {
    std::error_code ec;
    const fs::path p = fs::weakly_canonical(path, ec);
    return ec ? path : p.string();
  }

  std::optional<std::string> find_include(const std::string &name, bool quoted,
                                          const std::string &from) const {
    std::vector<fs::path> dirs;
    if (fs::path(name).is_absolute()) dirs.emplace_back();
    if (quoted) dirs.push_back(fs::path(from).parent_path());
    for (const std::string &dir : options_.include_dirs)
      dirs.emplace_back(dir);
    for (const fs::path &dir : dirs) {
      const fs::path candidate = dir.empty() ? fs::path(name) : dir / name;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
    return std::nullopt;
  }

  void include(const std::string &arg, Loc at, const std::string &from, int depth) {
    const bool angle = arg.size() >= 2 && arg[0] == '<' && arg.find('>') != std::string::npos;
    const bool quoted = arg.size() >= 2 && arg[0] == '"' && arg.find('"', 1) != std::string::npos;
    if (!angle && !quoted) fail(at, "malformed #include (expected \"file\" or <file>)");
    const std::string name = arg.substr(1, arg.find(angle ? '>' : '"', 1) - 1);
    // Standard headers come from the built-in table, also when quoted (Frama-C prints them so),
    // unless a local file of that name exists.
    std::optional<std::string> found;
    if (quoted || !standard_header(name)) found = find_include(name, quoted, from);
    if (!found) {
      if (const StandardHeader *h = standard_header(name)) return include_standard(*h, at);
      fail(at, "cannot find " + (quoted ? "\"" + name + "\"" : "<" + name + ">") + " (searched " +
                   (quoted ? std::string("next to the including file, then ") : "") +
                   "the -I directories; standard headers known: " + standard_header_names() + ")");
    }
    if (once_.count(canonical(*found))) return;
    if (depth >= max_include_depth) fail(at, "#include nested too deeply (an include cycle?)");
    std::ifstream in(*found, std::ios::binary);
    if (!in) fail(at, "cannot read '" + *found + "'");
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<Token> toks = lex(text.str(), *found);
    const std::string *file = intern_file(*found);
    for (Token &t : toks)
      t.loc.file = file;
    process(toks, *found, depth + 1);
  }

  void include_standard(const StandardHeader &h, Loc at) {
    for (const auto &[macro, body] : h.macros)
      macros_[macro] = Macro{false, {}, body_tokens(body, at)};
    for (const auto &[type, ct] : h.types)
      out_.typedefs.emplace(type, ct);
  }
};

} // namespace

Preprocessed preprocess(const std::vector<Token> &raw, const std::string &file,
                        const PreprocessOptions &options) {
  return Preprocessor(file, options).run(raw);
}

} // namespace triage::frontend_c
