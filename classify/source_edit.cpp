#include "classify/source_edit.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <sstream>

namespace triage::classify {

namespace {

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string trim(const std::string &s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

/// Runs of blanks as one space: a clause spread over lines reads as one.
std::string one_line(const std::string &s) {
  std::string out;
  for (char c : trim(s)) {
    const bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\n';
    if (blank && !out.empty() && out.back() == ' ') continue;
    out += blank ? ' ' : c;
  }
  return out;
}

/// The offset of line:column in `source`, or npos.
size_t offset_of(const std::string &source, int line, int column) {
  size_t at = 0;
  for (int l = 1; l < line; ++l) {
    at = source.find('\n', at);
    if (at == std::string::npos) return std::string::npos;
    ++at;
  }
  const size_t end = std::min(source.find('\n', at), source.size());
  const size_t col = at + size_t(std::max(column, 1) - 1);
  return col <= end ? col : std::string::npos;
}

/// Where the text after the parenthesis closing one opened before `from` starts (its end when
/// none closes it).
size_t past_closing(const std::string &text, size_t from) {
  int depth = 1;
  size_t j = from;
  for (; j < text.size() && depth > 0; ++j)
    depth += text[j] == '(' ? 1 : text[j] == ')' ? -1 : 0;
  return j;
}

} // namespace

std::vector<std::string> source_lines(const std::string &source) {
  std::vector<std::string> lines;
  std::istringstream in(source);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  return lines;
}

std::string insert_text(const std::string &source, std::vector<Insertion> insertions) {
  std::stable_sort(insertions.begin(), insertions.end(), [](const auto &a, const auto &b) {
    return a.line != b.line ? a.line > b.line : a.column > b.column;
  });
  std::string out = source;
  for (const auto &i : insertions)
    if (const size_t at = offset_of(out, i.line, i.column); at != std::string::npos)
      out.replace(at, size_t(i.erase), i.text);
  return out;
}

namespace {

/// The offset past the keyword at `at`: one word, or two for a loop's (`loop invariant`).
size_t past_keyword(const std::string &source, size_t at) {
  const size_t start = at;
  while (at < source.size() && ident_char(source[at]))
    ++at;
  if (source.compare(start, at - start, "loop") != 0) return at;
  while (at < source.size() && (source[at] == ' ' || source[at] == '\t'))
    ++at;
  while (at < source.size() && ident_char(source[at]))
    ++at;
  return at;
}

/// The clause from the keyword at `at`: its text, and the offset of the `;` that ends it (or
/// of the comment's end); npos when the text ends first.
std::pair<std::string, size_t> scan_clause(const std::string &source, size_t at) {
  at = past_keyword(source, at);
  int depth = 0;
  int binders = 0; // quantifiers whose `;` (after their binders) is still to come
  std::string text;
  for (; at < source.size(); ++at) {
    const char c = source[at];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (source.compare(at, 7, "\\forall") == 0 || source.compare(at, 7, "\\exists") == 0 ||
        source.compare(at, 4, "\\let") == 0)
      ++binders;
    if (c == ';' && binders > 0) {
      --binders;
      text += c;
      continue;
    }
    if (depth < 0 || (depth == 0 && c == ';')) return {one_line(text), at};
    // The end of an annotation comment ends the clause too.
    if (c == '*' && at + 1 < source.size() && source[at + 1] == '/') return {one_line(text), at};
    // Inside a multi-line annotation, the leading `@` of continuation lines is no text.
    if (c == '\n') {
      text += ' ';
      size_t next = at + 1;
      while (next < source.size() && (source[next] == ' ' || source[next] == '\t'))
        ++next;
      if (next < source.size() && source[next] == '@') at = next;
      continue;
    }
    text += c;
  }
  return {"", std::string::npos};
}

} // namespace

std::string clause_after_keyword(const std::string &source, int line, int column) {
  const size_t at = offset_of(source, line, column);
  return at == std::string::npos ? "" : scan_clause(source, at).first;
}

std::vector<std::string> behavior_assumes(const std::string &source, int line, int column) {
  const size_t at = offset_of(source, line, column);
  if (at == std::string::npos) return {};
  // The behavior the clause is in: the last `behavior` keyword before it in its annotation.
  size_t b = at;
  while (true) {
    b = b == 0 ? std::string::npos : source.rfind("behavior", b - 1);
    if (b == std::string::npos) return {};
    const bool whole = (b == 0 || !ident_char(source[b - 1])) &&
                       (b + 8 >= source.size() || !ident_char(source[b + 8]));
    if (whole) break;
  }
  if (source.find("*/", b) < at) return {};
  std::vector<std::string> out;
  for (size_t a = source.find("assumes", b); a != std::string::npos && a < at;
       a = source.find("assumes", a + 7))
    if (!ident_char(source[a - 1]) && !ident_char(source[a + 7]))
      if (std::string text = scan_clause(source, a).first; !text.empty()) out.push_back(text);
  return out;
}

std::optional<std::string> loop_condition(const std::string &source, int line, int column) {
  const size_t at = offset_of(source, line, column);
  if (at == std::string::npos) return std::nullopt;
  // The first loop keyword from there: the loop's annotation comes before it.
  size_t k = at;
  const char *found = nullptr;
  for (; k < source.size(); ++k) {
    if (k > 0 && ident_char(source[k - 1])) continue;
    for (const char *kw : {"for", "while"}) {
      const size_t n = std::strlen(kw);
      if (source.compare(k, n, kw) == 0 && (k + n >= source.size() || !ident_char(source[k + n])))
        found = kw;
    }
    if (found) break;
  }
  if (!found) return std::nullopt;
  const size_t open = source.find('(', k);
  if (open == std::string::npos) return std::nullopt;
  const size_t close = past_closing(source, open + 1);
  if (source[close - 1] != ')') return std::nullopt;
  std::string inside = source.substr(open + 1, close - 1 - (open + 1));
  if (std::string(found) == "for") {
    const size_t first = inside.find(';');
    const size_t second = first == std::string::npos ? first : inside.find(';', first + 1);
    if (second == std::string::npos) return std::nullopt;
    inside = inside.substr(first + 1, second - first - 1);
  }
  inside = one_line(inside);
  if (inside.empty()) return std::nullopt;
  return inside;
}

namespace {

/// `text` split at its one comparison outside parentheses: left, operator, right.
std::optional<std::array<std::string, 3>> comparison(const std::string &text) {
  std::optional<std::array<std::string, 3>> found;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
    if (depth != 0) continue;
    if (text.compare(i, 2, "&&") == 0 || text.compare(i, 2, "||") == 0) return std::nullopt;
    if (text.compare(i, 2, "<<") == 0 || text.compare(i, 2, ">>") == 0) return std::nullopt;
    size_t len = 0;
    if (text.compare(i, 2, "<=") == 0 || text.compare(i, 2, ">=") == 0 ||
        text.compare(i, 2, "!=") == 0)
      len = 2;
    else if (c == '<' || c == '>')
      len = 1;
    if (len == 0) continue;
    if (found) return std::nullopt; // a chain
    found = std::array<std::string, 3>{trim(text.substr(0, i)), text.substr(i, len),
                                       trim(text.substr(i + len))};
    i += len - 1;
  }
  return found;
}

bool mentions_any(const std::string &text, const std::vector<std::string> &names) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string &n) { return mentions(text, n); });
}

} // namespace

