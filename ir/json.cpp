// ir::Json's text forms are nlohmann-json's: its parser (driven through SAX, so that integers keep
// every digit) and its printer (ordered_json, so that members keep their insertion order). This
// file only maps between the two values and lays out pretty-printed arrays of scalars on one line.
#include "ir/json.hpp"

#include "ir/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace triage::ir {

namespace {

using nl = nlohmann::ordered_json;

const BigInt max_exact = (BigInt(1) << 53) - 1;
// Deeper documents are refused: the printers recurse, and no input of ours nests this much.
constexpr int max_depth = 200;

/// Invalid UTF-8 in a string (a C string literal, say) prints as U+FFFD rather than throwing.
std::string dump_nl(const nl &j) {
  return j.dump(-1, ' ', false, nl::error_handler_t::replace);
}

/// The nlohmann value of `j`; integers beyond 53 bits become strings so that no reader rounds them.
nl to_nl(const Json &j) {
  if (j.is_null()) return nullptr;
  if (j.is_bool()) return j.as_bool();
  if (j.is_int()) {
    const BigInt &i = j.as_int();
    if (i <= max_exact && i >= -max_exact) return i.convert_to<long long>();
    return i.str();
  }
  if (j.is_double()) return j.as_double();
  if (j.is_string()) return j.as_string();
  if (j.is_array()) {
    nl a = nl::array();
    for (const Json &e : j.as_array())
      a.push_back(to_nl(e));
    return a;
  }
  nl o = nl::object();
  for (const auto &[k, v] : j.as_object())
    o[k] = to_nl(v);
  return o;
}

bool integral_text(const std::string &s) {
  return std::none_of(s.begin(), s.end(), [](char c) { return c == '.' || c == 'e' || c == 'E'; });
}

/// Builds an ir::Json from nlohmann's SAX events: every integer token becomes a BigInt, also
/// those beyond 64 bits that nlohmann itself would only keep as a double.
class Builder : public nlohmann::json_sax<nl> {
public:
  Builder(const std::string &text, const std::string &file) : text_(text), file_(file) {}

  Json result() { return std::move(root_); }

  bool null() override { return put(Json()); }
  bool boolean(bool b) override { return put(Json(b)); }
  bool number_integer(number_integer_t i) override { return put(Json(BigInt(i))); }
  bool number_unsigned(number_unsigned_t i) override { return put(Json(BigInt(i))); }
  bool number_float(number_float_t d, const string_t &text) override {
    return put(integral_text(text) ? Json(BigInt(text)) : Json(d));
  }
  bool string(string_t &s) override { return put(Json(std::move(s))); }
  bool binary(binary_t &) override { return false; } // JSON text has no binary values
  bool start_object(std::size_t) override { return open(Json::object()); }
  bool key(string_t &k) override {
    key_ = std::move(k);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string &,
                   const nlohmann::detail::exception &e) override {
    fail(position, reason(e.what()));
  }

private:
  const std::string &text_;
  const std::string &file_;
  Json root_;
  std::vector<Json *> open_; ///< the containers being filled, innermost last
  std::string key_;

  /// nlohmann's message without its "[json.exception...] parse error at line L, column C: ".
  static std::string reason(std::string what) {
    if (what.rfind("[json.exception", 0) == 0) what.erase(0, what.find("] ") + 2);
    if (what.rfind("parse error at line", 0) == 0) what.erase(0, what.find(": ") + 2);
    return what;
  }

  /// Located at the character read last (`position` counts the characters read).
  [[noreturn]] void fail(std::size_t position, const std::string &msg) const {
    const size_t end = std::min(position > 0 ? position - 1 : 0, text_.size());
    int line = 1, col = 1;
    for (size_t k = 0; k < end; ++k) {
      col = text_[k] == '\n' ? 1 : col + 1;
      line += text_[k] == '\n';
    }
    throw Error(SrcLoc{file_, line, col}, msg);
  }

  /// Places a value in the innermost container, or as the document.
  Json *place(Json v) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Json &c = *open_.back();
    if (c.is_array()) {
      c.push_back(std::move(v));
      return &c.as_array().back();
    }
    c.as_object().emplace_back(std::move(key_), std::move(v));
    return &c.as_object().back().second;
  }

  bool put(Json v) {
    place(std::move(v));
    return true;
  }

  bool open(Json container) {
    if (open_.size() >= size_t(max_depth))
      throw Error(SrcLoc{file_, 1, 1}, "JSON nested too deeply");
    open_.push_back(place(std::move(container)));
    return true;
  }

  bool close() {
    open_.pop_back();
    return true;
  }
};

/// Pretty text: nlohmann's layout, but an array of scalars stays on one line ("[1, 2, 3]"):
/// counterexample arrays read better that way.
void pretty(const nl &j, int indent, int depth, std::string &out) {
  const auto newline = [&](int d) { out += "\n" + std::string(size_t(indent * d), ' '); };
  const bool flat = j.is_array() &&
                    std::none_of(j.begin(), j.end(), [](const nl &e) { return e.is_structured(); });
  if (j.empty() || !j.is_structured()) {
    out += dump_nl(j);
  } else if (flat) {
    out += "[";
    for (size_t k = 0; k < j.size(); ++k)
      out += (k ? ", " : "") + dump_nl(j[k]);
    out += "]";
  } else if (j.is_array()) {
    out += "[";
    for (size_t k = 0; k < j.size(); ++k) {
      out += k ? "," : "";
      newline(depth + 1);
      pretty(j[k], indent, depth + 1, out);
    }
    newline(depth);
    out += "]";
  } else {
    out += "{";
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += it == j.begin() ? "" : ",";
      newline(depth + 1);
      out += dump_nl(nl(it.key())) + ": ";
      pretty(it.value(), indent, depth + 1, out);
    }
    newline(depth);
    out += "}";
  }
}

bool all_digits(const std::string &s) {
  size_t k = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (k >= s.size()) return false;
  for (; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
  return true;
}

} // namespace

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
  const nl j = to_nl(*this);
  if (indent < 0) return dump_nl(j);
  std::string out;
  pretty(j, indent, 0, out);
  return out;
}

Json Json::parse(const std::string &text, const std::string &filename) {
  Builder b(text, filename);
  nl::sax_parse(text, &b);
  return b.result();
}

} // namespace triage::ir
