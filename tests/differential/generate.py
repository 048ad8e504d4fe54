#!/usr/bin/env python3
"""Seeded generator of small random `.ivl` programs for differential soundness testing.

usage: generate.py [--seed S] [--count N] [--per-file K] [--mutation P] OUTDIR

Each program is one entry function `pN_...` (the function under test) with its callees. It is
built from a kernel whose loop computes something known (sum, count, max, fill, copy, product,
increments through a callee, straight-line arithmetic) with its correct contract, then clauses
and code are mutated at random (off-by-one, flipped relations, dropped conjuncts, random atoms,
loop bounds past the array): so some annotations are true and some false. Input domains are
small and stated in the `requires` so that the runtime checker and the test generator can
explore them. The same seed gives the same programs (random.Random(seed), nothing else).

As a module: `programs(seed, count, mutation)` returns the Program objects; `files(...)` groups
them K per file. Each Program knows its inputs' domains (`random_inputs`), for `triage run`.
"""
import argparse, json, os, random

SIGNED = {'int8': 8, 'int16': 16, 'int32': 32}
UNSIGNED = {'uint8': 8, 'uint16': 16}
OPS = ['<', '<=', '=', '<>', '>=', '>']


def type_range(t):
    if t in SIGNED:
        return -(1 << (SIGNED[t] - 1)), (1 << (SIGNED[t] - 1)) - 1
    if t in UNSIGNED:
        return 0, (1 << UNSIGNED[t]) - 1
    return -(1 << 40), 1 << 40                  # int: unbounded, inputs stay small anyway


class Rel:
    """A comparison `lhs op rhs` of logic."""
    def __init__(self, lhs, op, rhs):
        self.lhs, self.op, self.rhs = lhs, op, rhs

    def text(self):
        return f'{self.lhs} {self.op} {self.rhs}'

    def mutated(self, rng):
        how = rng.randrange(3)
        if how == 0:
            return Rel(self.lhs, rng.choice([o for o in OPS if o != self.op]), self.rhs)
        if how == 1:
            return Rel(self.lhs, self.op, f'{self.rhs} {rng.choice("+-")} 1')
        return Rel(f'{self.lhs} {rng.choice("+-")} 1', self.op, self.rhs)


class Pred:
    """A predicate `valid(...)`, `separated(...)`: mutated, it is negated."""
    def __init__(self, text):
        self.text_ = text

    def text(self):
        return self.text_

    def mutated(self, rng):
        return Pred(f'not {self.text_}')


class Quant:
    """`forall k: int. lo <= k < hi -> body` (or exists ... && body). Its range only ever
    shrinks under mutation: an annotation reading outside a block is a known, documented gap
    between vcgen and rac (docs/rac.md, "Logic"), not something to rediscover every run."""
    def __init__(self, kind, var, lo, hi, body):
        self.kind, self.var, self.lo, self.hi, self.body = kind, var, lo, hi, body

    def text(self):
        link = '->' if self.kind == 'forall' else '&&'
        return (f'({self.kind} {self.var}: int. {self.lo} <= {self.var} < {self.hi} {link} '
                f'{self.body.text()})')

    def mutated(self, rng):
        how = rng.randrange(4)
        if how == 0:
            return Quant(self.kind, self.var, f'{self.lo} + 1', self.hi, self.body)
        if how == 1:
            return Quant(self.kind, self.var, self.lo, f'{self.hi} - 1', self.body)
        if how == 2:
            other = 'exists' if self.kind == 'forall' else 'forall'
            return Quant(other, self.var, self.lo, self.hi, self.body)
        return Quant(self.kind, self.var, self.lo, self.hi, self.body.mutated(rng))