bool plain_identifier(const std::string &s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(), ident_char);
}

bool mentions(const std::string &text, const std::string &name) {
  return replace_identifier(text, name, "") != text;
}

std::vector<std::pair<std::string, std::string>>
exit_bounds(const std::string &condition, const std::vector<std::string> &counters,
            const std::vector<std::string> &bounds) {
  auto parts = comparison(condition);
  if (!parts) return {};
  auto [left, op, right] = *parts;
  if (op == ">" || op == ">=") {
    std::swap(left, right);
    op = op == ">" ? "<" : "<=";
  }
  if (op == "!=" && mentions_any(right, counters)) std::swap(left, right);
  if (!mentions_any(left, counters) || mentions_any(right, counters)) return {};
  // At the exit, left == right (left == right + 1 after `<=`); solved for a bound of right.
  const std::string less_one = op == "<=" ? " - 1" : "";
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &b : bounds) {
    if (right == b) {
      if (left != b && (op == "<=" || !std::count(counters.begin(), counters.end(), left)))
        out.emplace_back(b, left + less_one);
      continue;
    }
    for (const char *sign : {" - ", " + "}) {
      const size_t at = right.find(sign);
      if (at == std::string::npos || trim(right.substr(0, at)) != b) continue;
      const std::string term = trim(right.substr(at + 3));
      if (term.empty() || mentions_any(term, counters) ||
          term.find_first_of("+-*/%") != std::string::npos)
        continue;
      out.emplace_back(b, left + (sign[1] == '-' ? " + " : " - ") + term + less_one);
    }
  }
  return out;
}

