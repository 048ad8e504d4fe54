#!/usr/bin/env python3
"""The static strategy never contradicts a real run (shared examples and shared/next).

usage: static_soundness.py TRIAGE DIR...

For each DIR with an expected.tsv, runs `TRIAGE diagnose FILE --strategy static --format json`
on every file it lists and checks:
  - no static verdict lands on a goal expected to be a subcontract weakness, nor on a goal no
    row expects to fail, and every verdict it gives is a non-compliance;
  - every non-compliance it gives replays through `triage run` (fails that goal), or is marked
    not replayed and its run reaches the step limit.
Prints the number of non-compliances shown, replayed and not, and the time.
"""
import json, os, subprocess, sys, tempfile, time

triage, dirs = sys.argv[1], sys.argv[2:]
problems = []
shown = replayed = 0
total_ms = 0


def rows_of(d):
    rows = {}
    for line in open(os.path.join(d, 'expected.tsv')):
        if line.startswith('#') or not line.strip():
            continue
        f, fn, ln, kind, exp = (line.rstrip('\n').split('\t') + [''] * 5)[:5]
        rows.setdefault(f, {})[(ln, kind)] = exp
    return rows


for d in dirs:
    for f, rows in sorted(rows_of(d).items()):
        path = os.path.join(d, f)
        start = time.time()
        p = subprocess.run([triage, 'diagnose', path, '--strategy', 'static', '--format', 'json'],
                           capture_output=True, text=True, timeout=900)
        total_ms += int((time.time() - start) * 1000)
        try:
            goals = json.loads(p.stdout)['goals']
        except ValueError:
            problems.append(f'{f}: no JSON: {p.stderr[:200]}')
            continue
        for g in goals:
            if g['status'] != 'failed' or g['verdict'] == 'unknown':
                continue
            where = f"{f}:{g['line']}: {g['kind']}"
            exp = rows.get((str(g['line']), g['kind']))
            if g['verdict'] != 'non_compliance' or g.get('shown') != 'statically':
                problems.append(f"{where}: verdict {g['verdict']} from the static strategy")
                continue
            shown += 1
            if exp is None or 'non_compliance' not in exp.split('|'):
                problems.append(f'{where}: static non-compliance, expected {exp}')
            with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as o:
                json.dump(g['counterexample'], o)
                oracle = o.name
            try:
                r = subprocess.run([triage, 'run', path, '--oracle', oracle, '--format', 'json',
                                    '--steps', '20000'], capture_output=True, text=True,
                                   timeout=300)
                out = json.loads(r.stdout)
            finally:
                os.unlink(oracle)
            failed = out.get('goal') or {}
            if g.get('replayed', True):
                replayed += 1
                if out.get('outcome') != 'failure' or failed.get('line') != g['line'] \
                        or failed.get('kind') != g['kind']:
                    problems.append(f"{where}: replay gave {out.get('outcome')} {failed}")
            elif out.get('outcome') != 'limit_reached':
                problems.append(f"{where}: marked not replayed, but the run ended: "
                                f"{out.get('outcome')}")

for pr in problems:
    print('FAIL:', pr)
print(f'{shown} static non-compliances ({replayed} replayed, {shown - replayed} too long to '
      f'replay), {len(problems)} problems, {total_ms} ms')
sys.exit(1 if problems else 0)
