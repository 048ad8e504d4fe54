#!/usr/bin/env python3
"""Seeded generator of programs whose whole input domain can be enumerated (brute.py).

usage: small.py [--seed S] [--count N] [--max-domain D] OUTDIR

Each program is one entry function with its callees, as in generate.py (whose clause mutations it
reuses), but every input ranges over a few values: arrays of at most 4 cells, cells and scalars in
small ranges, stated by the `requires` and declared in the `// program:` comment, so that brute.py
can run every input. Besides generate.py's kernels whose domain is small enough, it has kernels
for what enumeration checks best: loops left by `break`, a callee that writes a global array at
an index the caller computes (the callee's preconditions and `writes` clause mutated), and
quantified postconditions over computed ranges (`forall i. 0 <= i < size - 3 -> ...`). About one
program in three gets a `typically` clause on a scalar input (a test-only precondition,
docs/dse.md): the domain of dse and of the test strategy is then smaller than the run's.
"""
import argparse, json, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import Gen, Program, Quant, Rel, KERNELS, type_range  # noqa: E402


def cells_req(g, arrays, vmax, length='n'):
    """`requires` bounding every cell of each array to -vmax .. vmax."""
    cells = [Quant('forall', 'k', '0', length, Rel(f'-{vmax}', '<=', f'{a}[k]')) for a in arrays]
    cells += [Quant('forall', 'k', '0', length, Rel(f'{a}[k]', '<=', str(vmax))) for a in arrays]
    return f'  requires {{ {g.clause(cells, [length])} }}\n'


def range_mutated(g, quant):
    """A quantifier whose upper bound may also grow by one: the annotation then reads a cell
    past its block, a failure of the checked annotation (docs/rac.md, "Logic")."""
    if g.hit(0.3):
        return Quant(quant.kind, quant.var, quant.lo, f'{quant.hi} + 1', quant.body)
    return quant


def length_bound(g, var, nmax):
    """`0 <= var <= nmax` in the `requires`, or (one time in four) `0 <= var` there and the
    upper bound in a `typically` clause: dse bounds the block by it, the proof does not."""
    if g.rng.random() < 0.25:
        return (f'  requires {{ {g.clause([Rel("0", "<=", var)], [var])} }}\n'
                f'  typically {{ {var} <= {nmax} }}\n')
    req = g.clause([Rel('0', '<=', var), Rel(var, '<=', str(nmax))], [var])
    return f'  requires {{ {req} }}\n'


def kernel_window(g, name):
    """Whether t[i] <= t[i + d] for every i < size - d: a loop left by `break` at the first
    pair out of order, postconditions quantified over the computed range `size - d`."""
    e, d, nmax = g.rng.choice(['int8', 'int16', 'int32']), g.rng.randint(1, 3), 4
    pairs = Quant('forall', 'k', '0', f'size - {d}', Rel('t[k]', '<=', f't[k + {d}]'))
    bad = Quant('exists', 'k', '0', f'size - {d}', Rel('t[k]', '>', f't[k + {d}]'))
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', '1')], ['size', 'result'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'size'), Rel('ok', '=', '1'),
           Quant('forall', 'k', '0', 'i', Rel('t[k]', '<=', f't[k + {d}]'))]
    text = (f'fun {name}(t: ptr {e}, size: int32): int32\n' + length_bound(g, 'size', nmax) +
            f'  requires {{ valid(t + (0 .. size - 1)) }}\n' + cells_req(g, ['t'], 1, 'size') +
            f'  ensures {{ {ens} }}\n'
            f'  ensures {{ result = 1 -> {g.clause([range_mutated(g, pairs)], ["size"])} }}\n'
            f'  ensures {{ result = 0 -> {g.clause([range_mutated(g, bad)], ["size"])} }}\n'
            f'  writes {{ }}\n{{\n  var ok: int32 = 1;\n  var i: int32 = 0;\n'
            f'  while {g.pick(f"i + {d} < size", f"i + {d} <= size", f"i + {d - 1} < size")}\n'
            f'    invariant {{ {g.clause(inv, ["i", "size", "ok"])} }}\n'
            f'    writes {{ {g.locations(["i", "ok"])} }}\n    variant {{ {g.pick("size - i", "size - i - 1")} }}\n'
            f'  {{\n    if t[i] {g.pick(">", ">=", "<")} t[i + {d}] {{\n'
            f'      ok := {g.pick("0", "1")};\n      break;\n    }}\n'
            f'    i := i + 1;\n  }}\n  return ok;\n}}\n')
    return text, [('size', 'int32', 0, nmax), ('t', f'ptr {e}', -1, 1, 'size')]