std::string replace_by_expr(const std::string &text, const std::string &from,
                            const std::string &expr) {
  const std::string mark = "\x01";
  std::string marked = replace_identifier(text, from, mark);
  std::string out;
  for (size_t i = 0; i < marked.size();) {
    if (marked.compare(i, mark.size(), mark) != 0) {
      out += marked[i++];
      continue;
    }
    const size_t before = out.find_last_not_of(' ');
    // `n - 1` with n as `i + 1` is `i`: the offset the bound's exit value adds is taken back
    // (where nothing before binds tighter: not in `x - n - 1`).
    const bool starts_term =
        before == std::string::npos || std::strchr("(,[<>=!&|?:;", out[before]);
    if (const size_t plus = expr.rfind(" + "); plus != std::string::npos && starts_term) {
      const std::string back = " - " + expr.substr(plus + 3);
      const size_t next = i + mark.size() + back.size();
      if (marked.compare(i + mark.size(), back.size(), back) == 0 &&
          (next == marked.size() || !ident_char(marked[next]))) {
        out += expr.substr(0, plus);
        i = next;
        continue;
      }
    }
    // Bare as a whole argument or index; in parentheses anywhere else.
    const size_t after = marked.find_first_not_of(' ', i + mark.size());
    const bool whole = before != std::string::npos && std::strchr("(,[", out[before]) &&
                       after != std::string::npos && std::strchr("),]", marked[after]);
    out += whole ? expr : "(" + expr + ")";
    i += mark.size();
  }
  return out;
}

std::vector<std::string> split_top_level(const std::string &text, const std::string &separator) {
  std::vector<std::string> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    depth += (c == '(' || c == '[' || c == '{') ? 1 : (c == ')' || c == ']' || c == '}') ? -1 : 0;
    if (depth == 0 && text.compare(i, separator.size(), separator) == 0) {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + separator.size();
      i = start - 1;
    }
  }
  parts.push_back(trim(text.substr(start)));
  return parts;
}

std::optional<std::string> mirrored_equality(const std::string &predicate) {
  const std::vector<std::string> sides = split_top_level(predicate, " == ");
  if (sides.size() != 2) return std::nullopt;
  for (const auto &side : sides)
    for (const char *op : {"<", ">", "=", "!", "&", "|", "?", "\\"})
      if (split_top_level(side, op).size() > 1) return std::nullopt;
  return sides[1] + " == " + sides[0];
}

std::vector<std::string> equivalence_sides(const std::string &predicate) {
  std::vector<std::string> sides = split_top_level(predicate, "<==>");
  if (sides.size() != 2) return {};
  for (auto &t : sides) {
    // `(P)` as P, when the parentheses hold it all.
    if (t.size() > 1 && t.front() == '(' && past_closing(t, 1) == t.size())
      t = trim(t.substr(1, t.size() - 2));
    if (t.empty()) return {};
  }
  return sides;
}

