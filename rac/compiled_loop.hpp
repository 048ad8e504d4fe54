// The compiled form of a loop nest (docs/rac.md, "Compiled loops"): the interpreter's hot path
// for C code on machine integers. Variables live in 64-bit registers instead of maps of names to
// exact integers, each expression is a tree of small functions chosen once per loop (an operator
// specialised on its type and on how its operands are read), and steps are counted exactly as
// the interpreter counts them, so that limits and outcomes do not depend on which form ran.
//
// Whatever the compiled form cannot decide exactly (an overflow, a division by zero, a memory
// error, a false assertion, a symbolic value, a limit close by) it does not decide: the statement
// is executed again by the interpreter from the same state (Bail). There is one semantics, and
// one place that reports failures; a statement the compiled form cannot express at all (a call,
// a havoc, a pointer assignment, an annotated loop) is always handed over (Stmt::Kind::Interp).
// Internal to the rac library.
#pragma once

#include "ir/ast.hpp"
#include "rac/interpreter.hpp"
#include "rac/memory.hpp"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace triage::rac::compiled {

/// How a 64-bit register holds a value: a boolean (0 or 1), an exact integer that fits in
/// int64, or the bits of a uint64.
enum class Repr : std::uint8_t { Bool, I64, U64 };

/// Thrown by compiled code for what only the interpreter decides; caught per statement.
struct Bail {};

struct Loop;

/// The state of one execution of a compiled nest.
struct Exec {
  const Loop *loop = nullptr;
  std::vector<std::int64_t> regs; ///< scalars; the offset of a pointer
  std::vector<int> blocks;        ///< the block of a pointer register
  Memory *mem = nullptr;
  OracleSource *oracle = nullptr;
  long steps = 0;
  long synced = 0;     ///< the machine's steps when the registers were loaded
  long fast_limit = 0; ///< below it, neither the step limit nor a look at the clock is due
  long next_clock = 0;
  long oracle_events = 0; ///< the machine's count when the nest started
  /// The first branch of the nest is told to the oracle; with no decision after it (the nest
  /// runs only on concrete values), every later branch would change nothing there.
  bool reported = false;
  /// A value became symbolic (or could not be held in a register): the interpreter runs the
  /// rest of the nest, with the maps of variables as the state.
  bool poisoned = false;
  std::vector<Value *> homes; ///< each register's variable in its map, once it exists
  std::vector<char> declared; ///< whether each register's variable exists
  /// By pointer register: its block when compiled code may use it (live, concrete), else null;
  /// and the same block once made writable (copy-on-write) by a first write, else null.
  std::vector<const Block *> readable;
  std::vector<Block *> writable;
  /// Registers declared by compiled code whose variables are not in their map yet, in the
  /// order of their declarations (the order states are printed in).
  std::vector<int> fresh;
};

/// A branch of the code (if, while, conditional expression), told to the oracle when it is
/// the nest's first (Exec::reported).
inline void report_branch(Exec &ex, const ir::Expr &cond, bool outcome) {
  if (ex.reported) return;
  ex.oracle->on_branch(cond, outcome);
  ex.reported = true;
}

struct Node;
using EvalFn = std::int64_t (*)(const Node &, Exec &);

/// An expression: `fn` computes its value in its representation, or throws Bail.
struct Node {
  EvalFn fn = nullptr;
  const Node *a = nullptr, *b = nullptr, *c = nullptr;
  std::int64_t k = 0;          ///< a literal, a register, a bit width
  std::int64_t lo = 0, hi = 0; ///< the range of a signed result; `hi` masks an unsigned one
  int cost_b = 0, cost_c = 0;  ///< the steps of children evaluated only sometimes
  unsigned flags = 0;
  Repr repr = Repr::I64;
  enum class Shape : std::uint8_t { Reg, Const, Other } shape = Shape::Other;
  const ir::Expr *src = nullptr;
};

inline std::int64_t eval(const Node &n, Exec &ex) {
  return n.fn(n, ex);
}

/// The register of the integer `v` in representation `repr` (I64 or U64); Bail past 64 bits.
inline std::int64_t integer_register(const BigInt &v, Repr repr) {
  const auto &be = v.backend();
  if (be.size() > 1) throw Bail{};
  const std::uint64_t magnitude = be.limbs()[0];
  if (repr == Repr::U64) {
    if (be.sign()) throw Bail{};
    return std::int64_t(magnitude);
  }
  if (!be.sign()) {
    if (magnitude > std::uint64_t(INT64_MAX)) throw Bail{};
    return std::int64_t(magnitude);
  }
  if (magnitude > std::uint64_t(1) << 63) throw Bail{};
  return std::int64_t(std::uint64_t(0) - magnitude); // two's complement: -magnitude
}