# Index expressions of the scatter kernel: (code, logic of k, cells left untouched as a guard
# on k given n), the first three injective into 0 .. 3 for n <= 3.
INDICES = [('i', 'k', 'n <= k < 4'), ('3 - i', '3 - k', '0 <= k < 4 - n'),
           ('i + 1', 'k + 1', 'n + 1 <= k < 4')]
WRONG_INDICES = [('(i * 2) % 4', '(k * 2) % 4'), ('n - i', 'n - k'), ('i + 2', 'k + 2')]


def kernel_scatter(g, name):
    """t's cells stored into a global array at computed indices by a callee whose contract
    (preconditions, postcondition, writes clause) may be wrong: call preconditions, frames of
    calls, the callee's own goals, and rte_memory inside the callee."""
    e, glob = g.rng.choice(['int8', 'int16']), f'{name}_g'
    code, logic, untouched = g.rng.choice(INDICES)
    if g.hit(0.5):
        code, logic = g.rng.choice(WRONG_INDICES)
    nmax, gmax = g.rng.randint(1, 3), g.rng.choice([0, 1])
    cpre = g.clause([Rel('0', '<=', 'j'), Rel('j', '<', '4')], ['j'])
    xpre = g.clause([Rel('-2', '<=', 'x'), Rel('x', '<=', '2')], ['j', 'x'])
    cpost = g.clause([Rel(f'{glob}[j]', '=', 'x')], ['j', 'x'])
    callee = (f'global {glob}: {e}[4]\n\nfun {name}_put(j: int32, x: {e})\n'
              f'  requires {{ {cpre} }}\n  requires {{ {xpre} }}\n  ensures {{ {cpost} }}\n'
              f'  writes {{ {g.pick(f"{glob}[j]", f"{glob}[j + 1]", f"{glob}[0]", "")} }}\n'
              f'{{\n  {glob}[j] := {g.pick("x", "x + 1")};\n}}\n\n')
    gcells = [Quant('forall', 'k', '0', '4', Rel('0', '<=', f'{glob}[k]')),
              Quant('forall', 'k', '0', '4', Rel(f'{glob}[k]', '<=', str(gmax)))]
    stored = Quant('forall', 'k', '0', 'n', Rel(f'{glob}[{logic}]', '=', 't[k]'))
    kept = f'forall k: int. {untouched} -> {glob}[k] = old({glob}[k])'
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', 'n'),
           Quant('forall', 'k', '0', 'i', Rel(f'{glob}[{logic}]', '=', 't[k]'))]
    text = (callee + f'fun {name}(t: ptr {e}, n: int32)\n' + length_bound(g, 'n', nmax) +
            f'  requires {{ valid(t + (0 .. n - 1)) }}\n' + cells_req(g, ['t'], 1) +
            f'  requires {{ {g.clause(gcells, ["n"])} }}\n'
            f'  ensures {{ {g.clause([stored], ["n"])} }}\n  ensures {{ {kept} }}\n'
            f'  writes {{ {glob}[0 .. 3] }}\n{{\n  var i: int32 = 0;\n'
            f'  while {g.pick("i < n", "i <= n")}\n'
            f'    invariant {{ {g.clause(inv, ["i", "n"])} }}\n'
            f'    writes {{ {g.locations(["i", f"{glob}[0 .. 3]"])} }}\n    variant {{ n - i }}\n'
            f'  {{\n    call {name}_put({code}, t[i]);\n    i := i + 1;\n  }}\n}}\n')
    return text, [('n', 'int32', 0, nmax), ('t', f'ptr {e}', -1, 1, 'n'),
                  (glob, f'ptr {e}', 0, gmax, 4)]


