#!/usr/bin/env python3
"""Differential soundness testing: prover, runtime checker, test generator and diagnosis
strategies on the same random programs must never contradict each other (docs/differential.md).

usage: check.py TRIAGE [--seed S] [--count N] [--per-file K] [--jobs J] [--runs R]
                [--timeout T] [--budget B] [--keep DIR] [--files FILE.ivl ...]

Programs come from generate.py (seed, count), K to a file, or from --files (regressions: their
`// program:` lines name the functions under test and their input domains, `// inputs:` lines
fixed runs). For each file, properties.py's checks run on the answers of `triage prove` (Z3 and
cvc5 apart), `triage run` (R random inputs per program), `triage dse` and `triage compare`.
Every disagreement is printed with its program, goal and both sides; the exit code is then 1.
"""
import argparse, concurrent.futures, json, os, random, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate, properties  # noqa: E402


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('triage', help='the triage binary, or a command line that runs it')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--per-file', type=int, default=8)
    ap.add_argument('--jobs', type=int, default=2, help='files checked at once')
    ap.add_argument('--runs', type=int, default=3, help='random runs per program')
    ap.add_argument('--timeout', type=float, default=1, help='solver timeout per goal (s)')
    ap.add_argument('--budget', type=float, default=1, help='dse budget per exploration (s)')
    ap.add_argument('--mutation', type=float, default=0.35)
    ap.add_argument('--keep', help='write every file with a disagreement to this folder')
    ap.add_argument('--progress', type=int, default=0, metavar='K',
                    help='a line on stderr every K files')
    ap.add_argument('--files', nargs='+', help='check these files instead of generated ones')
    return ap.parse_args()


def metadata(text):
    """The programs and fixed inputs a file's comments declare."""
    progs, fixed = [], []
    for line in text.splitlines():
        if line.startswith('// program: '):
            m = json.loads(line[len('// program: '):])
            progs.append(generate.Program(m['entry'], '', [tuple(p) for p in m['params']]))
        elif line.startswith('// inputs: '):
            entry, vals = line[len('// inputs: '):].split(' ', 1)
            fixed.append((entry, json.loads(vals)))
    return progs, fixed


def generated_files(a, tmp):
    """(path, label) of the generated files, written in `tmp`."""
    out = []
    progs = generate.programs(a.seed, a.count, a.mutation)
    for k, (text, _) in enumerate(generate.files(progs, a.per_file)):
        path = os.path.join(tmp, f'gen_{a.seed}_{k}.ivl')
        with open(path, 'w') as f:
            f.write(text)
        out.append(path)
    return out


def check_one(a, path):
    """Every property on one file: (programs, stats, disagreements)."""
    with open(path) as f:
        text = f.read()
    progs, fixed = metadata(text)
    runs = []
    for p in progs:
        rng = random.Random(f'{os.path.basename(path)}:{p.entry}')
        runs += [(p.entry, p.random_inputs(rng)) for _ in range(a.runs)]
    runs += fixed
    ctx = properties.Context(a.triage, path, text, a.timeout, a.budget)
    return len(progs), ctx.check_all([p.entry for p in progs], runs)


def main():
    a = parse_args()
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        paths = a.files or generated_files(a, tmp)
        total, stats, problems = 0, {}, []
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
            results = pool.map(lambda p: check_one(a, p), paths)
            for done, (path, (n, (st, pr))) in enumerate(zip(paths, results), 1):
                if a.progress and done % a.progress == 0:
                    print(f'{done}/{len(paths)} files, {time.time() - start:.0f} s',
                          file=sys.stderr, flush=True)
                total += n
                for k, v in st.items():
                    stats[k] = stats.get(k, 0) + v
                for p in pr:            # as soon as found: a long run may be stopped early
                    print(p, end='\n\n', flush=True)
                problems += pr
                if pr and a.keep:
                    os.makedirs(a.keep, exist_ok=True)
                    with open(path) as src, open(os.path.join(a.keep, os.path.basename(path)), 'w') as dst:
                        dst.write(src.read())
    print(f'{total} programs in {len(paths)} files, ' +
          ', '.join(f'{k} {v:.0f}' for k, v in sorted(stats.items())) +
          f'; {len(problems)} disagreements; {time.time() - start:.0f} s')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