/// The register of the value `v` in representation `repr`; Bail when it has none (a symbolic
/// value, an integer past 64 bits, a value of another kind).
inline std::int64_t value_register(const Value &v, Repr repr) {
  if (v.sym) throw Bail{};
  if (repr == Repr::Bool) {
    if (v.kind != Value::Kind::Bool) throw Bail{};
    return v.b ? 1 : 0;
  }
  if (v.kind != Value::Kind::Int) throw Bail{};
  return integer_register(v.num, repr);
}

/// Sets `v` to the register `x` of representation `repr` (no shadow).
inline void set_value(Value &v, std::int64_t x, Repr repr) {
  if (repr == Repr::Bool) {
    if (v.kind != Value::Kind::Bool || v.sym) v = Value::boolean(false);
    v.b = x != 0;
    return;
  }
  if (v.kind != Value::Kind::Int) v = Value::integer(0);
  if (repr == Repr::U64)
    v.num = std::uint64_t(x);
  else
    v.num = x;
  if (v.sym) v.sym = nullptr;
}

/// The value of the register `x`.
inline Value register_value(std::int64_t x, Repr repr) {
  Value v = repr == Repr::Bool ? Value::boolean(false) : Value::integer(0);
  set_value(v, x, repr);
  return v;
}

/// Reads cell `offset` of the block of pointer register `reg` (Bail when the interpreter must:
/// no such cell, or a symbolic one).
inline std::int64_t load(std::int64_t reg, std::int64_t offset, Repr repr, Exec &ex) {
  const Block *b = ex.readable[size_t(reg)];
  if (!b || offset < 0 || std::uint64_t(offset) >= b->cells.size()) throw Bail{};
  return value_register(b->cells[size_t(offset)], repr);
}

/// The block of pointer register `reg`, made writable, and every register's view of it updated.
Block &writable_block(std::int64_t reg, Exec &ex);

/// Writes it (Bail likewise; nothing is written then).
inline void store(std::int64_t reg, std::int64_t offset, std::int64_t v, Repr repr, Exec &ex) {
  const Block *b = ex.readable[size_t(reg)];
  if (!b || offset < 0 || std::uint64_t(offset) >= b->cells.size()) throw Bail{};
  Block *w = ex.writable[size_t(reg)];
  set_value((w ? *w : writable_block(reg, ex)).cells[size_t(offset)], v, repr);
}

/// A variable held in a register.
struct Var {
  std::string name;
  bool global = false;
  ir::Type type = ir::Type::integer();
  Repr repr = Repr::I64;
  bool pointer = false; ///< a pointer: read only by compiled code (its assignments are Interp)
};

struct Stmt {
  enum class Kind {
    AssignVar,
    AssignCell,
    Decl,
    If,
    While,
    Block,
    Break,
    Continue,
    Return,
    Check, ///< an assertion or an assumption: a false one is the interpreter's to report
    Interp ///< executed by the interpreter
  };
  Kind kind = Kind::Interp;
  const ir::Stmt *src = nullptr;
  const Node *e = nullptr;    ///< value, condition, checked expression
  const Node *cell = nullptr; ///< AssignCell: the address
  int reg = -1;               ///< AssignVar, Decl: the register
  Repr cell_repr = Repr::I64; ///< AssignCell: the cells' representation
  /// Steps the statement takes itself (its own, its expressions' fixed part); the body of an
  /// If, a Block or a While counts its own. `max_cost` bounds them with the optional parts.
  long cost = 1, max_cost = 1;
  std::vector<Stmt> body, else_body;
};

/// A compiled loop nest: `root` is the While it starts with.
struct Loop {
  Stmt root;
  std::vector<Var> vars;
  std::deque<Node> nodes; ///< every node of the nest (stable addresses)
};

/// The compiled form of the loop `s`, or nullptr when it has none: an annotated loop, a loop the
/// policy giant-steps, a condition the compiled form cannot express.
std::unique_ptr<Loop> compile(const ir::Program &p, const ir::Stmt &s, const Policy &policy);

} // namespace triage::rac::compiled
