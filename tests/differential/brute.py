#!/usr/bin/env python3
"""Brute-force oracle: every input of a small domain run, against what dse and the diagnosis
promise (docs/differential.md, "The brute-force oracle").

usage: brute.py TRIAGE [--seed S] [--count N] [--jobs J] [--timeout T] [--budget B]
                [--deadline D] [--max-domain M] [--keep DIR] [--files FILE.ivl ...]

Programs come from small.py (seed, count), one to a file, or from --files (their `// program:`
line names the entry and its inputs' domains). Per program: every input of the domain runs under
rac in one process (`triage run --inputs-file`); the goals some input fails first (within the
precondition) are the oracle's. Then:
  - `triage dse` said "complete exploration": each of those goals is failed by one of its tests
    (inputs that break a `typically` clause left out: dse does not explore them);
  - `triage diagnose --strategy test` and the default strategy: each such goal is
    `non_compliance`, unless the verdict's search was not complete (`unknown` or a weakness with
    `nc_search` other than `complete`) or spoke only of `typically` inputs the failing ones
    break; `proved` and `prover_incapacity` are wrong whatever the search;
  - every dse test and every non-compliance whose inputs lie in the domain fails what the
    enumeration says those inputs fail.
A weakness over a goal a real input fails, behind an incomplete NC search, is allowed by
docs/diagnose.md but listed (`weak over bug`). Exit code 1 when some check fails.
"""
import argparse, concurrent.futures, itertools, json, os, shlex, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import small  # noqa: E402
from check import metadata  # noqa: E402
from properties import ENV, key, run_measured, show  # noqa: E402


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('triage', help='the triage binary, or a command line that runs it')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--jobs', type=int, default=2, help='programs checked at once')
    ap.add_argument('--timeout', type=float, default=1, help='solver timeout per goal (s)')
    ap.add_argument('--budget', type=float, default=1, help='dse budget per exploration (s)')
    ap.add_argument('--deadline', type=float, default=30, help='per diagnosis of a file (s)')
    ap.add_argument('--prover', default='z3')
    ap.add_argument('--max-domain', type=int, default=1500)
    ap.add_argument('--max-block', help="dse's and the test strategy's longest input block "
                    '(default theirs): below the domain\'s arrays, their searches must say so')
    ap.add_argument('--mutation', type=float, default=0.35)
    ap.add_argument('--keep', help='write every program with a disagreement to this folder')
    ap.add_argument('--progress', type=int, default=0, metavar='K',
                    help='a line on stderr every K programs')
    ap.add_argument('--files', nargs='+', help='check these files instead of generated ones')
    return ap.parse_args()


def domain(params):
    """Every input of the declared domain, as {name: value} (arrays as lists of cells)."""
    scalars = [p for p in params if len(p) == 4]
    arrays = [p for p in params if len(p) == 5]
    for values in itertools.product(*[range(p[2], p[3] + 1) for p in scalars]):
        vals = dict(zip([p[0] for p in scalars], values))
        blocks = [itertools.product(range(lo, hi + 1),
                                    repeat=length if isinstance(length, int) else max(0, vals[length]))
                  for _, _, lo, hi, length in arrays]
        for cells in itertools.product(*blocks):
            yield dict(vals, **{p[0]: list(c) for p, c in zip(arrays, cells)})


def canonical(inputs, names):
    """A hashable form of an input set over the domain's names (None when it names others)."""
    if set(inputs) != set(names):
        return None
    return json.dumps([inputs[n] for n in names])


