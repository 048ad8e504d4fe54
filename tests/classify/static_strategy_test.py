#!/usr/bin/env python3
"""`triage diagnose --strategy static`: bugs shown by the proof alone (Gladisch 2009).

usage: static_strategy_test.py TRIAGE STATIC_DIR FP_DIR

STATIC_DIR holds the small programs of this test (tests/classify/static), FP_DIR the shared
examples of falsifiability preservation (shared/next/fp). Checks, as a user sees them:
  - the verdict of each goal below under the static strategy: a non-compliance shown
    statically (replayed or not), or none (a weak invariant; a contract on the path that is not
    proved);
  - every static non-compliance replays through `triage run` with its counterexample, or is
    marked not replayed and its run does reach the step limit;
  - the combined strategy keeps the shared rows (check_expected.py) and shows big_sum's bug
    without a replay.
"""
import json, os, subprocess, sys, tempfile

triage, static_dir, fp_dir = sys.argv[1:4]
problems = []


def expect(cond, what, detail=''):
    if not cond:
        problems.append(what + (': ' + detail if detail else ''))


def diagnose(path, *args):
    p = subprocess.run([triage, 'diagnose', path, '--format', 'json'] + list(args),
                       capture_output=True, text=True, timeout=600)
    try:
        return json.loads(p.stdout)['goals'], p
    except ValueError:
        problems.append(f'{path}: no JSON: {p.stderr[:300]}')
        return [], p


def goal(goals, line, kind):
    return next((g for g in goals if g['line'] == line and g['kind'] == kind), None)


def same_goal(g, failed):
    return bool(failed) and failed.get('kind') == g['kind'] and failed.get('line') == g['line']


def check_replay(path, g):
    """A static non-compliance replays, or its run is longer than the step limit."""
    where = f"{os.path.basename(path)}:{g['line']}: {g['kind']}"
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump(g['counterexample'], f)
        oracle = f.name
    try:
        p = subprocess.run([triage, 'run', path, '--oracle', oracle, '--format', 'json',
                            '--steps', '20000'], capture_output=True, text=True, timeout=300)
        out = json.loads(p.stdout)
    finally:
        os.unlink(oracle)
    if g.get('replayed', True):
        expect(out.get('outcome') == 'failure' and same_goal(g, out.get('goal')),
               f'{where}: the replay fails the goal', str(out.get('outcome')))
        expect('replay' in g, f'{where}: a replay command')
    else:
        expect(out.get('outcome') == 'limit_reached',
               f'{where}: not replayed only when the run is long', str(out.get('outcome')))
        expect('replay' not in g, f'{where}: no replay command for a run too long')


def static_nc(g):
    return g and g['verdict'] == 'non_compliance' and g.get('shown') == 'statically'


# (file, line, kind): True for a static non-compliance (with `replayed`), False for none.
cases = {
    (os.path.join(static_dir, 'exact_bug.c'), 20, 'assertion'): (True, True),
    (os.path.join(static_dir, 'long_call.c'), 22, 'assertion'): (True, False),
    (os.path.join(static_dir, 'weak.c'), 6, 'postcondition'): (False, None),
    (os.path.join(static_dir, 'unproved.c'), 20, 'assertion'): (False, None),
    (os.path.join(fp_dir, 'big_sum.c'), 21, 'assertion'): (True, False),
    (os.path.join(fp_dir, 'sqrt_fp.c'), 8, 'postcondition'): (True, True),
    (os.path.join(fp_dir, 'sqrt_fp.c'), 24, 'postcondition'): (False, None),
}
runs = {}
for (path, line, kind), (nc, replayed) in cases.items():
    if path not in runs:
        runs[path] = diagnose(path, '--strategy', 'static')[0]
    g = goal(runs[path], line, kind)
    where = f'{os.path.basename(path)}:{line}: {kind}'
    expect(g is not None and g['status'] == 'failed', f'{where}: a failed goal')
    if not g:
        continue
    if nc:
        expect(static_nc(g) and g['strategy'] == 'static' and g.get('replayed') == replayed,
               f'{where}: a static non-compliance (replayed: {replayed})',
               f"{g['verdict']} {g.get('shown')} {g.get('replayed')} {g['notes']}")
    else:
        expect(g['verdict'] == 'unknown', f'{where}: no static verdict', g['verdict'])
for path, goals in runs.items():
    for g in goals:
        if static_nc(g):
            check_replay(path, g)
        # The static strategy never shows a weakness.
        expect(g['verdict'] != 'subcontract_weakness',
               f"{os.path.basename(path)}:{g['line']}: no weakness from the static strategy")

# Why no verdict: the contract on the path is not proved.
g = goal(runs[os.path.join(static_dir, 'unproved.c')], 20, 'assertion')
expect(g and any('loop_invariant_preserved' in n and 'not proved' in n for n in g['notes']),
       'unproved.c: the note names the contract goal not proved', str(g and g['notes']))

# The default strategy: big_sum's bug, shown statically, not replayed; the text says so.
goals, p = diagnose(os.path.join(fp_dir, 'big_sum.c'))
g = goal(goals, 21, 'assertion')
expect(static_nc(g) and g.get('replayed') is False, 'big_sum.c (combined): static, not replayed',
       str(g))
p = subprocess.run([triage, 'diagnose', os.path.join(fp_dir, 'big_sum.c')], capture_output=True,
                   text=True, timeout=600)
expect('shown statically:' in p.stdout and 'not replayed' in p.stdout and 'replay:' not in p.stdout,
       'big_sum.c text: shown statically, not replayed', p.stdout)
expect(p.returncode == 1, 'big_sum.c: exit 1', str(p.returncode))

for pr in problems:
    print('FAIL:', pr)
print(f'{len(cases)} cases, {len(problems)} problems')
sys.exit(1 if problems else 0)