def kernel_reverse(g, name):
    """A global array reversed in its first m cells by a callee swapping two cells at indices
    the caller computes (two `writes` locations), a loop left by `break` when the indices meet,
    postconditions quantified over `m - 1 - k` and from m."""
    e, glob = g.rng.choice(['int8', 'int16']), f'{name}_g'
    ipre = g.clause([Rel('0', '<=', 'i'), Rel('i', '<', '4')], ['i', 'j'])
    jpre = g.clause([Rel('0', '<=', 'j'), Rel('j', '<', '4')], ['i', 'j'])
    cpost = g.clause([Rel(f'{glob}[i]', '=', f'old({glob}[j])'),
                      Rel(f'{glob}[j]', '=', f'old({glob}[i])')], ['i', 'j'])
    callee = (f'global {glob}: {e}[4]\n\nfun {name}_swap(i: int32, j: int32)\n'
              f'  requires {{ {ipre} }}\n  requires {{ {jpre} }}\n  ensures {{ {cpost} }}\n'
              f'  writes {{ {g.locations([f"{glob}[i]", f"{glob}[j]"])} }}\n'
              f'{{\n  var tmp: {e} = {glob}[i];\n  {glob}[i] := {glob}[j];\n'
              f'  {glob}[j] := {g.pick("tmp", f"{glob}[i]")};\n}}\n\n')
    cells = g.clause([Quant('forall', 'k', '0', '4', Rel('-1', '<=', f'{glob}[k]')),
                      Quant('forall', 'k', '0', '4', Rel(f'{glob}[k]', '<=', '1'))], ['m'])
    rev = Quant('forall', 'k', '0', 'm', Rel(f'{glob}[k]', '=', f'old({glob}[m - 1 - k])'))
    rest = Quant('forall', 'k', 'm', '4', Rel(f'{glob}[k]', '=', f'old({glob}[k])'))
    inv = [Rel('0', '<=', 'lo'), Rel('lo', '<=', 'm'), Rel('hi', '=', 'm - 1 - lo')]
    text = (callee + f'fun {name}(m: int32)\n' + length_bound(g, 'm', 4) +
            f'  requires {{ {cells} }}\n  ensures {{ {g.clause([rev], ["m"])} }}\n'
            f'  ensures {{ {g.clause([rest], ["m"])} }}\n  writes {{ {glob}[0 .. 3] }}\n'
            f'{{\n  var lo: int32 = 0;\n  var hi: int32 = {g.pick("m - 1", "m")};\n'
            f'  while true\n    invariant {{ {g.clause(inv, ["lo", "hi", "m"])} }}\n'
            f'    writes {{ lo, hi, {glob}[0 .. 3] }}\n'
            f'    variant {{ {g.pick("hi - lo + 1", "hi - lo")} }}\n'
            f'  {{\n    if lo {g.pick(">=", ">")} hi {{\n      break;\n    }}\n'
            f'    call {name}_swap(lo, hi);\n    lo := lo + 1;\n    hi := hi - 1;\n  }}\n}}\n')
    return text, [('m', 'int32', 0, 4), (glob, f'ptr {e}', -1, 1, 4)]


