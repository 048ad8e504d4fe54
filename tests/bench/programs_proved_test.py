#!/usr/bin/env python3
"""Every campaign program (bench/programs/) is fully proved in its unmutated form: a mutant that
is not proved then owes it to its mutation.

usage: programs_proved_test.py TRIAGE DIR
"""
import os, subprocess, sys

triage, folder = sys.argv[1:3]
files = sorted(f for f in os.listdir(folder) if f.endswith('.c'))
problems = []
for f in files:
    p = subprocess.run([triage, 'prove', os.path.join(folder, f)], capture_output=True, text=True,
                       timeout=600)
    if p.returncode != 0:
        problems.append(f'{f}: {p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr[:200]}')
for p in problems:
    print('FAIL:', p)
print(f'{len(files) - len(problems)}/{len(files)} programs proved')
sys.exit(1 if problems or len(files) < 20 else 0)
