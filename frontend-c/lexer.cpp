// The lexical grammar of C and E-ACSL, written with PEGTL. Annotation comments are lexed like
// code: their tokens sit between AnnotBegin and AnnotEnd, and '@' inside them is blank.
#include "frontend-c/lexer.hpp"

#include "ir/error.hpp"

#include <map>
#include <tao/pegtl.hpp>

namespace triage::frontend_c {
namespace {

namespace pegtl = tao::pegtl;
using namespace pegtl;

// clang-format off
struct ident : seq<opt<one<'\\'>>, identifier> {};
struct number : seq<digit, star<sor<alnum, one<'_'>>>> {};
struct float_tail : seq<one<'.'>, not_at<one<'.'>>> {};
struct char_lit : seq<one<'\''>, plus<sor<seq<one<'\\'>, any>, not_one<'\'', '\n'>>>, one<'\''>> {};
struct string_lit : seq<one<'"'>, star<sor<seq<one<'\\'>, any>, not_one<'"', '\n'>>>, one<'"'>> {};
struct ascii_punct : sor<
  TAO_PEGTL_STRING("<==>"), TAO_PEGTL_STRING("==>"), TAO_PEGTL_STRING("<<="), TAO_PEGTL_STRING(">>="),
  TAO_PEGTL_STRING("..."), TAO_PEGTL_STRING(".."), TAO_PEGTL_STRING("->"), TAO_PEGTL_STRING("++"),
  TAO_PEGTL_STRING("--"), TAO_PEGTL_STRING("<<"), TAO_PEGTL_STRING(">>"), TAO_PEGTL_STRING("<="),
  TAO_PEGTL_STRING(">="), TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!="), TAO_PEGTL_STRING("&&"),
  TAO_PEGTL_STRING("||"), TAO_PEGTL_STRING("^^"), TAO_PEGTL_STRING("+="), TAO_PEGTL_STRING("-="),
  TAO_PEGTL_STRING("*="), TAO_PEGTL_STRING("/="), TAO_PEGTL_STRING("%="), TAO_PEGTL_STRING("&="),
  TAO_PEGTL_STRING("|="), TAO_PEGTL_STRING("^="),
  one<'+', '-', '*', '/', '%', '<', '>', '=', '!', '&', '|', '^', '~', '?', ':', ';', ',', '.',
      '(', ')', '[', ']', '{', '}'>> {};
// Frama-C prints annotations with these Unicode symbols.
struct unicode_punct : sor<
  TAO_PEGTL_STRING("≤"), TAO_PEGTL_STRING("≥"), TAO_PEGTL_STRING("≢"), TAO_PEGTL_STRING("≠"),
  TAO_PEGTL_STRING("≡"), TAO_PEGTL_STRING("⇒"), TAO_PEGTL_STRING("⇔"), TAO_PEGTL_STRING("∧"),
  TAO_PEGTL_STRING("∨"), TAO_PEGTL_STRING("¬"), TAO_PEGTL_STRING("⊻"), TAO_PEGTL_STRING("∀"),
  TAO_PEGTL_STRING("∃"), TAO_PEGTL_STRING("ℤ")> {};
struct token : sor<ident, seq<number, opt<float_tail>>, char_lit, string_lit, unicode_punct, ascii_punct> {};
struct bad_char : any {};

struct line_comment : seq<two<'/'>, until<eolf>> {};
struct block_comment : seq<string<'/', '*'>, until<string<'*', '/'>>> {};
struct unterminated_comment : string<'/', '*'> {};

struct annot_open : string<'/', '*', '@'> {};
struct annot_close : string<'*', '/'> {};
struct annot_blank : sor<space, one<'@'>> {};
struct annot_block : seq<annot_open, until<annot_close, sor<annot_blank, line_comment, token, bad_char>>> {};
struct unterminated_annot : annot_open {};
struct annot_line_open : string<'/', '/', '@'> {};
struct annot_line_end : eolf {};
struct annot_line : seq<annot_line_open, until<annot_line_end, sor<blank, one<'@'>, token, bad_char>>> {};

struct directive : seq<one<'#'>, until<eolf, sor<seq<one<'\\'>, eol>, any>>> {};

struct c_file : seq<star<sor<plus<space>, annot_block, unterminated_annot, annot_line, line_comment,
                            block_comment, unterminated_comment, directive, token, bad_char>>, eof> {};
// clang-format on

struct State {
  std::string file;
  std::vector<Token> tokens;
};

template <typename Input> Loc loc_of(const Input &in) {
  const auto p = in.position();
  return Loc{int(p.line), int(p.column)};
}

template <typename Input>
[[noreturn]] void fail(const Input &in, const State &st, const std::string &msg) {
  const Loc l = loc_of(in);
  throw ir::Error(ir::SrcLoc{st.file, l.line, l.col}, msg);
}

template <typename Rule> struct action : nothing<Rule> {};

template <Tok K> struct push {
  template <typename Input> static void apply(const Input &in, State &st) {
    st.tokens.push_back(Token{K, in.string(), loc_of(in)});
  }
};

template <> struct action<ident> : push<Tok::Ident> {};
template <> struct action<number> : push<Tok::Number> {};
template <> struct action<char_lit> : push<Tok::Char> {};
template <> struct action<string_lit> : push<Tok::String> {};
template <> struct action<ascii_punct> : push<Tok::Punct> {};
template <> struct action<annot_open> : push<Tok::AnnotBegin> {};
template <> struct action<annot_close> : push<Tok::AnnotEnd> {};
template <> struct action<annot_line_open> : push<Tok::AnnotBegin> {};
template <> struct action<annot_line_end> : push<Tok::AnnotEnd> {};

template <> struct action<unicode_punct> {
  template <typename Input> static void apply(const Input &in, State &st) {
    static const std::map<std::string, std::pair<Tok, std::string>> ascii = {
        {"≤", {Tok::Punct, "<="}},       {"≥", {Tok::Punct, ">="}},
        {"≢", {Tok::Punct, "!="}},       {"≠", {Tok::Punct, "!="}},
        {"≡", {Tok::Punct, "=="}},       {"⇒", {Tok::Punct, "==>"}},
        {"⇔", {Tok::Punct, "<==>"}},     {"∧", {Tok::Punct, "&&"}},
        {"∨", {Tok::Punct, "||"}},       {"¬", {Tok::Punct, "!"}},
        {"⊻", {Tok::Punct, "^^"}},       {"∀", {Tok::Ident, "\\forall"}},
        {"∃", {Tok::Ident, "\\exists"}}, {"ℤ", {Tok::Ident, "integer"}}};
    const auto &[kind, text] = ascii.at(in.string());
    st.tokens.push_back(Token{kind, text, loc_of(in)});
  }
};

template <> struct action<float_tail> {
  template <typename Input> static void apply(const Input &in, State &st) {
    fail(in, st, "floating-point constants are not supported");
  }
};

template <> struct action<directive> {
  template <typename Input> static void apply(const Input &in, State &st) {
    std::string body = in.string().substr(1);
    std::string joined;
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '\\' && i + 1 < body.size() && (body[i + 1] == '\n' || body[i + 1] == '\r')) {
        while (i + 1 < body.size() && (body[i + 1] == '\n' || body[i + 1] == '\r'))
          ++i;
        joined += ' ';
      } else if (body[i] != '\n' && body[i] != '\r') {
        joined += body[i];
      }
    }
    st.tokens.push_back(Token{Tok::Directive, joined, loc_of(in)});
  }
};

template <> struct action<bad_char> {
  template <typename Input> static void apply(const Input &in, State &st) {
    const unsigned char c = static_cast<unsigned char>(in.peek_char());
    if (c >= 0x80) fail(in, st, "unexpected non-ASCII character");
    fail(in, st, std::string("unexpected character '") + char(c) + "'");
  }
};

template <> struct action<unterminated_comment> {
  template <typename Input> static void apply(const Input &in, State &st) {
    fail(in, st, "unterminated comment");
  }
};

template <> struct action<unterminated_annot> {
  template <typename Input> static void apply(const Input &in, State &st) {
    fail(in, st, "unterminated annotation comment");
  }
};

} // namespace

std::vector<Token> lex(const std::string &text, const std::string &file, Loc start) {
  State st{file, {}};
  pegtl::memory_input<> in(text.data(), text.data() + text.size(), file, 0, size_t(start.line),
                           size_t(start.col));
  pegtl::parse<c_file, action>(in, st);
  st.tokens.push_back(Token{Tok::End, "", Loc{int(in.position().line), int(in.position().column)}});
  return st.tokens;
}

} // namespace triage::frontend_c
