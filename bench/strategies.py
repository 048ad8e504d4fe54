#!/usr/bin/env python3
"""Times `triage diagnose --strategy S` on every shared example (a benchmark, never a CI test).

usage: bench/strategies.py [--triage BIN] [--strategy model|test] [--only REGEX] [--extra ARG]...

One line per file: wall time, goals, failed goals, and the verdicts of the failed ones (NC, SW,
PI = prover incapacity, LPI = likely prover incapacity, ?: unknown), then the totals. Compare
strategies on the same machine by running it twice:
    bench/strategies.py --strategy model; bench/strategies.py --strategy test
"""
import argparse, json, os, re, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
short = {'non_compliance': 'NC', 'subcontract_weakness': 'SW', 'prover_incapacity': 'PI',
         'likely_prover_incapacity': 'LPI', 'unknown': '?'}

ap = argparse.ArgumentParser()
ap.add_argument('--triage', default=os.path.join(root, 'build/release/bin/triage'))
ap.add_argument('--strategy', default='test')
ap.add_argument('--only', default='')
ap.add_argument('--extra', action='append', default=[])
ap.add_argument('--examples', default=os.path.join(root, '../shared/examples'))
a = ap.parse_args()
if not os.access(a.triage, os.X_OK):
    sys.exit(f'bench: no triage binary at {a.triage} (build it first)')

files = sorted(os.path.relpath(os.path.join(d, f), a.examples)
               for d, _, fs in os.walk(a.examples) for f in fs if f.endswith('.c'))
files = [f for f in files if re.search(a.only, f)]
total_s, counts = 0.0, {}
print(f'{"file":36} {"time":>8} goals failed  verdicts ({a.strategy})')
for f in files:
    cmd = [a.triage, 'diagnose', os.path.join(a.examples, f), '--strategy', a.strategy,
           '--format', 'json'] + a.extra
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    took = time.monotonic() - start
    total_s += took
    try:
        goals = json.loads(p.stdout)['goals']
    except (ValueError, KeyError):
        print(f'{f:36} {took:7.2f}s  error: {p.stderr.strip()[:80]}')
        continue
    failed = [g for g in goals if g.get('status') != 'proved']
    verdicts = [short.get(g.get('verdict'), str(g.get('verdict'))) for g in failed]
    for v in verdicts:
        counts[v] = counts.get(v, 0) + 1
    print(f'{f:36} {took:7.2f}s {len(goals):5} {len(failed):6}  {" ".join(verdicts)}')
print(f'{"total":36} {total_s:7.2f}s  ' + ' '.join(f'{k}:{v}' for k, v in sorted(counts.items())))