class Gen:
    """Random choices of one program: mutation of clauses and code at rate `p`."""
    def __init__(self, rng, p):
        self.rng, self.p = rng, p

    def hit(self, scale=1.0):
        return self.rng.random() < self.p * scale

    def clause(self, atoms, scope):
        """The text of a conjunction of atoms, perhaps mutated: an atom changed, dropped, or a
        random atom over the integer variables `scope` added."""
        atoms = list(atoms)
        if atoms and self.hit():
            i = self.rng.randrange(len(atoms))
            how = self.rng.randrange(3)
            if how == 0:
                atoms[i] = atoms[i].mutated(self.rng)
            elif how == 1:
                del atoms[i]
            else:
                atoms.append(self.random_atom(scope))
        return ' && '.join(a.text() for a in atoms) or 'true'

    def random_atom(self, scope):
        lhs = self.rng.choice(scope)
        rhs = self.rng.choice(scope + [str(self.rng.randint(-2, 6))])
        return Rel(lhs, self.rng.choice(OPS), rhs)

    def pick(self, right, *wrong):
        """The right code fragment, or (mutated) one of the wrong ones."""
        return self.rng.choice(wrong) if wrong and self.hit(0.5) else right

    def locations(self, locs):
        """A writes clause, perhaps with one location dropped."""
        locs = list(locs)
        if locs and self.hit(0.4):
            del locs[self.rng.randrange(len(locs))]
        return ', '.join(locs)


class Program:
    """One function under test with its callees: `text` (IR), `entry`, and `params`: per
    parameter (name, type, lo, hi) for a scalar, (name, 'ptr T', lo, hi, length parameter)
    for an array, (name, 'ptr T', lo, hi, N) for a global array of N cells."""
    def __init__(self, entry, text, params):
        self.entry, self.text, self.params = entry, text, params

    def random_inputs(self, rng):
        """Inputs in the intended domain, one run in five just around it (the precondition,
        perhaps mutated, decides), as `triage run --input` values."""
        wide = 1 if rng.random() < 0.2 else 0
        vals = {}
        for name, t, lo, hi, *length in self.params:
            if not length:
                vals[name] = clamp(t, rng.randint(lo - wide, hi + wide))
        for name, t, lo, hi, *length in self.params:
            if length:
                fixed = isinstance(length[0], int)       # a global array: its length
                n = length[0] if fixed else max(0, vals[length[0]] + (rng.random() < 0.2))
                vals[name] = [clamp(t.split()[1], rng.randint(lo - wide, hi + wide))
                              for _ in range(n)]
        return vals


def clamp(t, v):
    lo, hi = type_range(t)
    return max(lo, min(hi, v))


def elem_type(g):
    return g.rng.choice(['int8', 'int16', 'int32'])


def array_req(g, arrays, nmax, vmax, extra=()):
    """The requires of an array kernel: n small, the arrays valid and their cells small."""
    atoms = [Rel('0', '<=', 'n'), Rel('n', '<=', str(nmax))]
    atoms += [Pred(f'valid({a} + (0 .. n - 1))') for a in arrays]
    cells = [Quant('forall', 'k', '0', 'n', Rel(f'{a}[k]', '<=', str(vmax))) for a in arrays]
    cells += [Quant('forall', 'k', '0', 'n', Rel(f'-{vmax}', '<=', f'{a}[k]')) for a in arrays]
    return (f'  requires {{ {g.clause(atoms + list(extra), ["n"])} }}\n'
            f'  requires {{ {g.clause(cells, ["n"])} }}\n')


def loop_head(g, cond, inv_atoms, scope, writes, variant, bound='n'):
    inv = g.clause(inv_atoms, scope)
    var = g.pick(variant, f'{variant} - 1', 'i', bound)
    return (f'  while {cond}\n    invariant {{ {inv} }}\n'
            f'    writes {{ {g.locations(writes)} }}\n    variant {{ {var} }}\n')