std::string negation(const std::string &predicate) {
  const std::string p = trim(predicate);
  // An application `Name(...)` (or a name) needs no parentheses, and `!A` is A's negation.
  auto atomic = [](const std::string &t) {
    size_t i = 0;
    while (i < t.size() && ident_char(t[i]))
      ++i;
    return i > 0 && (i == t.size() || (t[i] == '(' && past_closing(t, i + 1) == t.size()));
  };
  if (p.size() > 1 && p[0] == '!' && p[1] != '=' && atomic(trim(p.substr(1))))
    return trim(p.substr(1));
  return atomic(p) ? "!" + p : "!(" + p + ")";
}

std::optional<std::pair<int, int>> after_clause(const std::string &source, int line, int column) {
  const size_t at = offset_of(source, line, column);
  if (at == std::string::npos) return std::nullopt;
  size_t end = scan_clause(source, at).second;
  if (end == std::string::npos) return std::nullopt;
  if (source[end] == ';') ++end;
  const size_t line_start = source.rfind('\n', end == 0 ? 0 : end - 1);
  const int l = int(std::count(source.begin(), source.begin() + long(end), '\n')) + 1;
  const int c = int(end - (line_start == std::string::npos ? 0 : line_start + 1)) + 1;
  return std::make_pair(l, c);
}

std::vector<std::string> conjuncts(const std::string &predicate) {
  std::vector<std::string> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < predicate.size(); ++i) {
    const char c = predicate[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && c == '&' && i + 1 < predicate.size() && predicate[i + 1] == '&') {
      parts.push_back(trim(predicate.substr(start, i - start)));
      start = i + 2;
      ++i;
    }
    // A quantifier or implication at the top level binds the rest: no split inside it.
    if (depth == 0 &&
        (predicate.compare(i, 7, "\\forall") == 0 || predicate.compare(i, 7, "\\exists") == 0 ||
         predicate.compare(i, 3, "==>") == 0 || predicate.compare(i, 2, "||") == 0))
      return {trim(predicate)};
  }
  parts.push_back(trim(predicate.substr(start)));
  std::erase_if(parts, [](const std::string &p) { return p.empty(); });
  // A chain `a <= b < c` is the conjunction of its links.
  std::vector<std::string> out;
  for (const auto &p : parts) {
    const auto links = chain_links(p);
    out.insert(out.end(), links.begin(), links.end());
  }
  return out;
}

std::vector<std::string> chain_links(const std::string &relation) {
  std::vector<std::pair<size_t, size_t>> ops; // offset, length of each top-level comparison
  int depth = 0;
  for (size_t i = 0; i < relation.size(); ++i) {
    const char c = relation[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth != 0) continue;
    const bool two = i + 1 < relation.size() && relation[i + 1] == '=';
    if ((c == '<' || c == '>') && !(i + 1 < relation.size() && relation[i + 1] == c) &&
        !(i > 0 && (relation[i - 1] == c || relation[i - 1] == '=' || relation[i - 1] == '-'))) {
      // `==>` and `<==>` are no comparisons.
      if (c == '<' && relation.compare(i, 4, "<==>") == 0) return {relation};
      ops.emplace_back(i, two ? 2 : 1);
      i += two ? 1 : 0;
    } else if ((c == '=' || c == '!') && two &&
               !(i > 0 &&
                 (relation[i - 1] == '<' || relation[i - 1] == '>' || relation[i - 1] == '='))) {
      if (relation.compare(i, 3, "==>") == 0) return {relation};
      ops.emplace_back(i, 2);
      ++i;
    }
  }
  if (ops.size() < 2) return {relation};
  std::vector<std::string> links;
  size_t from = 0;
  for (size_t k = 0; k < ops.size(); ++k) {
    const size_t to = k + 1 < ops.size() ? ops[k + 1].first : relation.size();
    links.push_back(trim(relation.substr(from, to - from)));
    from = ops[k].first + ops[k].second;
  }
  return links;
}

