// The operators of compiled expressions (rac/compiled_loop.hpp): each computes on 64-bit
// registers what rac/eval.cpp computes on exact integers, or throws Bail where the interpreter
// must decide (a signed overflow it reports as a runtime error, a division by zero, a result
// past 64 bits). A binary operator is instantiated for the way each operand is read (a register,
// a literal, a node), so that `x + 1` and `i < n` are one call. Included by compile_loop.cpp
// only.
#pragma once

#include "rac/compiled_loop.hpp"

#include <limits>

namespace triage::rac::compiled::ops {

using i64 = std::int64_t;
using u64 = std::uint64_t;

// ---- how an operand is read ----
struct FromReg {
  static i64 get(const Node &n, Exec &ex) { return ex.regs[size_t(n.k)]; }
};
struct FromConst {
  static i64 get(const Node &n, Exec &) { return n.k; }
};
struct FromNode {
  static i64 get(const Node &n, Exec &ex) { return n.fn(n, ex); }
};

template <class Op, class A, class B> i64 binary(const Node &n, Exec &ex) {
  const i64 a = A::get(*n.a, ex);
  return Op::apply(a, B::get(*n.b, ex), n);
}

/// The instance of `Op` for the shapes of n's operands.
template <class Op> EvalFn pick(const Node &a, const Node &b) {
  using S = Node::Shape;
  if (a.shape == S::Reg && b.shape == S::Const) return binary<Op, FromReg, FromConst>;
  if (a.shape == S::Reg && b.shape == S::Reg) return binary<Op, FromReg, FromReg>;
  if (a.shape == S::Reg) return binary<Op, FromReg, FromNode>;
  if (b.shape == S::Const) return binary<Op, FromNode, FromConst>;
  if (b.shape == S::Reg) return binary<Op, FromNode, FromReg>;
  return binary<Op, FromNode, FromNode>;
}

/// A signed result must lie in [n.lo, n.hi] (a machine type's range, or all of int64 for an
/// exact integer, past which the interpreter goes on with more bits).
inline i64 in_range(i64 r, const Node &n) {
  if (r < n.lo || r > n.hi) throw Bail{};
  return r;
}

// ---- arithmetic: signed (checked) and unsigned (modulo 2^bits, n.hi the mask) ----
struct AddS {
  static i64 apply(i64 a, i64 b, const Node &n) {
    i64 r;
    if (__builtin_add_overflow(a, b, &r)) throw Bail{};
    return in_range(r, n);
  }
};
struct SubS {
  static i64 apply(i64 a, i64 b, const Node &n) {
    i64 r;
    if (__builtin_sub_overflow(a, b, &r)) throw Bail{};
    return in_range(r, n);
  }
};
struct MulS {
  static i64 apply(i64 a, i64 b, const Node &n) {
    i64 r;
    if (__builtin_mul_overflow(a, b, &r)) throw Bail{};
    return in_range(r, n);
  }
};
// C division truncates toward zero and % takes the sign of the dividend, as C++'s do.
struct DivS {
  static i64 apply(i64 a, i64 b, const Node &n) {
    if (b == 0 || (b == -1 && a == std::numeric_limits<i64>::min())) throw Bail{};
    return in_range(a / b, n);
  }
};
struct ModS {
  static i64 apply(i64 a, i64 b, const Node &) {
    if (b == 0) throw Bail{};
    return b == -1 ? 0 : a % b;
  }
};
// Modulo 2^64 then 2^bits: the low bits of an exact result, whatever the operands' types.
struct AddU {
  static i64 apply(i64 a, i64 b, const Node &n) { return i64((u64(a) + u64(b)) & u64(n.hi)); }
};
struct SubU {
  static i64 apply(i64 a, i64 b, const Node &n) { return i64((u64(a) - u64(b)) & u64(n.hi)); }
};
struct MulU {
  static i64 apply(i64 a, i64 b, const Node &n) { return i64((u64(a) * u64(b)) & u64(n.hi)); }
};
/// Operands of an unsigned division are non-negative: flags bit 0 (1) says `a` is held as an
/// exact integer, which may then be negative (an operand of another type); so does bit 1 for b.
inline void non_negative(i64 a, i64 b, const Node &n) {
  if (b == 0 || ((n.flags & 1) && a < 0) || ((n.flags & 2) && b < 0)) throw Bail{};
}
/// 32-bit division when both fit: several times faster than 64-bit division on most CPUs.
inline bool fit32(i64 a, i64 b) {
  return ((u64(a) | u64(b)) >> 32) == 0;
}
struct DivU {
  static i64 apply(i64 a, i64 b, const Node &n) {
    non_negative(a, b, n);
    if (fit32(a, b)) return i64(std::uint32_t(a) / std::uint32_t(b));
    return i64((u64(a) / u64(b)) & u64(n.hi));
  }
};
struct ModU {
  static i64 apply(i64 a, i64 b, const Node &n) {
    non_negative(a, b, n);
    if (fit32(a, b)) return i64(std::uint32_t(a) % std::uint32_t(b));
    return i64((u64(a) % u64(b)) & u64(n.hi));
  }
};

// ---- comparisons: of exact integers, of uint64 bits, of truth values ----
struct LtS {
  static i64 apply(i64 a, i64 b, const Node &) { return a < b; }
};
struct LeS {
  static i64 apply(i64 a, i64 b, const Node &) { return a <= b; }
};
struct GtS {
  static i64 apply(i64 a, i64 b, const Node &) { return a > b; }
};
struct GeS {
  static i64 apply(i64 a, i64 b, const Node &) { return a >= b; }
};
struct LtU {
  static i64 apply(i64 a, i64 b, const Node &) { return u64(a) < u64(b); }
};
struct LeU {
  static i64 apply(i64 a, i64 b, const Node &) { return u64(a) <= u64(b); }
};
struct GtU {
  static i64 apply(i64 a, i64 b, const Node &) { return u64(a) > u64(b); }
};
struct GeU {
  static i64 apply(i64 a, i64 b, const Node &) { return u64(a) >= u64(b); }
};
struct Eq {
  static i64 apply(i64 a, i64 b, const Node &) { return a == b; }
};
struct Ne {
  static i64 apply(i64 a, i64 b, const Node &) { return a != b; }
};
/// A comparison with a boolean operand compares truth values, and every operator but = is <>
/// (rac/eval.cpp compare_values).
struct EqTruth {
  static i64 apply(i64 a, i64 b, const Node &) { return (a != 0) == (b != 0); }
};
struct NeTruth {
  static i64 apply(i64 a, i64 b, const Node &) { return (a != 0) != (b != 0); }
};

// ---- bits: n.k the width, flags: 4 unsigned, 8 exact (no width) ----
inline i64 to_width(u64 r, const Node &n) {
  if (n.flags & 8) return i64(r);
  if (n.flags & 4) return i64(r & u64(n.hi));
  const int shift = 64 - int(n.k);
  return i64(r << shift) >> shift; // sign-extend the low bits
}
struct BitAnd {
  static i64 apply(i64 a, i64 b, const Node &n) { return to_width(u64(a) & u64(b), n); }
};
struct BitOr {
  static i64 apply(i64 a, i64 b, const Node &n) { return to_width(u64(a) | u64(b), n); }
};
struct BitXor {
  static i64 apply(i64 a, i64 b, const Node &n) { return to_width(u64(a) ^ u64(b), n); }
};

// ---- single nodes ----
inline i64 reg(const Node &n, Exec &ex) {
  return ex.regs[size_t(n.k)];
}
inline i64 literal(const Node &n, Exec &) {
  return n.k;
}
/// A uint64 read as an exact integer: Bail past 2^63.
inline i64 exact_of_u64(const Node &n, Exec &ex) {
  const i64 v = eval(*n.a, ex);
  if (v < 0) throw Bail{};
  return v;
}
inline i64 logical_not(const Node &n, Exec &ex) {
  return eval(*n.a, ex) == 0;
}
inline i64 neg_signed(const Node &n, Exec &ex) {
  const i64 a = eval(*n.a, ex);
  if (a == std::numeric_limits<i64>::min()) throw Bail{};
  return in_range(-a, n);
}
inline i64 neg_unsigned(const Node &n, Exec &ex) {
  return i64((u64(0) - u64(eval(*n.a, ex))) & u64(n.hi));
}
/// ~a: max - a for an unsigned type (n.hi the mask), -a - 1 otherwise.
inline i64 bit_not(const Node &n, Exec &ex) {
  const u64 r = ~u64(eval(*n.a, ex));
  return (n.flags & 4) ? i64(r & u64(n.hi)) : i64(r);
}
inline i64 logical_and(const Node &n, Exec &ex) {
  if (eval(*n.a, ex) == 0) return 0;
  ex.steps += n.cost_b;
  return eval(*n.b, ex) != 0;
}
inline i64 logical_or(const Node &n, Exec &ex) {
  if (eval(*n.a, ex) != 0) return 1;
  ex.steps += n.cost_b;
  return eval(*n.b, ex) != 0;
}
inline i64 implies(const Node &n, Exec &ex) {
  if (eval(*n.a, ex) == 0) return 1;
  ex.steps += n.cost_b;
  return eval(*n.b, ex) != 0;
}
inline i64 iff(const Node &n, Exec &ex) {
  const bool a = eval(*n.a, ex) != 0;
  return a == (eval(*n.b, ex) != 0);
}
/// A conditional expression; flags 1: in code, where it is a branch the oracle is told of.
inline i64 ite(const Node &n, Exec &ex) {
  const bool b = eval(*n.a, ex) != 0;
  if (n.flags & 1) report_branch(ex, *n.src->args[0], b);
  ex.steps += b ? n.cost_b : n.cost_c;
  return eval(b ? *n.b : *n.c, ex);
}

/// Shifts. flags: 1 left, 2 the amount is a uint64, 4 unsigned result (n.hi the mask), 8 exact
/// (logic, or the type int), 16 the value is a uint64; n.k the width of a machine type.
inline i64 shift(const Node &n, Exec &ex) {
  const i64 a = eval(*n.a, ex);
  const i64 b = eval(*n.b, ex);
  const bool left = n.flags & 1, exact = n.flags & 8, unsigned_result = n.flags & 4;
  if (b < 0) throw Bail{}; // past 2^63 as a uint64 too
  if (exact) {
    if (b > 1000000) throw Bail{}; // the interpreter does not execute it
    if (left) {
      if (a == 0) return 0;
      if (b >= 63) throw Bail{};
      const i64 r = i64(u64(a) << b);
      if ((r >> b) != a) throw Bail{};
      return r;
    }
    if (n.flags & 16) return b >= 64 ? 0 : i64(u64(a) >> b);
    return b >= 64 ? (a < 0 ? -1 : 0) : a >> b; // floor division by 2^b
  }
  if (b >= n.k) throw Bail{}; // a runtime error in code
  if (left) {
    if (unsigned_result) return i64((u64(a) << b) & u64(n.hi));
    if (a < 0 || a > (n.hi >> b)) throw Bail{}; // a negative value, or an overflow
    return a << b;
  }
  if (n.flags & 16) return i64(u64(a) >> b);
  return a >> b; // arithmetic: floor division by 2^b, as the interpreter's
}

/// A conversion. flags: 1 the value is a uint64, 2 to an exact integer, 4 to an unsigned type
/// (n.hi the mask; n.k 64 for uint64), 8 in logic (a signed target wraps instead of failing);
/// n.lo, n.hi the range of a signed target, n.k its width.
inline i64 cast(const Node &n, Exec &ex) {
  const i64 v = eval(*n.a, ex);
  const bool from_u64 = n.flags & 1;
  if (n.flags & 2) {
    if (from_u64 && v < 0) throw Bail{};
    return v;
  }
  if (n.flags & 4) {
    // The value when it fits, else its low bits (n.hi is all ones for uint64).
    return i64(u64(v) & u64(n.hi));
  }
  const bool fits = from_u64 ? u64(v) <= u64(n.hi) : (v >= n.lo && v <= n.hi);
  if (fits) return v;
  if (!(n.flags & 8)) throw Bail{}; // converting to a signed type that cannot hold it
  const int shift = 64 - int(n.k);
  return i64(u64(v) << shift) >> shift;
}

// ---- memory: n.k the pointer register, n.a the index (null: none), flags 1: subtracted ----
struct NoIndex {
  static i64 get(const Node *, Exec &) { return 0; }
};
template <class F> struct IndexBy {
  static i64 get(const Node *n, Exec &ex) { return F::get(*n, ex); }
};

/// The offset of the cell: the pointer's, plus or minus the index.
template <class Index> i64 offset(const Node &n, Exec &ex) {
  const i64 i = Index::get(n.a, ex);
  i64 r;
  if ((n.flags & 1) ? __builtin_sub_overflow(ex.regs[size_t(n.k)], i, &r)
                    : __builtin_add_overflow(ex.regs[size_t(n.k)], i, &r))
    throw Bail{};
  return r;
}
template <class Index> i64 read_cell(const Node &n, Exec &ex) {
  return load(n.k, offset<Index>(n, ex), n.repr, ex);
}

/// `offset` (an address, Stmt::cell) or `read_cell` for the shape of the index.
template <template <class> class F> EvalFn pick_index(const Node *index) {
  if (!index) return F<NoIndex>::fn;
  if (index->shape == Node::Shape::Reg) return F<IndexBy<FromReg>>::fn;
  if (index->shape == Node::Shape::Const) return F<IndexBy<FromConst>>::fn;
  return F<IndexBy<FromNode>>::fn;
}
template <class Index> struct OffsetFn { static constexpr EvalFn fn = offset<Index>; };
template <class Index> struct ReadFn { static constexpr EvalFn fn = read_cell<Index>; };

} // namespace triage::rac::compiled::ops
