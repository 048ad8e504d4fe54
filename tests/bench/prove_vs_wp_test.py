#!/usr/bin/env python3
"""bench/prove_vs_wp.py on two shared examples: a row per file with triage's goals, WP's when
Frama-C is installed (else the message saying why not), and a total; the JSON lines agree with the
table. code_overflow.c: triage fails the overflow goal WP fails too (its upper bound), so nothing
is missed.

usage: prove_vs_wp_test.py TRIAGE ROOT SHARED
"""
import json, os, shutil, subprocess, sys, tempfile

triage, root, shared = sys.argv[1:4]
files = [os.path.join(shared, 'examples', 'integers', f)
         for f in ('code_overflow.c', 'math_int_no_wrap.c')]
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'rows.jsonl')
    p = subprocess.run([sys.executable, os.path.join(root, 'bench', 'prove_vs_wp.py'),
                        '--triage', triage, '--json', out] + files,
                       capture_output=True, text=True, timeout=300)
    rows = [json.loads(l) for l in open(out)] if os.path.exists(out) else []
problems = []
if p.returncode != 0:
    problems.append('exit %d: %s' % (p.returncode, p.stderr[-300:]))
by_file = {r['file']: r for r in rows}
want = {'code_overflow.c': (2, 3), 'math_int_no_wrap.c': (2, 2)}
for name, (proved, goals) in want.items():
    r = by_file.get(name)
    if not r or (r['triage_proved'], r['triage_goals']) != (proved, goals):
        problems.append('%s: expected triage %d/%d, got %s' % (name, proved, goals, r))
    elif ('%d/%d' % (proved, goals)) not in next((l for l in p.stdout.splitlines()
                                                  if l.startswith(name)), ''):
        problems.append('%s: no table row with %d/%d' % (name, proved, goals))
if shutil.which('frama-c'):
    if any(r.get('missed') for r in rows):
        problems.append('WP-proved properties reported missed: %s' % rows)
    if '0 properties WP proves and triage does not' not in p.stdout:
        problems.append('no total line with the missed count:\n' + p.stdout)
elif 'frama-c is not installed' not in p.stdout:
    problems.append('no message saying why WP was not run:\n' + p.stdout)
for m in problems:
    print('FAIL:', m)
print(p.stdout)
sys.exit(1 if problems else 0)
