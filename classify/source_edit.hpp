// Reading and editing annotated C source as text: the clause an annotation's location points
// at, insertions that keep every line where it was, and unified diffs. What the invariant
// search needs to try a candidate in the user's own syntax, and `--fix` to write it.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace triage::classify {

/// Text inserted before column `column` (1-based, in bytes) of line `line` (1-based), in place
/// of the `erase` bytes from there (a clause replaced; 0 for an insertion).
struct Insertion {
  int line = 0;
  int column = 0;
  std::string text;
  int erase = 0;
};

/// The source with the insertions made; several on one line are made right to left, so that
/// each column means the original text's. Lines are kept unless an insertion has newlines (or
/// erases one: a replaced clause is on one line).
std::string insert_text(const std::string &source, std::vector<Insertion> insertions);

/// The lines of `source` (without their line ends).
std::vector<std::string> source_lines(const std::string &source);

/// From line:column, where a clause's keyword starts (`ensures`, `assert`, `return`...), the
/// text after the keyword up to the `;` that ends the clause (outside brackets), trimmed; empty
/// when there is none.
std::string clause_after_keyword(const std::string &source, int line, int column);

/// Where the clause whose keyword is at line:column ends: just after its `;` (or at the end of
/// its comment), as line and column; nullopt when it has no end.
std::optional<std::pair<int, int>> after_clause(const std::string &source, int line, int column);

/// The predicate split at its top-level `&&` (outside brackets), each part trimmed, and each
/// chained comparison into its links.
std::vector<std::string> conjuncts(const std::string &predicate);

/// The `assumes` clauses of the behavior the clause at line:column is in (none for a clause of
/// no behavior).
std::vector<std::string> behavior_assumes(const std::string &source, int line, int column);

/// The condition of the first `for` or `while` loop from line:column on (its annotation may
/// come first), as one line.
std::optional<std::string> loop_condition(const std::string &source, int line, int column);

/// What each bound of a loop's condition is worth in terms of its counters when the loop exits:
/// `i + 1 < n` gives n as `i + 1`, `i < n - p` gives n as `i + p`, `i <= n` gives n as `i - 1`.
/// A condition `i < n` itself gives nothing: the counter replaces the bound as it is.
std::vector<std::pair<std::string, std::string>>
exit_bounds(const std::string &condition, const std::vector<std::string> &counters,
            const std::vector<std::string> &bounds);

/// `text` with the identifier `from` replaced by the expression `expr`, in parentheses unless
/// it is a whole argument or index.
std::string replace_by_expr(const std::string &text, const std::string &from,
                            const std::string &expr);

/// `text` split at each `separator` outside parentheses, brackets and braces, each part trimmed.
std::vector<std::string> split_top_level(const std::string &text, const std::string &separator);

/// The two sides of a predicate `A <==> B` (outside parentheses; a side's own parentheses
/// dropped); empty for any other predicate.
std::vector<std::string> equivalence_sides(const std::string &predicate);

/// The negation of a predicate: `!P(x)` for `P(x)`, `P(x)` for `!P(x)`, `!(a < b)` for `a < b`.
std::string negation(const std::string &predicate);

/// `B == A` for an equality `A == B` whose sides have no comparison, connective, conditional
/// or binder of their own outside brackets; nullopt for any other predicate.
std::optional<std::string> mirrored_equality(const std::string &predicate);

/// `a <= b < c` as `a <= b` and `b < c`; a single comparison (or anything else) as itself.
std::vector<std::string> chain_links(const std::string &relation);

/// Whether `s` is an identifier (letters, digits and `_`, not starting with a digit).
bool plain_identifier(const std::string &s);

/// Whether `name` occurs in `text` as a whole identifier (as replace_identifier finds it).
bool mentions(const std::string &text, const std::string &name);

/// `text` with each whole identifier `from` replaced by `to` (not inside longer identifiers, and
/// not after `.` or `->`).
std::string replace_identifier(const std::string &text, const std::string &from,
                               const std::string &to);

/// `\old(e)` written as `\at(e, Pre)`, and the labels `Old` and `Post` as `Pre` and `Here`,
/// which a loop annotation may use.
std::string old_as_at_pre(const std::string &text);

/// A postcondition's reads of the parameters `names` as `\old(name)`: in a contract a parameter
/// is its value at the call, which a loop annotation must say when the body changes it
/// (`v` of `ensures IotaGenerate(a, n, v)` after `v++`). Reads already inside `\old(...)` or
/// `\at(...)` stay as they are.
std::string params_as_old(const std::string &text, const std::set<std::string> &names);

/// A unified diff (`diff -u` format, three lines of context) from `before` to `after`, both
/// named `path`; empty when they are equal.
std::string unified_diff(const std::string &path, const std::string &before,
                         const std::string &after);

} // namespace triage::classify
