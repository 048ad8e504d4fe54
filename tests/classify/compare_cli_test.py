#!/usr/bin/env python3
"""`triage compare`: every strategy's verdict per goal, the summary table, JSON, exit codes.

usage: compare_cli_test.py TRIAGE IVL_DIR SHARED
"""
import json, os, subprocess, sys

triage, ivl, shared = sys.argv[1:4]
problems = []


def compare(*args):
    return subprocess.run([triage, 'compare', *args], capture_output=True, text=True, timeout=600)


def expect(cond, what, p=None):
    if not cond:
        problems.append(what + (f'\n--- stdout\n{p.stdout}\n--- stderr\n{p.stderr}' if p else ''))


u1 = os.path.join(shared, 'examples/unannotated/U1.c')
files = [os.path.join(ivl, 'set_x.ivl'), os.path.join(ivl, 'havoc_nc.ivl'), u1]
p = compare(*files, '--format', 'json')
expect(p.returncode == 1, 'compare: exit 1 (goals not proved, no contradiction)', p)
out = json.loads(p.stdout)
expect(out['contradictions'] == [], 'compare: no contradiction', p)
goals = {(os.path.basename(f['file']), g['line'], g['kind']): g for f in out['files']
         for g in f['goals']}
# U1 line 10: the models see only a weak loop; testing finds the bug, and combined keeps it.
g = goals.get(('U1.c', 10, 'assertion'))
expect(g and g['verdicts']['model']['verdict'] == 'subcontract_weakness'
       and g['verdicts']['test']['verdict'] == 'non_compliance'
       and g['verdicts']['combined']['verdict'] == 'non_compliance'
       and g['verdicts']['combined']['strategy'] == 'test' and g['agree'] is False
       and g['verdicts']['combined']['subcontracts'] == [],
       'U1:10: model weakness, test and combined non-compliance', p)
# The shortest failing run is the one shown: n = 13, the first n that fails.
expect(g and g['verdicts']['test']['counterexample']['inputs']['n'] == 13,
       'U1:10: the test strategy shows n = 13', p)
g = goals.get(('set_x.ivl', 16, 'assertion'))
expect(g and g['agree'] is True, 'set_x: every strategy agrees', p)
s = out['summary']
expect(set(s) == {'model', 'test', 'combined', 'static'} and s['combined']['classified'] >= s['model']['classified'],
       'summary per strategy, combined classifies at least what model does', p)
expect(out['agreements'] + out['disagreements'] == len(goals), 'agreements + disagreements', p)

p = compare(*files)
expect('strategy' in p.stdout and 'classified' in p.stdout and 'with different ones' in p.stdout,
       'compare text: summary table', p)
expect('  combined: non_compliance' in p.stdout and '(by test)' in p.stdout,
       'compare text: which strategy settled combined', p)

p = compare(os.path.join(ivl, 'all_proved.ivl'))
expect(p.returncode == 0, 'compare all proved: exit 0', p)
p = compare()
expect(p.returncode == 2 and 'missing input file' in p.stderr, 'compare without file: exit 2', p)
p = compare(os.path.join(ivl, 'set_x.ivl'), '--strategy', 'model')
expect(p.returncode == 2, 'compare --strategy: not an option of compare', p)

for pr in problems:
    print('FAIL:', pr)
sys.exit(1 if problems else 0)