def kernel_steps(g, name):
    """The first i < bound with x + i * s >= y, left by `break`: scalar inputs, overflow of a
    narrow counter, a postcondition quantified up to the result."""
    t, bound, s = g.rng.choice(['int8', 'int16']), g.rng.randint(3, 8), g.rng.choice([1, 2, 3, 40])
    w = g.rng.choice([3, 6, 12])
    req = g.clause([Rel(f'-{w}', '<=', 'x'), Rel('x', '<=', str(w)), Rel(f'-{w}', '<=', 'y'),
                    Rel('y', '<=', str(w))], ['x', 'y'])
    below = Quant('forall', 'j', '0', 'result', Rel(f'x + j * {s}', '<', 'y'))
    ens = g.clause([Rel('0', '<=', 'result'), Rel('result', '<=', str(bound))], ['x', 'y', 'result'])
    reached = g.clause([Rel(f'x + result * {s}', '>=', 'y')], ['x', 'y', 'result'])
    inv = [Rel('0', '<=', 'i'), Rel('i', '<=', str(bound)),
           Quant('forall', 'j', '0', 'i', Rel(f'x + j * {s}', '<', 'y'))]
    text = (f'fun {name}(x: {t}, y: {t}): {t}\n  requires {{ {req} }}\n  ensures {{ {ens} }}\n'
            f'  ensures {{ result < {bound} -> {reached} }}\n'
            f'  ensures {{ {g.clause([range_mutated(g, below)], ["x", "y"])} }}\n'
            f'  writes {{ }}\n{{\n  var i: {t} = 0;\n'
            f'  while {g.pick(f"i < {bound}", f"i <= {bound}")}\n'
            f'    invariant {{ {g.clause(inv, ["i", "x", "y"])} }}\n'
            f'    writes {{ i }}\n    variant {{ {bound} - i }}\n'
            f'  {{\n    if x + i * {s} {g.pick(">=", ">")} y {{\n      break;\n    }}\n'
            f'    i := i + 1;\n  }}\n  return i;\n}}\n')
    return text, [('x', t, -w, w), ('y', t, -w, w)]


SMALL_KERNELS = [kernel_window, kernel_scatter, kernel_reverse, kernel_steps]
# generate.py's kernels join when their drawn domain is small enough (brute.py enumerates it).
ALL_KERNELS = SMALL_KERNELS * 3 + KERNELS


def domain_size(params):
    """How many inputs the domain has: every scalar's range, and per array the cells' values
    over the length its length parameter (or fixed length) gives."""
    scalars = {p[0]: p[3] - p[2] + 1 for p in params if len(p) == 4}
    arrays = [p for p in params if len(p) == 5]
    size = 1
    for name, count in scalars.items():
        lengths = [p for p in arrays if p[4] == name]
        if not lengths:
            size *= count
            continue
        lo = next(p[2] for p in params if p[0] == name)
        total = 0
        for n in range(lo, lo + count):
            ways = 1
            for p in lengths:
                ways *= (p[3] - p[2] + 1) ** max(0, n)
            total += ways
        size *= total
    for p in arrays:
        if isinstance(p[4], int):
            size *= (p[3] - p[2] + 1) ** p[4]
    return size


def typically(g, entry, text, params):
    """Perhaps a `typically` clause on one scalar input, cutting its range (inserted after the
    entry's first line): what dse and the test strategy explore is then smaller."""
    scalars = [p for p in params if len(p) == 4 and p[3] > p[2]]
    if not scalars or g.rng.random() >= 0.35:
        return text
    name, _, lo, hi = g.rng.choice(scalars)
    c = g.rng.randint(lo, hi)
    op = g.rng.choice(['<=', '>=', '<>'] if hi - lo > 1 else ['<=', '>='])
    head = text.index('\n', text.index(f'fun {entry}(')) + 1
    return text[:head] + f'  typically {{ {name} {op} {c} }}\n' + text[head:]


def programs(seed, count, mutation=0.35, max_domain=1500):
    """`count` programs from `seed` whose domain has at most `max_domain` inputs."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        p = 0.0 if rng.random() < 0.2 else mutation
        kernel = rng.choice(ALL_KERNELS)
        name = f'q{len(out)}_{kernel.__name__[len("kernel_"):]}'
        g = Gen(rng, p)
        text, params = kernel(g, name)
        if domain_size(params) > max_domain:
            continue
        text = typically(g, name, text, params)
        meta = json.dumps({'entry': name, 'params': params})
        out.append(Program(name, f'// program: {meta}\n{text}', params))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=20)
    ap.add_argument('--mutation', type=float, default=0.35)
    ap.add_argument('--max-domain', type=int, default=1500)
    ap.add_argument('outdir')
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    for k, prog in enumerate(programs(a.seed, a.count, a.mutation, a.max_domain)):
        with open(os.path.join(a.outdir, f'small_{a.seed}_{k}.ivl'), 'w') as f:
            f.write(prog.text)


if __name__ == '__main__':
    main()
