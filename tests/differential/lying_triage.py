#!/usr/bin/env python3
"""A triage that lies, to show that check.py catches each kind of disagreement.

usage: lying_triage.py LIE TRIAGE ARGS...

Runs `TRIAGE ARGS...` and falsifies its JSON answer according to LIE:
  prove-all   `prove` says every goal is proved (unsat): runs that fail a goal then contradict it;
  run-ok      `run` says every run is ok: counterexamples then do not replay;
  cvc5-sat    `compare --prover cvc5` says its listed goals are sat, `prove` (Z3) says unsat.
  dse-blind   `dse` says its exploration is complete and drops its failing tests (brute.py);
  incapable   `diagnose` says `prover_incapacity` wherever it found a non-compliance (brute.py).
"""
import json, subprocess, sys

lie, triage, args = sys.argv[1], sys.argv[2], sys.argv[3:]
p = subprocess.run([triage, *args], capture_output=True, text=True)
out = p.stdout
try:
    data = json.loads(out)
except ValueError:
    data = None
if data is not None and args[0] == 'prove' and lie in ('prove-all', 'cvc5-sat'):
    for g in data['goals']:
        g['status'], g['answer'] = 'proved', 'unsat'
    out = json.dumps(data)
elif data is not None and args[0] == 'run' and lie == 'run-ok':
    data['outcome'] = 'ok'
    data.pop('goal', None)
    out = json.dumps(data)
elif data is not None and args[0] == 'compare' and lie == 'cvc5-sat':
    for f in data['files']:
        for g in f['goals']:
            g['verdicts']['model']['answer'] = 'sat'
    out = json.dumps(data)
elif data is not None and args[0] == 'dse' and lie == 'dse-blind':
    data['complete'] = True
    data['tests'] = [t for t in data['tests'] if t['outcome'] != 'failure']
    out = json.dumps(data)
elif data is not None and args[0] == 'diagnose' and lie == 'incapable':
    for g in data['goals']:
        if g['verdict'] == 'non_compliance':
            g['verdict'], g['counterexample'] = 'prover_incapacity', None
    out = json.dumps(data)
sys.stdout.write(out)
sys.stderr.write(p.stderr)
sys.exit(p.returncode)
