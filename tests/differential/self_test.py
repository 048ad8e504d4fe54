#!/usr/bin/env python3
"""check.py and brute.py catch disagreements: through lying_triage.py, each lie must be reported.

usage: self_test.py TRIAGE
"""
import os, shlex, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
triage = sys.argv[1]
EXPECT = {
    'prove-all': 'proved, yet a run fails it',
    'run-ok': 'does not replay',
    'cvc5-sat': 'Z3 and cvc5 give opposite answers',
}
BRUTE = {    # brute.py's lies, on programs with goals that some input fails
    'dse-blind': 'a complete dse exploration misses a failure',
    'incapable': 'prover_incapacity (holds on every run), yet a run fails it',
}
failed = False
CHECK = ['check.py', '--seed', '3', '--count', '6', '--per-file', '6', '--jobs', '1']
RUNS = [(lie, message, CHECK) for lie, message in EXPECT.items()]
RUNS += [(lie, message, ['brute.py', '--seed', '3', '--count', '4', '--jobs', '1'])
         for lie, message in BRUTE.items()]
for lie, message, (script, *options) in RUNS:
    liar = shlex.join([sys.executable, os.path.join(here, 'lying_triage.py'), lie, triage])
    p = subprocess.run([sys.executable, os.path.join(here, script), liar, *options],
                       capture_output=True, text=True, timeout=900)
    ok = p.returncode == 1 and message in p.stdout
    print(f"{'ok' if ok else 'FAIL'}: lie {lie}: exit {p.returncode}, "
          f"{'reported' if message in p.stdout else 'not reported'}: {message}")
    if not ok:
        failed = True
        print(p.stdout[-3000:], p.stderr[-2000:])
sys.exit(1 if failed else 0)