def kernel_sum(g, name):
    """Sum of small cells into an accumulator that may be too narrow (rte_overflow)."""
    e, acc = elem_type(g), g.rng.choice(['int8', 'int16', 'int32', 'int'])
    nmax, vmax = g.rng.randint(2, 5), g.rng.choice([3, 10, 40, 100])
    add = 't[i]' if acc == e else f'{acc}(t[i])'
    ens = g.clause([Rel(f'-{vmax} * n', '<=', 'result'), Rel('result', '<=', f'{vmax} * n')],
                   ['n', 'result'])
    text = (f'fun {name}(t: ptr {e}, n: int32): {acc}\n' + array_req(g, ['t'], nmax, vmax) +
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var s: {acc} = 0;\n'
            f'  var i: int32 = {g.pick("0", "1")};\n' +
            loop_head(g, g.pick('i < n', 'i <= n'),
                      [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'), Rel(f'-{vmax} * i', '<=', 's'),
                       Rel('s', '<=', f'{vmax} * i')], ['i', 's', 'n'], ['i', 's'], 'n - i') +
            f'  {{\n    s := s + {add};\n    i := i + 1;\n  }}\n  return s;\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_count(g, name):
    """Count of the cells equal to (or above) v, in a counter of some width."""
    e, c = elem_type(g), g.rng.choice(['uint8', 'int8', 'int32'])
    nmax, vmax = g.rng.randint(2, 5), 3
    test = g.rng.choice(['=', '>'])
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', 'n')], ['n', 'v', 'result'])
    text = (f'fun {name}(t: ptr {e}, n: int32, v: {e}): {c}\n' +
            array_req(g, ['t'], nmax, vmax, [Rel(f'-{vmax}', '<=', 'v'), Rel('v', '<=', f'{vmax}')]) +
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var r: {c} = 0;\n  var i: int32 = 0;\n' +
            loop_head(g, 'i < n', [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'), Rel('0', '<=', 'r'),
                                   Rel('r', '<=', 'i')], ['i', 'r', 'n', 'v'], ['i', 'r'], 'n - i') +
            f'  {{\n    if t[i] {g.pick(test, "<>", "<")} v {{\n      r := r + {g.pick("1", "2")};\n'
            f'    }}\n    i := i + 1;\n  }}\n  return r;\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('v', e, -vmax, vmax),
                  ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_max(g, name):
    """The largest cell of a non-empty array, with both halves of its specification."""
    e, nmax, vmax = elem_type(g), g.rng.randint(2, 5), g.rng.choice([3, 50])
    upper = Quant('forall', 'k', '0', 'n', Rel('t[k]', '<=', 'result'))
    reached = Quant('exists', 'k', '0', 'n', Rel('t[k]', '=', 'result'))
    ens = g.clause([upper, reached], ['n', 'result'])
    inv = [Rel('1', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', 'i', Rel('t[k]', '<=', 'm')),
           Quant('exists', 'k', '0', 'i', Rel('t[k]', '=', 'm'))]
    text = (f'fun {name}(t: ptr {e}, n: int32): {e}\n' +
            array_req(g, ['t'], nmax, vmax, [Rel('1', g.pick('<=', '<', '>='), 'n')]) +
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var m: {e} = t[0];\n'
            f'  var i: int32 = 1;\n' +
            loop_head(g, g.pick('i < n', 'i <= n'), inv, ['i', 'm', 'n'], ['i', 'm'], 'n - i') +
            f'  {{\n    if t[i] {g.pick(">", "<", ">=")} m {{\n      m := t[i];\n    }}\n'
            f'    i := i + 1;\n  }}\n  return m;\n}}\n')
    return text, [('n', 'int32', 1, nmax), ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_fill(g, name):
    """Fill an array with v (memory writes, frames)."""
    e, nmax, vmax = elem_type(g), g.rng.randint(2, 5), 5
    ens = g.clause([Quant('forall', 'k', '0', 'n', Rel('t[k]', '=', 'v'))], ['n', 'v'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', 'i', Rel('t[k]', '=', 'v'))]
    text = (f'fun {name}(t: ptr {e}, n: int32, v: {e})\n' +
            array_req(g, ['t'], nmax, vmax, [Rel('-5', '<=', 'v'), Rel('v', '<=', '5')]) +
            f'  ensures {{ {ens} }}\n  writes {{ {g.pick("t[0 .. n - 1]", "t[0 .. n - 2]", "t[1 .. n - 1]")} }}\n'
            f'{{\n  var i: int32 = 0;\n' +
            loop_head(g, g.pick('i < n', 'i <= n'), inv, ['i', 'n', 'v'],
                      ['i', 't[0 .. n - 1]'], 'n - i') +
            f'  {{\n    t[i] := {g.pick("v", "v + 1")};\n    i := i + 1;\n  }}\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('v', e, -vmax, vmax),
                  ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_copy(g, name):
    """Copy a into b, the two separated (or not, when the clause saying so is dropped)."""
    e, nmax, vmax = elem_type(g), g.rng.randint(2, 4), 5
    sep = Pred('separated(a + (0 .. n - 1), b + (0 .. n - 1))')
    ens = g.clause([Quant('forall', 'k', '0', 'n', Rel('b[k]', '=', 'a[k]'))], ['n'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', 'i', Rel('b[k]', '=', 'a[k]'))]
    text = (f'fun {name}(a: ptr {e}, b: ptr {e}, n: int32)\n' +
            array_req(g, ['a', 'b'], nmax, vmax, [sep]) +
            f'  ensures {{ {ens} }}\n  writes {{ b[0 .. n - 1] }}\n{{\n  var i: int32 = 0;\n' +
            loop_head(g, 'i < n', inv, ['i', 'n'], ['i', 'b[0 .. n - 1]'], 'n - i') +
            f'  {{\n    b[i] := {g.pick("a[i]", "a[0]", "b[i]")};\n    i := i + 1;\n  }}\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('a', f'ptr {e}', -vmax, vmax, 'n'),
                  ('b', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_product(g, name):
    """a * b by repeated addition, in a machine type that may overflow."""
    t = g.rng.choice(['int8', 'int16', 'uint8', 'int32'])
    amax, bmax = g.rng.choice([5, 12, 30]), g.rng.randint(2, 6)
    req = g.clause([Rel('0', '<=', 'a'), Rel('a', '<=', str(amax)), Rel('0', '<=', 'b'),
                    Rel('b', '<=', str(bmax))], ['a', 'b'])
    ens = g.clause([Rel('result', '=', 'a * b')], ['a', 'b', 'result'])
    text = (f'fun {name}(a: {t}, b: {t}): {t}\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  writes {{ }}\n{{\n  var r: {t} = 0;\n  var i: {t} = 0;\n' +
            loop_head(g, g.pick('i < b', 'i <= b'),
                      [Rel('0', '<=', 'i'), Rel('i', '<=', 'b'), Rel('r', '=', 'a * i')],
                      ['a', 'b', 'i', 'r'], ['i', 'r'], 'b - i', 'b') +
            f'  {{\n    r := r + a;\n    i := i + 1;\n  }}\n  return r;\n}}\n')
    return text, [('a', t, 0, amax), ('b', t, 0, bmax)]


def kernel_calls(g, name):
    """A loop calling a callee with a contract n times (call preconditions, weak callees)."""
    t = g.rng.choice(['int8', 'int16', 'int32'])
    step, nmax, xmax = g.rng.randint(1, 3), g.rng.randint(2, 5), g.rng.choice([10, 100])
    lim = xmax + step * nmax
    cpre = g.clause([Rel(f'-{lim}', '<=', 'y'), Rel('y', '<=', str(lim))], ['y'])
    cpost = g.clause([Rel('result', '=', f'y + {step}')], ['y', 'result'])
    callee = (f'fun {name}_g(y: {t}): {t}\n  requires {{ {cpre} }}\n  ensures {{ {cpost} }}\n'
              f'  writes {{ }}\n{{\n  return y + {g.pick(str(step), str(step + 1), "0")};\n}}\n\n')
    req = g.clause([Rel(f'-{xmax}', '<=', 'x'), Rel('x', '<=', str(xmax)), Rel('0', '<=', 'n'),
                    Rel('n', '<=', str(nmax))], ['x', 'n'])
    ens = g.clause([Rel('result', '=', f'x + {step} * n')], ['x', 'n', 'result'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'), Rel('r', '=', f'x + {step} * i')]
    text = (callee + f'fun {name}(x: {t}, n: int32): {t}\n  requires {{ {req} }}\n'
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var r: {t} = x;\n  var i: int32 = 0;\n' +
            loop_head(g, g.pick('i < n', 'i <= n'), inv, ['i', 'r', 'n', 'x'], ['i', 'r'], 'n - i') +
            f'  {{\n    r := call {name}_g(r);\n    i := i + 1;\n  }}\n  return r;\n}}\n')
    return text, [('x', t, -xmax, xmax), ('n', 'int32', 0, nmax)]


def kernel_incr(g, name):
    """Each cell incremented through a callee that writes one cell (memory frames of calls)."""
    e, nmax, vmax = elem_type(g), g.rng.randint(1, 4), 5
    cpre = g.clause([Rel('0', '<=', 'j'), Pred('valid(p + j)'),
                     Rel(f'-{vmax}', '<=', 'p[j]'), Rel('p[j]', '<=', str(vmax))], ['j'])
    cpost = g.clause([Rel('p[j]', '=', 'old(p[j]) + 1')], ['j'])
    callee = (f'fun {name}_inc(p: ptr {e}, j: int32)\n  requires {{ {cpre} }}\n'
              f'  ensures {{ {cpost} }}\n  writes {{ {g.pick("p[j]", "p[j + 1]")} }}\n'
              f'{{\n  p[j] := p[j] + 1;\n}}\n\n')
    ens = g.clause([Quant('forall', 'k', '0', 'n', Rel('t[k]', '=', 'old(t[k]) + 1'))], ['n'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', 'i', Rel('t[k]', '=', 'at(t[k], LoopEntry) + 1')),
           Quant('forall', 'k', 'i', 'n', Rel('t[k]', '=', 'at(t[k], LoopEntry)'))]
    text = (callee + f'fun {name}(t: ptr {e}, n: int32)\n' + array_req(g, ['t'], nmax, vmax) +
            f'  ensures {{ {ens} }}\n  writes {{ t[0 .. n - 1] }}\n{{\n  var i: int32 = 0;\n' +
            loop_head(g, g.pick('i < n', 'i <= n'), inv, ['i', 'n'], ['i', 't[0 .. n - 1]'],
                      'n - i') +
            f'  {{\n    call {name}_inc(t, {g.pick("i", "i + 1")});\n    i := i + 1;\n  }}\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_arith(g, name):
    """Straight-line division, modulo, absolute value and unsigned wrap-around."""
    t = g.rng.choice(['int8', 'int16', 'int32', 'uint8'])
    lo = 0 if t.startswith('u') else g.rng.choice([-20, -128 if t == 'int8' else -100])
    hi = g.rng.choice([20, 127 if t == 'int8' else 255 if t == 'uint8' else 100])
    req = g.clause([Rel(str(lo), '<=', 'a'), Rel('a', '<=', str(hi)), Rel('1', '<=', 'b'),
                    Rel('b', '<=', '7')], ['a', 'b'])
    ens = g.clause([Rel('result', '=', 'a / b * b + a % b'), Rel('-a', '<=', 'result'),
                    Rel('result', '<=', 'a + a * a')], ['a', 'b', 'result'])
    post = g.pick('q * b + m', 'q * b - m', 'q + m')
    text = (f'fun {name}(a: {t}, b: {t}): {t}\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  writes {{ }}\n{{\n  var q: {t} = a / {g.pick("b", "(b - 1)")};\n'
            f'  var m: {t} = a % b;\n'
            f'  assert {{ {g.clause([Rel("m", "<", "b"), Rel("-b", "<", "m")], ["a", "b", "q", "m"])} }}\n'
            f'  return {post};\n}}\n')
    return text, [('a', t, lo, hi), ('b', t, 1, 7)]


def kernel_search(g, name):
    """Index of the first cell equal to v, or -1: a loop left by `return` or `break`."""
    e, nmax, vmax = elem_type(g), g.rng.randint(1, 5), 3
    found = Rel('t[result]', '=', 'v')
    ens = g.clause([Rel('-1', '<=', 'result'), Rel('result', '<', 'n'),
                    Quant('forall', 'k', '0', 'result', Rel('t[k]', '<>', 'v'))],
                   ['n', 'v', 'result'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'), Rel('r', '=', '-1'),
           Quant('forall', 'k', '0', 'i', Rel('t[k]', '<>', 'v'))]
    leave = g.rng.choice(['return i;', 'r := i;\n      break;'])
    text = (f'fun {name}(t: ptr {e}, n: int32, v: {e}): int32\n' +
            array_req(g, ['t'], nmax, vmax, [Rel(f'-{vmax}', '<=', 'v'), Rel('v', '<=', str(vmax))]) +
            f'  ensures {{ {ens} }}\n  ensures {{ result >= 0 -> {g.clause([found], ["n", "v"])} }}\n'
            f'  writes {{ }}\n{{\n  var r: int32 = -1;\n  var i: int32 = 0;\n' +
            loop_head(g, 'i < n', inv, ['i', 'n', 'v', 'r'], ['i', 'r'], 'n - i') +
            f'  {{\n    if t[i] = v {{\n      {leave}\n    }}\n    i := i + {g.pick("1", "2")};\n  }}\n'
            f'  return r;\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('v', e, -vmax, vmax),
                  ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_global(g, name):
    """A global counter bumped by a callee (writes of globals, old, assertions after calls)."""
    t, gmax, step = g.rng.choice(['int8', 'int16', 'int32', 'uint8']), g.rng.choice([10, 120]), 2
    cpre = g.clause([Rel('0', '<=', f'{name}_c'), Rel(f'{name}_c', '<=', str(gmax + step))],
                    [f'{name}_c'])
    cpost = g.clause([Rel(f'{name}_c', '=', f'old({name}_c) + {step}')], [f'{name}_c'])
    callee = (f'global {name}_c: {t}\n\nfun {name}_bump()\n  requires {{ {cpre} }}\n'
              f'  ensures {{ {cpost} }}\n  writes {{ {g.pick(f"{name}_c", "")} }}\n'
              f'{{\n  {name}_c := {name}_c + {g.pick(str(step), "1")};\n}}\n\n')
    req = g.clause([Rel('0', '<=', f'{name}_c'), Rel(f'{name}_c', '<=', str(gmax))], [f'{name}_c'])
    asrt = g.clause([Rel(f'{name}_c', '=', f'old({name}_c) + {step}')], [f'{name}_c'])
    ens = g.clause([Rel(f'{name}_c', '=', f'old({name}_c) + {2 * step}')], [f'{name}_c'])
    text = (callee + f'fun {name}()\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  writes {{ {name}_c }}\n{{\n  call {name}_bump();\n  assert {{ {asrt} }}\n'
            f'  {g.pick(f"call {name}_bump();", f"{name}_c := {name}_c + {step};", "")}\n}}\n')
    return text, [(f'{name}_c', t, 0, gmax)]


def kernel_convert(g, name):
    """Conversions (signed: rte_overflow out of range; unsigned: wrap), shifts and masks."""
    src, dst = g.rng.choice([('int16', 'int8'), ('int32', 'int16'), ('int16', 'uint8'),
                             ('int32', 'uint8'), ('uint16', 'uint8'), ('int8', 'uint16')])
    lo, hi = g.rng.choice([(-200, 200), (-10, 300), (0, 127), (-128, 127)])
    lo, hi = max(lo, type_range(src)[0]), min(hi, type_range(src)[1])
    req = g.clause([Rel(str(lo), '<=', 'x'), Rel('x', '<=', str(hi)), Rel('0', '<=', 's'),
                    Rel('s', '<=', '3')], ['x', 's'])
    lo_d, hi_d = type_range(dst)
    ens = g.clause([Rel(str(lo_d), '<=', 'result'), Rel('result', '<=', str(hi_d)),
                    Rel('result', '=', f'{dst}(x)')], ['x', 's', 'result'])
    shift = g.rng.choice([f'y >> {dst}(s)', f'y & {dst}(7)', 'y', f'y << {dst}(s)'])
    asrt = g.clause([Rel('y', '=', f'{dst}(x)')], ['x', 'y', 's'])
    text = (f'fun {name}(x: {src}, s: {src}): {dst}\n  requires {{ {req} }}\n'
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var y: {dst} = {dst}(x);\n'
            f'  assert {{ {asrt} }}\n  if s > {g.pick("3", "1")} {{\n    return {shift};\n  }}\n'
            f'  return y;\n}}\n')
    return text, [('x', src, lo, hi), ('s', src, 0, 3)]


def kernel_pairs(g, name):
    """Equal pairs i < j counted by nested loops (inner loop contracts inside an outer loop)."""
    e, c, nmax, vmax = elem_type(g), g.rng.choice(['int8', 'int32']), g.rng.randint(1, 4), 2
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', 'n * n')], ['n', 'result'])
    outer = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'), Rel('0', '<=', 'r'), Rel('r', '<=', 'i * n')]
    inner = [Rel('i + 1', '<=', 'j'), Rel('j', '<=', 'n'), Rel('0', '<=', 'r'),
             Rel('r', '<=', 'i * n + j')]
    text = (f'fun {name}(t: ptr {e}, n: int32): {c}\n' + array_req(g, ['t'], nmax, vmax) +
            f'  ensures {{ {ens} }}\n  writes {{ }}\n{{\n  var r: {c} = 0;\n  var i: int32 = 0;\n' +
            loop_head(g, 'i < n', outer, ['i', 'r', 'n'], ['i', 'r'], 'n - i') +
            f'  {{\n    var j: int32 = i + 1;\n' +
            loop_head(g, g.pick('j < n', 'j <= n'), inner, ['i', 'j', 'r', 'n'], ['j', 'r'],
                      'n - j').replace('\n  ', '\n    ').replace('  while', '    while', 1) +
            f'    {{\n      if t[i] = t[j] {{\n        r := r + 1;\n      }}\n'
            f'      j := j + 1;\n    }}\n    i := i + 1;\n  }}\n  return r;\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('t', f'ptr {e}', -vmax, vmax, 'n')]


def kernel_histogram(g, name):
    """Counts per value in a local array (local blocks, indices computed from cells)."""
    e, nmax = elem_type(g), g.rng.randint(1, 5)
    req = g.clause([Rel('0', '<=', 'n'), Rel('n', '<=', str(nmax)), Pred('valid(t + (0 .. n - 1))'),
                    Rel('0', '<=', 'v'), Rel('v', '<=', '3')], ['n', 'v'])
    cells = g.clause([Quant('forall', 'k', '0', 'n', Rel('0', '<=', 't[k]')),
                      Quant('forall', 'k', '0', 'n', Rel('t[k]', '<=', '3'))], ['n'])
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', 'n')], ['n', 'v', 'result'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', '4', Rel('h[k]', '<=', 'i')),
           Quant('forall', 'k', '0', '4', Rel('0', '<=', 'h[k]'))]
    text = (f'fun {name}(t: ptr {e}, n: int32, v: int32): int32\n  requires {{ {req} }}\n'
            f'  requires {{ {cells} }}\n  ensures {{ {ens} }}\n  writes {{ }}\n{{\n'
            f'  var h: int32[4];\n  var i: int32 = 0;\n' +
            loop_head(g, 'i < n', inv, ['i', 'n', 'v'], ['i', 'h[0 .. 3]'], 'n - i') +
            f'  {{\n    var c: {e} = t[i]{g.pick("", " + 1")};\n    h[c] := h[c] + 1;\n'
            f'    i := i + 1;\n  }}\n  return h[v];\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('v', 'int32', 0, 3), ('t', f'ptr {e}', 0, 3, 'n')]


def random_expr(g, leaves, depth, shifts, unsigned, top=True):
    """A random arithmetic expression over `leaves` (the same text is code and logic)."""
    if depth == 0 or (not top and g.rng.random() < 0.3):
        return g.rng.choice(leaves + [str(g.rng.randint(0 if unsigned else -3, 9))])
    ops = ['+', '-', '*', '/', '%', '&', '|', '^'] + (['<<', '>>'] if shifts else [])
    op = g.rng.choice(ops)
    left = random_expr(g, leaves, depth - 1, shifts, unsigned, False)
    right = (str(g.rng.randint(0, 3)) if op in ('<<', '>>')
             else random_expr(g, leaves, depth - 1, shifts, unsigned, False))
    return f'({left} {op} {right})'


def kernel_expr(g, name):
    """Random arithmetic in code, asserted equal to the same expression in logic: they differ
    where machine arithmetic wraps (unsigned) and agree elsewhere (signed overflow is a runtime
    error first). Division by zero, shifts and C's truncation all arise."""
    t = g.rng.choice(['int8', 'int16', 'int32', 'uint8', 'uint16', 'int'])
    lo = 0 if t.startswith('u') else -g.rng.choice([3, 20, 100])
    hi = g.rng.choice([3, 20, 100])
    req = g.clause([Rel(str(lo), '<=', 'a'), Rel('a', '<=', str(hi)), Rel(str(lo), '<=', 'b'),
                    Rel('b', '<=', str(hi))], ['a', 'b'])
    e1 = random_expr(g, ['a', 'b'], 3, t != 'int', t.startswith('u'))
    e2 = random_expr(g, ['a', 'b', 'y'], 2, t != 'int', t.startswith('u'))
    asrt = g.clause([Rel('y', '=', e1)], ['a', 'b', 'y'])
    ens = g.clause([Rel('result', '=', e2.replace('y', e1))], ['a', 'b', 'result'])
    text = (f'fun {name}(a: {t}, b: {t}): {t}\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  writes {{ }}\n{{\n  var y: {t} = {e1};\n  assert {{ {asrt} }}\n'
            f'  return {e2};\n}}\n')
    return text, [('a', t, lo, hi), ('b', t, lo, hi)]


def kernel_havoc(g, name):
    """`havoc` then `assume`, a label and `at` (values from nowhere, earlier states)."""
    t = g.rng.choice(['int8', 'int16', 'uint8'])
    amax, xmax = g.rng.choice([10, 60]), g.rng.choice([5, 70])
    req = g.clause([Rel('0', '<=', 'a'), Rel('a', '<=', str(amax))], ['a'])
    assume = g.clause([Rel('0', '<=', 'x'), Rel('x', '<=', str(xmax))], ['a', 'x'])
    asrt = g.clause([Rel('at(x, L)', '=', 'a'), Rel('x', '<=', str(xmax))], ['a', 'x'])
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', f'{amax + xmax}')],
                   ['a', 'result'])
    text = (f'fun {name}(a: {t}): {t}\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  writes {{ }}\n{{\n  var x: {t} = a;\n  label L;\n  havoc x;\n'
            f'  assume {{ {assume} }}\n  assert {{ {asrt} }}\n  return {g.pick("x + a", "x - a", "x * a")};\n}}\n')
    return text, [('a', t, 0, amax)]


KERNELS = [kernel_sum, kernel_count, kernel_max, kernel_fill, kernel_copy, kernel_product,
           kernel_calls, kernel_incr, kernel_arith, kernel_search, kernel_global,
           kernel_convert, kernel_pairs, kernel_histogram, kernel_expr, kernel_expr,
           kernel_havoc]


def programs(seed, count, mutation=0.35):
    """`count` programs from `seed`: about one in five unmutated (every goal true)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        p = 0.0 if rng.random() < 0.2 else mutation
        kernel = rng.choice(KERNELS)
        name = f'p{i}_{kernel.__name__[len("kernel_"):]}'
        text, params = kernel(Gen(rng, p), name)
        meta = json.dumps({'entry': name, 'params': params})
        out.append(Program(name, f'// program: {meta}\n{text}', params))
    return out


def files(progs, per_file):
    """Programs grouped `per_file` to a file: (file text, programs)."""
    groups = [progs[i:i + per_file] for i in range(0, len(progs), per_file)]
    return [('\n'.join(p.text for p in grp), grp) for grp in groups]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=20)
    ap.add_argument('--per-file', type=int, default=1)
    ap.add_argument('--mutation', type=float, default=0.35)
    ap.add_argument('outdir')
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    for k, (text, _) in enumerate(files(programs(a.seed, a.count, a.mutation), a.per_file)):
        with open(os.path.join(a.outdir, f'gen_{a.seed}_{k}.ivl'), 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
