#include "ir/json.hpp"

#include "ir/error.hpp"

#include <cctype>
#include <cstdio>
#include <sstream>

namespace triage::ir {

namespace {

const BigInt max_exact = (BigInt(1) << 53) - 1;

class Reader {
public:
  Reader(const std::string &text, const std::string &file) : s_(text), file_(file) {}

  Json document() {
    Json v = value();
    skip();
    if (i_ != s_.size()) fail("unexpected text after the JSON value");
    return v;
  }

private:
  const std::string &s_;
  std::string file_;
  size_t i_ = 0;
  int depth_ = 0;

  [[noreturn]] void fail(const std::string &msg) const {
    int line = 1, col = 1;
    for (size_t k = 0; k < i_ && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw Error(SrcLoc{file_, line, col}, msg);
  }

  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_])))
      ++i_;
  }

  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }

  bool word(const char *w) {
    const std::string ws(w);
    if (s_.compare(i_, ws.size(), ws) == 0) {
      i_ += ws.size();
      return true;
    }
    return false;
  }

  Json value() {
    skip();
    if (i_ >= s_.size()) fail("unexpected end of JSON text");
    if (++depth_ > 200) fail("JSON nested too deeply");
    Json v = value_here();
    --depth_;
    return v;
  }

  Json value_here() {
    const char c = s_[i_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return Json(string());
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return number();
    if (word("true")) return Json(true);
    if (word("false")) return Json(false);
    if (word("null")) return Json();
    fail("expected a JSON value");
  }

  Json object() {
    ++i_;
    Json o = Json::object();
    if (eat('}')) return o;
    do {
      skip();
      if (i_ >= s_.size() || s_[i_] != '"') fail("expected a member name in quotes");
      std::string key = string();
      expect(':');
      o.as_object().emplace_back(std::move(key), value());
    } while (eat(','));
    expect('}');
    return o;
  }

  Json array() {
    ++i_;
    Json a = Json::array();
    if (eat(']')) return a;
    do
      a.push_back(value());
    while (eat(','));
    expect(']');
    return a;
  }

  std::string string() {
    ++i_; // opening quote
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail("unterminated string");
      const char e = s_[i_++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u':
        out += unicode();
        break;
      default:
        out += e;
      }
    }
  }

  std::string unicode() {
    if (i_ + 4 > s_.size()) fail("bad \\u escape");
    const unsigned code = std::stoul(s_.substr(i_, 4), nullptr, 16);
    i_ += 4;
    std::string out;
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xC0 | (code >> 6));
      out += char(0x80 | (code & 0x3F));
    } else {
      out += char(0xE0 | (code >> 12));
      out += char(0x80 | ((code >> 6) & 0x3F));
      out += char(0x80 | (code & 0x3F));
    }
    return out;
  }

  Json number() {
    const size_t start = i_;
    if (s_[i_] == '-') ++i_;
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_])))
      fail("expected digits");
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])))
      ++i_;
    bool real = false;
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) {
      real = true;
      while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) ||
                                std::string_view(".eE+-").find(s_[i_]) != std::string_view::npos))
        ++i_;
    }
    const std::string text = s_.substr(start, i_ - start);
    if (real) return Json(std::stod(text));
    return Json(BigInt(text));
  }
};

bool all_digits(const std::string &s) {
  size_t k = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (k >= s.size()) return false;
  for (; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
  return true;
}

} // namespace

std::string json_quote(const std::string &s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

std::optional<BigInt> Json::integer() const {
  if (is_int()) return as_int();
  if (is_string() && all_digits(as_string())) return BigInt(as_string());
  return std::nullopt;
}

const Json *Json::find(const std::string &key) const {
  if (!is_object()) return nullptr;
  for (const auto &[k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

Json &Json::operator[](const std::string &key) {
  if (is_null()) v_ = Object{};
  for (auto &[k, v] : as_object())
    if (k == key) return v;
  as_object().emplace_back(key, Json());
  return as_object().back().second;
}

std::string Json::dump(int indent) const {
  std::string out;
  dump_to(out, indent, 0);
  return out;
}

void Json::dump_to(std::string &out, int indent, int depth) const {
  const auto newline = [&](int d) {
    if (indent >= 0) out += "\n" + std::string(size_t(indent * d), ' ');
  };
  if (is_null()) {
    out += "null";
  } else if (is_bool()) {
    out += as_bool() ? "true" : "false";
  } else if (is_int()) {
    const BigInt &i = as_int();
    const bool exact = i <= max_exact && i >= -max_exact;
    out += exact ? i.str() : "\"" + i.str() + "\"";
  } else if (is_double()) {
    std::ostringstream os;
    os << as_double();
    out += os.str();
  } else if (is_string()) {
    out += json_quote(as_string());
  } else if (is_array()) {
    const auto &a = as_array();
    // Arrays of scalars stay on one line: counterexample arrays read better that way.
    const bool flat = std::all_of(a.begin(), a.end(),
                                  [](const Json &e) { return !e.is_array() && !e.is_object(); });
    out += "[";
    for (size_t k = 0; k < a.size(); ++k) {
      if (k) out += flat && indent >= 0 ? ", " : ",";
      if (!flat) newline(depth + 1);
      a[k].dump_to(out, indent, depth + 1);
    }
    if (!flat && !a.empty()) newline(depth);
    out += "]";
  } else {
    const auto &o = as_object();
    out += "{";
    for (size_t k = 0; k < o.size(); ++k) {
      if (k) out += ",";
      newline(depth + 1);
      out += json_quote(o[k].first) + (indent >= 0 ? ": " : ":");
      o[k].second.dump_to(out, indent, depth + 1);
    }
    if (!o.empty()) newline(depth);
    out += "}";
  }
}

Json Json::parse(const std::string &text, const std::string &filename) {
  return Reader(text, filename).document();
}

} // namespace triage::ir