std::string replace_identifier(const std::string &text, const std::string &from,
                               const std::string &to) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const bool starts =
        text.compare(i, from.size(), from) == 0 &&
        (i == 0 || (!ident_char(text[i - 1]) && text[i - 1] != '\\' && text[i - 1] != '.' &&
                    !(i >= 2 && text.compare(i - 2, 2, "->") == 0))) &&
        (i + from.size() >= text.size() || !ident_char(text[i + from.size()]));
    if (starts) {
      out += to;
      i += from.size();
    } else {
      out += text[i++];
    }
  }
  return out;
}

std::string old_as_at_pre(const std::string &text_with_labels) {
  // The labels Old and Post (a contract's) are Pre and Here in a loop annotation: what the
  // postcondition says of the state after the call, an invariant says of the head's state.
  const std::string text =
      replace_identifier(replace_identifier(text_with_labels, "Old", "Pre"), "Post", "Here");
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 5, "\\old(") != 0) {
      out += text[i++];
      continue;
    }
    const size_t j = past_closing(text, i + 5);
    out += "\\at(" + old_as_at_pre(text.substr(i + 5, j - 1 - (i + 5))) + ", Pre)";
    i = j;
  }
  return out;
}

std::string params_as_old(const std::string &text, const std::set<std::string> &names) {
  auto replaced = [&](std::string segment) {
    for (const auto &n : names)
      segment = replace_identifier(segment, n, "\\old(" + n + ")");
    return segment;
  };
  std::string out;
  size_t plain = 0; // where the text not yet copied starts
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t open = text.compare(i, 5, "\\old(") == 0  ? i + 5
                        : text.compare(i, 4, "\\at(") == 0 ? i + 4
                                                           : std::string::npos;
    if (open == std::string::npos) continue;
    const size_t j = past_closing(text, open);
    out += replaced(text.substr(plain, i - plain)) + text.substr(i, j - i);
    plain = j;
    i = j - 1;
  }
  return out + replaced(text.substr(plain));
}

std::string unified_diff(const std::string &path, const std::string &before,
                         const std::string &after) {
  const auto a = source_lines(before), b = source_lines(after);
  // The longest common subsequence of lines: the files are small and the edits few.
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  struct Op {
    char kind; // ' ', '-', '+'
    size_t i, j;
  };
  std::vector<Op> ops;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j])
      ops.push_back({' ', i++, j++});
    else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) // a line replaced: `-` first
      ops.push_back({'+', i, j++});
    else
      ops.push_back({'-', i++, j});
  }
  std::string out;
  constexpr size_t context = 3;
  for (size_t k = 0; k < ops.size();) {
    if (ops[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` after the last change that
    // is within twice the context of the previous one.
    size_t start = k >= context ? k - context : 0, end = k;
    while (true) {
      size_t next = end;
      while (next < ops.size() && ops[next].kind != ' ')
        ++next;
      size_t same = next;
      while (same < ops.size() && ops[same].kind == ' ' && same - next < 2 * context)
        ++same;
      if (same < ops.size() && ops[same].kind != ' ') {
        end = same;
        continue;
      }
      end = std::min(next + context, ops.size());
      break;
    }
    size_t a_count = 0, b_count = 0;
    for (size_t x = start; x < end; ++x) {
      a_count += ops[x].kind != '+';
      b_count += ops[x].kind != '-';
    }
    if (out.empty()) out = "--- " + path + "\n+++ " + path + "\n";
    out += "@@ -" + std::to_string(ops[start].i + (a_count ? 1 : 0)) + "," +
           std::to_string(a_count) + " +" + std::to_string(ops[start].j + (b_count ? 1 : 0)) + "," +
           std::to_string(b_count) + " @@\n";
    for (size_t x = start; x < end; ++x)
      out += std::string(1, ops[x].kind) + (ops[x].kind == '+' ? b[ops[x].j] : a[ops[x].i]) + "\n";
    k = end;
  }
  return out;
}

} // namespace triage::classify