class Program:
    """One program: the enumeration, then each consumer's answers checked against it."""

    def __init__(self, a, path, text, prog):
        self.a, self.path, self.text, self.prog = a, path, text, prog
        self.names = [p[0] for p in prog.params]
        self.problems, self.weak, self.excused, self.stats = [], [], [], {}

    def count(self, what, n=1):
        self.stats[what] = self.stats.get(what, 0) + n

    def call(self, *args):
        rc, out, err, cpu = run_measured([*shlex.split(self.a.triage), *args], ENV)
        self.count(f'cpu_{args[0]}', cpu)
        return rc, out, err

    def problem(self, k, what, one, other):
        self.problems.append(f'DISAGREEMENT in {self.path}: {show(k)}: {what}\n'
                             f'  triage: {one}\n  oracle: {other}\n--- program\n{self.text.strip()}')

    def check(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.tmp = tmp
            self.enumerate()
            self.check_dse()
            # The promises checked are about goals some input fails: without one, a diagnosis
            # (most of the time of a program, proving) has nothing to answer for here.
            for strategy in ('test', 'combined') if self.failing else ():
                self.check_diagnosis(strategy)
        return self.stats, self.problems, self.weak, self.excused

    # --- the oracle: every input under rac ---------------------------------------------------

    def run_all(self, inputs, *extra):
        """The outcome of each input set, from one `triage run --inputs-file` process."""
        path = os.path.join(self.tmp, 'inputs.jsonl')
        with open(path, 'w') as f:
            for i in inputs:
                f.write(json.dumps({'inputs': i}) + '\n')
        rc, out, err = self.call('run', self.path, '--function', self.prog.entry,
                                 '--inputs-file', path, '--format', 'json', *extra)
        lines = out.splitlines()
        if rc not in (0, 1) or len(lines) != len(inputs):
            raise RuntimeError(f'{self.path}: triage run --inputs-file: exit {rc}: {err.strip()[:500]}')
        return [json.loads(line) for line in lines]

    def enumerate(self):
        """`self.outcome`: canonical input -> failed goal key (None: no failure);
        `self.failing`: key -> failing inputs, each with whether it satisfies `typically`."""
        inputs = list(domain(self.prog.params))
        outcomes = self.run_all(inputs)
        self.count('programs')
        self.count('inputs', len(inputs))
        self.outcome, failed = {}, []
        for i, o in zip(inputs, outcomes):
            self.count(f"run_{o['outcome']}")
            k = key(o['goal']) if o['outcome'] == 'failure' else None
            self.outcome[canonical(i, self.names)] = (o['outcome'], k)
            if k:
                failed.append((i, k))
        typical = [True] * len(failed)
        if failed and 'typically' in self.text:   # which failing inputs dse explores
            again = self.run_all([i for i, _ in failed], '--typically')
            typical = [o['outcome'] != 'outside_precondition' for o in again]
        self.failing = {}
        for (i, k), t in zip(failed, typical):
            self.failing.setdefault(k, []).append((i, t))
        self.count('goals_failed', len(self.failing))

    def first_input(self, k, typical_only):
        for i, t in self.failing[k]:
            if t or not typical_only:
                return i
        return None

    def agrees(self, k, inputs, who):
        """A failing test or counterexample `who` gave for goal k: the enumeration fails the
        same goal with the same inputs, when they are in the domain."""
        c = canonical(inputs, self.names)
        if c is None or c not in self.outcome:
            return
        self.count('replays_in_domain')
        outcome, got = self.outcome[c]
        if got != k:
            self.problem(k, f'{who} fails it, the run from the same inputs does not',
                         f'{who}: {json.dumps(inputs)}',
                         f'triage run: {outcome}{" " + show(got) if got else ""}')

    def max_block(self):
        return ['--max-block', self.a.max_block] if self.a.max_block else []

    # --- dse -------------------------------------------------------------------------------

    def check_dse(self):
        rc, out, err = self.call('dse', self.path, '--function', self.prog.entry, '--budget',
                                 str(self.a.budget), *self.max_block(), '--format', 'json')
        try:
            out = json.loads(out)
        except ValueError:
            self.problems.append(f'{self.path}: triage dse gave no JSON: {err.strip()[:500]}')
            return
        self.count('dse_complete', 1 if out['complete'] else 0)
        tested = set()
        for test in out['tests']:
            if test['outcome'] != 'failure':
                continue
            k = key(test['goal'])
            tested.add(k)
            if not test.get('subcontract_outputs'):
                self.agrees(k, test['inputs'], 'a dse test')
        if not out['complete']:
            return
        for k in self.failing:
            i = self.first_input(k, typical_only=True)
            if i is not None and k not in tested:
                self.problem(k, 'a complete dse exploration misses a failure',
                             f'triage dse --function {self.prog.entry}: complete, '
                             f'{len(out["tests"])} tests, none fails it',
                             f'fails with {json.dumps(i)}')

    # --- diagnosis -------------------------------------------------------------------------

    def check_diagnosis(self, strategy):
        args = ['--strategy', strategy] if strategy != 'combined' else []
        rc, out, err = self.call('diagnose', self.path, *args, '--prover', self.a.prover,
                                 '--timeout', str(self.a.timeout), '--budget', str(self.a.budget),
                                 '--deadline', str(self.a.deadline), *self.max_block(),
                                 '--format', 'json')
        try:
            goals = json.loads(out)['goals']
        except (ValueError, KeyError):
            self.problems.append(f'{self.path}: triage diagnose {" ".join(args)} gave no JSON: '
                                 f'{err.strip()[:500]}')
            return
        by_key = {}
        for g in goals:
            by_key.setdefault(key(g), []).append(g)
            self.count(f"{strategy}_{g['verdict']}")
            cex = g.get('counterexample')
            # A callee's goal is diagnosed from the callee: its inputs are not the entry's.
            if (g['verdict'] == 'non_compliance' and cex and not cex.get('subcontract_outputs')
                    and cex.get('function') == self.prog.entry):
                self.agrees(key(g), cex['inputs'], f'{strategy} non_compliance')
        for k in self.failing:
            self.judge(k, by_key.get(k, []), strategy)

    def judge(self, k, goals, strategy):
        """Goal k fails on a real input: its verdict must say so, unless its search was not
        complete. Goals sharing k (two overflows on one line) all must be wrong for a problem."""
        verdicts = [self.fault(k, g) for g in goals]
        if not goals or any(v is None for v in verdicts):
            self.count(f'{strategy}_judged_{"non_compliance" if goals else "absent"}')
            return
        kinds = {v[0] for v in verdicts}
        self.count(f'{strategy}_judged_{"hard" if kinds == {"hard"} else "excused"}')
        if 'excused' in kinds:   # listed: what the incomplete searches left open
            _, why, i = next(v for v in verdicts if v[0] == 'excused')
            self.excused.append(f'({why}) {self.path}: {show(k)}: {strategy}: '
                                f'{describe(goals[0])}; fails with {json.dumps(i)}')
        name = f'triage diagnose --strategy {strategy}'
        if kinds == {'hard'}:
            _, what, i = verdicts[0]
            self.problem(k, what, f'{name}: {describe(goals[0])}', f'fails with {json.dumps(i)}')
        elif kinds <= {'hard', 'weak'}:
            i = next(v[2] for v in verdicts if v[0] == 'weak')
            self.weak.append(f'{self.path}: {show(k)}: {name}: {describe(goals[0])}; '
                             f'fails with {json.dumps(i)}')

    def fault(self, k, g):
        """None when the verdict keeps the promise; ('hard', what, input) when it breaks it;
        ('weak', ...) for a weakness behind an incomplete NC search; ('excused', ...)."""
        verdict, nc = g['verdict'], g.get('nc_search')
        # The test strategy's searches of the entry assume its `typically` clauses.
        typical_only = g['function'] == self.prog.entry
        anywhere, in_scope = self.first_input(k, False), self.first_input(k, typical_only)
        if verdict == 'non_compliance':
            return None
        if verdict == 'proved':
            return 'hard', 'proved, yet a run fails it', anywhere
        if verdict == 'prover_incapacity':
            return 'hard', 'prover_incapacity (holds on every run), yet a run fails it', anywhere
        if in_scope is None:
            return 'excused', 'only inputs outside typically fail it', anywhere
        scope = g.get('search_scope') or {}
        if verdict == 'likely_prover_incapacity' and scope.get('kind') == 'automatic':
            # Its promise is the small scope it states: no failing input inside it.
            inside = next((i for i, t in self.failing[k]
                           if (t or not typical_only) and in_small_scope(i, scope)), None)
            if inside is None:
                return 'excused', 'only inputs outside the stated small scope fail it', in_scope
            return 'hard', 'likely_prover_incapacity, yet a run within its small scope fails it', inside
        if verdict == 'likely_prover_incapacity' and scope.get('kind') == 'blocks_apart':
            # Its promise: no failing input whose pointers have blocks of their own, as all of
            # these inputs have.
            return 'hard', 'likely_prover_incapacity (blocks apart), yet a run fails it', anywhere
        if verdict == 'likely_prover_incapacity':
            return 'hard', 'likely_prover_incapacity, yet a run within typically fails it', in_scope
        if nc == 'complete':
            return 'hard', f'{verdict} after a complete NC search, yet a run fails it first', in_scope
        if verdict == 'subcontract_weakness':
            return 'weak', '', in_scope
        return 'excused', 'incomplete search', in_scope


def in_small_scope(inputs, scope):
    """Whether inputs lie in a search_scope of kind automatic: every integer (scalar or cell)
    in one of its intervals, every array at most its cells long."""
    intervals = scope.get('intervals') or []

    def ok(v):
        if isinstance(v, bool) or v is None:
            return True
        if isinstance(v, str) and v.lstrip('-').isdigit():
            v = int(v)
        if isinstance(v, int):
            return any(int(lo) <= v <= int(hi) for lo, hi in intervals)
        if isinstance(v, list):
            return len(v) <= scope.get('cells', 0) and all(ok(x) for x in v)
        return True
    return all(ok(v) for v in inputs.values())


def describe(g):
    subs = f" [{', '.join(g.get('subcontracts') or [])}]" if g.get('subcontracts') else ''
    notes = '; '.join(g.get('notes') or [])[:300]
    return (f"{g['verdict']}{subs}, answer {g.get('answer')}, nc_search {g.get('nc_search')}"
            f"{', notes: ' + notes if notes else ''}")


def programs(a, tmp):
    """(path, text, Program) of each program to check."""
    out = []
    if a.files:
        for path in a.files:
            with open(path) as f:
                text = f.read()
            out += [(path, text, p) for p in metadata(text)[0]]
        return out
    for n, p in enumerate(small.programs(a.seed, a.count, a.mutation, a.max_domain)):
        path = os.path.join(tmp, f'small_{a.seed}_{n}.ivl')
        with open(path, 'w') as f:
            f.write(p.text)
        out.append((path, p.text, p))
    return out


def check_one(a, item):
    path, text, prog = item
    try:
        return Program(a, path, text, prog).check()
    except RuntimeError as e:
        return {}, [str(e)], [], []


def main():
    a = parse_args()
    start = time.time()
    stats, problems, weak, excused = {}, [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        items = programs(a, tmp)
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
            for done, (item, (st, pr, wk, ex)) in enumerate(
                    zip(items, pool.map(lambda i: check_one(a, i), items)), 1):
                for k, v in st.items():
                    stats[k] = stats.get(k, 0) + v
                if a.progress and done % a.progress == 0:   # figures so far: a long run may stop
                    print(f'{done}/{len(items)} programs, {time.time() - start:.0f} s, '
                          f"{stats.get('inputs', 0)} inputs, {stats.get('goals_failed', 0)} goals "
                          f"failed, {stats.get('dse_complete', 0)} complete, {len(weak)} weak over "
                          f'bug, {len(problems)} disagreements', file=sys.stderr, flush=True)
                for p in pr:
                    print(p, end='\n\n', flush=True)
                problems += pr
                weak += wk
                excused += ex
                if pr and a.keep:
                    os.makedirs(a.keep, exist_ok=True)
                    with open(os.path.join(a.keep, os.path.basename(item[0])), 'w') as f:
                        f.write(item[1])
    for w in weak:
        print(f'weak over bug: {w}')
    for e in excused:
        print(f'excused {e}')
    print(', '.join(f'{k} {v:.0f}' for k, v in sorted(stats.items())) +
          f'; {len(weak)} weak over bug; {len(problems)} disagreements; '
          f'{time.time() - start:.0f} s')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
